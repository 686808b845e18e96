"""The hard player's outcome model where rounds score by batida (RULES.md §6b).

A batida match is short (6 points) and every round gives 1 to 4 points, so the smooth
race model of ``hard.win_chance`` (made for awards of about 25 pips) is coarse there.
Instead, the chance to win from a score is worked out exactly for a simple model of
the rounds still to come: each round is taken by any side alike, and is a simples, a
batida de carroça, a lá-e-lô, a cruzada or a won block as often as ``ROUND_ODDS``
says for the seat count, each worth what the table's rules give it. The answer for
every score is kept, so the search pays for it once per match.

>>> round(batida_win_chance([5, 0], 6, 0), 2) > round(batida_win_chance([0, 5], 6, 0), 2)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

ROUND_ODDS: dict[int, tuple[float, float, float, float, float]] = {
    2: (0.33, 0.04, 0.04, 0.005, 0.585),
    3: (0.46, 0.065, 0.06, 0.0075, 0.4075),
    4: (0.60, 0.09, 0.08, 0.01, 0.22),
}
"""How a round ends at 2, 3 and 4 seats: simples, carroça, lá-e-lô, cruzada, a won block.
Measured in 150 Nino-against-Nino batida matches at 4 seats in teams (1029 rounds) and
at 2 (1211 rounds), rounded; 3 seats halfway (with 14 tiles asleep at 2, most rounds
block)."""


def award_odds(
    batida_points: Sequence[int], blocked_points: int, seats: int = 4
) -> tuple[tuple[int, float], ...]:
    """``(points, chance)`` of the award of a round somebody takes, awards of 0 left out
    (such a round changes no score, like a tie) and the chances scaled to sum to 1."""
    by_points: dict[int, float] = {}
    for points, odds in zip((*batida_points, blocked_points), ROUND_ODDS[seats], strict=True):
        if points > 0:
            by_points[points] = by_points.get(points, 0.0) + odds
    total = sum(by_points.values())
    return tuple(sorted((p, o / total) for p, o in by_points.items()))


@lru_cache(maxsize=100_000)
def _chances(needs: tuple[int, ...], odds: tuple[tuple[int, float], ...]) -> tuple[float, ...]:
    """Each side's chance to win when they still need ``needs`` points (all >= 1)."""
    sides = len(needs)
    out = [0.0] * sides
    for taker in range(sides):
        for points, p in odds:
            weight = p / sides
            left = needs[taker] - points
            if left <= 0:
                out[taker] += weight
                continue
            after = _chances((*needs[:taker], left, *needs[taker + 1:]), odds)
            for s in range(sides):
                out[s] += weight * after[s]
    return tuple(out)


def batida_win_chance(
    scores: Sequence[int],
    goal: int,
    side: int,
    batida_points: Sequence[int] = (1, 2, 3, 4),
    blocked_points: int = 1,
    seats: int = 4,
) -> float:
    """``side``'s chance to win a batida match to ``goal`` from ``scores`` (one per side)
    at a table of ``seats`` seats."""
    needs = tuple(max(0, goal - s) for s in scores)
    done = [s for s, n in enumerate(needs) if n == 0]
    if done:
        return 1.0 if side in done else 0.0
    odds = award_odds(tuple(batida_points), blocked_points, seats)
    return _chances(needs, odds)[side]


__all__ = ["ROUND_ODDS", "award_odds", "batida_win_chance"]
