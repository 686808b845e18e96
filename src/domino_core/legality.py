"""Which plays are legal, and why a move is not (RULES.md §4-§5).

Pure functions of the seat's hand (a bitmask of tile ids), the :class:`Board` and the
tile the round must open with (``forced``, or None). The checks raise
:class:`IllegalMove` with a message a player can act on.
"""

from __future__ import annotations

from .board import CLOSED, Board
from .moves import END_INDEX, END_NAMES, IllegalMove, Move
from .tiles import ALL_TILES, NUMBER_MASK, Tile, ids_of

__all__ = ["check_draw", "check_pass", "check_play", "ends_list", "legal_plays", "playable"]


def ends_list(board: Board) -> list[int]:
    """The distinct numbers of the open ends, ascending (as the log's ``ends`` gives them)."""
    return sorted({p for p in board.ends if p != CLOSED})


def playable(board: Board, forced: int | None) -> int:
    """Bitmask of the tiles that may be laid now (every tile on an empty table, unless a
    first tile is forced)."""
    if board.center is None:
        return -1 if forced is None else 1 << forced
    return board.playable_mask()


def legal_plays(hand: int, board: Board, forced: int | None) -> list[tuple[int, int | None]]:
    """``(tile id, end index)`` of every legal play of ``hand``: higher tiles first, and for
    one tile its ends in index order (end None for the opening tile)."""
    if board.center is None:
        if forced is not None:
            return [(forced, None)] if hand >> forced & 1 else []
        return [(t, None) for t in ids_of(hand)]
    out: list[tuple[int, int | None]] = []
    for e, p in enumerate(board.ends):
        if p != CLOSED:
            m = hand & NUMBER_MASK[p]
            while m:
                low = m & -m
                out.append((low.bit_length() - 1, e))
                m ^= low
    out.sort(key=lambda te: (-te[0], te[1] or 0))
    return out


def check_play(hand: int, board: Board, forced: int | None, move: Move) -> tuple[int, int | None]:
    """The ``(tile id, end index)`` that ``move`` (a play) lays, or :class:`IllegalMove`."""
    tile = move.tile
    if not isinstance(tile, Tile) or not (move.end is None or move.end in END_INDEX):
        raise IllegalMove("a play needs a tile and an end among L, R, U, D")
    t = tile.id
    if not hand >> t & 1:
        raise IllegalMove(f"{tile} is not in your hand")
    if board.center is None:
        if forced is not None and t != forced:
            raise IllegalMove(f"the first tile of this round must be {ALL_TILES[forced]}")
        if move.end is not None:
            raise IllegalMove("the first tile of a round opens the line: give no end")
        return t, None
    fits = board.fits(t)
    if not fits:
        ends = " and ".join(str(p) for p in ends_list(board))
        raise IllegalMove(f"{tile} does not fit the open ends {ends}")
    if move.end is None:
        if len(fits) > 1:
            names = ", ".join(END_NAMES[e] for e in fits)
            raise IllegalMove(f"{tile} fits more than one end ({names}): say which")
        return t, fits[0]
    e = END_INDEX[move.end]
    if e not in fits:
        p = board.ends[e]
        where = "is not open" if p == CLOSED else f"shows {p}"
        raise IllegalMove(f"{tile} does not fit end {move.end}: that end {where}")
    return t, e


def check_draw(hand: int, fits: int, can_draw: bool, auto_draw: bool) -> None:
    """Raise :class:`IllegalMove` unless a manual draw is allowed (``fits``: the playable
    mask, ``can_draw``: drawing is on and the boneyard is not empty)."""
    if hand & fits:
        raise IllegalMove("you have a tile that fits: play it, you cannot draw")
    if not can_draw:
        raise IllegalMove("there is nothing to draw")
    if auto_draw:
        raise IllegalMove("draws are made for you at this table")


def check_pass(hand: int, fits: int, can_draw: bool) -> None:
    """Raise :class:`IllegalMove` unless a pass is allowed (arguments as for
    :func:`check_draw`).

    The engine passes by itself for a seat that holds no tile that fits and has
    nothing to draw (RULES.md §4), so a seat on turn is never left with a pass to make.
    """
    if hand & fits:
        raise IllegalMove("you have a tile that fits: play it, you cannot pass")
    if can_draw:
        raise IllegalMove("the boneyard still has tiles: draw before passing")
