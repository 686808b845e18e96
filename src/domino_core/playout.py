"""The tight loop of a random playout on a line without a spinner (search, RULES.md §4-§5).

:func:`play_line_out` plays uniformly random legal ``(tile, end)`` moves over bitmasks
until a seat goes out or the table is blocked. It knows only the two ends of the line:
:meth:`domino_core.round_state.RoundState.playout` calls it once the opening tile lies
(outside fives) and scores the ending itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from .tiles import NUMBER_MASK, TILE_A, TILE_B

__all__ = ["play_line_out"]

LineEnd = Literal["domino", "blocked"]


def play_line_out(
    hands: list[int],
    bone: list[int],
    nbone: int,
    pos: int,
    left: int,
    right: int,
    placed: int,
    turn: int,
    passes: int,
    asleep: int | None,
    rnd: Callable[[], float],
) -> tuple[LineEnd, int, int, int, int, int, int, int]:
    """Play random moves to the end of the round; return how it ended and the state after.

    ``hands`` (one bitmask per seat) is changed in place. ``bone[pos:nbone]`` are the
    tiles left to draw (``nbone`` 0 where drawing is off); a seat that cannot play draws
    one at a time, then passes, and the round is blocked when every seat passed in a row.
    ``asleep`` is the mask of tiles out of play for the ``at_once`` closed-table rule, or
    None where only all seats passing blocks the round. Returns
    ``(end, turn, pos, passes, left, right, placed, last)``: ``turn`` is the seat that
    went out (or the seat on turn when the table closed), ``last`` the tile laid last (-1
    if none), which batida scoring needs (RULES.md §6b).
    """
    n = len(hands)
    nm = NUMBER_MASK
    ta, tb = TILE_A, TILE_B
    at_once = asleep is not None
    gone = asleep or 0
    end: LineEnd
    t = -1
    while True:
        h = hands[turn]
        ml = h & nm[left]
        mr = h & nm[right]
        if ml | mr:
            cl = ml.bit_count()
            k = int(rnd() * (cl + mr.bit_count()))
            if k < cl:
                m = ml
                for _ in range(k):
                    m &= m - 1
                t = (m & -m).bit_length() - 1
                left = ta[t] + tb[t] - left
            else:
                m = mr
                for _ in range(k - cl):
                    m &= m - 1
                t = (m & -m).bit_length() - 1
                right = ta[t] + tb[t] - right
            bit = 1 << t
            h ^= bit
            hands[turn] = h
            placed |= bit
            passes = 0
            if not h:
                end = "domino"
                break
            if at_once and (nm[left] | nm[right]) & ~(placed | gone) == 0:
                end = "blocked"
                break
            turn = (turn + 1) % n
        elif pos < nbone:
            hands[turn] = h | 1 << bone[pos]
            pos += 1
        else:
            passes += 1
            if passes >= n:
                end = "blocked"
                break
            turn = (turn + 1) % n
    return end, turn, pos, passes, left, right, placed, t
