"""A light playout policy for the hard player's search where rounds score by batida.

By batida (RULES.md §6b) a round is won by going out first, and at a table where the
extra tiles sleep that means making the others pass. Uniformly random play does not
try to, so the search's picture of a position is poor. This playout plays each turn,
with probability ``greed``, a play after which the next seat (whose hand the sampled
world knows) holds nothing for the open ends, when there is one; otherwise a random
play. Draws and passes follow the rules as in the engine's own playout.

It works on a private search ``Match`` (from ``determinize.match_from_view``) with the
engine's quiet search primitives, and leaves it as ``Match.playout`` would: the round
over, its result appended, scores and the match's end up to date.
"""

from __future__ import annotations

import random

from domino_core.match import Match
from domino_core.round_playout import draw_or_pass
from domino_core.tiles import NUMBER_MASK, TILE_A, TILE_B

__all__ = ["greedy_batida_playout"]


def greedy_batida_playout(match: Match, rng: random.Random, greed: float = 0.75) -> None:
    """Play the current round of ``match`` (a line without spinner) to its end."""
    if match.over or match.round.over:
        return
    r = match.round
    n = r.n
    rnd = rng.random
    nm = NUMBER_MASK
    while r.turn is not None:
        plays = r.legal_plays()
        if plays:
            if len(plays) > 1 and rnd() < greed:
                ends = r.board.ends
                after = r.hands[(r.turn + 1) % n]
                shut: list[tuple[int, int | None]] = [
                    (t, e) for t, e in plays
                    if e is not None and e < 2
                    and not after & (nm[TILE_A[t] + TILE_B[t] - ends[e]] | nm[ends[1 - e]])
                ]
                if shut:
                    plays = shut
            t, e = plays[int(rnd() * len(plays))]
            r._play_quiet(r.turn, t, e)
            continue
        draw_or_pass(r)
    match._round_ended()
