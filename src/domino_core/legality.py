"""Which plays are legal, and why a move is not (RULES.md §4-§5).

Pure functions of the seat's hand (a bitmask of tile ids), the :class:`Board` and the
tile the round must open with (``forced``, or None). The checks raise
:class:`IllegalMove` with a message a player can act on.

The legal plays on a non-empty table depend only on which tiles of the hand carry each
open end's number: small tables give, for each end and each such set of tiles, the
plays as bits in the order :func:`legal_plays` gives them, and :func:`play_moves` hands
out shared :class:`Move` values (moves are immutable), its answers kept by those sets of
tiles (:func:`moves_of_key`).
"""

from __future__ import annotations

from typing import Any

from .board import CLOSED, END_MASK, PAIRS, Board
from .moves import END_INDEX, END_NAMES, IllegalMove, Move
from .tiles import (
    ALL_TILES,
    FULL_SET,
    IS_DOUBLE,
    N_TILES,
    NUMBER_MASK,
    TILE_VALUE,
    Tile,
    ids_of,
    submasks,
)

__all__ = [
    "DRAW",
    "LINE_PLAYS",
    "MOVES_OF_KEY",
    "ON_END",
    "OPENINGS",
    "OPEN_MOVES",
    "PASS",
    "PLAY_MOVES",
    "check_draw",
    "check_pass",
    "check_play",
    "ends_list",
    "legal_plays",
    "moves_of_key",
    "play_moves",
    "playable",
    "plays_on",
]

#: ``PLAY_MOVES[t][e]``: the move that lays tile ``t`` on end ``e`` (0..3 for L, R, U, D).
PLAY_MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move("play", tile, end) for end in END_NAMES) for tile in ALL_TILES
)
#: ``OPEN_MOVES[t]``: the move that opens the round with tile ``t``.
OPEN_MOVES: tuple[Move, ...] = tuple(Move("play", tile) for tile in ALL_TILES)
DRAW = Move("draw")
PASS = Move("pass")

#: What :meth:`domino_core.round.Round.push` needs to lay the move of :data:`PLAY_MOVES`
#: with this ``id()`` (they live as long as the module, so no other object ever has one
#: of these ids) on a line: ``(tile id, end index, bit, whether a double, the record
#: text, the log entry for each seat to copy, the arm's (near, far) by the end's pips)``;
#: None for the other shared moves (:data:`OPEN_MOVES`, :data:`DRAW`, :data:`PASS`), so
#: that only a move made elsewhere is missing.
LINE_PLAYS: dict[int, tuple[int, int, int, bool, str, tuple[dict[str, Any], ...],
                            tuple[tuple[int, int], ...]] | None] = {
    id(move): (t, e, 1 << t, IS_DOUBLE[t], f"{ALL_TILES[t]} {END_NAMES[e]}",
               tuple({"type": "play", "seat": seat, "tile": str(ALL_TILES[t]),
                      "end": END_NAMES[e], "points": 0} for seat in range(4)),
               tuple(PAIRS[near][TILE_VALUE[t] - near] if 0 <= TILE_VALUE[t] - near <= 6
                     else (near, -1) for near in range(7)))
    for t, moves in enumerate(PLAY_MOVES) for e, move in enumerate(moves)
}
LINE_PLAYS.update((id(move), None) for move in (*OPEN_MOVES, DRAW, PASS))
#: What :meth:`domino_core.round.Round.push` needs to open a round with the move of
#: :data:`OPEN_MOVES` with this ``id()`` (its higher number to the left): ``(tile id, bit,
#: left pips, right pips, the record text, the log entry for each seat to copy)``.
OPENINGS: dict[int, tuple[int, int, int, int, str, tuple[dict[str, Any], ...]]] = {
    id(move): (t, 1 << t, tile.high, tile.low, f"{tile.high}-{tile.low}",
               tuple({"type": "play", "seat": seat, "tile": f"{tile.high}-{tile.low}",
                      "end": None, "points": 0} for seat in range(4)))
    for t, (tile, move) in enumerate(zip(ALL_TILES, OPEN_MOVES, strict=True))
}

#: Each play ``(t, e)`` has a rank, ``(27 - t) * 4 + e``, in :func:`legal_plays` order.
_RANKED_MOVES: tuple[Move, ...] = tuple(
    PLAY_MOVES[t][e] for t in reversed(range(N_TILES)) for e in range(4)
)
_RANKED_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (t, e) for t in reversed(range(N_TILES)) for e in range(4)
)


#: ``_RANK_BITS[e][m]``: the plays of the tiles of ``m`` on end ``e``, one bit per rank, for
#: every ``m`` within the tiles of one number (what a hand can hold that fits one end).
_RANK_BITS: tuple[dict[int, int], ...] = tuple(
    {sub: sum(1 << (27 - t) * 4 + e for t in ids_of(sub))
     for number in NUMBER_MASK for sub in submasks(number)}
    for e in range(4)
)


def _ranks(hand: int, ends: list[int]) -> int:
    """The legal plays of ``hand`` on the open ``ends`` (``Board.ends``), one bit per rank."""
    m = END_MASK
    b = _RANK_BITS
    return (b[0][hand & m[ends[0]]] | b[1][hand & m[ends[1]]] | b[2][hand & m[ends[2]]]
            | b[3][hand & m[ends[3]]])


#: ``ON_END[e][m]``: the plays on end ``e`` (L or R) of the tiles of ``m``, higher tiles
#: first, for every ``m`` within the tiles of one number: the legal plays on a line where
#: the other end fits no tile of the hand, or fits only tiles lower than all of these.
ON_END: tuple[dict[int, tuple[Move, ...]], ...] = tuple(
    {sub: tuple(PLAY_MOVES[t][e] for t in reversed(ids_of(sub)))
     for number in NUMBER_MASK for sub in submasks(number)}
    for e in (0, 1)
)

#: :func:`moves_of_key`'s answers, cleared when it grows past ``_CACHE_SIZE`` entries
#: (about 12 MB when full; random 4-seat rounds find 97% of their answers there, or,
#: where :data:`ON_END` gives the answer, the other half of them).
MOVES_OF_KEY: dict[int, list[Move]] = {}
_CACHE_SIZE = 1 << 16


def moves_of_key(key: int) -> list[Move]:
    """The legal plays, in :func:`legal_plays` order, of a hand whose tiles fitting each
    end ``e`` are ``key >> 28 * e & FULL_SET`` (what :func:`play_moves` looks up; kept
    in :data:`MOVES_OF_KEY`: the caller must copy it)."""
    moves = MOVES_OF_KEY.get(key)
    if moves is None:
        b = _RANK_BITS
        ranks = b[0][key & FULL_SET] | b[1][key >> 28 & FULL_SET] | b[2][key >> 56 & FULL_SET] \
            | b[3][key >> 84]
        ranked = _RANKED_MOVES
        moves = []
        while ranks:
            low = ranks & -ranks
            moves.append(ranked[low.bit_length() - 1])
            ranks ^= low
        if len(MOVES_OF_KEY) >= _CACHE_SIZE:
            MOVES_OF_KEY.clear()
        MOVES_OF_KEY[key] = moves
    return moves


def play_moves(hand: int, ends: list[int]) -> list[Move]:
    """The legal plays of ``hand`` on a non-empty table whose open ends are ``ends``, as
    (shared) moves, in :func:`legal_plays` order."""
    m = END_MASK  # a closed end's is 0: outside fives the last two terms are 0
    return moves_of_key(hand & m[ends[0]] | (hand & m[ends[1]]) << 28
                        | (hand & m[ends[2]]) << 56 | (hand & m[ends[3]]) << 84)[:]


#: ``_ENDS_LISTS[k]``: :func:`ends_list` of the ends ``e`` whose ``k`` is
#: ``(e0 + 1) | (e1 + 1) << 3 | (e2 + 1) << 6 | (e3 + 1) << 9`` (pips 0..6, or -1 closed).
_ENDS_LISTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({(k >> s & 7) - 1 for s in (0, 3, 6, 9)} - {CLOSED, 7})) for k in range(1 << 12)
)


def ends_list(board: Board) -> list[int]:
    """The distinct numbers of the open ends, ascending (as the log's ``ends`` gives them)."""
    e = board.ends
    return [*_ENDS_LISTS[(e[0] + 1) | (e[1] + 1) << 3 | (e[2] + 1) << 6 | (e[3] + 1) << 9]]


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
    return plays_on(hand, board.ends)  # type: ignore[return-value]


def plays_on(hand: int, ends: list[int]) -> list[tuple[int, int]]:
    """``(tile id, end index)`` of every play of ``hand`` on a non-empty table whose open
    ends are ``ends`` (``Board.ends``), in :func:`legal_plays` order."""
    ranks = _ranks(hand, ends)
    out = []
    while ranks:
        low = ranks & -ranks
        out.append(_RANKED_PAIRS[low.bit_length() - 1])
        ranks ^= low
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
