"""How the bots play: what a person would notice at the table."""

from __future__ import annotations

import random

import pytest

from domino_core import Deal, Match, Move, Rules, Tile, view_for
from domino_core.bots import choose_move

from .helpers import ALL_PRESETS, positions


@pytest.mark.parametrize("preset", ALL_PRESETS)
@pytest.mark.parametrize("level", ["rabisco", "nino", "voquelonia"])
def test_every_bot_goes_out_when_it_can(preset: str, level: str) -> None:
    rng = random.Random(1)
    seen = 0
    for i, (match, view) in enumerate(positions(preset, 3000, seed=41)):
        legal = match.legal_moves()
        if view.hand is not None and len(view.hand) == 1 and legal[0].kind == "play":
            move = choose_move(view, level=level, seed=i, playouts=60)
            assert move.tile == view.hand[0]
            seen += 1
            match.push(move)
        else:
            match.push(rng.choice(legal))
    assert seen >= 20


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
