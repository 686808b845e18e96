"""A light playout policy for the hard player's search in fives.

Uniformly random play gives away the points of fives that every real player
takes, so the search's picture of a position is poor there. This playout plays
each turn, with probability ``greed``, the play that scores the most at once
(a random one among the best, or any play when none scores), and otherwise a
random play; draws and passes follow the rules as in the engine's own playout.

It works on a private search ``Match`` (from ``determinize.match_from_view``),
using the engine's quiet search primitives, and leaves it exactly as the
engine's ``Match.playout`` would: the round over, its result appended, scores
and the match's end up to date.
"""

from __future__ import annotations

import random

from domino_core.board import Board, L, R
from domino_core.match import Match
from domino_core.round_playout import draw_or_pass
from domino_core.tiles import TILE_A, TILE_B

_OTHER_LONG = {L: R, R: L}


def count_after(board: Board, total: int, tile: int, end: int | None) -> int:
    """The fives sum of the ends once ``tile`` is laid on ``end``, given the sum ``total`` now."""
    a, b = TILE_A[tile], TILE_B[tile]
    if board.center is None or end is None:
        return a + b
    ends, arms = board.ends, board.arms
    near = ends[end]
    far = a + b - near
    new = 2 * far if a == b else far
    if arms[end]:
        old = 2 * near if board.dbl[end] else near
        return total - old + new
    if board.spinner:
        if end in _OTHER_LONG and arms[_OTHER_LONG[end]]:
            return total - 2 * board.center[0] + new
        return total + new
    return total - board.center[end] + new


def greedy_fives_playout(match: Match, rng: random.Random, greed: float = 0.75) -> None:
    """Play the current round of ``match`` (fives rules) to its end with the greedy policy."""
    if match.over or match.round.over:
        return
    r = match.round
    rnd = rng.random
    while r.turn is not None:
        plays = r.legal_plays()
        if plays:
            if len(plays) > 1 and rnd() < greed:
                board = r.board
                total = board.count()
                best = 0
                top: list[tuple[int, int | None]] = []
                for t, e in plays:
                    c = count_after(board, total, t, e)
                    pts = c if c > 0 and c % 5 == 0 else 0
                    if pts > best:
                        best, top = pts, [(t, e)]
                    elif pts == best and best:
                        top.append((t, e))
                if top:
                    plays = top
            t, e = plays[int(rnd() * len(plays))]
            r._play_quiet(r.turn, t, e)
            continue
        draw_or_pass(r)
    match._round_ended()


__all__ = ["count_after", "greedy_fives_playout"]
