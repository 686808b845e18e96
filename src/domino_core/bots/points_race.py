"""The race to the goal where rounds score by pips: a side's chance to win the match from
the scores, as the hard player values the end of a round (``hard``, ``line_solver``)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial

from domino_core.rules import Rules
from domino_core.scoring import Award

__all__ = [
    "RACE_POINTS",
    "ROUND_POINTS",
    "RoundWorth",
    "ScoresWorth",
    "match_value",
    "race_chance",
    "race_points",
    "win_chance",
]

ROUND_POINTS = 25.0
"""Typical points a round awards, the step of the race model in ``win_chance`` where
``RACE_POINTS`` names no better one."""

RACE_POINTS: dict[tuple[str, int], float] = {
    ("classic", 2): 70.0, ("classic", 3): 70.0, ("classic", 4): 40.0,
    ("draw", 2): 60.0, ("draw", 3): 70.0, ("draw", 4): 85.0,
    ("block", 2): 30.0, ("block", 3): 50.0, ("block", 4): 70.0,
    ("fives", 2): 25.0, ("fives", 3): 35.0, ("fives", 4): 35.0,
    ("caribbean", 2): 60.0, ("caribbean", 3): 70.0, ("caribbean", 4): 60.0,
}
"""``(preset, seats)``: the step of the race that best foretold who won the match from
the scores, in 500 matches of Nino against itself to 100 per entry (the least log-loss
on a grid of 15..120; ``benchmarks/race_fit.py``). A match of few, large rounds (a
boneyard at two or three seats, where a hand that drew is worth many points) is a wider
race than the single constant said: with 25 in classic at two seats, a side the model
gave 96% won 77% of the time, and one given 5% won 18%."""


def race_points(rules: Rules) -> float:
    """The race model's step for matches of ``rules`` (``RACE_POINTS``; the preset's
    figure where other knobs were changed, ``ROUND_POINTS`` for a preset not listed)."""
    preset = "block" if rules.preset == "batida" else rules.preset
    return RACE_POINTS.get((preset, rules.seats), ROUND_POINTS)


def win_chance(
    scores: Sequence[int], goal: int, side: int, round_points: float = ROUND_POINTS
) -> float:
    """``side``'s chance to win the match from ``scores``, by a smooth race model.

    Each side's distance to the goal is weighed against the others' with a
    temperature that shrinks as the leader nears the goal, so points matter more
    the closer the match is to its end. ``round_points`` is what a round typically
    awards (``race_points``). (Batida scoring has its own model:
    ``batida_race.batida_win_chance``.)
    """
    needs = [max(0, goal - s) for s in scores]
    closest = min(needs)
    temperature = 0.5 * math.sqrt(round_points * (closest + round_points))
    weights = [math.exp((closest - n) / temperature) for n in needs]
    return weights[side] / sum(weights)


def race_chance(rules: Rules) -> Callable[[Sequence[int], int, int], float]:
    """``win_chance`` with the step of ``rules``' matches (``race_points``)."""
    return partial(win_chance, round_points=race_points(rules))


def match_value(
    scores: Sequence[int], goal: int, side: int,
    chance: Callable[[Sequence[int], int, int], float] = win_chance,
) -> float:
    """How good the match at ``scores`` is for ``side``, in 0..1: 1 or 0 once a side has
    reached the goal, else ``chance`` (the race model) of winning it from there."""
    if max(scores) >= goal:
        return 1.0 if scores[side] >= goal else 0.0
    return chance(scores, goal, side)


class RoundWorth:
    """The value for ``side`` (``match_value``) of the round now played ending with an
    award, from ``scores``; each award's value is worked out once."""

    def __init__(
        self, scores: Sequence[int], goal: int, side: int,
        chance: Callable[[Sequence[int], int, int], float],
    ) -> None:
        self.scores = tuple(scores)
        self.goal = goal
        self.side = side
        self.chance = chance
        self._seen: dict[tuple[int | None, int], float] = {}

    def __call__(self, award: Award) -> float:
        key = (award.side, award.points)
        got = self._seen.get(key)
        if got is None:
            after = list(self.scores)
            if award.side is not None:
                after[award.side] += award.points
            got = self._seen[key] = match_value(after, self.goal, self.side, self.chance)
        return got


class ScoresWorth:
    """The value for ``side`` (``match_value``) of the match at whole scores (a round's
    points scored as it goes, as in fives, and its award), each worked out once."""

    def __init__(
        self, goal: int, side: int, chance: Callable[[Sequence[int], int, int], float]
    ) -> None:
        self.goal = goal
        self.side = side
        self.chance = chance
        self._seen: dict[tuple[int, ...], float] = {}

    def __call__(self, scores: Sequence[int]) -> float:
        key = tuple(scores)
        got = self._seen.get(key)
        if got is None:
            got = self._seen[key] = match_value(key, self.goal, self.side, self.chance)
        return got
