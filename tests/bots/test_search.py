"""The hard player's search pieces: the match-value model and the fives playout."""

from __future__ import annotations

import random

import pytest

from domino_core import Match, Rules, view_for
from domino_core.bots.playout import count_after, greedy_fives_playout
from domino_core.bots.points_race import win_chance

from .helpers import check_round_end


def test_win_chance_follows_the_race_to_the_goal() -> None:
    assert win_chance([50, 50], 100, 0) == pytest.approx(0.5)
    assert win_chance([60, 50], 100, 0) > 0.5 > win_chance([60, 50], 100, 1)
    # The same ten-point lead weighs more near the goal than at the start.
    assert win_chance([95, 85], 100, 0) > win_chance([20, 10], 100, 0)
    assert sum(win_chance([30, 40, 20], 100, s) for s in range(3)) == pytest.approx(1.0)


def test_count_after_agrees_with_the_engine_on_every_fives_play() -> None:
    rng = random.Random(8)
    checked = 0
    for g in range(60):
        match = Match(Rules.from_preset("fives", seats=2 + g % 3, goal=300), seed=g)
        while not match.over:
            if match.round_over:
                match.start_next_round()
                continue
            r = match.round
            total = r.board.count()
            for t, e in r.legal_plays():
                c = count_after(r.board, total, t, e)
                assert (c if c > 0 and c % 5 == 0 else 0) == r.points_of(t, e)
                checked += 1
            match.push(rng.choice(match.legal_moves()))
    assert checked > 5000


def test_greedy_playout_ends_the_round_like_the_engine_playout() -> None:
    from domino_core.bots.knowledge import knowledge_from
    from domino_core.bots.sampling import Sampler
    from domino_core.determinize import match_from_view
    from domino_core.tiles import Tile

    ends: set[str] = set()
    for g in range(60):
        rules = Rules.from_preset("fives", seats=2 + g % 3, goal=100, teams=g % 6 == 2)
        match = Match(rules, seed=g)
        rng = random.Random(g)
        for _ in range(g % 9):  # from the opening and from positions inside the round
            if match.round_over:
                break
            match.push(rng.choice(match.legal_moves()))
        if match.round_over:
            continue
        before_real = (list(match.scores), match.round.hands[:], match.round.bone_pos)
        view = view_for(match, match.turn)
        world = Sampler(knowledge_from(view)).sample(random.Random(g))
        sim = match_from_view(
            view,
            [[Tile(a, b) for a, b in h] for h in world.hands],
            [Tile(a, b) for a, b in world.boneyard],
        )
        before = list(sim.scores)
        greedy_fives_playout(sim, random.Random(g))
        assert sim.round_over and len(sim.results) == len(view.rounds) + 1
        check_round_end(sim.round)
        ends.add(str(sim.round.end))
        result = sim.results[-1]
        assert result.result == sim.round.end
        # Every point scored is in the record of the round: the fives in play, then the award.
        gained = [a - b for a, b in zip(sim.scores, before, strict=True)]
        expected = [0] * rules.sides
        scored_before = sum(1 for e in view.log if e["type"] == "score")
        for side, pts in sim.round.fives[scored_before:]:
            expected[side] += pts
        if result.winner is not None and sim.round.end != "goal":
            expected[result.winner] += result.points
        assert gained == expected
        assert sim.over == any(s >= 100 for s in sim.scores)
        # The real match is untouched by the search.
        assert (list(match.scores), match.round.hands, match.round.bone_pos) == before_real
    assert {"domino", "blocked"} <= ends
