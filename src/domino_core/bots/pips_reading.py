"""Reading the other seats' plays where rounds score by pips: how likely a sampled world
made them.

A sampled world (``sampling.py``) respects only what the public log rules out. But
players everywhere shed their heaviest tiles first (a domino or a block counts the pips
left in the hands), so a seat that laid a light tile where a heavy one fitted probably
did not hold the heavy one. Each play of the round by another seat is given, in a world,
the chance that habit gives it among the plays that seat had then (its hand then: the
world's hand and the tiles it laid later, ``batida_reading.past_plays``)::

    P(play) = EPSILON / options + (1 - EPSILON) * softmax(weight / TEMPERATURE)[play]

where a tile's weight is its pips, a double's 4 more (a double fits one number only).
The world's weight is the product over the plays. Only the seat's own view is read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from domino_core.bots.batida_reading import PastPlay, chance_product
from domino_core.tiles import IS_DOUBLE, NUMBER_MASK, TILE_VALUE

__all__ = ["EPSILON", "TEMPERATURE", "heavy_chance", "heavy_weight"]

EPSILON = 0.25
"""The share of a play's chance that does not follow the habit at all."""

TEMPERATURE = 2.0
"""How sharply the habit picks the heaviest play (in pips)."""

#: ``exp(weight / TEMPERATURE)`` of every tile id.
_EXP = tuple(math.exp((TILE_VALUE[t] + (4 if IS_DOUBLE[t] else 0)) / TEMPERATURE)
             for t in range(28))


def heavy_chance(p: PastPlay, hand_now: int, epsilon: float = EPSILON) -> float:
    """The chance the habit gives ``p``'s play where its seat now holds ``hand_now``."""
    hand = hand_now | p.later | (1 << p.tile)
    fit = hand & (NUMBER_MASK[p.left] | NUMBER_MASK[p.right])
    options = fit.bit_count()
    if options == 1:
        return 1.0
    total = 0.0
    m = fit
    while m:
        low = m & -m
        m ^= low
        total += _EXP[low.bit_length() - 1]
    return epsilon / options + (1.0 - epsilon) * _EXP[p.tile] / total


def heavy_weight(
    plays: Sequence[PastPlay], hands: Sequence[int],
    cache: dict[tuple[int, int], float] | None = None,
) -> float:
    """The world ``hands``' weight: the product of every past play's chance in it by the
    habit (``cache`` as ``batida_reading.chance_product`` keeps it)."""
    return chance_product(plays, hands, heavy_chance, cache)
