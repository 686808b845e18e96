"""A record's ``end`` (RECORD.md): a match resigned, lost by absence, annulled or
abandoned replays and verifies as over, with the winner the table gave, from the file
alone; a bad ``end`` is refused with one line."""

from __future__ import annotations

import contextlib
import io
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from core_helpers import load_record
from test_bad_records import error_of

from domino_core import Match, Rules
from domino_core.cli import main as cli_main
from domino_core.record_replay import replay


def played(preset: str, seats: int, moves: int, seed: int = 5, **knobs: Any) -> Match:
    """A match of ``preset`` after ``moves`` random legal moves (fewer if it ends)."""
    rng = random.Random(seed)
    goal = 6 if preset == "batida" else 100
    m = Match(Rules.from_preset(preset, seats=seats, goal=goal, **knobs), seed=seed)
    for _ in range(moves):
        if m.over:
            break
        if m.round_over:
            m.start_next_round()
        m.push(rng.choice(m.legal_moves()))
    return m


@pytest.mark.parametrize(("preset", "seats", "knobs"), [
    ("classic", 2, {}), ("classic", 3, {}), ("classic", 4, {"teams": True}),
    ("fives", 4, {"teams": False}), ("batida", 4, {}),
])
@pytest.mark.parametrize("moves", [0, 9, 40])
def test_a_match_that_a_seat_left_replays_with_the_winner_the_table_gave(
        preset: str, seats: int, knobs: dict[str, Any], moves: int) -> None:
    for seat in range(seats):
        for reason in ("resign", "absence"):
            m = played(preset, seats, moves, **knobs)
            if m.over:
                pytest.skip("the random match reached the goal")
            m.resign(seat, reason)
            record = m.to_record()
            assert record["format"] == "domino-record/3"
            assert record["end"] == {"reason": reason, "seat": seat}
            out = replay(json.loads(json.dumps(record)))
            assert out["over"] is True
            assert out["winner"] == m.winner
            assert out["winner"] != m.rules.side_of(seat)
            assert out["end"] == {"reason": reason, "seat": seat}
            assert out["score"] == m.scores


@pytest.mark.parametrize("reason", ["annulled", "abandoned"])
def test_an_annulled_or_abandoned_match_replays_as_over_with_no_winner(reason: str) -> None:
    m = played("draw", 2, 30)
    m.annul(reason)
    record = m.to_record()
    assert record["end"] == {"reason": reason}
    out = replay(record)
    assert (out["over"], out["winner"], out["end"]) == (True, None, {"reason": reason})


def test_a_match_that_ended_at_the_goal_or_runs_has_no_end() -> None:
    m = played("classic", 2, 2000)
    assert m.over and m.end_reason == "goal"
    assert "end" not in m.to_record() and m.to_record()["format"] == "domino-record/1"
    assert "end" not in played("classic", 2, 5).to_record()
    assert "end" not in replay(m.to_record())


def test_the_cli_prints_the_end_and_verify_accepts_it() -> None:
    m = played("classic", 4, 12, teams=True)
    m.resign(2)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "resigned.json"
        path.write_text(json.dumps(m.to_record()))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert cli_main(["replay", str(path)]) == 0
        printed = json.loads(out.getvalue())
        assert (printed["over"], printed["winner"], printed["end"]) == (
            True, 1, {"reason": "resign", "seat": 2})


@pytest.mark.parametrize(("end", "words"), [
    ("resign", '"end" must be an object'),
    ({"reason": "quit", "seat": 0}, "must be one of resign, absence, annulled, abandoned"),
    ({"reason": "resign"}, 'needs the "seat" that left, 0..1'),
    ({"reason": "absence", "seat": 2}, "0..1, not 2"),
    ({"reason": "resign", "seat": True}, "not True"),
    ({"reason": "resign", "seat": "0"}, "not '0'"),
    ({"reason": "annulled", "seat": 0}, "has no \"seat\""),
    ({"reason": "resign", "seat": 0, "by": "me"}, "unknown key 'by' in \"end\""),
])
def test_a_bad_end_is_refused_with_one_line(end: object, words: str) -> None:
    record = load_record("classic-2")
    record["rounds"] = record["rounds"][:1]
    record["rounds"][0]["plays"] = record["rounds"][0]["plays"][:3]
    record["format"] = "domino-record/3"
    record["end"] = end
    err = error_of(record)
    assert str(err).startswith("record: ") and words in str(err)


def test_an_end_after_the_goal_is_refused() -> None:
    record = load_record("classic-2")
    assert replay(record)["over"] is True
    record["format"] = "domino-record/3"
    record["end"] = {"reason": "resign", "seat": 0}
    err = error_of(record)
    assert "already over at the goal" in str(err)
    assert str(err).startswith("record: ")  # the record's own key, not a round's deal


@pytest.mark.parametrize("fmt", ["domino-record/1", "domino-record/2"])
def test_an_end_in_an_older_format_is_refused_by_name(fmt: str) -> None:
    """A reader of ``/1`` and ``/2`` alone would take the match for one still on: an
    ``end`` needs the format that has it."""
    record = load_record("classic-2")
    record["rounds"] = record["rounds"][:1]
    record["format"] = fmt
    record["end"] = {"reason": "resign", "seat": 0}
    err = error_of(record)
    assert f"\"end\" is a key of 'domino-record/3' records, not of '{fmt}'" in str(err)


@pytest.mark.parametrize(("preset", "seats", "knobs"), [
    ("caribbean", 3, {}), ("caribbean", 2, {}), ("classic", 3, {"auto_draw": False}),
    ("draw", 4, {"auto_draw": False, "teams": False}),
])
def test_drawing_by_hand_the_record_ends_where_the_table_did(
        preset: str, seats: int, knobs: dict[str, Any]) -> None:
    """Drawing by hand, the seat on turn may leave (or lose for absence) before it has
    drawn all it must: the record says how many it drew (``draws``), and replays to the
    same winner and scores, never further (the forced draws left could end the round)."""
    checked = 0
    for seed in range(150):
        rng = random.Random(seed)
        m = played(preset, seats, rng.randrange(5, 60), seed=seed, **knobs)
        if m.over or m.round_over:
            continue
        drawn = 0
        want = rng.randrange(0, 4)
        while drawn < want and m.turn is not None and not m.round_over:
            legal = m.legal_moves()
            if not legal or any(x.kind == "play" for x in legal):
                break
            m.push(legal[0])
            drawn += 1
        if m.round_over:
            continue
        m.resign(rng.randrange(seats), rng.choice(["resign", "absence"]))
        record = json.loads(json.dumps(m.to_record()))
        out = replay(record)
        assert (out["winner"], out["score"], out["over"]) == (m.winner, m.scores, True), seed
        assert record["end"]["draws"] >= drawn, (seed, record["end"])  # (the random ones too)
        checked += 1
    assert checked > 50


def test_an_end_that_claims_more_draws_than_there_were_is_refused() -> None:
    m = played("caribbean", 3, 8, seed=3)
    m.resign(0)
    record = m.to_record()
    record["end"]["draws"] = 28
    err = error_of(record)
    assert "tiles were drawn after the last play" in str(err)
