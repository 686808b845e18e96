"""The line of play: the open ends, the fives spinner and its arms, the ends' count.

The board keeps a *center* tile and four *arms* (left, right, and the spinner's two
short sides, "up" and "down"). Each arm lists its tiles from the center outwards as
``(near, far)`` pips; the arm's open end is the ``far`` number of its last tile, or the
center's own side while the arm is empty. Before any double is played in fives (and
always in the other presets) the center is the opening tile. In fives the first double
played becomes the *spinner* (RULES.md §7): the board is re-rooted on it, so the
center is always the spinner once there is one.
"""

from __future__ import annotations

from .tiles import IS_DOUBLE, NUMBER_MASK, TILE_A, TILE_B

L, R, U, D = 0, 1, 2, 3
CLOSED = -1
#: ``NUMBER_MASK`` with a last entry 0: indexed by an end's pips, a closed end masks nothing.
END_MASK: tuple[int, ...] = (*NUMBER_MASK, 0)
#: ``PAIRS[near][far]``: the ``(near, far)`` of an arm's tile, one tuple shared by all boards.
PAIRS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((near, far) for far in range(7)) for near in range(7)
)


class Board:
    """The tiles on the table. Ends are indexed 0..3 for L, R, U, D."""

    __slots__ = ("arms", "center", "dbl", "ends", "fives", "line", "placed", "spinner")

    def __init__(self, fives: bool = False) -> None:
        self.fives = fives
        #: Pips of each open end, or ``CLOSED`` (-1).
        self.ends: list[int] = [CLOSED, CLOSED, CLOSED, CLOSED]
        #: Whether the outer tile of each arm is a double laid crosswise.
        self.dbl: list[bool] = [False, False, False, False]
        self.arms: list[list[tuple[int, int]]] = [[], [], [], []]
        #: ``(left pips, right pips)`` of the center tile, or None on an empty table.
        self.center: tuple[int, int] | None = None
        #: Whether the center is the fives spinner.
        self.spinner = False
        #: Bitmask of the tiles on the table.
        self.placed = 0
        #: Whether a line is open outside fives: a tile lies, no spinner can come.
        self.line = False

    def copy(self) -> Board:
        """An independent copy."""
        b = Board.__new__(Board)
        b.fives = self.fives
        b.ends = self.ends[:]
        b.dbl = self.dbl[:]
        b.arms = [a[:] for a in self.arms]
        b.center = self.center
        b.spinner = self.spinner
        b.placed = self.placed
        b.line = self.line
        return b

    @property
    def empty(self) -> bool:
        """Whether no tile has been played yet."""
        return self.center is None

    def open_ends(self) -> list[int]:
        """Indexes of the ends a tile may be laid on."""
        return [e for e in range(4) if self.ends[e] != CLOSED]

    def fits(self, tile_id: int) -> list[int]:
        """The ends ``tile_id`` may be laid on (all of them equal-numbered ends included)."""
        a, b = TILE_A[tile_id], TILE_B[tile_id]
        return [e for e, p in enumerate(self.ends) if p != CLOSED and p in (a, b)]

    def playable_mask(self) -> int:
        """Bitmask of every tile that fits some open end."""
        m = END_MASK
        ends = self.ends
        return m[ends[0]] | m[ends[1]] | m[ends[2]] | m[ends[3]]

    def is_closed(self, asleep: int = 0) -> bool:
        """Whether no tile can ever fit: every tile bearing an open end's number is on the
        table, or in ``asleep`` (a bitmask of tiles out of play, which never fit either)."""
        if self.center is None:
            return False
        return self.playable_mask() & ~(self.placed | asleep) == 0

    def place(self, tile_id: int, end: int | None, left: int | None = None) -> None:
        """Lay ``tile_id`` on ``end`` (None for the opening tile, ``left`` its left number).

        The caller has checked that it fits.
        """
        a, b = TILE_A[tile_id], TILE_B[tile_id]
        double = IS_DOUBLE[tile_id]
        self.placed |= 1 << tile_id
        if self.center is None:
            if left is not None and left == b:
                a, b = b, a
            self.center = (a, b)
            self.ends[L] = a
            self.ends[R] = b
            self.line = not self.fives
            if self.fives and double:
                self.spinner = True
            return
        assert end is not None
        near = self.ends[end]
        far = a + b - near
        self.arms[end].append(PAIRS[near][far])
        self.ends[end] = far
        self.dbl[end] = double
        if not self.fives:
            return
        if not self.spinner and double:
            self._reroot(end)
        if self.spinner and self.ends[U] == CLOSED and self.arms[L] and self.arms[R]:
            s = self.center[0]
            self.ends[U] = s
            self.ends[D] = s

    def _reroot(self, end: int) -> None:
        """Make the double just laid at the end of arm ``end`` (L or R) the center spinner."""
        assert self.center is not None
        arm = self.arms[end]
        spinner = arm.pop()
        ca, cb = self.center
        if end == L:
            self.arms[R] = [(f, n) for n, f in reversed(arm)] + [(ca, cb)] + self.arms[R]
        else:
            self.arms[L] = [(f, n) for n, f in reversed(arm)] + [(cb, ca)] + self.arms[L]
        self.arms[end] = []
        self.center = spinner
        self.spinner = True
        self.ends[end] = spinner[0]
        self.dbl[end] = False

    def count(self) -> int:
        """The sum of the open ends as fives scores it (RULES.md §7).

        A double laid crosswise at the end of an arm counts both halves. The spinner
        counts both halves, once, while one of its long sides is free (alone it is
        worth ``2 × pip``: "5-5 opens: 10"); once both long sides carry a tile it is no
        end any more, and its short sides count only when a tile lies on them.
        """
        if self.center is None:
            return 0
        total = 0
        ends, dbl, arms = self.ends, self.dbl, self.arms
        if self.spinner:
            if not arms[L] or not arms[R]:
                total += 2 * self.center[0]
            for e in range(4):
                if arms[e]:
                    total += 2 * ends[e] if dbl[e] else ends[e]
            return total
        for e in (L, R):
            if arms[e]:
                total += 2 * ends[e] if dbl[e] else ends[e]
            else:
                total += self.center[e]
        return total
