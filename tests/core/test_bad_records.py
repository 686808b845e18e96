"""domino-record/1 (docs/RECORD.md): every kind of bad record is refused with one line
naming the round and play, the same from ``replay`` and from ``domino replay``."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from core_helpers import load_record as load

from domino_core import Rules
from domino_core.cli import main as cli_main
from domino_core.record import RecordError
from domino_core.record_replay import replay


def classic2() -> dict[str, Any]:
    """classic-2: seat 0 holds 4-1 4-3 0-0 5-3 6-6 6-2 4-4 and opens 6-6; seat 1 holds
    6-4 5-1 6-3 6-0 6-5 3-3 5-2 and answers 6-3 L."""
    return load("classic-2")


def error_of(record: object) -> RecordError:
    """The RecordError of a bad record; ``domino replay`` must print the same one line
    on standard error and exit 2."""
    with pytest.raises(RecordError) as err:
        replay(record)  # type: ignore[arg-type]
    assert "\n" not in str(err.value)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bad.json"
        path.write_text(json.dumps(record))
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
            assert cli_main(["replay", str(path)]) == 2
    assert stderr.getvalue() == f"{err.value}\n"
    return err.value


def set_play(record: dict[str, Any], round_no: int, play_no: int, text: str) -> dict[str, Any]:
    record["rounds"][round_no - 1]["plays"][play_no - 1] = text
    return record


def test_record_error_message_names_round_and_play() -> None:
    err = RecordError(2, 5, "6-4 does not fit the open ends 3 and 1")
    assert str(err) == "round 2, play 5: 6-4 does not fit the open ends 3 and 1"
    assert (err.round_no, err.play_no) == (2, 5)
    assert str(RecordError(3, 0, "6-4 is dealt twice")) == "round 3, deal: 6-4 is dealt twice"


def test_bad_record_not_a_record() -> None:
    assert str(error_of([1, 2])).startswith("record: ")
    rec = classic2()
    rec["format"] = "domino-record/9"
    assert "format" in str(error_of(rec))


def test_bad_record_unknown_preset() -> None:
    rec = classic2()
    rec["rules"]["preset"] = "poker"
    assert str(error_of(rec)).startswith("record: unknown preset 'poker'")


def test_bad_record_bad_seats() -> None:
    rec = classic2()
    rec["rules"]["seats"] = 5
    assert str(error_of(rec)) == "record: seats must be 2, 3 or 4, not 5"


def test_bad_record_unknown_knob() -> None:
    rec = classic2()
    rec["rules"]["speed"] = "fast"
    assert "speed" in str(error_of(rec))


def test_bad_record_knob_of_the_wrong_type() -> None:
    """``"teams": "false"`` is no JSON boolean: the record is refused, not read as teams on."""
    rec = load("fives-4-teams")
    rec["rules"]["teams"] = "false"
    assert str(error_of(rec)) == "record: teams must be true or false, not 'false'"


def test_bad_record_hand_count_does_not_match_seats() -> None:
    rec = classic2()
    rec["rules"]["seats"] = 3
    assert str(error_of(rec)) == "round 1, deal: the deal has 2 hands for 3 seats"


def test_bad_record_not_28_tiles() -> None:
    rec = classic2()
    rec["rounds"][0]["boneyard"].remove("3-1")
    assert str(error_of(rec)) == "round 1, deal: the deal lacks 3-1"


def test_bad_record_tile_twice_in_deal() -> None:
    rec = classic2()
    bone = rec["rounds"][1]["boneyard"]
    bone[0] = rec["rounds"][1]["hands"][0][0]
    err = error_of(rec)
    assert (err.round_no, err.play_no) == (2, 0)
    assert str(err).endswith("appears twice in the deal")


def test_bad_record_hand_of_the_wrong_size() -> None:
    rec = classic2()
    rec["rounds"][0]["boneyard"].append(rec["rounds"][0]["hands"][1].pop())
    assert str(error_of(rec)) == "round 1, deal: seat 1 was dealt 6 tiles, the rules deal 7"


def test_bad_record_deal_the_preset_would_deal_again() -> None:
    rec = classic2()
    hands, bone = rec["rounds"][0]["hands"], rec["rounds"][0]["boneyard"]
    i, j = hands[0].index("4-1"), bone.index("1-1")
    hands[0][i], bone[j] = "1-1", "4-1"  # seat 0: 0-0 6-6 4-4 1-1
    assert str(error_of(rec)) == ("round 1, deal: seat 0 holds 4 doubles: "
                                  "these rules deal again from 4")


def test_bad_record_bad_tile_text() -> None:
    err = error_of(set_play(classic2(), 1, 2, "7-1 L"))
    assert str(err) == "round 1, play 2: tile numbers must be 0..6: 7-1"


def test_bad_record_unknown_end() -> None:
    err = error_of(set_play(classic2(), 1, 2, "6-3 X"))
    assert str(err) == "round 1, play 2: unknown end 'X' (one of L, R, U, D)"


def test_bad_record_wrong_forced_first_tile() -> None:
    err = error_of(set_play(classic2(), 1, 1, "4-4"))
    assert str(err).startswith("round 1, play 1: ")
    assert "6-6" in str(err)


def test_bad_record_wrong_opener() -> None:
    """6-4 is seat 1's: seat 0 holds the highest double and must open."""
    err = error_of(set_play(classic2(), 1, 1, "6-4"))
    assert str(err) == "round 1, play 1: seat 0, on turn, does not hold 6-4"


def test_bad_record_opening_tile_with_an_end() -> None:
    err = error_of(set_play(classic2(), 1, 1, "6-6 L"))
    assert str(err) == "round 1, play 1: the first tile of a round opens the line: give no end"


def test_bad_record_tile_not_in_the_hand_on_turn() -> None:
    err = error_of(set_play(classic2(), 1, 2, "6-2 L"))  # seat 0's tile on seat 1's turn
    assert str(err) == "round 1, play 2: seat 1, on turn, does not hold 6-2"


def test_bad_record_play_that_does_not_fit() -> None:
    err = error_of(set_play(classic2(), 1, 3, "4-4 R"))  # ends are 3 and 6
    assert str(err) == "round 1, play 3: 4-4 does not fit the open ends 3 and 6"


def test_bad_record_play_on_an_end_it_does_not_fit() -> None:
    err = error_of(set_play(classic2(), 1, 3, "6-2 L"))  # L shows 3
    assert str(err).startswith("round 1, play 3: 6-2 does not fit end L")


def test_bad_record_end_left_out_where_the_tile_fits_two_ends() -> None:
    err = error_of(set_play(classic2(), 1, 2, "6-3"))  # 6-6 shows 6 on both ends
    assert str(err).startswith("round 1, play 2: 6-3 fits more than one end (L, R)")


def test_end_may_be_left_out_where_the_tile_fits_one_place() -> None:
    rec = set_play(classic2(), 1, 3, "6-2")  # ends 3 and 6: only R
    assert replay(rec) == replay(classic2())


def test_bad_record_short_side_in_a_game_without_spinner() -> None:
    err = error_of(set_play(classic2(), 1, 2, "6-3 U"))
    assert str(err).startswith("round 1, play 2: 6-3 does not fit end U")


def test_bad_record_play_after_the_round_ended() -> None:
    rec = classic2()
    n = len(rec["rounds"][0]["plays"])
    rec["rounds"][0]["plays"].append("5-1 L")
    assert str(error_of(rec)) == f"round 1, play {n + 1}: the round is already over"


def test_bad_record_play_after_the_match_ended() -> None:
    rec = classic2()
    n = len(rec["rounds"][2]["plays"])
    rec["rounds"][2]["plays"].append("5-1 L")
    assert str(error_of(rec)) == f"round 3, play {n + 1}: the match is already over"


def test_bad_record_round_after_the_match_is_over() -> None:
    rec = classic2()
    rec["rounds"].append(copy.deepcopy(rec["rounds"][1]))
    assert str(error_of(rec)) == "round 4, deal: the match was already over after round 3"


def test_bad_record_round_after_an_unfinished_round() -> None:
    rec = classic2()
    rec["rounds"][0]["plays"] = rec["rounds"][0]["plays"][:4]
    assert str(error_of(rec)) == "round 2, deal: round 1 had not ended"


def test_bad_record_no_rounds() -> None:
    rec = classic2()
    rec["rounds"] = []
    assert str(error_of(rec)).startswith("record: ")


def test_bad_record_misspelt_plays_is_refused_not_replayed_as_unfinished() -> None:
    """RECORD.md names every key: ``"play"`` for ``"plays"`` must not read as a round
    with no plays (which would replay as "unfinished" and exit 0)."""
    rec = classic2()
    rec["rounds"][1]["play"] = rec["rounds"][1].pop("plays")
    assert str(error_of(rec)) == ('round 2, deal: unknown key "play" in a round '
                                  '(did you mean "plays"?): it holds "hands", "boneyard", '
                                  '"plays"')


@pytest.mark.parametrize("key", ["hands", "boneyard", "plays"])
def test_bad_record_round_without_a_key(key: str) -> None:
    rec = classic2()
    del rec["rounds"][0][key]
    assert str(error_of(rec)).startswith(f'round 1, deal: a round has no "{key}"')


@pytest.mark.parametrize("key", ["format", "rules", "rounds"])
def test_bad_record_without_a_key(key: str) -> None:
    rec = classic2()
    del rec[key]
    assert str(error_of(rec)).startswith(f'record: a record has no "{key}"')


def test_bad_record_unknown_key_at_the_top() -> None:
    rec = classic2()
    rec["players"] = ["Ana", "Bia"]
    assert str(error_of(rec)).startswith('record: unknown key "players" in a record')


def test_rules_object_written_in_full_is_read_back() -> None:
    """A record whose rules hold every knob (as Rules.to_dict() writes them) replays."""
    rec = classic2()
    rec["rules"] = Rules.from_preset("classic", seats=2, goal=50).to_dict()
    assert replay(rec) == replay(classic2())
    rec["rules"]["scoring"] = "fives"
    assert "scores as 'classic'" in str(error_of(rec))
