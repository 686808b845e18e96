"""The bots under batida scoring (RULES.md §6b): the hard player's outcome model counts
rounds of 1 to 4 points, and its playout and choices stay within the rules."""

from __future__ import annotations

import random

import pytest

from domino_core import Match, Rules, view_for
from domino_core.bots import choose_move
from domino_core.bots.batida_playout import greedy_batida_playout
from domino_core.bots.batida_race import batida_win_chance
from domino_core.bots.engine_playouts import value_of as _value

from .helpers import check_round_end


def test_win_chance_races_to_the_goal_in_small_steps() -> None:
    assert batida_win_chance([0, 0], 6, 0) == pytest.approx(0.5)
    assert batida_win_chance([5, 0], 6, 0) > 0.9 > batida_win_chance([3, 0], 6, 0) > 0.5
    assert batida_win_chance([6, 5], 6, 0) == 1.0 and batida_win_chance([6, 5], 6, 1) == 0.0
    assert sum(batida_win_chance([3, 1, 0, 2], 6, s, seats=4) for s in range(4)) == \
        pytest.approx(1.0)
    # a side 4 short catches up more often when a cruzada is worth 6 than 4
    assert batida_win_chance([0, 4], 6, 0, (1, 2, 3, 6)) > batida_win_chance([0, 4], 6, 0)
    # blocks worth nothing only change the mix of the other awards
    assert 0.0 < batida_win_chance([2, 3], 6, 0, blocked_points=0) < 0.5


def test_hard_values_a_batida_playout_by_the_batida_race() -> None:
    """At 4 - 3 to 6, the playout's value is the batida model's, not the pips race's."""
    match = Match(Rules.from_preset("batida", seats=2), seed=3)
    match.scores[:] = [4, 3]
    assert _value(match, 0, 6) == pytest.approx(batida_win_chance([4, 3], 6, 0, seats=2))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_greedy_batida_playout_ends_rounds_by_the_rules(seats: int) -> None:
    for seed in range(40):
        match = Match(Rules.from_preset("batida", seats=seats), seed=seed)
        rng = random.Random(seed)
        for _ in range(seed % 6):
            match.push(rng.choice(match.legal_moves()))
        if match.round_over:
            continue
        r = match.round
        greedy_batida_playout(match, rng)
        check_round_end(r)
        assert match.results[-1].points == r.award.points  # type: ignore[union-attr]


def test_a_whole_batida_match_by_every_level() -> None:
    match = Match(Rules.from_preset("batida", seats=4), seed=8)
    levels = ["voquelonia", "rabisco", "nino", "rabisco"]
    while not match.over:
        if match.round_over:
            match.start_next_round()
        seat = match.turn
        assert seat is not None
        view = view_for(match, seat)
        move = choose_move(view, level=levels[seat], seed=seat, think_time=0.01)
        assert move in match.legal_moves()
        match.push(move)
    assert match.winner is not None and match.scores[match.winner] >= 6
