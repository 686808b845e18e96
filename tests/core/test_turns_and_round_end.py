"""RULES.md §4 (a turn: play, choose the end, draw until a tile fits, pass) and §5 (the
end of a round: domino, blocked with all_pass and at_once)."""

from __future__ import annotations

import pytest
from core_helpers import SIXES_LINE, line_tiles, make_match, play, public

from domino_core import IllegalMove, Move, Tile, view_for


def test_played_tile_other_number_becomes_the_end() -> None:
    match = make_match("classic", ["6-6 5-5 4-4", "6-3 2-1 1-0"], drawing=False)
    play(match, "6-6", "6-3 L")
    assert public(match)["ends"] == {"L": 3, "R": 6}


def test_tile_that_fits_two_ends_the_player_chooses() -> None:
    match = make_match("classic", ["6-6 5-5 4-4", "6-3 2-1 1-0"], drawing=False)
    play(match, "6-6")
    assert sorted(str(m) for m in match.legal_moves()) == ["6-3 L", "6-3 R"]
    play(match, "6-3 R")
    assert public(match)["ends"] == {"L": 6, "R": 3}
    assert public(match)["board"]["arms"]["R"] == [[6, 3]]


def test_tile_that_fits_two_ends_without_an_end_is_refused() -> None:
    match = make_match("classic", ["6-6 5-5 4-4", "6-3 2-1 1-0"], drawing=False)
    play(match, "6-6")
    with pytest.raises(IllegalMove, match="more than one end"):
        match.push(Move.play(Tile(6, 3)))
    assert match.turn == 1 and public(match)["ends"] == {"L": 6, "R": 6}


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "caribbean"])
def test_double_laid_crosswise_opens_no_new_ends_outside_fives(preset: str) -> None:
    match = make_match(preset, ["6-6 3-3 4-4", "6-3 2-1 1-0"], drawing=False)
    play(match, "6-6", "6-3 L", "3-3 L")
    view = public(match)
    assert view["ends"] == {"L": 3, "R": 6}
    assert view["board"]["spinner"] is False
    assert view["board"]["arms"]["L"] == [[6, 3], [3, 3]]


def test_no_tile_fits_draw_one_at_a_time_until_one_fits_then_play_it() -> None:
    match = make_match("classic", ["6-6 5-5 4-4", "1-0 2-1 3-1"], boneyard="1-1 2-0 6-3 6-2")
    log = play(match, "6-6")
    assert log[1] == {"type": "draw", "seat": 1, "count": 3, "ends": [6]}
    assert match.turn == 1  # the same turn: it must now play the tile it drew
    assert sorted(str(m) for m in match.legal_moves()) == ["6-3 L", "6-3 R"]
    assert public(match)["hand_counts"] == [2, 6]
    assert public(match)["boneyard"] == 28 - 6 - 3


def test_boneyard_empty_pass_after_drawing_it_out() -> None:
    # every 6 is in seat 0's hand: seat 1 draws all 14 tiles, none fits, then passes
    match = make_match("draw", ["6-6 6-5 6-4 6-3 6-2 6-1 6-0", "0-0 1-0 1-1 2-0 2-1 2-2 3-0"])
    log = play(match, "6-6")
    assert log[1:] == [{"type": "draw", "seat": 1, "count": 14, "ends": [6]},
                       {"type": "pass", "seat": 1, "ends": [6]}]
    assert match.turn == 0
    assert public(match)["boneyard"] == 0 and public(match)["hand_counts"] == [6, 21]


def test_drawing_off_no_tile_fits_pass_at_once() -> None:
    match = make_match("classic", ["6-6 6-5 4-4", "1-0 2-1 3-1"], drawing=False)
    log = play(match, "6-6")
    assert log[1] == {"type": "pass", "seat": 1, "ends": [6]}
    assert match.turn == 0


def test_auto_draw_on_offers_plays_only_and_refuses_draw_and_pass() -> None:
    match = make_match("classic", ["6-6 5-5 4-4", "1-0 2-1 3-1"], boneyard="1-1 6-3")
    play(match, "6-6")
    assert all(m.kind == "play" for m in match.legal_moves())
    for move in (Move.draw(), Move.pass_()):
        with pytest.raises(IllegalMove):
            match.push(move)


def test_auto_draw_off_player_draws_one_tile_per_move_until_one_fits() -> None:
    match = make_match("caribbean", ["6-6 5-5 4-4", "1-0 2-1 3-1"], boneyard="1-1 6-3")
    match.push(Move.play(Tile(6, 6)))
    assert match.legal_moves() == [Move.draw()]
    with pytest.raises(IllegalMove):
        match.push(Move.pass_())  # never pass while the boneyard has tiles
    log = match.push(Move.draw())
    assert log == [{"type": "draw", "seat": 1, "count": 1, "ends": [6]}]
    assert match.legal_moves() == [Move.draw()]
    match.push(Move.draw())
    assert sorted(str(m) for m in match.legal_moves()) == ["6-3 L", "6-3 R"]
    # the two draws of one turn are one public entry
    assert [e for e in public(match)["log"] if e["type"] == "draw"] == [
        {"type": "draw", "seat": 1, "count": 2, "ends": [6]}]


def test_auto_draw_off_never_draw_or_pass_while_holding_a_playable_tile() -> None:
    match = make_match("caribbean", ["6-6 5-5 4-4", "6-0 2-1 3-1"])
    match.push(Move.play(Tile(6, 6)))
    before = view_for(match, 1).to_dict()
    assert all(m.kind == "play" for m in match.legal_moves())
    for move in (Move.draw(), Move.pass_()):
        with pytest.raises(IllegalMove):
            match.push(move)
    assert view_for(match, 1).to_dict() == before


def test_caribbean_passes_by_itself_when_nothing_fits_and_nothing_is_left_to_draw() -> None:
    """Seed 003: drawing is by hand, but a seat with no tile that fits and nothing left
    to draw passes at once, without a click (RULES.md §4, §9)."""
    # drawing off: 6-5 in seat 0's hand keeps the table open (at_once), seat 1 holds no 6
    match = make_match("caribbean", ["6-6 6-5 4-4", "1-0 2-1 3-1"], drawing=False)
    log = match.push(Move.play(Tile(6, 6)))
    assert log[1:] == [{"type": "pass", "seat": 1, "ends": [6]}]
    assert match.turn == 0 and [str(m) for m in match.legal_moves()] == ["6-5 L", "6-5 R"]
    with pytest.raises(IllegalMove):
        match.push(Move.pass_())


def test_caribbean_draws_stay_by_hand_and_the_pass_after_the_last_draw_is_automatic() -> None:
    # seat 0 holds every 6; seat 1 holds none, and none of the 14 tiles to draw is a 6
    match = make_match("caribbean", ["6-6 6-5 6-4 6-3 6-2 6-1 6-0",
                                     "5-5 5-4 5-3 5-2 5-1 5-0 4-4"])
    match.push(Move.play(Tile(6, 6)))
    for left in range(14, 0, -1):
        assert match.turn == 1 and match.legal_moves() == [Move.draw()]
        assert view_for(match, 1).boneyard == left
        log = match.push(Move.draw())
        if left == 14:
            assert log == [{"type": "draw", "seat": 1, "count": 1, "ends": [6]}]
        elif left > 1:
            assert log == []  # the turn's draws are one entry, its count growing
    # the last draw left nothing to draw and nothing that fits: seat 1 passed by itself
    assert log == [{"type": "pass", "seat": 1, "ends": [6]}]
    assert public(match)["log"][-2:] == [
        {"type": "draw", "seat": 1, "count": 14, "ends": [6]},
        {"type": "pass", "seat": 1, "ends": [6]},
    ]
    assert match.turn == 0 and all(m.kind == "play" for m in match.legal_moves())


# --------------------------------------------------------------------------- §5


def test_domino_the_round_ends_at_once_when_a_player_plays_the_last_tile() -> None:
    match = make_match("draw", ["6-6 6-5", "6-1 4-3", "2-1 5-3"], drawing=False)
    log = play(match, "6-6", "6-1 R", "2-1 R", "6-5 L")
    assert match.round_over and match.turn is None
    assert log[-1] == {"type": "round_end", "result": "domino", "winner": 0, "points": 15,
                       "pips": [0, 7, 8]}
    assert match.legal_moves() == []
    with pytest.raises(IllegalMove):
        match.push(Move.play(Tile(4, 3), "L"))


def test_all_pass_blocked_when_every_seat_has_passed_in_a_row() -> None:
    match = make_match("classic", ["6-6 5-5 4-4", "1-0 2-1 3-1", "5-0 4-1 2-0"], drawing=False)
    log = play(match, "6-6")
    assert [(e["type"], e.get("seat")) for e in log] == [
        ("play", 0), ("pass", 1), ("pass", 2), ("pass", 0), ("round_end", None)]
    assert match.results[-1].result == "blocked"


def test_all_pass_a_pass_then_a_play_does_not_block() -> None:
    # seat 1 passes on 6, seat 2 plays 6-2, seats 0 and 1 pass: three passes, not in a row
    match = make_match("classic", ["6-6 5-5 4-4", "1-0 3-1 3-0", "6-2 2-1 4-1"], drawing=False)
    play(match, "6-6", "6-2 L")
    assert not match.round_over and match.turn == 2
    assert [e["type"] for e in public(match)["log"]] == ["play", "pass", "play", "pass", "pass"]


def test_all_pass_in_a_drawing_game_the_closed_table_draws_the_boneyard_out_first() -> None:
    rest = ["5-5 5-3 4-4", "1-1 2-1 3-1 4-1", "0-0 5-0 4-2 3-0"]
    hands = [f"{line_tiles(s, 3)} {rest[s]}" for s in range(3)]
    match = make_match("classic", hands, boneyard="2-2 3-3 2-0 4-0 5-2 4-3 5-1")
    log = play(match, *SIXES_LINE)
    assert [(e["type"], e.get("seat"), e.get("count")) for e in log[-5:]] == [
        ("draw", 1, 7), ("pass", 1, None), ("pass", 2, None), ("pass", 0, None),
        ("round_end", None, None)]
    assert match.results[-1].result == "blocked"
    assert match.results[-1].pips == (26, 50, 14)


@pytest.mark.parametrize("preset", ["caribbean", "classic"])
def test_at_once_blocked_the_moment_no_tile_can_fit_without_anybody_drawing(preset: str) -> None:
    rest = ["5-5 5-3 4-4", "1-1 2-1 3-1 4-1", "0-0 5-0 4-2 3-0"]
    hands = [f"{line_tiles(s, 3)} {rest[s]}" for s in range(3)]
    match = make_match(preset, hands, boneyard="2-2 3-3 2-0 4-0 5-2 4-3 5-1",
                       closed_table="at_once")
    log = play(match, *SIXES_LINE[:-1])
    assert not match.round_over  # ends 6 and 5: 6-5 is still in a hand
    log = play(match, SIXES_LINE[-1])
    assert [e["type"] for e in log] == ["play", "round_end"]
    assert match.results[-1].result == "blocked"
    assert public(match)["boneyard"] == 7
    assert match.results[-1].pips == (26, 14, 14)


@pytest.mark.parametrize("preset", ["caribbean", "block"])
def test_at_once_sleeping_tiles_can_never_fit_the_round_is_blocked_at_once(preset: str) -> None:
    """RULES.md §5 at_once: blocked "the moment no tile can ever fit". With drawing off,
    a tile that sleeps out of play can never fit either: when every tile bearing an open
    end's number is on the table or asleep, the round ends at once, without a round of
    passes (decision: the parenthesis "on the table" is read as "out of every hand")."""
    match = make_match(preset, ["6-6 5-5 5-4 5-3 5-2 5-1 5-0", "4-4 4-3 4-2 4-1 4-0 3-3 3-2",
                                "3-1 3-0 2-2 2-1 2-0 1-1 1-0"],
                       boneyard="6-0 6-1 6-2 6-3 6-4 6-5 0-0", drawing=False,
                       closed_table="at_once")
    log = play(match, "6-6")
    assert [e["type"] for e in log] == ["play", "round_end"]
    result = match.results[-1]
    assert (result.result, result.pips) == ("blocked", (45, 41, 19))
    assert result.winner == 2


def test_at_once_a_tile_still_in_a_hand_keeps_the_round_going_with_sleeping_tiles() -> None:
    # 6-5 is in seat 1's hand: the table is not closed although the other 6s sleep
    match = make_match("caribbean", ["6-6 5-5 5-4 5-3 5-2 5-1 5-0", "4-4 4-3 4-2 4-1 4-0 3-3 6-5",
                                     "3-1 3-0 2-2 2-1 2-0 1-1 1-0"],
                       boneyard="6-0 6-1 6-2 6-3 6-4 3-2 0-0", drawing=False)
    play(match, "6-6")
    assert not match.round_over and match.turn == 1
    assert [str(m) for m in match.legal_moves()] == ["6-5 L", "6-5 R"]
