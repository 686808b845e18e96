"""Vó Quelônia plays for the match (issue 15, point 3): near the goal it takes a play that
wins the match in every world its seat thinks possible, where a player after the round's
most points would take another. One scenario per pips preset with teams (fives: see
``test_play.test_fives_bots_take_the_points_that_win_the_match``)."""

from __future__ import annotations

import random

import pytest

from domino_core import Match, Rules, view_for
from domino_core.bots import choose_move, knowledge_from
from domino_core.bots.batida_search import PAIR_ID, mask_of_pairs
from domino_core.bots.candidates import representatives
from domino_core.bots.hard_exact import exact_solver
from domino_core.bots.line_solver import LineSolver
from domino_core.bots.points_race import race_chance
from domino_core.bots.sampling import Sampler
from domino_core.determinize import board_from_view
from domino_core.moves import END_INDEX, Move

#: (preset, match seed, the scores near the goal, ours first): positions found by search.
SCENARIOS = [("classic", 878, (90, 90)), ("caribbean", 1454, (90, 90)), ("block", 535, (96, 96))]


def _position(rules: Rules, seed: int) -> Match:
    """The match of ``seed`` played at random until at most 10 tiles are in the hands."""
    rng = random.Random(seed)
    m = Match(rules, seed=seed)
    while sum(len(m.hand(s)) for s in range(rules.seats)) > 10:
        moves = m.legal_moves()
        m.push(moves[rng.randrange(len(moves))])
    assert not m.round_over
    return m


def _values(m: Match, scores: list[int]) -> dict[Move, list[float]]:
    """Each distinct legal play's exact value in every world the seat on turn thinks
    possible (as many as 3,000 uniform samples find: a few dozen here), with ``scores`` as
    the match's scores."""
    seat = m.turn
    assert seat is not None
    view = view_for(m, seat)
    k = knowledge_from(view)
    sampler = Sampler(k)
    rng = random.Random(1)
    worlds = {tuple(mask_of_pairs(h) for h in sampler.sample_uniform(rng).hands)
              for _ in range(3000)}
    board = board_from_view(view)
    assert exact_solver(k) is not None, "the bot searches this position exactly"
    solver = LineSolver(m.rules, scores, m.rules.goal, m.rules.side_of(seat), view.opener,
                        race_chance(m.rules))
    out: dict[Move, list[float]] = {}
    for i in sorted(set(representatives(k))):
        o = k.legal[i]
        assert o.tile is not None and o.end is not None
        play = (PAIR_ID[o.tile], END_INDEX[o.end])
        row = []
        for w in sorted(worlds):
            row.append(solver.value(list(w), board, seat, play))
            solver.bounds.clear()
        move = next(mv for mv in m.legal_moves()
                    if mv.tile is not None and mv.tile.id == play[0] and mv.end == o.end)
        out[move] = row
    return out


@pytest.mark.parametrize(("preset", "seed", "near"), SCENARIOS)
def test_near_the_goal_the_hard_bot_takes_the_play_that_wins_the_match(
    preset: str, seed: int, near: tuple[int, int]
) -> None:
    rules = Rules.from_preset(preset, 4, goal=100, teams=True)
    m = _position(rules, seed)
    seat = m.turn
    assert seat is not None
    ours = rules.side_of(seat)
    far = _values(m, [0, 0])
    most_points = max(far, key=lambda mv: sum(far[mv]))
    m.scores[:] = list(near) if ours == 0 else list(reversed(near))
    close = _values(m, list(m.scores))
    sure = [mv for mv, row in close.items() if min(row) == 1.0]
    assert sure, "some play wins the match whatever the hidden hands are"
    assert most_points not in sure, "the round's most points would risk the match"
    picked = choose_move(view_for(m, seat), level="voquelonia", seed=seed, think_time=0.5)
    assert picked in sure, (str(picked), [str(mv) for mv in sure])
