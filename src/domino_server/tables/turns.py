"""Bots on turn and the clock: a bot-played seat's move is asked of the bot pool off the
event loop; turn timers, grace periods, round pauses and idleness act when they pass."""

from __future__ import annotations

import asyncio
import logging

from domino_core import Move, view_for

from ..store.repo import Write
from .messages import BotAnswer, Rejection
from .requests import TableRequests
from .stored import now

__all__ = ["TICK", "TableTurns"]

log = logging.getLogger(__name__)

#: An inbox item that only makes the actor look at its deadlines.
TICK = object()


class TableTurns(TableRequests):
    """Asking bots for moves and acting on deadlines."""

    def _drive(self) -> None:
        """Ask a bot for the move when a bot-played seat is on turn."""
        m = self.match
        if self.status != "playing" or m is None or m.over or m.round_over:
            return
        turn = m.turn
        if turn is None or not self.bot_controlled(turn):
            return
        if self.bot_pending is not None and self.bot_pending[1] == self.version:
            return
        level = self.seats[turn]["bot"] or self.settings.timeout_bot
        self._ask_bot(turn, level, timeout=False)

    def _ask_bot(self, seat: int, level: str, *, timeout: bool) -> None:
        assert self.match is not None
        version = self.version
        if not timeout:
            self.bot_pending = (seat, version)
        view = view_for(self.match, seat)
        delay = 0.0
        if self.row["pace"] == "live" and not timeout:
            started = self.row.get("turn_started_at") or now()
            delay = max(0.0, started + self.settings.bot_delay_seconds - now())
        if self._bot_failures and not timeout:  # back off when the bot keeps failing
            delay += min(30.0, 0.5 * 2 ** min(self._bot_failures, 6))

        async def think() -> None:
            try:
                if delay:
                    await asyncio.sleep(delay)
                move = await self.bots.choose(view, level)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: bot %s failed for seat %s", self.id, level, seat)
                move = ""
            self.inbox.put_nowait(BotAnswer(seat, version, move, timeout))

        task = asyncio.get_running_loop().create_task(think())
        self._bot_tasks.add(task)
        task.add_done_callback(self._bot_tasks.discard)

    async def _bot_answer(self, ans: BotAnswer) -> None:
        if not ans.timeout and self.bot_pending == (ans.seat, ans.version):
            self.bot_pending = None
        if ans.version != self.version or self.match is None or self.match.turn != ans.seat:
            return  # stale: the table moved on meanwhile
        if not ans.move:
            self._bot_failures += 1
            return
        if not ans.timeout and not self.bot_controlled(ans.seat):
            return
        try:
            await self._apply_move(ans.seat, Move.parse(ans.move), cmd_id=None)
        except (Rejection, ValueError) as exc:
            log.error("table %s: bot move %r refused: %s", self.id, ans.move, exc)
            self._bot_failures += 1
            return
        self._bot_failures = 0
        for s in range(len(self.seats)):
            await self._handover(s)

    async def _check_deadlines(self) -> None:
        """Apply whatever deadline has passed: a committed deal, grace, turn timer, round
        pause, idleness."""
        if await self._deal_if_due() or self.status != "playing" or self.match is None:
            return
        t = now()
        d = self.deadlines
        idle = d.idle()
        if idle is not None and t >= idle:
            await self._annul("abandoned", seat=None, cmd_id=None)
            return
        for seat in d.grace_expired(t):
            w = Write(
                self.id,
                events=self._events(
                    [
                        (
                            "info",
                            {
                                "type": "seat_bot",
                                "seat": seat,
                                "bot": self.seats[seat]["bot"] or self.settings.timeout_bot,
                                "reason": "away",
                            },
                        )
                    ]
                ),
                seats={
                    seat: {
                        "away": True,
                        "bot": self.seats[seat]["bot"] or self.settings.timeout_bot,
                    }
                },
            )
            await self._commit(w)
        pause = d.round_pause()
        if pause is not None and t >= pause:
            await self._next_round(None, None)
            return
        turn = d.turn()
        if turn is not None and t >= turn and self.timeout_pending != self.version:
            assert self.match.turn is not None
            self.timeout_pending = self.version
            self._ask_bot(self.match.turn, self.settings.timeout_bot, timeout=True)

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        times = [self.deadlines.next_wakeup(self.timeout_pending == self.version), self.deal_due()]
        when = min((t for t in times if t is not None), default=None)
        if when is None:
            return
        delay = max(0.0, when - now()) + 0.001
        self._timer = asyncio.get_running_loop().call_later(delay, self.inbox.put_nowait, TICK)
