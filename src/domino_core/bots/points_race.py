"""The race to the goal where rounds score by pips: a side's chance to win the match from
the scores, as the hard player values the end of a round (``hard``, ``line_solver``)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

__all__ = ["ROUND_POINTS", "match_value", "win_chance"]

ROUND_POINTS = 25.0
"""Typical points a round awards, the step of the race model in ``win_chance``."""


def win_chance(
    scores: Sequence[int], goal: int, side: int, round_points: float = ROUND_POINTS
) -> float:
    """``side``'s chance to win the match from ``scores``, by a smooth race model.

    Each side's distance to the goal is weighed against the others' with a
    temperature that shrinks as the leader nears the goal, so points matter more
    the closer the match is to its end. ``round_points`` is what a round typically
    awards. (Batida scoring has its own model: ``batida_race.batida_win_chance``.)
    """
    needs = [max(0, goal - s) for s in scores]
    closest = min(needs)
    temperature = 0.5 * math.sqrt(round_points * (closest + round_points))
    weights = [math.exp((closest - n) / temperature) for n in needs]
    return weights[side] / sum(weights)


def match_value(
    scores: Sequence[int], goal: int, side: int,
    chance: Callable[[Sequence[int], int, int], float] = win_chance,
) -> float:
    """How good the match at ``scores`` is for ``side``, in 0..1: 1 or 0 once a side has
    reached the goal, else ``chance`` (the race model) of winning it from there."""
    if max(scores) >= goal:
        return 1.0 if scores[side] >= goal else 0.0
    return chance(scores, goal, side)
