"""Dealing (RULES.md §2-§3): what each seat gets, the redeal rule, and the first opener.

A :class:`Deal` is the tiles as the record writes them; :func:`deal_masks` is the same
shuffle for playouts and benchmarks, as bitmasks of tile ids with no :class:`Tile`
objects made.
"""

from __future__ import annotations

import _random
import random
from dataclasses import dataclass
from typing import Any

from .rules import Rules
from .tiles import ALL_TILES, DOUBLES_MASK, FULL_SET, N_TILES, Tile

__all__ = [
    "OPENING_ORDER",
    "Deal",
    "IllegalDeal",
    "check_deal",
    "deal_masks",
    "deal_of_ids",
    "first_opener",
    "opener_of",
    "seeded_random",
    "shuffle_deal",
    "shuffle_order",
]


@dataclass(frozen=True, slots=True)
class Deal:
    """What each seat was dealt, and the undealt tiles in draw order (or sleeping)."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]

    def to_dict(self) -> dict[str, Any]:
        """The record's ``hands`` and ``boneyard``."""
        return {
            "hands": [[str(t) for t in h] for h in self.hands],
            "boneyard": [str(t) for t in self.boneyard],
        }


class IllegalDeal(ValueError):
    """An explicit deal that the rules do not allow."""


#: Tile ids in the order that decides the first opener (RULES.md §3): doubles high to low, then
#: the other tiles by value and, between equal values, by the higher number.
OPENING_ORDER: tuple[int, ...] = tuple(
    t.id for t in sorted(
        ALL_TILES, key=lambda t: (1, t.high, 0) if t.is_double else (0, t.value, t.high),
        reverse=True,
    )
)


def check_deal(rules: Rules, deal: Deal) -> None:
    """Raise :class:`IllegalDeal` unless ``deal`` is a deal these rules could have dealt."""
    if len(deal.hands) != rules.seats:
        raise IllegalDeal(f"the deal has {len(deal.hands)} hands for {rules.seats} seats")
    for s, hand in enumerate(deal.hands):
        if len(hand) != rules.hand_size:
            raise IllegalDeal(
                f"seat {s} was dealt {len(hand)} tiles, the rules deal {rules.hand_size}"
            )
    seen: set[Tile] = set()
    for t in [t for h in deal.hands for t in h] + list(deal.boneyard):
        if t in seen:
            raise IllegalDeal(f"{t} appears twice in the deal")
        seen.add(t)
    if len(seen) != len(ALL_TILES):
        missing = ", ".join(str(t) for t in ALL_TILES if t not in seen)
        raise IllegalDeal(f"the deal lacks {missing}")
    if rules.redeal_doubles is not None:
        for s, hand in enumerate(deal.hands):
            doubles = sum(1 for t in hand if t.is_double)
            if doubles >= rules.redeal_doubles:
                raise IllegalDeal(
                    f"seat {s} holds {doubles} doubles: these rules deal again from "
                    f"{rules.redeal_doubles}"
                )


def seeded_random(seed: int) -> random.Random:
    """``random.Random(seed)`` in the same state, made without the Python-level checks of
    ``Random.seed``, which for an int only calls the C seeding (a match's deals)."""
    if type(seed) is not int:
        return random.Random(seed)
    rng = random.Random.__new__(random.Random)
    _random.Random.seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]
    return rng


def shuffle_deal(rules: Rules, rng: random.Random) -> Deal:
    """A random deal, shuffled again while ``redeal_doubles`` asks for it."""
    return deal_of_ids(rules, shuffle_order(rules, rng)[0])


def shuffle_order(rules: Rules, rng: random.Random) -> tuple[list[int], list[int]]:
    """:func:`shuffle_deal`'s deal as the 28 tile ids in dealt order (each hand's in turn,
    then the boneyard) and each hand's bitmask; :func:`deal_of_ids` makes the deal."""
    n, k = rules.seats, rules.hand_size
    redeal = rules.redeal_doubles
    bits = _BIT
    ids = [*_IDS]  # shuffled as ALL_TILES would be: the same permutation
    while True:
        if type(rng) is random.Random:
            # rng.shuffle(ids), inline (the same getrandbits calls as its _randbelow),
            # adding each tile to its hand's mask as its place becomes final
            getrandbits = rng.getrandbits
            found = []  # the boneyard's mask, then the hands' from the last
            for steps in _SHUFFLES.get(n << 5 | k) or _shuffle_steps(n, k):
                m = 0
                for i, width in steps:
                    j = getrandbits(width)
                    while j > i:
                        j = getrandbits(width)
                    t = ids[j]
                    ids[j] = ids[i]
                    ids[i] = t
                    m |= bits[t]
                found.append(m)
            masks = found[n:0:-1]
            masks[0] |= bits[ids[0]]
        else:
            rng.shuffle(ids)
            masks = [sum(map(bits.__getitem__, ids[s:s + k])) for s in range(0, n * k, k)]
        if redeal is None:
            return ids, masks
        for m in masks:
            if (m & DOUBLES_MASK).bit_count() >= redeal:
                break  # deal again
        else:
            return ids, masks


#: ``_SHUFFLES[seats << 5 | hand size]``: :func:`_shuffle_steps`, kept once made.
_SHUFFLES: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {}


def _shuffle_steps(n: int, k: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """``random.shuffle``'s steps over 28 items, the index swapped and the bits it draws,
    in turn for the places of the boneyard, then of each hand (of ``n`` of ``k`` tiles)
    from the last; hand 0's first place takes no step."""
    order = range(N_TILES - 1, 0, -1)
    steps = _SHUFFLES[n << 5 | k] = (
        tuple((i, (i + 1).bit_length()) for i in order if i >= n * k),
        *(tuple((i, (i + 1).bit_length()) for i in order if i // k == hand)
          for hand in range(n - 1, -1, -1)),
    )
    return steps


def deal_of_ids(rules: Rules, ids: list[int]) -> Deal:
    """The :class:`Deal` of the tile ids of :func:`shuffle_order`."""
    tiles = tuple(map(ALL_TILES.__getitem__, ids))
    k = rules.hand_size
    return Deal(tuple(tiles[i:i + k] for i in range(0, rules.seats * k, k)),
                tiles[rules.seats * k:])


def first_opener(deal: Deal) -> tuple[int, Tile]:
    """The first round's opener and the tile it must play (RULES.md §3)."""
    seat, tile_id = opener_of([sum(1 << t.id for t in hand) for hand in deal.hands])
    return seat, ALL_TILES[tile_id]


def opener_of(masks: list[int], dealt: int | None = None) -> tuple[int, int]:
    """:func:`first_opener` of the hands given as bitmasks: ``(seat, tile id)``
    (``dealt``: the tiles of all the hands, if known)."""
    if dealt is None:
        dealt = 0
        for m in masks:
            dealt |= m
    for tile_id in OPENING_ORDER:
        if dealt >> tile_id & 1:
            break
    for seat, m in enumerate(masks):
        if m >> tile_id & 1:
            return seat, tile_id
    raise ValueError("no tile dealt")


_IDS = tuple(range(N_TILES))
_BIT = tuple(1 << t for t in range(N_TILES))


#: Two steps of :func:`deal_masks`' shuffle: ``(radix, digits, i, i2)``.
_Pair = tuple[int, tuple[tuple[int, int], ...], int, int]
#: One hand's steps: its pairs of steps, and a last step ``(radix, i)`` or None.
_HandSteps = tuple[tuple[_Pair, ...], tuple[int, int] | None]
#: ``_DRAW_STEPS[seats << 5 | hand size]``: :func:`_draw_steps`, kept once made.
_DRAW_STEPS: dict[int, tuple[tuple[int, ...], tuple[_HandSteps, ...]]] = {}


def _draw_steps(n: int, k: int) -> tuple[tuple[int, ...], tuple[_HandSteps, ...]]:
    """:func:`deal_masks`' Fisher-Yates steps for ``n`` hands of ``k``: the indexes of the
    boneyard's places, from the last (one step each, radix index + 1), then for each hand
    from the last down to hand 1 its places two steps at a time, ``(radix, table, i,
    i2)`` where ``table[d]`` is the pair of digits of ``d`` (radix ``i + 1`` then
    ``i2 + 1``), and for an odd ``k`` its last step alone, ``(radix, i)``. Hand 0's places
    need no step: its tiles are what is left, whatever their order."""
    bone = tuple(range(N_TILES - 1, n * k - 1, -1))
    hands: list[_HandSteps] = []
    for hand in range(n - 1, 0, -1):
        places = range((hand + 1) * k - 1, hand * k - 1, -1)
        pairs = tuple(
            ((i + 1) * i, tuple(divmod(d, i + 1)[::-1] for d in range((i + 1) * i)), i, i - 1)
            for i in places[:k - k % 2:2]
        )
        hands.append((pairs, (hand * k + 1, hand * k) if k % 2 else None))
    steps = _DRAW_STEPS[n << 5 | k] = (bone, tuple(hands))
    return steps


def deal_masks(rules: Rules, rng: random.Random) -> tuple[list[int], list[int], int, int]:
    """A random first-round deal as ``(hand masks, boneyard ids, opener, forced tile id)``.

    The deal is shuffled again while ``redeal_doubles`` asks for it; the opener and its
    forced tile follow RULES.md §3 as in :func:`first_opener`. It reads ``rng`` in its own
    way (one ``getrandbits(128)`` per shuffle), so it deals otherwise than
    :func:`shuffle_deal` from the same state.
    """
    n, k = rules.seats, rules.hand_size
    redeal = rules.redeal_doubles
    bits = _BIT
    bone_steps, hand_steps = _DRAW_STEPS.get(n << 5 | k) or _draw_steps(n, k)
    while True:
        # Fisher-Yates from one 128-bit number read in mixed radix 28, 27, ..., k + 1
        # (28! is about 2**98, so every deal is as likely as any other to within 2**-30),
        # two digits at a time from a table on the hands' places; each tile is added to
        # its hand's mask as its place becomes final (a hand's places are not written
        # back: no later step reads them), hand 0 holding the tiles left, and each hand
        # is checked for a redeal once complete
        ids = [*_IDS]
        r = rng.getrandbits(128)
        rest = FULL_SET
        for i in bone_steps:
            j = r % (i + 1)
            r //= i + 1
            t = ids[j]
            ids[j] = ids[i]
            ids[i] = t
            rest ^= bits[t]
        dealt = rest
        hands: list[int] = []  # from the last
        for pairs, last in hand_steps:
            m = 0
            for radix, table, i, i2 in pairs:
                j, j2 = table[r % radix]
                r //= radix
                t = ids[j]
                ids[j] = ids[i]
                t2 = ids[j2]
                ids[j2] = ids[i2]
                m |= bits[t] | bits[t2]
            if last is not None:
                radix, i = last
                j = r % radix
                r //= radix
                t = ids[j]
                ids[j] = ids[i]
                m |= bits[t]
            if redeal is not None and (m & DOUBLES_MASK).bit_count() >= redeal:
                break  # deal again, at once
            hands.append(m)
            rest ^= m
        else:
            if redeal is None or (rest & DOUBLES_MASK).bit_count() < redeal:
                hands.append(rest)  # hand 0
                hands.reverse()
                break
    opener, forced = opener_of(hands, dealt)
    return hands, ids[n * k:], opener, forced
