"""The hard player's candidates: which legal options lead to the same position (searched
once), and the engine's moves for options."""

from __future__ import annotations

from collections.abc import Sequence

from domino_core.bots.knowledge import Knowledge, Option, after_play, pair_str
from domino_core.moves import Move
from domino_core.tiles import Tile

__all__ = ["engine_moves", "representatives"]


def representatives(k: Knowledge) -> list[int]:
    """For each legal option, the index of the first option leading to the same position."""
    first: dict[object, int] = {}
    out: list[int] = []
    fives = k.fives()
    for i, o in enumerate(k.legal):
        key: object = i
        if o.kind == "play" and o.tile is not None and not fives:
            ends = after_play(k.ends, o.tile, o.end, fives=False)
            key = (o.tile, tuple(sorted(s.pip for s in ends.values())))
        out.append(first.setdefault(key, i))
    return out


def engine_moves(options: Sequence[Option]) -> list[Move]:
    """The engine's moves for the bots' options, in order."""
    out: list[Move] = []
    for o in options:
        if o.kind == "draw":
            out.append(Move.draw())
        elif o.kind == "pass":
            out.append(Move.pass_())
        else:
            assert o.tile is not None
            out.append(Move.play(Tile.parse(pair_str(o.tile)), o.end))
    return out
