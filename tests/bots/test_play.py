"""How the bots play: what a person would notice at the table."""

from __future__ import annotations

import random

import pytest

from domino_core import Deal, Match, Move, Rules, Tile, view_for
from domino_core.bots import choose_move

from .helpers import position, positions

LEVELS = ("rabisco", "nino", "voquelonia")


def _seeds(level: str) -> range:
    """Enough seeds to catch a bot that picks the right move only by luck (the easy
    one picks at random half the time); the hard one searches, so a few."""
    return range(3) if level == "voquelonia" else range(40)


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_goes_out_on_the_end_that_scores_in_fives(level: str) -> None:
    # Fives, 2 seats. Seat 1's last tile, 5-2, fits both ends: on the 5 it leaves
    # 2 + 2-2 = 6 (nothing), on the 2-2 it leaves 5 + 5 = 10. Either goes out; only
    # one also scores 10 first. No player goes out on the wrong end.
    match = position("fives", [
        "2-1 6-3 4-3 1-1 4-0 3-3 6-6", "6-4 4-2 5-2 6-5 3-0 5-0 5-3"],
        "6-0 2-0 2-2 1-0 3-1 4-4 0-0 5-1 5-5 6-1 4-1 6-2 3-2 5-4",
        "6-6, 6-4 L, 4-0 L, 3-0 L, 6-3 L, 6-5 R, 6-0 L, 5-3 R, 4-3 R, 5-0 L, 4-4 R, 4-2 R, "
        "2-2 R", goal=300)
    view = view_for(match, 1)
    assert view.hand == (Tile(5, 2),)
    assert {str(lm.move): lm.points for lm in view.legal} == {"5-2 L": 0, "5-2 R": 10}
    for seed in _seeds(level):
        assert choose_move(view, level=level, seed=seed, playouts=60) == Move.play("5-2", "R")


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_takes_the_play_that_reaches_the_goal(level: str) -> None:
    # Fives to 50, 2 seats. Seat 1 has 35 points; of its seven plays only 3-0 on the
    # spinner's short side scores (25), and it wins the match at once. 6-2 is heavier
    # and offered first; no player who sees the goal passes it up.
    match = position("fives", [
        "6-4 4-2 5-5 5-4 5-3 6-0 2-2", "3-3 6-3 4-4 2-0 2-1 4-0 6-2"],
        "3-1 4-3 4-1 6-6 3-0 1-1 3-2 1-0 6-5 5-1 5-2 0-0 5-0 6-1",
        "5-5, 6-5 L, 5-3 R, 6-6 L, 5-4 U, 6-3 R, 6-4 R, 4-0 R, 6-0 R, 4-3 U, 5-1 D, 1-0 D, "
        "0-0 D, 3-2 U, 2-2 U", goal=50)
    view = view_for(match, 1)
    assert view.scores == (30, 35)
    winning = [lm.move for lm in view.legal if lm.points >= 15]
    assert winning == [Move.play("3-0", "D")] and len(view.legal) == 7
    for seed in _seeds(level):
        move = choose_move(view, level=level, seed=seed, playouts=60)
        assert move == Move.play("3-0", "D")
        after = match.copy()
        after.push(move)
        assert after.over and after.winner == 1


@pytest.mark.parametrize("level", ["rabisco", "nino"])
def test_fives_bots_take_the_points_that_win_the_match(level: str) -> None:
    rng = random.Random(2)
    seen = 0
    for i, (match, view) in enumerate(positions("fives", 4000, seed=43)):
        legal = list(view.legal)
        side = match.rules.side_of(view.seat)  # type: ignore[arg-type]
        winning = [lm.move for lm in legal if view.scores[side] + lm.points >= view.rules.goal]
        if winning:
            seen += 1
            assert choose_move(view, level=level, seed=i) in winning
        match.push(rng.choice(match.legal_moves()))
    assert seen >= 10


def _tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


def test_medium_leaves_the_numbers_the_opponent_showed_it_lacks() -> None:
    # Block, 2 seats. Seat 1 holds no 6, 3 or 5: it passes on 6-6, then on ends 3 and 6.
    hands = (_tiles("6-6 6-3 3-3 6-5 2-2 2-1 4-0"), _tiles("4-4 4-2 4-1 2-0 1-1 1-0 0-0"))
    used = hands[0] + hands[1]
    rest = tuple(Tile.from_id(i) for i in range(28) if Tile.from_id(i) not in used)
    match = Match(Rules.from_preset("block", seats=2, goal=100), deals=[Deal(hands, rest)])
    match.push(Move.play(Tile(6, 6)))
    match.push(Move.play(Tile(6, 3), "L"))
    view = view_for(match, 0)
    assert [e["type"] for e in view.log] == ["play", "pass", "play", "pass"]
    # 6-5 is heavier, but 3-3 leaves 3 and 6 open, which seat 1 cannot play.
    assert choose_move(view, level="nino") == Move.play(Tile(3, 3), "L")


def test_hard_search_is_reproducible_for_a_seed() -> None:
    for i, (match, view) in enumerate(positions("fives", 40, seed=47, seats=(3,))):
        a = choose_move(view, level="voquelonia", seed=i, think_time=0.02)
        b = choose_move(view, level="voquelonia", seed=i, think_time=0.02)
        assert a == b
        match.push(a)
