"""A hand-edited record: the batida knobs are checked whatever the scoring, and a round
or deal longer than the set of 28 tiles allows is refused before its items are read."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from domino_core import Rules
from domino_core.record import MAX_PLAYS, RecordError, read_record
from domino_core.record_replay import replay
from domino_server.replay import replay_steps

RECORDS = Path(__file__).resolve().parent.parent / "data" / "records"

#: (knob, a value RULES.md §6b does not allow): batida_points are 4 whole numbers 1..12,
#: blocked_points one of 0..12.
BAD_KNOBS = [
    ("batida_points", None), ("batida_points", 5), ("batida_points", True),
    ("batida_points", 1.5), ("batida_points", "abcd"), ("batida_points", [1, 2]),
    ("batida_points", [1, 2, 3, 13]), ("batida_points", [0, 2, 3, 4]),
    ("batida_points", [1, 2, 3, True]), ("batida_points", {"a": 1}),
    ("blocked_points", "x"), ("blocked_points", -3), ("blocked_points", 1e300),
    ("blocked_points", None), ("blocked_points", 13), ("blocked_points", False),
    ("blocked_points", 1.0),
]


def _record(name: str = "classic-2") -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text())
    return data


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "fives", "caribbean", "batida"])
@pytest.mark.parametrize(("knob", "value"), BAD_KNOBS)
def test_batida_knobs_are_checked_whatever_the_scoring(preset: str, knob: str, value: Any) -> None:
    with pytest.raises(ValueError, match=knob):
        Rules.from_dict({"preset": preset, "seats": 2, knob: value})


def test_good_batida_knobs_are_kept_under_pips_scoring() -> None:
    rules = Rules.from_dict({"preset": "draw", "seats": 2, "batida_points": [1, 2, 3, 6],
                             "blocked_points": 0})
    assert rules.to_dict()["batida_points"] == [1, 2, 3, 6] and rules.blocked_points == 0


@pytest.mark.parametrize(("knob", "value"), BAD_KNOBS)
def test_a_record_with_a_bad_knob_is_a_record_error(knob: str, value: Any) -> None:
    record = _record()
    record["rules"][knob] = value
    with pytest.raises(RecordError, match=f"record: {knob}"):
        replay(record)
    with pytest.raises(RecordError, match=f"record: {knob}"):
        replay_steps(record)


def test_a_round_of_more_plays_than_tiles_is_refused_before_they_are_read() -> None:
    record = _record()
    rnd = record["rounds"][0]
    rnd["plays"] = [{"not": "a play"}] * 1_000_000  # each would be an error of its own
    started = time.perf_counter()
    said = f"round 1, play {MAX_PLAYS + 1}: a round holds at most 28 plays"
    with pytest.raises(RecordError, match=said):
        read_record(record)
    assert time.perf_counter() - started < 0.5
    assert MAX_PLAYS == 28
    rnd["plays"] = ["6-6"] * 29
    with pytest.raises(RecordError, match="at most 28 plays"):
        replay_steps(record)


def test_a_deal_of_more_tiles_than_the_set_is_refused_before_they_are_read() -> None:
    record = _record()
    rnd = record["rounds"][0]
    rnd["boneyard"] = [[]] * 100_000
    with pytest.raises(RecordError, match="round 1, deal: the deal holds 100014 tiles"):
        read_record(record)
    rnd["hands"] = [[]] * 10_000
    with pytest.raises(RecordError, match="round 1, deal: the deal has 10000 hands for 2 seats"):
        read_record(record)
