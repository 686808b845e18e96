"""One round: legal moves, plays, forced draws and passes, and the end of the round
(RULES.md §2-§7), with the public log.

:class:`Round` is :class:`domino_core.round_state.RoundState` (hands as bitmasks, cheap
to copy and to play out) plus the friendly API that :class:`domino_core.match.Match`
wraps. The public log of a round (``Round.log``) is a list of dicts exactly as
``docs/DESIGN.md`` gives them; it never holds a hidden tile, and an entry once written
is never changed in place (round copies share them): a second manual draw in a row
replaces the draw entry by one with the count grown, so ``push`` returns no new entry
for it.
"""

from __future__ import annotations

from typing import Any

from .deal import OPENING_ORDER, Deal
from .legality import check_draw, check_pass, check_play, ends_list
from .moves import END_NAMES, IllegalMove, Move
from .result import RoundEnd, RoundResult
from .round_state import RoundState
from .scoring import Award, score_blocked
from .tiles import ALL_TILES, pips_of, tiles_of

__all__ = ["OPENING_ORDER", "Deal", "Round", "RoundEnd", "RoundResult"]


class Round(RoundState):
    """The state of one round. Mutated by :meth:`push`; :meth:`copy` is cheap."""

    __slots__ = ()

    def legal_moves(self) -> list[Move]:
        """Every move the seat on turn may make ([] when the round is over)."""
        plays = self.legal_plays()
        if plays:
            return [
                Move("play", ALL_TILES[t], None if e is None else END_NAMES[e]) for t, e in plays
            ]
        if self.turn is None:
            return []
        if self.rules.drawing and self.bone_pos < len(self.bone):
            return [Move.draw()]
        return [Move.pass_()]

    # -- moves -------------------------------------------------------------------

    def push(self, move: Move) -> list[dict[str, Any]]:
        """Apply ``move`` for the seat on turn; return the public log entries added.

        Raises :class:`IllegalMove` (and changes nothing) when the move is not legal.
        """
        if self.turn is None:
            raise IllegalMove("the round is over")
        start = len(self.log)
        seat = self.turn
        kind = move.kind
        if kind == "play":
            tile_id, end = check_play(self.hands[seat], self.board, self.forced, move)
            self._play(seat, tile_id, end, move.left)
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
        return self.log[start:]

    def _play(self, seat: int, t: int, end: int | None, left: int | None) -> None:
        opening = self.board.center is None
        points, ending = self._lay(seat, t, end, left)
        if opening:
            a, b = self.board.center  # type: ignore[misc]
            text = f"{a}-{b}"
            self.plays.append(text)
        else:
            text = str(ALL_TILES[t])
            self.plays.append(f"{text} {END_NAMES[end]}")  # type: ignore[index]
        self.log.append({
            "type": "play", "seat": seat, "tile": text,
            "end": None if end is None else END_NAMES[end], "points": points,
        })
        if points:
            side = self.rules.side_of(seat)
            self.log.append({"type": "score", "side": side, "points": points})
        if ending is not None:
            self._finish(*ending)
            return
        self.turn = (seat + 1) % self.n
        self._advance()

    def _draw_one(self, seat: int) -> None:
        t = self.bone[self.bone_pos]
        self.bone_pos += 1
        self.hands[seat] |= 1 << t
        last = self.log[-1] if self.log else None
        if last is not None and last["type"] == "draw" and last["seat"] == seat:
            # a new dict: entries already handed out (push's return, copies' logs) stay as
            # they were; the log holds one entry per turn's draws, its count growing
            self.log[-1] = {**last, "count": last["count"] + 1}
        else:
            self.log.append({
                "type": "draw", "seat": seat, "count": 1, "ends": ends_list(self.board),
            })

    def _pass(self, seat: int) -> None:
        self.log.append({"type": "pass", "seat": seat, "ends": ends_list(self.board)})
        self.passes += 1
        if self.passes >= self.n:
            self._finish("blocked", score_blocked(self.rules, self.hands, self.opener))
            return
        self.turn = (seat + 1) % self.n
        self._advance()

    def _advance(self) -> None:
        """Apply the forced moves of the seat on turn (RULES.md §4): with ``auto_draw`` its
        draws until a tile fits, and, whatever ``auto_draw``, its pass when no tile fits
        and nothing is left to draw (then the next seat's, until a seat can play, must
        draw by hand, or the round ends)."""
        rules = self.rules
        while self.turn is not None:
            seat = self.turn
            playable = self.board.playable_mask()
            if self.hands[seat] & playable:
                return
            if rules.drawing and self.bone_pos < len(self.bone):
                if not rules.auto_draw:
                    return
                drawn = 0
                while self.bone_pos < len(self.bone):
                    t = self.bone[self.bone_pos]
                    self.bone_pos += 1
                    self.hands[seat] |= 1 << t
                    drawn += 1
                    if playable >> t & 1:
                        break
                self.log.append({
                    "type": "draw", "seat": seat, "count": drawn,
                    "ends": ends_list(self.board),
                })
                if self.hands[seat] & playable:
                    return
            self._pass(seat)
            return

    def _finish(self, end: RoundEnd, award: Award) -> None:
        self._finish_quiet(end, award)
        entry: dict[str, Any] = {
            "type": "round_end", "result": end, "winner": award.side, "points": award.points,
            "pips": [pips_of(h) for h in self.hands],
        }
        if award.batida is not None:
            entry["batida"] = award.batida
        self.log.append(entry)

    def stop(self) -> None:
        """End the round unfinished (the match stopped inside it)."""
        if self.end is None:
            self.end = "unfinished"
            self.award = Award(None, 0, None)
            self.turn = None

    def result(self) -> RoundResult:
        """The result of the round (which must be over)."""
        assert self.end is not None and self.award is not None
        return RoundResult(
            round_no=self.round_no,
            opener=self.opener,
            result=self.end,
            winner=self.award.side,
            points=self.award.points,
            pips=tuple(pips_of(h) for h in self.hands),
            fives=tuple(self.fives),
            hands=tuple(tuple(tiles_of(h)) for h in self.hands),
            boneyard=tuple(ALL_TILES[t] for t in self.bone[self.bone_pos:]),
            winner_seat=self.award.seat,
            batida=self.award.batida,
        )
