"""Vó Quelônia's helpers by batida: how much one move's playouts beat another's, and the
steer of an exact tie towards Nino's habits (``hard.choose`` uses both)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from domino_core.bots import medium
from domino_core.bots.knowledge import Knowledge

__all__ = ["STEER_MARGIN", "gain", "steer"]


def gain(
    rows: Sequence[Sequence[float]], j: int, a: int, weights: Sequence[float] | None = None
) -> tuple[float, float]:
    """Mean and standard error of column ``j`` minus column ``a`` over ``rows``, each row
    counted by its weight in ``weights`` if given (a world's likelihood,
    ``batida_reading.weight``; the standard error is then the weighted mean's)."""
    n = len(rows)
    d = [r[j] - r[a] for r in rows]
    if weights is None:
        mean = sum(d) / max(1, n)
        if n < 2:
            return mean, math.inf
        return mean, math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)
    total = sum(weights)
    if n < 2 or total <= 0.0:
        return sum(d) / max(1, n), math.inf
    mean = sum(w * x for w, x in zip(weights, d, strict=True)) / total
    spread = sum((w * (x - mean)) ** 2 for w, x in zip(weights, d, strict=True))
    return mean, math.sqrt(spread) / total


STEER_MARGIN = 0.0
"""By batida: moves whose mean is within this many ``1 / sqrt(playouts)`` of the best
count as equally good to the search, and Nino's rules of thumb choose among them. 0: only
exact ties (a margin of 0.5 measured weaker in the arena: 53.3% against Nino at 2 seats,
60 matches, against 62.5% with 0, 40 matches; see docs/BENCHMARKS.md)."""


def steer(k: Knowledge, means: Sequence[float], counts: Sequence[int], best: int) -> int:
    """Among the plays the search cannot tell from ``best`` (by batida, where a round is
    worth a point or two and random playouts of a short match are noisy), the one Nino's
    rules of thumb like most: the search decides where it sees a difference, the habits
    of a good player where it does not."""
    n = max(1, min(counts))
    margin = STEER_MARGIN / math.sqrt(n)
    close = [
        i
        for i, o in enumerate(k.legal)
        if o.kind == "play" and o.tile is not None and means[i] >= means[best] - margin
    ]
    if len(close) < 2:
        return best
    ctx = medium.context(k)
    return max(close, key=lambda i: (medium.score_play(k, k.legal[i], ctx), -i))
