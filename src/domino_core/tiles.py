"""Tiles of the double-six set.

A :class:`Tile` is an immutable value: ``Tile.parse("2-6") == Tile(6, 2)`` and
``str(Tile(6, 2)) == "6-2"``. Every tile also has a small integer :attr:`Tile.id`
(0..27) so that a hand can be held as a bitmask; the module-level tables
(``TILE_A``, ``TILE_B``, ``TILE_VALUE``, ``NUMBER_MASK``) serve the engine's hot paths.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple, TypeVar

T = TypeVar("T")

#: The highest number on a tile of the set.
MAX_PIP = 6


class Tile(NamedTuple):
    """One domino tile, stored with the higher number first."""

    high: int
    low: int

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with numbers ``a`` and ``b`` in either order."""
        if not (0 <= a <= MAX_PIP and 0 <= b <= MAX_PIP):
            raise ValueError(f"tile numbers must be 0..{MAX_PIP}: {a}-{b}")
        return TILES_BY_PAIR[a][b]

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse ``"a-b"`` (either order). Raises :class:`ValueError` on bad text."""
        parts = text.strip().split("-")
        if len(parts) != 2 or not all(len(p) == 1 and p in "0123456789" for p in parts):
            raise ValueError(f"not a tile: {text!r} (expected like '6-4')")
        return cls.of(int(parts[0]), int(parts[1]))

    @classmethod
    def from_id(cls, tile_id: int) -> Tile:
        """The tile whose :attr:`id` is ``tile_id``."""
        return ALL_TILES[tile_id]

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"

    @property
    def id(self) -> int:
        """Index 0..27 of this tile in :data:`ALL_TILES` (and its bit in a hand mask)."""
        return self.high * (self.high + 1) // 2 + self.low

    @property
    def value(self) -> int:
        """The sum of the pips (6-4 is worth 10, 0-0 is worth 0)."""
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        """Whether both halves carry the same number."""
        return self.high == self.low

    def has(self, number: int) -> bool:
        """Whether either half carries ``number``."""
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The number on the half opposite to ``number``; ValueError if absent."""
        if self.high == number:
            return self.low
        if self.low == number:
            return self.high
        raise ValueError(f"{self} has no {number}")


#: The 28 tiles, ordered by :attr:`Tile.id` (0-0, 1-0, 1-1, 2-0, ...).
ALL_TILES: tuple[Tile, ...] = tuple(
    Tile(h, lo) for h in range(MAX_PIP + 1) for lo in range(h + 1)
)
TILES_BY_PAIR: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(Tile(max(a, b), min(a, b)) for b in range(MAX_PIP + 1)) for a in range(MAX_PIP + 1)
)
N_TILES = len(ALL_TILES)
FULL_SET = (1 << N_TILES) - 1

#: Per tile id: the high number, the low number, the value, and whether a double.
TILE_A: tuple[int, ...] = tuple(t.high for t in ALL_TILES)
TILE_B: tuple[int, ...] = tuple(t.low for t in ALL_TILES)
TILE_VALUE: tuple[int, ...] = tuple(t.value for t in ALL_TILES)
IS_DOUBLE: tuple[bool, ...] = tuple(t.is_double for t in ALL_TILES)
#: ``NUMBER_MASK[n]``: bitmask of the 7 tiles that carry ``n``.
NUMBER_MASK: tuple[int, ...] = tuple(
    sum(1 << t.id for t in ALL_TILES if t.has(n)) for n in range(MAX_PIP + 1)
)
#: Bitmask of the 7 doubles.
DOUBLES_MASK = sum(1 << t.id for t in ALL_TILES if t.is_double)


def mask_of(tiles: Iterable[Tile]) -> int:
    """The bitmask of an iterable of tiles."""
    m = 0
    for t in tiles:
        m |= 1 << t.id
    return m


def _by_byte(of: Callable[[int], T]) -> tuple[tuple[T, ...], ...]:
    """``of(m << 8 * i)`` for every byte ``m`` of each of the four bytes ``i`` of a mask
    (tile ids 0..27: the last byte has four bits)."""
    return tuple(tuple(of(m << 8 * i) for m in range(256 if i < 3 else 16)) for i in range(4))


def _tiles_loop(mask: int) -> tuple[Tile, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(ALL_TILES[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


#: ``_TILES_BYTE[i][m]``: the tiles of ``m << 8 * i``, in id order.
_TILES_BYTE = _by_byte(_tiles_loop)


def tiles_of(mask: int) -> list[Tile]:
    """The tiles of a bitmask, in id order."""
    return list(tile_tuple(mask))


def tile_tuple(mask: int) -> tuple[Tile, ...]:
    """:func:`tiles_of` as a tuple."""
    b = _TILES_BYTE
    return b[0][mask & 255] + b[1][mask >> 8 & 255] + b[2][mask >> 16 & 255] + b[3][mask >> 24]


def submasks(mask: int) -> list[int]:
    """Every mask made of some of the bits of ``mask`` (0 and ``mask`` included)."""
    out = [0]
    sub = mask
    while sub:
        out.append(sub)
        sub = (sub - 1) & mask
    return out


def ids_of(mask: int) -> list[int]:
    """The tile ids of a bitmask, ascending."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: ``_PIPS_BYTE[i][m]``: the pips of the tiles of ``m << 8 * i``.
_PIPS_BYTE = _by_byte(lambda mask: sum(t.value for t in _tiles_loop(mask)))


def pips_of(mask: int) -> int:
    """The sum of the values of the tiles in a bitmask."""
    b = _PIPS_BYTE
    return b[0][mask & 255] + b[1][mask >> 8 & 255] + b[2][mask >> 16 & 255] + b[3][mask >> 24]
