"""Moves: play a tile on an end, draw from the boneyard, or pass."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .tiles import Tile

End = Literal["L", "R", "U", "D"]
MoveKind = Literal["play", "draw", "pass"]

#: End names by index in the engine's end arrays: left, right, and the spinner's two short sides.
END_NAMES: tuple[End, ...] = ("L", "R", "U", "D")
END_INDEX: dict[str, int] = {name: i for i, name in enumerate(END_NAMES)}


class IllegalMove(ValueError):
    """A move that the rules do not allow now; the state was not changed."""


@dataclass(frozen=True, slots=True)
class Move:
    """A move of the seat on turn.

    ``end`` is ``None`` for the first tile of a round (its first number becomes the
    left end, as in a record) or, when given to :meth:`Match.push`, for a tile that
    fits in exactly one place.

    Moves are equal when kind, tile and end are: the opening tile's orientation
    (``left``) is how it is laid, not which move it is, so ``Move.play("4-6")`` equals
    ``Move.play("6-4")`` and is found in ``legal_moves()`` (``str`` still tells them apart).
    """

    kind: MoveKind
    tile: Tile | None = None
    end: End | None = None
    #: For the opening tile only: the number laid towards the left end (default: the higher).
    left: int | None = field(default=None, compare=False)

    @classmethod
    def play(cls, tile: Tile | str, end: End | str | None = None) -> Move:
        """Play ``tile`` on ``end`` (``"L"``, ``"R"``, ``"U"``, ``"D"``).

        A tile given as text keeps its order for an opening play: ``Move.play("0-2")``
        lays 0 towards the left end, as a record's first play does.
        """
        left = None
        if isinstance(tile, str):
            t = Tile.parse(tile)
            if end is None and not t.is_double:
                left = int(tile.strip()[0])
                if left == t.high:
                    left = None
        else:
            t = tile
        if end is not None and end not in END_INDEX:
            raise ValueError(f"unknown end {end!r} (one of L, R, U, D)")
        return cls("play", t, end, left)  # type: ignore[arg-type]

    @classmethod
    def draw(cls) -> Move:
        """Draw one tile from the boneyard (only where drawing is not automatic)."""
        return cls("draw")

    @classmethod
    def pass_(cls) -> Move:
        """Pass (only where passing is not automatic)."""
        return cls("pass")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse ``"6-4 L"``, ``"6-4"``, ``"draw"`` or ``"pass"``."""
        text = text.strip()
        if text == "draw":
            return cls.draw()
        if text == "pass":
            return cls.pass_()
        parts = text.split()
        if len(parts) == 1:
            return cls.play(parts[0])
        if len(parts) == 2:
            return cls.play(parts[0], parts[1])
        raise ValueError(f"not a move: {text!r}")

    def __str__(self) -> str:
        if self.kind != "play":
            return self.kind
        if self.left is not None and self.tile is not None and self.end is None:
            return f"{self.left}-{self.tile.other(self.left)}"
        return f"{self.tile}" if self.end is None else f"{self.tile} {self.end}"
