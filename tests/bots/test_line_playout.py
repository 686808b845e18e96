"""The guided playout on a line (``bots/line_playout.py``): it ends rounds as the rules
allow, and its habits are the ones it states."""

from __future__ import annotations

import random

import pytest

from domino_core import Match, Rules, view_for
from domino_core.bots import choose_move, hard
from domino_core.bots.knowledge import knowledge_from
from domino_core.bots.line_playout import guided_line_out, guided_playout, habit_pick
from domino_core.bots.sampling import Sampler
from domino_core.determinize import match_from_view
from domino_core.tiles import NUMBER_MASK, Tile

from .helpers import check_round_end, positions


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "caribbean"])
def test_guided_playout_ends_the_round_as_the_rules_allow(preset: str) -> None:
    ends: set[str] = set()
    for g in range(80):
        rules = Rules.from_preset(preset, seats=2 + g % 3, goal=100)
        match = Match(rules, seed=g)
        rng = random.Random(g)
        for _ in range(1 + g % 9):  # from the opening tile on and inside the round
            if match.round_over:
                break
            match.push(rng.choice(match.legal_moves()))
        if match.round_over:
            continue
        view = view_for(match, match.turn)
        world = Sampler(knowledge_from(view)).sample(random.Random(g))
        sim = match_from_view(
            view,
            [[Tile(a, b) for a, b in h] for h in world.hands],
            [Tile(a, b) for a, b in world.boneyard],
        )
        before = list(sim.scores)
        guided_playout(sim, random.Random(g))
        assert sim.round_over and len(sim.results) == len(view.rounds) + 1
        check_round_end(sim.round)
        ends.add(str(sim.round.end))
        result = sim.results[-1]
        gained = [a - b for a, b in zip(sim.scores, before, strict=True)]
        expected = [0] * rules.sides
        if result.winner is not None:
            expected[result.winner] += result.points
        assert gained == expected
    assert {"domino", "blocked"} <= ends


def _ids(*tiles: str) -> tuple[int, ...]:
    return tuple(sorted(Tile.parse(t).id for t in tiles))


def _mask(*tiles: str) -> int:
    return sum(1 << t for t in _ids(*tiles))


def _pick(hand: str, after: str, left: int, right: int) -> int:
    """The tile id the habits lay from ``hand`` on ``left``/``right``, the next seat
    holding ``after``."""
    ids = _ids(*hand.split())
    on_left = [t for t in ids if _mask_of(t) & NUMBER_MASK[left]]
    on_right = [t for t in ids if _mask_of(t) & NUMBER_MASK[right]]
    i = habit_pick(on_left, on_right, _mask(*after.split()), left, right)
    return [*on_left, *on_right][i]


def _mask_of(t: int) -> int:
    return 1 << t


def test_the_habits_shed_weight_and_shut_the_next_seat() -> None:
    # Ends 6 and 1. Laying 6-5 leaves 5 and 1 and the next seat answers with 5-3; laying
    # 1-0 leaves 6 and 0, which it lacks: the shut weighs more than the pips.
    assert _pick("6-5 1-0 4-4", "2-2 5-3", 6, 1) == Tile.parse("1-0").id
    # When the next seat can answer either, the heavier tile goes first.
    assert _pick("6-5 1-0 4-4", "5-3 0-3", 6, 1) == Tile.parse("6-5").id
    # A double weighs 4 more than its pips: 3-3 (6 + 4) before 6-2 (8).
    assert _pick("6-2 3-3 1-1", "2-4 3-4", 6, 3) == Tile.parse("3-3").id


def test_the_loop_follows_the_habits_by_its_greed() -> None:
    # Ends 6 and 1: seat 0 holds 6-5 and 1-0 and lays both (seat 1's 3-3 and 2-2 never
    # fit), so the tile laid last tells which went first. The habits lay 6-5 first.
    last: dict[float, set[int]] = {0.0: set(), 1.0: set()}
    for greed in last:
        for s in range(100):
            hands = [_mask("6-5", "1-0"), _mask("3-3", "2-2")]
            out = guided_line_out(hands, [], 0, 0, 6, 1, 0, 0, 0, None,
                                  random.Random(s).random, greed=greed)
            assert out[0] == "domino" and hands == [0, _mask("3-3", "2-2")]
            last[greed].add(out[7])
    assert last[1.0] == {Tile.parse("1-0").id}
    assert last[0.0] == {Tile.parse("1-0").id, Tile.parse("6-5").id}


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "caribbean"])
def test_the_two_seat_search_plays_legal_reproducible_moves_by_the_guided_playouts(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(5)
    differ = 0
    for i, (match, view) in enumerate(positions(preset, 60, seed=9, seats=(2,))):
        legal = match.legal_moves()
        a = choose_move(view, level="voquelonia", seed=i, playouts=120)
        assert a in legal and a == choose_move(view, level="voquelonia", seed=i, playouts=120)
        with monkeypatch.context() as m:  # the same search on uniformly random playouts
            m.setattr(hard, "GUIDED_SEATS", ())
            differ += a != choose_move(view, level="voquelonia", seed=i, playouts=120)
        match.push(a if rng.random() < 0.5 else rng.choice(legal))
    assert differ >= 3  # the guided playouts are the ones searched with
