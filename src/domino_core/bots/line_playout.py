"""A guided playout policy for the hard player's search on a line scored by pips.

Uniformly random play lays a light tile as often as a heavy one and leaves the next
seat a number it holds as often as one it lacks, which no player does; so the search's
picture of a position is poor. This loop plays each turn, with probability ``greed``,
the play a club player's habits rate best (Nino's first two: shed weight, make the next
seat pass), and otherwise a uniformly random play::

    rate(play) = pips + DOUBLE_BONUS (a double) + SHUT_BONUS (the next seat, whose hand
                 the sampled world knows, then holds nothing for the two ends)

the first of the best in the order of ``playout.play_line_out`` (the tiles fitting the
left end in id order, then the right). Draws, passes and the round's end are
``play_line_out``'s, and so is what it returns: it is called in its place
(``round_playout.playout``'s ``line_out``). The hard player plays out with it at the seat
counts of ``hard.GUIDED_SEATS`` (2: measured there only).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from domino_core.match import Match
from domino_core.playout import FITTING, LineEnd
from domino_core.round_playout import playout
from domino_core.tiles import IS_DOUBLE, N_TILES, NUMBER_MASK, TILE_VALUE

__all__ = ["DOUBLE_BONUS", "GREED", "SHUT_BONUS", "guided_line_out", "guided_playout", "habit_pick"]

GREED = 0.75
"""The share of the turns played by the habits rather than at random."""

DOUBLE_BONUS = 4
"""A double's weight beyond its pips (it fits one number only: Nino's 4)."""

SHUT_BONUS = 20
"""The rate of a play that leaves the next seat nothing to play (it draws or passes)."""

_BIT: tuple[int, ...] = tuple(1 << t for t in range(N_TILES))
_RATE: tuple[int, ...] = tuple(
    TILE_VALUE[t] + (DOUBLE_BONUS if IS_DOUBLE[t] else 0) for t in range(N_TILES)
)


def habit_pick(
    on_left: Sequence[int], on_right: Sequence[int], after: int, left: int, right: int
) -> int:
    """The index of the habits' play among ``on_left`` then ``on_right`` (the tiles that
    fit the ``left`` end, then the ``right`` one), the next seat holding ``after``: the
    first of the best by the module's rate."""
    nm = NUMBER_MASK
    value = TILE_VALUE
    rate = _RATE
    k = len(on_left)
    pick = best = -1
    for i in range(k + len(on_right)):
        if i < k:
            c = on_left[i]
            shut = not after & (nm[value[c] - left] | nm[right])
        else:
            c = on_right[i - k]
            shut = not after & (nm[left] | nm[value[c] - right])
        r = rate[c] + (SHUT_BONUS if shut else 0)
        if r > best:
            pick, best = i, r
    return pick


def guided_line_out(
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
    greed: float = GREED,
) -> tuple[LineEnd, int, int, int, int, int, int, int]:
    """``playout.play_line_out`` with the guided policy: the same arguments and result;
    ``rnd()`` is drawn once per turn with a choice (the policy's coin), and once more
    for a random play."""
    n = len(hands)
    nm = NUMBER_MASK
    fitting = FITTING
    value = TILE_VALUE
    bits = _BIT
    at_once = asleep is not None
    gone = asleep or 0
    held = 0
    for h in hands:
        held |= h
    start = pos
    end: LineEnd
    t = -1
    while True:
        h = hands[turn]
        on_left = fitting[h & nm[left]]
        on_right = fitting[h & nm[right]]
        k = len(on_left)
        count = k + len(on_right)
        if count:
            if count == 1:
                pick = 0
            elif rnd() < greed:
                pick = habit_pick(on_left, on_right, hands[turn + 1 if turn + 1 < n else 0],
                                  left, right)
            else:
                pick = int(rnd() * count)
            if pick < k:
                t = on_left[pick]
                left = value[t] - left
            else:
                t = on_right[pick - k]
                right = value[t] - right
            h ^= bits[t]
            hands[turn] = h
            passes = 0
            if not h:
                end = "domino"
                break
            if at_once:
                placed |= bits[t]
                if (nm[left] | nm[right]) & ~(placed | gone) == 0:
                    end = "blocked"
                    break
            turn = turn + 1 if turn + 1 < n else 0
        elif pos < nbone:
            hands[turn] = h | bits[bone[pos]]
            pos += 1
        else:
            passes += 1
            if passes >= n:
                end = "blocked"
                break
            turn = turn + 1 if turn + 1 < n else 0
    for d in bone[start:pos]:
        held |= bits[d]
    for h in hands:
        held &= ~h
    return end, turn, pos, passes, left, right, placed | held, t


def guided_playout(match: Match, rng: random.Random) -> None:
    """``Match.playout`` with the guided policy once the opening tile lies: play the
    current round of ``match`` (on a line) to its end, the match's scores and end up
    to date."""
    if match.over or match.round.over:
        return
    playout(match.round, rng, guided_line_out)
    match._round_ended()
