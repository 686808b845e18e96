"""Asking the bot pool for the moves a table waits for, off the event loop; each answer
comes back through the table's inbox as a :class:`~..table.commands.BotMoved`, which the
machine applies only if the table still waits for exactly it.

The driver holds no reference to its actor (the actor holds the driver): the answer's way
back (``deliver``) is given with each request and held only while it is in flight, so a
table dropped from memory is freed at once rather than left to a full garbage collection
(which the server runs rarely, see ``Settings.gc_thresholds``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from domino_core import view_for

from ..table import TableState
from ..table.commands import BotMoved
from ..table.deadlines import BotTurn

__all__ = ["BotDriver"]

log = logging.getLogger(__name__)


class BotDriver:
    """One table's bot requests: at most one per state (``seq``) and kind, with a pause
    before a live bot's move and a growing one while the bot keeps failing."""

    def __init__(self, table_id: str, pool: Any, delay: float) -> None:
        self.table_id = table_id
        self.pool = pool
        self.delay = delay
        self.asked: tuple[int, bool] | None = None  # (seq, timeout) of the last request
        self.failures = 0
        self._tasks: set[asyncio.Task[None]] = set()

    def turn_asked(self, state: TableState) -> bool:
        """Whether the turn timer's move for the state now was asked for already."""
        return self.asked == (state.seq, True)

    def want(
        self,
        state: TableState,
        turn: BotTurn | None,
        now: float,
        deliver: Callable[[BotMoved], None],
    ) -> None:
        """Ask for ``turn`` (what the machine says the table waits for) unless asked; its
        answer goes to ``deliver``."""
        if turn is None or self.asked == (turn.seq, turn.timeout):
            return
        self.asked = (turn.seq, turn.timeout)
        assert state.match is not None
        view = view_for(state.match, turn.seat)
        delay = 0.0
        if state.live and not turn.timeout:
            # from the table's last move: a bot drawing by hand shows each tile it takes
            delay = max(0.0, (state.moved_at or now) + self.delay - now)
        if self.failures and not turn.timeout:
            delay += min(30.0, 0.5 * 2 ** min(self.failures, 6))

        async def think() -> None:
            try:
                if delay:
                    await asyncio.sleep(delay)
                move = await self.pool.choose(view, turn.level)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception(
                    "table %s: bot %s failed for seat %s", self.table_id, turn.level, turn.seat
                )
                self.failures += 1
                self.asked = None  # ask again (after the back-off)
                deliver(BotMoved(turn.seat, -1, "", turn.timeout))
                return
            deliver(BotMoved(turn.seat, turn.seq, move, turn.timeout))

        task = asyncio.get_running_loop().create_task(think())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def cancel(self) -> None:
        """Forget every request in flight."""
        for t in list(self._tasks):
            t.cancel()
