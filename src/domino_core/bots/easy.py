"""Rabisco, the easy computer player: a beginner.

It plays any fitting tile, often the heaviest one, sometimes just one at random,
and in fives it takes points it sees about half the time. In fives it never misses
what even a beginner sees: a play that reaches the goal, and, when its last tile
fits more than one end, the end that scores the most as it goes out. (Outside that,
going out needs no care: with one tile left every legal play goes out.)
"""

from __future__ import annotations

import random

from domino_core.bots.knowledge import Knowledge, Option, pips


def choose(k: Knowledge, rng: random.Random) -> Option:
    """The easy player's move among ``k.legal`` (which must not be empty)."""
    plays = [o for o in k.legal if o.kind == "play" and o.tile is not None]
    if not plays:
        return k.legal[0]
    if k.fives():
        best = max(plays, key=lambda o: o.points)
        if k.scores[k.my_side] + best.points >= k.goal or len(k.hand) == 1:
            return best
        if best.points > 0 and rng.random() < 0.5:
            return best
    if rng.random() < 0.5:
        top = max(pips(o.tile) for o in plays if o.tile is not None)
        plays = [o for o in plays if o.tile is not None and pips(o.tile) == top]
    return plays[rng.randrange(len(plays))]
