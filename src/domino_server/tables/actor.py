"""One asyncio task per live table: inbox → core → store → fan-out.

Everything that changes a table goes through :meth:`TableActor.ask` (or ``submit``,
``tell``) and is handled one at a time by the actor's task: the core applies it (an
illegal move changes nothing), the resulting events are committed to the database, and
only then does any socket hear of them, each seat through ``domino_core.view_for`` (or
``views_for``, several seats at once) alone.

The actor's parts, one idea per file: :mod:`.state` (the state and its fold from stored
events), :mod:`.writes` (store, then tell), :mod:`.seats`, :mod:`.requests` (commands),
:mod:`.turns` (bots and deadlines); this file holds the task and its inbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from .. import metrics
from .connection import Connection
from .messages import Answer, Attach, BotAnswer, Detach, Rejection, Reply, Resync
from .requests import BOT_NAMES
from .turns import TICK, TableTurns

__all__ = ["BOT_NAMES", "TableActor"]

log = logging.getLogger(__name__)


class TableActor(TableTurns):
    """The single owner of one table's state while it is live."""

    def start(self) -> None:
        """Start the actor's task."""
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.id}")
        self.inbox.put_nowait(TICK)

    async def stop(self) -> None:
        """Stop the task and any bot request; sockets are closed (clients may reconnect)."""
        if self._timer is not None:
            self._timer.cancel()
        for t in list(self._bot_tasks):
            t.cancel()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        for conns in self.conns.values():
            for conn in conns:
                conn.close(1012, "server restarting")

    async def ask(self, seat: int | None, request: Any) -> Reply:
        """Hand ``request`` (a command, :class:`Join`...) to the actor; its reply."""
        fut: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self.inbox.put_nowait((seat, request, fut))
        return await fut

    def submit(self, seat: int | None, command: Any, conn: Connection) -> None:
        """Hand a socket's ``command`` to the actor without waiting: its ``accepted`` or
        ``rejected`` goes to ``conn`` right after the events it produced."""
        self.inbox.put_nowait((seat, command, Answer(conn, command.id)))

    def tell(self, message: Any) -> None:
        """Hand ``message`` (:class:`Attach`, :class:`Detach`...) to the actor, no reply."""
        self.inbox.put_nowait(message)

    def poke(self) -> None:
        """Make the actor check its deadlines now."""
        self.inbox.put_nowait(TICK)

    async def _run(self) -> None:
        while True:
            item = await self.inbox.get()
            if self.broken and not await self._reload():
                self._refuse(item)  # the database is unreachable: change nothing
                continue
            try:
                await self._handle(item)
                await self._check_deadlines()
                self._drive()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: failure; reloading from the database", self.id)
                self.broken = True
                await self._reload()
            self._schedule()

    async def _reload(self) -> bool:
        """Rebuild the state from the database; False if it cannot be read now."""
        try:
            loaded = await self.store.load(self.id)
        except Exception:
            log.exception("table %s: cannot reload from the database", self.id)
            return False
        metrics.RELOADS.labels(reason="failure").inc()
        if loaded is not None:
            self.cmd_ids.clear()
            self.ring.clear()
            self.restore(loaded)
        self.broken = False
        return True

    def _refuse(self, item: Any) -> None:
        """Answer ``item`` without touching the state (used while the database is away)."""
        if isinstance(item, tuple):
            fut = item[2]
            if not fut.done():
                fut.set_result(Reply(self.seq, "not_allowed", "storage unavailable; try again"))
        elif isinstance(item, Attach):
            item.conn.close(1011, "storage unavailable; reconnect later")
        elif isinstance(item, Resync):
            item.conn.send(
                {
                    "type": "rejected",
                    "id": item.cmd_id,
                    "code": "not_allowed",
                    "reason": "storage unavailable; try again",
                }
            )
        if self._timer is not None:  # try again in a second even if nobody asks
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(1.0, self.poke)

    async def _handle(self, item: Any) -> None:
        if item is TICK:
            return
        if isinstance(item, Attach):
            await self._attach(item.conn, item.last_seq)
            return
        if isinstance(item, Resync):
            self.resume(item.conn, item.last_seq)
            item.conn.send({"type": "accepted", "id": item.cmd_id, "seq": self.seq})
            return
        if isinstance(item, Detach):
            await self._detach(item.conn)
            return
        if isinstance(item, BotAnswer):
            await self._bot_answer(item)
            return
        seat, request, fut = item
        self.last_active = time.monotonic()
        try:
            reply = await self._request(seat, request)
        except Rejection as r:
            reply = Reply(seq=self.seq, code=r.code, reason=r.reason)
        except Exception:
            if not fut.done():
                fut.set_result(Reply(self.seq, "not_allowed", "server failure; nothing changed"))
            raise
        if not fut.done():
            fut.set_result(reply)
