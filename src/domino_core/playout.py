"""The tight loop of a random playout on a line without a spinner (search, RULES.md §4-§5).

:func:`play_line_out` plays uniformly random legal ``(tile, end)`` moves over bitmasks
until a seat goes out or the table is blocked. It knows only the two ends of the line:
:func:`domino_core.round_playout.playout` (``RoundState.playout``) calls it once the
opening tile lies (outside fives) and scores the ending itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Literal

from .tiles import N_TILES, NUMBER_MASK, TILE_VALUE, ids_of, submasks

__all__ = ["play_line_out"]

LineEnd = Literal["domino", "blocked"]


#: ``FITTING[m]``: the tile ids of ``m``, ascending, for every ``m`` within the tiles of
#: one number (what a hand holds that fits one end).
FITTING: dict[int, tuple[int, ...]] = {
    sub: tuple(ids_of(sub)) for number in NUMBER_MASK for sub in submasks(number)
}
_BIT: tuple[int, ...] = tuple(1 << t for t in range(N_TILES))
#: ``_COUNTED[m]``: ``(FITTING[m], its length)``.
_COUNTED: dict[int, tuple[tuple[int, ...], int]] = {m: (t, len(t)) for m, t in FITTING.items()}
#: ``_NEXT[n][seat]``: the seat after ``seat`` at a table of ``n``.
_NEXT: dict[int, tuple[int, ...]] = {n: (*range(1, n), 0) for n in (2, 3, 4)}


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
    None where only all seats passing blocks the round. Each move is one of the seat's
    ``(tile, end)`` plays, uniformly (``rnd()`` once per play: the tiles fitting the left
    end in id order, then those fitting the right end). Returns
    ``(end, turn, pos, passes, left, right, placed, last)``: ``turn`` is the seat that
    went out (or the seat on turn when the table closed), ``last`` the tile laid last (-1
    if none), which batida scoring needs (RULES.md §6b).
    """
    n = len(hands)
    floor = math.floor  # for x >= 0 the same as int(x), and faster to call
    nm = NUMBER_MASK
    counted = _COUNTED
    value = TILE_VALUE
    bits = _BIT
    after = _NEXT[n]
    at_once = asleep is not None
    gone = asleep or 0
    held = 0  # the tiles in hands now or drawn later: those laid are the rest at the end
    for h in hands:
        held |= h
    start = pos
    end: LineEnd
    t = -1
    fit_left = nm[left]  # the tiles that fit each end
    fit_right = nm[right]
    while True:
        h = hands[turn]
        on_left, k = counted[h & fit_left]
        on_right, k_right = counted[h & fit_right]
        if k or k_right:
            pick = floor(rnd() * (k + k_right))  # int() of it, in fewer steps
            if pick < k:
                t = on_left[pick]
                left = value[t] - left
                fit_left = nm[left]
            else:
                t = on_right[pick - k]
                right = value[t] - right
                fit_right = nm[right]
            h ^= bits[t]
            hands[turn] = h
            passes = 0
            if not h:
                end = "domino"
                break
            if at_once:
                placed |= bits[t]
                if (fit_left | fit_right) & ~(placed | gone) == 0:
                    end = "blocked"
                    break
            turn = after[turn]
        elif pos < nbone:
            hands[turn] = h | bits[bone[pos]]
            pos += 1
        else:
            passes += 1
            if passes >= n:
                end = "blocked"
                break
            turn = after[turn]
    for d in bone[start:pos]:
        held |= bits[d]
    for h in hands:
        held &= ~h
    return end, turn, pos, passes, left, right, placed | held, t
