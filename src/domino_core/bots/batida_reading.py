"""Reading the other seats' plays by batida: how likely each sampled world made them.

A sampled world (``sampling.py``) only respects what the public log *rules out*: the
numbers a seat passed on. But a seat's plays say more: a club player who laid a light
tile while holding a heavy one that fit, or who left the next seat a number it could
answer, probably did not hold what would have made a better play. Here every play of
the round by another seat is scored, in a given world, by a cheap copy of Nino's habits
(``medium.score_play`` on bitmasks, from what that seat could see when it played: its
hand then, the tiles on the table, the passes so far), and the world's *weight* is the
product over those plays of the chance the habits give the play that was made::

    P(play) = EPSILON / options + (1 - EPSILON) * softmax(score / TEMPERATURE)[play]

The search (``hard._batida_pick``) weighs each world's playout values by it. Only the
seat's own view is read: the log, the hand counts and the world being weighed.

The copy is exact on the ``batida`` preset (no drawing): it picks Nino's play in 99.6% of
its choices, the rest being Nino's ties and closed tables. Where a table draws tiles it is
rougher: what a seat is known to lack is every number it ever passed or drew on (Nino
keeps only what is still true after a draw), and a closed table is judged without the
boneyard; the plays of a seat before one of its draws are not read at all.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from domino_core.bots.batida_search import PAIR_ID
from domino_core.bots.knowledge import Knowledge, parse_pair
from domino_core.tiles import FULL_SET, IS_DOUBLE, NUMBER_MASK, TILE_A, TILE_B, TILE_VALUE, pips_of

__all__ = [
    "EPSILON", "TEMPERATURE", "PastPlay", "chance_product", "option_scores", "past_plays",
    "play_chance", "weight",
]

EPSILON = 0.1
"""The share of a play's chance that does not follow the habits at all."""

TEMPERATURE = 1.0
"""How sharply the habits' scores (``medium.score_play``'s scale) pick a play."""

#: The numbers (bits 0..6) each tile id bears.
_NUMS = tuple((1 << TILE_A[i]) | (1 << TILE_B[i]) for i in range(28))


def _tiles_with(numbers: int) -> int:
    """The mask of the tiles bearing any number in the number mask ``numbers``."""
    m = 0
    for n in range(7):
        if numbers >> n & 1:
            m |= NUMBER_MASK[n]
    return m


_TILES_WITH = tuple(_tiles_with(v) for v in range(128))
_LOW = (1 << 14) - 1


def _numbers_table(part: int) -> tuple[int, ...]:
    """For every mask of 14 tiles (ids ``part * 14`` on), the numbers its tiles bear."""
    out = [0] * (1 << 14)
    for m in range(1, 1 << 14):
        low = m & -m
        out[m] = out[m ^ low] | _NUMS[part * 14 + low.bit_length() - 1]
    return tuple(out)


_NUMS_LOW = _numbers_table(0)
_NUMS_HIGH = _numbers_table(1)


@dataclass(frozen=True, slots=True)
class PastPlay:
    """One play of the round by another seat, with what that seat saw when it made it."""

    seat: int
    tile: int
    end: int  # 0 left, 1 right
    left: int
    right: int
    later: int
    """The tiles this seat played after this play (so its hand then is world hand | later)."""
    board: int
    """The tiles on the table before this play."""
    next_void: int
    partner_void: int
    counts: tuple[int, ...]
    """Every seat's hand count then, in turn order from this seat (the next seat second)."""
    owner_bonus: tuple[float, float]
    """What Nino adds for covering the left and the right end (the partner's -3, an
    opponent's +2)."""


def past_plays(k: Knowledge) -> list[PastPlay]:
    """The round's plays by seats other than ``k.seat`` onto open ends, in order, each
    with what its seat saw then. Left out: a round's first tile (laid on an empty table)
    and, where tiles are drawn, the plays of a seat that drew after them (which of the
    tiles it holds now it held then is not known)."""
    n = k.seats
    counts = list(k.hand_counts)
    for e in k.log:
        if e.get("type") == "play":
            counts[int(e["seat"])] += 1
        elif e.get("type") == "draw":
            counts[int(e["seat"])] -= int(e.get("count") or 1)
    voids = [0] * n
    board = 0
    ends: list[int] = []
    owner = [-1, -1]
    seen: list[tuple[int, int]] = []  # (seat, tile) of every play so far, (seat, -1) a draw
    out: list[tuple[int, PastPlay]] = []  # (index in ``seen``, play)
    for e in k.log:
        kind = e.get("type")
        if kind in ("pass", "draw"):
            seat = int(e["seat"])
            for p in e.get("ends") or ():
                voids[seat] |= 1 << int(p)
            if kind == "draw":
                seen.append((seat, -1))
                counts[seat] += int(e.get("count") or 1)
            continue
        if kind != "play":
            continue
        seat = int(e["seat"])
        tile = PAIR_ID[parse_pair(str(e["tile"]))]
        if not ends or e.get("end") is None:
            ends = [TILE_A[tile], TILE_B[tile]]
            owner = [seat, seat]
        else:
            i = 0 if e.get("end") == "L" else 1
            if seat != k.seat:
                nxt = (seat + 1) % n
                mate = (seat + 2) % n if k.teams else nxt
                bonus = (_owner_bonus(k, seat, owner[0]), _owner_bonus(k, seat, owner[1]))
                out.append((len(seen), PastPlay(
                    seat, tile, i, ends[0], ends[1], 0, board, voids[nxt], voids[mate],
                    tuple(counts[(seat + j) % n] for j in range(n)), bonus)))
            ends[i] = TILE_VALUE[tile] - ends[i]
            owner[i] = seat
        seen.append((seat, tile))
        board |= 1 << tile
        counts[seat] -= 1
    read: list[PastPlay] = []
    for at, p in out:
        later = _later(seen[at + 1 :], p.seat)
        if later is not None:
            read.append(replace(p, later=later))
    return read


def _later(plays: Sequence[tuple[int, int]], seat: int) -> int | None:
    """The mask of the tiles ``seat`` laid among ``plays``, or None if it drew among them."""
    m = 0
    for s, t in plays:
        if s == seat:
            if t < 0:
                return None
            m |= 1 << t
    return m


def _owner_bonus(k: Knowledge, seat: int, owner: int) -> float:
    """What Nino adds for covering an end ``owner`` laid: the partner's -3, an opponent's +2."""
    if not k.teams or owner < 0:
        return 0.0
    return -3.0 if owner == (seat + 2) % 4 else 2.0 if owner % 2 != seat % 2 else 0.0


def _pass_chance(pool: int, count: int, open_mask: int) -> float:
    """``medium.pass_chance``: no tile for ``open_mask`` among ``count`` from ``pool``."""
    size = pool.bit_count()
    if not size or not count:
        return 1.0
    p = min(1.0, count / size)
    return float((1.0 - p) ** (pool & open_mask).bit_count())


def _numbers(mask: int) -> int:
    """The numbers (bits 0..6) borne by the tiles of ``mask``."""
    return _NUMS_LOW[mask & _LOW] | _NUMS_HIGH[mask >> 14]


def play_chance(
    p: PastPlay, hand_now: int, teams: bool, points: Sequence[int],
    epsilon: float = EPSILON, temperature: float = TEMPERATURE,
) -> float:
    """The chance the habits give ``p``'s play where the seat now holds ``hand_now``."""
    scores, mine = option_scores(p, hand_now, teams, points)
    if len(scores) == 1:
        return 1.0
    top = max(scores)
    exps = [math.exp((x - top) / temperature) for x in scores]
    return epsilon / len(scores) + (1.0 - epsilon) * exps[mine] / sum(exps)


def option_scores(
    p: PastPlay, hand_now: int, teams: bool, points: Sequence[int]
) -> tuple[list[float], int]:
    """Every option's score at ``p``'s moment where the seat now holds ``hand_now``, and
    the index of the play made: each option (a tile of the seat's hand then, on an end it
    fits; left end first, tiles ascending) scored as ``medium.score_play`` scores it by
    batida from that seat's own view."""
    nm = NUMBER_MASK
    hand = hand_now | p.later | (1 << p.tile)
    on_left = hand & nm[p.left]
    on_right = hand & nm[p.right] if p.right != p.left else 0
    if (on_left | on_right) & ((on_left | on_right) - 1) == 0 and not (on_left and on_right):
        return [0.0], 0  # one tile fits, on one end
    unseen = FULL_SET & ~hand & ~p.board
    dead = 0
    for n in range(7):
        if not unseen & nm[n]:
            dead |= 1 << n
    nvoid = p.next_void | dead
    pvoid = p.partner_void | dead
    npool = unseen & ~_TILES_WITH[nvoid]
    ppool = unseen & ~_TILES_WITH[pvoid]
    mean = pips_of(unseen) / unseen.bit_count() if unseen else 0.0
    scores: list[float] = []
    mine = -1
    for e, m in ((0, on_left), (1, on_right)):
        while m:
            low = m & -m
            m ^= low
            t = low.bit_length() - 1
            if t == p.tile and (e == p.end or p.left == p.right):
                mine = len(scores)
            left, right = p.left, p.right
            if e == 0:
                left = TILE_VALUE[t] - left
            else:
                right = TILE_VALUE[t] - right
            rest = hand ^ low
            open_mask = nm[left] | nm[right]
            open_nums = (1 << left) | (1 << right)
            sc = TILE_VALUE[t] + (4.0 if IS_DOUBLE[t] else 0.0)
            playable = (rest & open_mask).bit_count()
            if playable and rest & (rest - 1) == 0:
                both = bool(rest & nm[left]) and bool(rest & nm[right])
                kind = (2 if both else 0) + (1 if IS_DOUBLE[rest.bit_length() - 1] else 0)
                sc += 3.0 * (points[kind] - points[0])
            sc += 1.5 * _numbers(rest).bit_count()
            sc += 2.0 * min(playable, 3) - (5.0 if playable == 0 else 0.0)
            opp_can = (open_nums & ~nvoid).bit_count()
            sc += 8.0 if not opp_can else -float(opp_can)
            sc += 50.0 * _pass_chance(npool, p.counts[1], open_mask)
            if teams:
                if open_nums & ~pvoid == 0:
                    sc -= 5.0
                sc -= 3.0 * _pass_chance(ppool, p.counts[2], open_mask)
                sc += p.owner_bonus[e]
            if not playable and not unseen & open_mask:  # it closes the table
                sc += 40.0 if _wins_block(p, pips_of(rest), mean, teams) else -40.0
            scores.append(sc)
    return scores, mine


def _wins_block(p: PastPlay, mine: int, mean: float, teams: bool) -> bool:
    """``medium.wins_block`` by batida: the seat's side has the lowest expected pips."""
    n = len(p.counts)
    seat_pips = [p.counts[i] * mean for i in range(n)]
    seat_pips[0] = float(mine)
    if teams:
        sides = [seat_pips[0] + seat_pips[2], seat_pips[1] + seat_pips[3]]
        return sides[0] < sides[1] - 1e-9
    return all(seat_pips[0] < x - 1e-9 for x in seat_pips[1:])


def weight(plays: Sequence[PastPlay], hands: Sequence[int], teams: bool,
           points: Sequence[int], epsilon: float = EPSILON,
           temperature: float = TEMPERATURE,
           cache: dict[tuple[int, int], float] | None = None) -> float:
    """The world ``hands``' weight: the product of every past play's chance in it, by
    Nino's habits (``play_chance``; ``cache`` as ``chance_product`` keeps it)."""
    return chance_product(
        plays, hands, lambda p, hand: play_chance(p, hand, teams, points, epsilon, temperature),
        cache)


def chance_product(
    plays: Sequence[PastPlay], hands: Sequence[int], chance: Callable[[PastPlay, int], float],
    cache: dict[tuple[int, int], float] | None = None,
) -> float:
    """The product over ``plays`` of ``chance(play, the hand its seat holds in hands)``.

    ``cache``, kept across the worlds of one decision, remembers each play's chance by
    the hand its seat holds (late in a round many worlds give a seat the same hand)."""
    w = 1.0
    for i, p in enumerate(plays):
        c = None if cache is None else cache.get((i, hands[p.seat]))
        if c is None:
            c = chance(p, hands[p.seat])
            if cache is not None:
                cache[(i, hands[p.seat])] = c
        w *= c
    return w

