"""Nino's rules of thumb on hand-built positions: closing the table, the partner's
numbers, and (fives) the points it leaves the next seat.

Each position is a real deal and the plays that led to it; the test also checks, with
the engine and the hidden hands, that the position is what it claims to be, so that
the move Nino must (or must not) make really wins or loses what the test says.
"""

from __future__ import annotations

from domino_core import Match, Move, Tile, view_for
from domino_core.bots import choose_move

from .helpers import position


def _block_after(match: Match, move: Move) -> tuple[int | None, int]:
    """Push ``move`` on a copy and let everyone pass: the blocked round's (winning side, points)."""
    copy = match.copy()
    copy.push(move)
    while not copy.round_over:
        legal = copy.legal_moves()
        assert all(m.kind != "play" for m in legal), f"{move} does not close the table"
        copy.push(legal[0])
    result = copy.results[-1]
    assert result.result == "blocked"
    return result.winner, result.points


# -- closing the table, with teams: RULES.md §6 compares the two hands of each team


def test_nino_does_not_close_when_its_team_is_heavier_though_its_own_hand_is_lightest() -> None:
    # Caribbean, 4 seats in teams (0+2 against 1+3). Seat 0 holds 0-0 2-1 2-2 6-2; 6-2 on
    # the right closes the table. Its own hand would be the lightest (7 pips against 9 and
    # 8), but its partner holds 20: 27 against 17, and the other team takes the block.
    match = position("caribbean", [
        "6-2 5-1 6-5 0-0 2-1 4-2 2-2", "1-0 3-1 5-3 2-0 6-6 6-4 4-4",
        "4-3 4-1 5-4 4-0 5-2 6-3 6-0", "1-1 3-0 3-3 3-2 6-1 5-0 5-5"], "",
        "6-6, 6-0 L, 5-0 L, 6-5 R, 5-3 L, 6-3 L, 5-5 R, 5-1 R, 3-1 R, 4-3 R, 6-1 L, 4-2 R, "
        "2-0 R, 4-1 L, 3-0 R, 6-4 L, 3-2 R")
    closing = Move.play(Tile(6, 2), "R")
    assert match.turn == 0
    assert [sum(t.value for t in match.hand(s)) for s in range(4)] == [15, 9, 20, 8]
    assert _block_after(match, closing) == (1, 44)
    assert choose_move(view_for(match, 0), level="nino") != closing


def test_nino_closes_when_its_team_is_lighter_though_its_own_hand_is_not() -> None:
    # Caribbean teams. Seat 1 holds 4-4 5-0 5-1; 5-0 on the right closes the table. Its
    # own 14 pips are more than seat 0's 12, but with its partner's 11 its team holds 25
    # against 33: closing takes the block (all four hands, 58).
    match = position("caribbean", [
        "1-1 2-1 6-5 2-0 5-3 5-5 5-4", "5-1 4-4 5-0 3-1 6-0 6-4 3-0",
        "6-1 3-3 4-2 6-3 4-0 6-2 4-1", "6-6 4-3 1-0 2-2 0-0 5-2 3-2"], "",
        "6-6, 6-5 L, 6-0 R, 4-0 R, 4-3 R, 5-3 L, 3-0 L, 6-3 R, 0-0 L, 2-0 L, 6-4 R, 4-2 R, "
        "3-2 R, 2-1 L, 3-1 R, 4-1 R, 1-0 L, 5-4 R")
    closing = Move.play(Tile(5, 0), "R")
    assert match.turn == 1
    assert _block_after(match, closing) == (1, 58)
    assert choose_move(view_for(match, 1), level="nino") == closing


def test_nino_in_a_classic_team_does_not_close_into_a_lost_block() -> None:
    # Classic, 4 seats (always teams). Seat 3 holds 3-0 4-3 6-2 6-5 (29 pips); 3-0 on the
    # right closes the table with its team at 12 + 26 against 15 + 13.
    match = position("classic", [
        "3-2 1-1 6-1 3-1 5-3 4-4 6-4", "3-3 0-0 4-2 6-6 4-1 2-0 6-3",
        "4-0 2-2 5-1 5-5 5-0 2-1 1-0", "5-2 5-4 4-3 6-5 6-0 3-0 6-2"], "",
        "6-6, 6-0 R, 6-4 L, 0-0 R, 5-0 R, 5-4 L, 5-3 R, 6-3 R, 5-5 L, 5-2 L, 6-1 R, 2-0 L, "
        "1-0 L, 3-1 R, 4-1 L, 4-0 L")
    closing = Move.play(Tile(3, 0), "R")
    assert match.turn == 3
    assert _block_after(match, closing)[0] == 0
    assert choose_move(view_for(match, 3), level="nino") != closing


# -- closing the table, solo: the lightest hand takes the block


def test_nino_closes_when_its_hand_is_the_lightest() -> None:
    # Classic, 2 seats. Seat 0 keeps 0-0 3-0 (3 pips) after 3-2 R; seat 1 holds six tiles.
    match = position("classic", [
        "3-0 6-4 6-1 6-3 1-0 2-2 4-2", "4-0 3-3 4-4 6-6 6-2 4-3 2-0"],
        "5-1 3-2 6-0 0-0 1-1 6-5 5-5 5-0 5-4 4-1 2-1 5-2 5-3 3-1",
        "6-6, 6-1 L, 6-2 R, 2-2 R, 2-0 R, 1-0 R, 5-1 L, 1-1 R, 6-5 L, 6-3 L, 4-3 L, 6-4 L, "
        "4-1 R, 4-2 R, 2-1 R, 6-0 L, 5-0 L, 5-2 L, 3-1 R")
    closing = Move.play(Tile(3, 2), "R")
    assert match.turn == 0
    assert _block_after(match, closing)[0] == 0
    assert choose_move(view_for(match, 0), level="nino") == closing


def test_nino_does_not_close_when_another_hand_is_lighter() -> None:
    # Caribbean, 3 seats. 3-2 on the right would close the table with seat 0 at 21 pips
    # and seat 2 at 11: Nino plays 3-1 instead.
    match = position("caribbean", [
        "3-3 2-2 6-1 3-2 3-1 6-5 4-4", "5-4 6-6 6-3 4-3 6-4 5-0 6-0",
        "0-0 3-0 5-1 6-2 5-3 4-1 2-0"], "5-2 1-1 1-0 5-5 4-2 2-1 4-0",
        "6-6, 6-2 L, 2-2 L, 6-0 R, 3-0 R, 3-3 R, 6-3 R, 2-0 L, 6-5 R, 5-0 R, 0-0 L, 1-0 R, "
        "2-1 R, 4-0 L, 5-2 R, 4-2 L, 5-3 R")
    closing = Move.play(Tile(3, 2), "R")
    assert match.turn == 0
    assert _block_after(match, closing)[0] == 2
    assert choose_move(view_for(match, 0), level="nino") != closing


def test_nino_closes_when_the_next_seat_must_draw_the_boneyard_out() -> None:
    # Draw, 2 seats. Seat 1 holds nine tiles (32 pips) and seat 0 one (5 pips), but 5-2 L
    # closes the table with 14 tiles in the boneyard: seat 0 must draw them all before it
    # passes (RULES.md §5), and seat 1's 25 pips take the block.
    match = position("draw", [
        "5-1 5-4 5-3 6-6 4-1 6-1 4-2", "4-4 3-3 3-1 5-2 1-1 5-0 1-0"],
        "3-0 4-3 0-0 2-2 4-0 2-0 5-5 6-5 3-2 2-1 6-3 6-4 6-0 6-2",
        "6-6, 6-5 R, 6-1 L, 5-0 R, 5-1 L, 5-5 L, 5-3 L, 2-0 R, 4-2 R, 4-4 R, 5-4 R, 3-3 L, "
        "3-2 L")
    closing = Move.play(Tile(5, 2), "L")
    assert match.turn == 1 and len(match.hand(0)) == 1
    assert _block_after(match, closing)[0] == 1
    assert choose_move(view_for(match, 1), level="nino") == closing


# -- with a partner: cover the opponents' numbers, not the partner's


def test_nino_covers_the_opponents_end_rather_than_its_partners() -> None:
    # Classic, 4 seats. Both ends show 0: seat 3 (seat 1's partner) laid the left one,
    # seat 0 (an opponent) the right one. 6-0 leaves the same numbers open on either
    # end; Nino lays it on the opponent's end and leaves its partner's 0 open.
    match = position("classic", [
        "2-0 4-4 4-0 5-2 2-2 0-0 3-1", "6-0 5-4 5-3 6-2 6-4 2-1 1-1",
        "6-1 3-0 4-1 5-5 3-3 6-5 5-0", "5-1 3-2 1-0 4-3 6-3 4-2 6-6"], "",
        "6-6, 6-2 R, 6-5 L, 4-2 R, 4-0 R, 5-4 L, 4-1 L, 1-0 L, 0-0 R")
    view = view_for(match, 1)
    assert view.ends == {"L": 0, "R": 0}
    plays = [e for e in view.log if e["type"] == "play"]
    assert (plays[-2]["seat"], plays[-2]["end"]) == (3, "L")
    assert (plays[-1]["seat"], plays[-1]["end"]) == (0, "R")
    assert view.legal_moves == [Move.play(Tile(6, 0), "L"), Move.play(Tile(6, 0), "R")]
    assert choose_move(view, level="nino") == Move.play(Tile(6, 0), "R")


# -- fives: deny the next seat easy points


def test_nino_does_not_leave_the_next_seat_an_easy_score_in_fives() -> None:
    # Fives, 2 seats. Ends 3 and the 6-6 spinner (free on one long side): 15 on the table.
    # 4-3 would be Nino's heaviest play, but it leaves 4 + 12 = 16, and the 4-4 seat 0
    # holds makes 20. 3-2 leaves 2 + 12 = 14, which nothing it holds brings to a five.
    match = position("fives", [
        "3-0 4-4 4-1 6-6 5-1 5-3 5-2", "4-0 6-1 5-4 6-0 2-2 4-3 3-2"],
        "6-4 1-0 6-5 6-3 0-0 5-5 1-1 2-1 5-0 4-2 6-2 2-0 3-3 3-1",
        "6-6, 6-0 L, 3-0 L", goal=300)
    view = view_for(match, 1)
    assert {str(lm.move): lm.points for lm in view.legal} == {
        "6-1 R": 0, "4-3 L": 0, "3-2 L": 0}

    def best_reply(move: Move) -> int:
        copy = match.copy()
        copy.push(move)
        return max(lm.points for lm in view_for(copy, 0).legal)

    assert best_reply(Move.play(Tile(4, 3), "L")) == 20
    assert best_reply(Move.play(Tile(3, 2), "L")) == 0
    assert choose_move(view, level="nino") == Move.play(Tile(3, 2), "L")


def test_a_blocked_tie_counts_as_a_win_only_where_rules_md_gives_it_to_this_side() -> None:
    """§6: a team tie goes to the opener's side in caribbean and to nobody elsewhere;
    a solo caribbean tie to the tied seat first from the opener."""
    from dataclasses import replace

    from domino_core import Rules
    from domino_core.bots.knowledge import Knowledge, knowledge_from
    from domino_core.bots.medium import wins_block

    def knowledge(preset: str, teams: bool, counts: tuple[int, ...], opener: int) -> Knowledge:
        match = Match(Rules.from_preset(preset, seats=4, goal=100, teams=teams), seed=1)
        k = knowledge_from(view_for(match, 0))
        return replace(k, hand_counts=counts, opener=opener, drawing=False)

    # Seat 0 with nothing left, its partner 2 tiles, each opponent 1: the same expected total.
    tie = (0, 1, 2, 1)
    for opener, wins in ((0, True), (2, True), (1, False), (3, False)):
        k = knowledge("caribbean", True, tie, opener)
        assert wins_block(k, [], k.unseen()) is wins
    k = knowledge("classic", True, tie, 0)
    assert wins_block(k, [], k.unseen()) is False
    # Solo caribbean: seat 0 and seat 2 tied on nothing held; the first from the opener wins.
    solo = (0, 1, 0, 1)
    for opener, wins in ((3, True), (0, True), (1, False), (2, False)):
        k = knowledge("caribbean", False, solo, opener)
        assert wins_block(k, [], k.unseen()) is wins
    k = knowledge("draw", False, solo, 0)
    assert wins_block(k, [], k.unseen()) is False
