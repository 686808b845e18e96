"""The turns a round plays by itself (RULES.md §4): a seat's forced draws and passes, and
the end of the round (§5-§6), with their entries in the public log.

:class:`RoundTurns` sits between :class:`domino_core.round_state.RoundState` (the state,
laying tiles, playouts) and :class:`domino_core.round.Round` (the moves a player makes):
after each of them, :meth:`RoundTurns._advance` plays what the rules play for the next
seats, and :meth:`RoundTurns._finish` writes the ``round_end`` entry.
"""

from __future__ import annotations

from typing import Any

from .legality import ends_list
from .result import RoundEnd, RoundResult
from .round_state import RoundState
from .scoring import NOBODY, Award, score_blocked
from .tiles import ALL_TILES, pips_of, tile_tuple

__all__ = ["RoundTurns"]


class RoundTurns(RoundState):
    """:class:`RoundState` with the forced turns and the round's end, logged."""

    __slots__ = ()

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

    def _advance(self, playable: int | None = None) -> None:
        """Apply the forced moves of the seat on turn (RULES.md §4): with ``auto_draw`` its
        draws until a tile fits, and, whatever ``auto_draw``, its pass when no tile fits
        and nothing is left to draw (then the next seat's, until a seat can play, must
        draw by hand, or the round ends). ``playable``: the board's playable mask, if
        known."""
        rules = self.rules
        hands = self.hands
        log = self.log
        # the table does not change here: what fits, and the log's ends, hold throughout
        if playable is None:
            playable = self.board.playable_mask()
        ends: list[int] | None = None
        while self.turn is not None:
            seat = self.turn
            if hands[seat] & playable:
                return
            if ends is None:
                ends = ends_list(self.board)
            if rules.drawing and self.bone_pos < len(self.bone):
                if not rules.auto_draw:
                    return
                drawn = 0
                while self.bone_pos < len(self.bone):
                    t = self.bone[self.bone_pos]
                    self.bone_pos += 1
                    hands[seat] |= 1 << t
                    drawn += 1
                    if playable >> t & 1:
                        break
                log.append({"type": "draw", "seat": seat, "count": drawn, "ends": ends[:]})
                if hands[seat] & playable:
                    return
            # its pass (_pass, whose _advance is the next turn of this loop)
            log.append({"type": "pass", "seat": seat, "ends": ends[:]})
            self.passes += 1
            if self.passes >= self.n:
                self._finish("blocked", score_blocked(rules, hands, self.opener))
                return
            self.turn = (seat + 1) % self.n

    def _finish(self, end: RoundEnd, award: Award) -> None:
        self._finish_quiet(end, award)
        entry: dict[str, Any] = {
            "type": "round_end", "result": end, "winner": award.side, "points": award.points,
            "pips": [*map(pips_of, self.hands)],
        }
        if award.batida is not None:
            entry["batida"] = award.batida
        self.log.append(entry)

    def stop(self) -> None:
        """End the round unfinished (the match stopped inside it)."""
        if self.end is None:
            self.end = "unfinished"
            self.award = NOBODY
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
            pips=tuple(map(pips_of, self.hands)),
            fives=tuple(self.fives),
            hands=tuple(map(tile_tuple, self.hands)),
            boneyard=tuple(map(ALL_TILES.__getitem__, self.bone[self.bone_pos:])),
            winner_seat=self.award.seat,
            batida=self.award.batida,
        )
