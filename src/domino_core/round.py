"""One round: legal moves and plays (RULES.md §2-§7), with the public log.

:class:`Round` is :class:`domino_core.round_state.RoundState` (hands as bitmasks, cheap
to copy and to play out), with the forced draws and passes and the end of the round of
:class:`domino_core.round_turns.RoundTurns`, plus the friendly API that
:class:`domino_core.match.Match` wraps. The public log of a round (``Round.log``) is a
list of dicts exactly as ``docs/DESIGN.md`` gives them; it never holds a hidden tile,
and an entry once written is never changed in place (round copies share them): a second
manual draw in a row replaces the draw entry by one with the count grown, so ``push``
returns no new entry for it.
"""

from __future__ import annotations

from typing import Any

from .board import END_MASK
from .deal import OPENING_ORDER, Deal
from .legality import (
    DRAW,
    LINE_PLAYS,
    MOVES_OF_KEY,
    ON_END,
    OPEN_MOVES,
    OPENINGS,
    PASS,
    check_draw,
    check_pass,
    check_play,
    moves_of_key,
)
from .moves import END_NAMES, IllegalMove, Move
from .result import RoundEnd, RoundResult
from .round_turns import RoundTurns
from .scoring import score_domino
from .tiles import ALL_TILES

__all__ = ["OPENING_ORDER", "Deal", "Round", "RoundEnd", "RoundResult"]


#: ``PLAY_TEXT[t][e]``: tile ``t`` laid on end ``e`` in record notation ("6-4 L").
PLAY_TEXT: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{tile} {end}" for end in END_NAMES) for tile in ALL_TILES
)
TILE_TEXT: tuple[str, ...] = tuple(str(tile) for tile in ALL_TILES)


class Round(RoundTurns):
    """The state of one round. Mutated by :meth:`push`; :meth:`copy` is cheap."""

    __slots__ = ()

    def legal_moves(self) -> list[Move]:
        """Every move the seat on turn may make ([] when the round is over)."""
        turn = self.turn
        if turn is None:
            return []
        board = self.board
        if board.center is not None:
            # legality.play_moves, inline: the hand's tiles fitting each end (a closed
            # end's END_MASK is 0, and outside fives only L and R are ever open)
            hand = self.hands[turn]
            ends = board.ends
            m = END_MASK
            on_left = hand & m[ends[0]]
            on_right = hand & m[ends[1]]
            if board.line:
                # one end's plays, or both ends' where one end's tiles are all higher
                # (the lowest tile of one above the other's mask): small tables
                if not on_right:
                    if on_left:
                        return [*ON_END[0][on_left]]
                elif not on_left:
                    return [*ON_END[1][on_right]]
                elif on_left & -on_left > on_right:
                    return [*ON_END[0][on_left], *ON_END[1][on_right]]
                elif on_right & -on_right > on_left:
                    return [*ON_END[1][on_right], *ON_END[0][on_left]]
            key = on_left | on_right << 28
            if board.fives:
                key |= (hand & m[ends[2]]) << 56 | (hand & m[ends[3]]) << 84
            try:
                moves = MOVES_OF_KEY[key]
            except KeyError:
                moves = moves_of_key(key)
            if moves:
                return moves[:]
        else:
            plays = self.legal_plays()
            if plays:
                return [OPEN_MOVES[t] for t, _ in plays]
        if self.rules.drawing and self.bone_pos < len(self.bone):
            return [DRAW]
        return [PASS]

    # -- moves -------------------------------------------------------------------

    def push(self, move: Move) -> list[dict[str, Any]]:
        """Apply ``move`` for the seat on turn; return the public log entries added.

        Raises :class:`IllegalMove` (and changes nothing) when the move is not legal.
        """
        seat = self.turn
        if seat is None:
            raise IllegalMove("the round is over")
        board = self.board
        # The common case, checked at once: a move from legal_moves() (one of the shared
        # PLAY_MOVES), a tile of the hand on an end it fits, on a line outside fives.
        try:
            line = LINE_PLAYS[id(move)]
        except KeyError:  # a move made elsewhere
            line = None
        if line is not None and board.line:
            _, e, bit, double, text, entries, arms = line
            hands = self.hands
            hand = hands[seat]
            ends = board.ends
            near = ends[e]
            m = END_MASK
            if hand & m[near] & bit:
                if hand == bit or self.rules.closed_table == "at_once":
                    return self._play_line(seat, line)  # it may end the round
                # Board.place on a line, inline
                hands[seat] = hand ^ bit
                arm = arms[near]
                board.placed |= bit
                board.arms[e].append(arm)
                ends[e] = arm[1]
                board.dbl[e] = double
                self.passes = 0
                self.plays.append(text)
                entry = entries[seat].copy()
                log = self.log
                log.append(entry)
                seat += 1
                if seat == self.n:
                    seat = 0
                self.turn = seat
                fits = m[ends[0]] | m[ends[1]]
                if hands[seat] & fits:
                    return [entry]
                start = len(log) - 1
                self._advance(fits)
                return log[start:]
        if board.center is None and not board.fives:
            opening = OPENINGS.get(id(move))
            if opening is not None and self.rules.closed_table != "at_once":
                events = self._opening(seat, opening)
                if events is not None:
                    return events
        log = self.log
        start = len(log)
        kind = move.kind
        if kind == "play":
            tile_id, at = check_play(self.hands[seat], board, self.forced, move)
            self._play(seat, tile_id, at, move.left)
        elif kind in ("draw", "pass"):
            can_draw = self.rules.drawing and self.bone_pos < len(self.bone)
            if kind == "pass":
                check_pass(self.hands[seat], self._playable(), can_draw)
                self._pass(seat)
            else:
                check_draw(self.hands[seat], self._playable(), can_draw, self.rules.auto_draw)
                self._draw_one(seat)
                self._advance()
        else:
            raise IllegalMove(f"unknown move {kind!r} (play, draw or pass)")
        return log[start:]

    def _play(self, seat: int, t: int, end: int | None, left: int | None) -> None:
        opening = self.board.center is None
        points, ending = self._lay(seat, t, end, left)
        if opening:
            a, b = self.board.center  # type: ignore[misc]
            text = f"{a}-{b}"
            self.plays.append(text)
            name = None
        else:
            text = TILE_TEXT[t]
            self.plays.append(PLAY_TEXT[t][end])  # type: ignore[index]
            name = END_NAMES[end]  # type: ignore[index]
        log = self.log
        log.append({"type": "play", "seat": seat, "tile": text, "end": name, "points": points})
        if points:
            log.append({"type": "score", "side": self.rules.side_of(seat), "points": points})
        if ending is not None:
            self._finish(*ending)
            return
        turn = seat + 1
        self.turn = 0 if turn == self.n else turn
        if self.hands[self.turn] & self.board.playable_mask():
            return
        self._advance()

    def _play_line(self, seat: int, line: tuple[int, int, int, bool, str, tuple[
            dict[str, Any], ...], tuple[tuple[int, int], ...]]) -> list[dict[str, Any]]:
        """:meth:`_play` of the legal play of ``LINE_PLAYS[id(move)]`` on a line already
        opened, outside fives (no spinner, nothing scored during the round), in fewer
        steps; returns the log entries added."""
        t, e, bit, double, text, entries, arms = line
        hands = self.hands
        board = self.board
        ends = board.ends
        # batida scoring (RULES.md §6b) reads the open ends before a going-out tile
        going_out = hands[seat] == bit
        before = ends[:] if going_out and self.rules.batida else ()
        hands[seat] ^= bit
        # Board.place on a line, inline
        arm = arms[ends[e]]
        board.placed |= bit
        board.arms[e].append(arm)
        ends[e] = arm[1]
        board.dbl[e] = double
        self.passes = 0
        self.plays.append(text)
        log = self.log
        entry = entries[seat].copy()
        log.append(entry)
        if going_out:
            self._finish("domino", score_domino(self.rules, hands, seat, t, before))
            return log[-2:]
        # _ending finds an end only for an empty hand or at an at_once table
        if self.rules.closed_table == "at_once":
            ending = self._ending(seat, t, before)
            if ending is not None:
                self._finish(*ending)
                return log[-2:]
        m = END_MASK
        return self._turn_after(seat, entry, m[ends[0]] | m[ends[1]])  # no spinner here

    def _opening(self, seat: int, opening: tuple[int, int, int, int, str, tuple[
            dict[str, Any], ...]]) -> list[dict[str, Any]] | None:
        """:meth:`_play` of the opening tile of ``OPENINGS[id(move)]`` outside fives where
        the table does not close at once, in fewer steps, if legal and not the seat's last
        tile: the log entries added (else None, and nothing changed)."""
        t, bit, a, b, text, entries = opening
        hands = self.hands
        hand = hands[seat]
        forced = self.forced
        if not hand & bit or hand == bit or (forced is not None and forced != t):
            return None
        hands[seat] = hand ^ bit
        self.board.place(t, None)
        self.forced = None
        self.passes = 0
        self.plays.append(text)
        entry = entries[seat].copy()
        self.log.append(entry)
        return self._turn_after(seat, entry, END_MASK[a] | END_MASK[b])

    def _turn_after(self, seat: int, entry: dict[str, Any], fits: int) -> list[dict[str, Any]]:
        """The turn goes on from ``seat``, which laid a tile (its log ``entry``, the last)
        that left the tiles of ``fits`` playable and did not end the round: the entries
        added from ``entry`` on (with the next seats' forced turns)."""
        turn = seat + 1
        if turn == self.n:
            turn = 0
        self.turn = turn
        if self.hands[turn] & fits:
            return [entry]
        log = self.log
        start = len(log) - 1
        self._advance(fits)
        return log[start:]
