"""The tables' news, gathered before the reminders store it (:class:`Gatherer`).

The first news of a table after ``quiet`` seconds without any is stored at the next
look (every ``TICK_SECONDS``). News that follows sooner is kept, its latest in place of
the earlier, until the table has been quiet for ``quiet`` seconds, or ``latest`` seconds
after the first news kept. What is ready is stored together, every table's, in one
transaction. A quick exchange of moves (two people playing at once at a correspondence
table) thus stores its reminders once it pauses instead of at every move: a turn that
lasts has its reminders stored within a tick of its start. News not stored when the
server dies is made again when the table is loaded.

Only tables that someone is reminded at are read and stored (``subscribed``, asked once
per go): a table without any push subscription makes no news and no rows at all; a new
subscription stores its table's reminders itself (``Reminders.table_subscribed``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from .news import TableNews

__all__ = ["LATEST_SECONDS", "QUIET_SECONDS", "Gatherer"]

log = logging.getLogger(__name__)

#: A table's news is stored once the table has been quiet this long...
QUIET_SECONDS = 2.0
#: ...or at the latest this long after its first news not stored yet.
LATEST_SECONDS = 10.0
#: How often the news kept is looked at.
TICK_SECONDS = 0.25
#: Most tables whose news is read and stored in one go: each go stops the event loop while
#: the news are made (a spectator's view per table) and, on SQLite, while its transaction
#: commits there, so a thousand tables ready at once must not be one stop of 50-100 ms.
STORE_TABLES = 64


@dataclass(slots=True)
class _Kept:
    read: Callable[[], TableNews | None]  # the table's news as it stands (None: no news)
    first: float
    last: float
    prompt: bool  # the first news after a quiet spell: stored at the next look


class Gatherer:
    """Keeps each table's latest news and hands what is ready to ``store`` (a list of
    news of at most :data:`STORE_TABLES` tables, stored in one go; it logs and swallows
    its own failures). ``subscribed`` gives which of some tables have a push subscription
    (None: every table counts as subscribed; if it fails, so do all of them)."""

    def __init__(
        self,
        store: Callable[[list[TableNews]], Awaitable[None]],
        *,
        subscribed: Callable[[list[str]], Awaitable[set[str]]] | None = None,
        quiet: float = QUIET_SECONDS,
        latest: float = LATEST_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._store = store
        self._subscribed = subscribed
        self.quiet, self.latest, self.clock = quiet, latest, clock
        self._kept: dict[str, _Kept] = {}
        self._stored_at: dict[str, float] = {}  # tables stored less than ``quiet`` ago
        self._storing = False
        self._kick = asyncio.Event()  # news came while nothing was kept
        self._hurry = asyncio.Event()  # set while someone awaits settle(): store at once
        self._hurrying = 0
        self._stored = asyncio.Condition()

    def tell(self, table_id: str, read: Callable[[], TableNews | None]) -> None:
        """Keep ``read`` as the table's latest news (never blocks)."""
        now = self.clock()
        kept = self._kept.get(table_id)
        if kept is None:
            since = self._stored_at.get(table_id)
            prompt = since is None or since <= now - self.quiet
            self._kept[table_id] = _Kept(read, now, now, prompt)
            self._kick.set()
        else:
            kept.read, kept.last = read, now

    async def settle(self) -> None:
        """Return once every news told so far is stored (without waiting for quiet)."""
        self._hurrying += 1
        self._hurry.set()
        self._kick.set()
        try:
            async with self._stored:
                await self._stored.wait_for(lambda: not self._kept and not self._storing)
        finally:
            self._hurrying -= 1
            if not self._hurrying:
                self._hurry.clear()

    def _ready(self) -> list[str]:
        now = self.clock()
        quiet, first = now - self.quiet, now - self.latest
        self._stored_at = {t: at for t, at in self._stored_at.items() if at > quiet}
        if self._hurrying:
            ready = list(self._kept)
        else:
            ready = [
                t for t, k in self._kept.items() if k.prompt or k.last <= quiet or k.first <= first
            ]
        self._stored_at.update(dict.fromkeys(ready, now))
        return ready

    async def _read_and_store(self, ready: list[str]) -> None:
        """Read the news of the tables ``ready`` that have a subscription as they stand
        now, and store them."""
        taken = [(t, k) for t in ready if (k := self._kept.pop(t, None)) is not None]
        if self._subscribed is not None and taken:
            try:
                wanted = await self._subscribed([t for t, _ in taken])
            except Exception:
                log.exception("push subscriptions not read; storing every table's reminders")
            else:
                taken = [(t, k) for t, k in taken if t in wanted]
        news: list[TableNews] = []
        for table_id, kept in taken:
            try:
                made = kept.read()
            except Exception:
                log.exception("table %s: reminders not read", table_id)
                continue
            if made is not None:
                news.append(made)
        if news:
            await self._store(news)

    async def run(self) -> None:
        """Store the news as it gets ready, until cancelled."""
        while True:
            if not self._kept:
                self._kick.clear()
                await self._kick.wait()
                continue
            if not self._hurrying:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._hurry.wait(), TICK_SECONDS)
            ready = self._ready()
            if ready:
                self._storing = True
                try:
                    for i in range(0, len(ready), STORE_TABLES):
                        await self._read_and_store(ready[i : i + STORE_TABLES])
                finally:
                    self._storing = False
            async with self._stored:
                self._stored.notify_all()
