"""domino-record/1 (docs/RECORD.md): conformance and writing (bad records:
``test_bad_records.py``)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from core_helpers import RECORDS, make_match, play
from core_helpers import load_record as load

from domino_core import Match, Rules
from domino_core.record import RecordError, read_record, write_record
from domino_core.record_replay import replay

NAMES = sorted(p.name[: -len(".json")] for p in RECORDS.glob("*.json")
               if not p.name.endswith(".expected.json"))


def test_every_preset_has_a_conformance_record() -> None:
    presets = {load(n)["rules"]["preset"] for n in NAMES}
    assert presets == {"classic", "draw", "block", "fives", "caribbean"}


@pytest.mark.parametrize("name", NAMES)
def test_conformance_record_replays_to_its_expected_output(name: str) -> None:
    expected = json.loads((RECORDS / f"{name}.expected.json").read_text())
    assert replay(load(name)) == expected


@pytest.mark.parametrize("name", NAMES)
def test_conformance_record_rewritten_by_the_engine_is_the_same_record(name: str) -> None:
    """Replaying the plays into a Match and writing it out gives back the same rounds."""
    record = load(name)
    parsed = read_record(record)
    match = Match(parsed.rules, deals=[r.deal for r in parsed.rounds])
    for i, rnd in enumerate(record["rounds"]):
        if i:
            match.start_next_round()
        play(match, *rnd["plays"])
    written = write_record(match)
    assert written["rounds"] == [
        {"hands": r["hands"], "boneyard": r["boneyard"], "plays": r["plays"]}
        for r in record["rounds"]
    ]
    assert Rules.from_dict(written["rules"]) == parsed.rules
    assert replay(written) == replay(record)


def test_opening_tile_keeps_its_written_order() -> None:
    """"0-2" lays 0 to the left: "0-... L" must then fit, "2-... L" must not."""
    record = load("classic-2")  # round 2 opens with 0-2
    rnd = record["rounds"][1]
    assert rnd["plays"][0] == "0-2"
    assert replay(record)["rounds"][1]["result"] == "domino"
    flipped = copy.deepcopy(record)
    flipped["rounds"][1]["plays"][0] = "2-0"
    with pytest.raises(RecordError) as err:
        replay(flipped)
    assert err.value.round_no == 2


def test_unfinished_round_is_reported_as_unfinished() -> None:
    record = load("classic-2")
    record["rounds"] = record["rounds"][:1]
    record["rounds"][0]["plays"] = record["rounds"][0]["plays"][:3]
    out = replay(record)
    assert out["rounds"][0]["result"] == "unfinished"
    assert out["rounds"][0]["winner"] is None and out["rounds"][0]["points"] == 0
    assert out == {"rounds": out["rounds"], "score": [0, 0], "winner": None, "over": False}
    # seat 0 played 6-6 and 6-2 of 4-1 4-3 0-0 5-3 6-6 6-2 4-4: 5+7+0+8+8 left
    assert out["rounds"][0]["pips"][0] == 28


def test_written_record_of_a_seeded_match_replays_to_its_scores() -> None:
    rng = random.Random(5)
    match = Match(Rules.from_preset("fives", seats=3, goal=100), seed=11)
    while not match.over:
        if match.round_over:
            match.start_next_round()
        match.push(rng.choice(match.legal_moves()))
    out = replay(write_record(match))
    assert out["score"] == match.scores
    assert out["winner"] == match.winner and out["over"] is True
    assert out["rounds"] == [r.to_replay() for r in match.results]


def test_match_to_record_and_write_record_agree() -> None:
    match = make_match("caribbean", ["6-6 6-1 5-5", "2-2 6-0 1-0"], drawing=False)
    play(match, "6-6", "6-0 L")
    assert write_record(match) == match.to_record()
    assert write_record(match)["rules"] == {"preset": "caribbean", "seats": 2, "goal": 100,
                                            "hand_size": 3, "drawing": False}


def test_round_with_no_plays_yet_is_unfinished() -> None:
    rec = load("classic-2")
    rec["rounds"] = rec["rounds"][:1]
    rec["rounds"][0]["plays"] = []
    out = replay(rec)
    assert [r["result"] for r in out["rounds"]] == ["unfinished"] and not out["over"]
