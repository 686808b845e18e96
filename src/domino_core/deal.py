"""Dealing (RULES.md §2-§3): what each seat gets, the redeal rule, and the first opener.

A :class:`Deal` is the tiles as the record writes them; :func:`deal_masks` is the same
shuffle for playouts and benchmarks, as bitmasks of tile ids with no :class:`Tile`
objects made.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .rules import Rules
from .tiles import ALL_TILES, DOUBLES_MASK, N_TILES, Tile

__all__ = [
    "OPENING_ORDER",
    "Deal",
    "IllegalDeal",
    "check_deal",
    "deal_masks",
    "first_opener",
    "shuffle_deal",
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


def shuffle_deal(rules: Rules, rng: random.Random) -> Deal:
    """A random deal, shuffled again while ``redeal_doubles`` asks for it."""
    tiles = list(ALL_TILES)
    n, k = rules.seats, rules.hand_size
    while True:
        rng.shuffle(tiles)
        hands = tuple(tuple(tiles[i * k:(i + 1) * k]) for i in range(n))
        deal = Deal(hands, tuple(tiles[n * k:]))
        if rules.redeal_doubles is None or all(
            sum(1 for t in h if t.is_double) < rules.redeal_doubles for h in hands
        ):
            return deal


def first_opener(deal: Deal) -> tuple[int, Tile]:
    """The first round's opener and the tile it must play (RULES.md §3)."""
    holder = {t.id: seat for seat, hand in enumerate(deal.hands) for t in hand}
    tile_id = next(t for t in OPENING_ORDER if t in holder)
    return holder[tile_id], ALL_TILES[tile_id]


def deal_masks(rules: Rules, rng: random.Random) -> tuple[list[int], list[int], int, int]:
    """A random first-round deal as ``(hand masks, boneyard ids, opener, forced tile id)``.

    The deal is shuffled again while ``redeal_doubles`` asks for it; the opener and its
    forced tile follow RULES.md §3 as in :func:`first_opener`.
    """
    n, k = rules.seats, rules.hand_size
    ids = list(range(N_TILES))
    redeal = rules.redeal_doubles
    while True:
        rng.shuffle(ids)
        hands = []
        for s in range(n):
            m = 0
            for t in ids[s * k:(s + 1) * k]:
                m |= 1 << t
            hands.append(m)
        if redeal is None or all((h & DOUBLES_MASK).bit_count() < redeal for h in hands):
            break
    dealt = 0
    for h in hands:
        dealt |= h
    forced = next(t for t in OPENING_ORDER if dealt >> t & 1)
    opener = next(s for s in range(n) if hands[s] >> forced & 1)
    return hands, ids[n * k:], opener, forced
