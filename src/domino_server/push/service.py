"""The reminders service of one server instance: stores what each table's news calls for
(in order, off the table's actor) and sends due reminders from the database.

Sending claims due rows (:func:`.rows.claim_due`), delivers each to every browser
subscribed for the seat on a worker thread (:func:`.sender.deliver`), then closes the row.
A 429/5xx gives the row back with a later due time (doubling from ``push_retry_seconds``,
or the ``Retry-After`` asked for), so retries outlive a restart; the subscriptions already
reached are kept in the row and not sent to again.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
import time
import uuid
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from domino_core import Match, view_for

from ..core.config import Settings
from . import rows
from .keys import VapidKeys, load_keys
from .news import TableNews, news_from
from .plan import plan
from .sender import Outcome, deliver

__all__ = ["Reminders"]

log = logging.getLogger(__name__)

#: Reminders claimed at once, and how long a claim holds.
BATCH = 8
LEASE_SECONDS = 300.0


class Reminders:
    """Web Push reminders over ``engine``; ``clock`` gives seconds since the epoch."""

    def __init__(
        self, engine: AsyncEngine, settings: Settings, *, clock: Callable[[], float] = time.time
    ) -> None:
        self.engine = engine
        self.settings = settings
        self.clock = clock
        self.keys: VapidKeys | None = None
        self._news: asyncio.Queue[TableNews] = asyncio.Queue()
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._pool = ThreadPoolExecutor(4, thread_name_prefix="push")
        self._claims: set[str] = set()
        self._stopping = False

    # lifecycle ---------------------------------------------------------------
    async def start(self, *, send: bool = True) -> None:
        """Load (or make) the VAPID keys and start storing news and (``send``) sending."""
        self.keys = await load_keys(self.engine, self.settings.vapid_private_key)
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._store_news(), name="push-news"))
        if send:
            self._tasks.append(loop.create_task(self._send_loop(), name="push-send"))

    async def stop(self) -> None:
        """Store the news still queued, let a send under way finish (up to 15 s: what was
        delivered is marked so), stop, and give back the claims not sent yet."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._news.join(), 5.0)
        self._stopping = True
        self.wake()
        sending = [t for t in self._tasks if t.get_name() == "push-send"]
        if sending:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(sending[0]), 15.0)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()
        for token in list(self._claims):
            with contextlib.suppress(Exception):
                await rows.release(self.engine, token)
        self._pool.shutdown(wait=False, cancel_futures=True)

    # the table side ------------------------------------------------------------
    def table_changed(self, news: TableNews) -> None:
        """What the table side calls after each committed event (and after loading a
        table): never blocks, never raises; live tables are ignored."""
        if news.pace == "correspondence":
            self._news.put_nowait(news)

    def table_committed(
        self, table_id: str, summary: Mapping[str, Any], match: Match | None
    ) -> None:
        """:meth:`table_changed` with the news made from the table's public ``summary``
        and a spectator's view of ``match`` (the one call the table side makes after each
        committed event of a correspondence table, and after loading one)."""
        if summary.get("pace") != "correspondence":
            return
        view = None if match is None else view_for(match, None)
        self.table_changed(
            news_from(table_id, summary, view, absence_seconds=self.settings.absence_seconds)
        )

    async def settle(self) -> None:
        """Return once every news told so far is stored."""
        await self._news.join()

    def wake(self) -> None:
        """Look for due reminders now."""
        self._wake.set()

    async def _store_news(self) -> None:
        s = self.settings
        while True:
            news = await self._news.get()
            try:
                for attempt in range(3):
                    t = self.clock()
                    p = plan(
                        news,
                        t,
                        after_seconds=s.push_after_seconds,
                        notice_seconds=s.push_claim_notice_seconds,
                    )
                    try:
                        await rows.apply_plan(self.engine, news.table_id, p, t)
                    except Exception:
                        log.exception("table %s: reminders not stored", news.table_id)
                        await asyncio.sleep(2**attempt)
                        continue
                    if any(w.state == "pending" and w.due_at <= t for w in p.wanted):
                        self.wake()
                    break
            finally:
                self._news.task_done()

    # sending -------------------------------------------------------------------
    async def _send_loop(self) -> None:
        poll = self.settings.push_poll_seconds
        while not self._stopping:
            done = 0
            try:
                done = await self.send_due()
            except Exception:
                log.exception("sending reminders failed")
            if done:
                continue
            delay = poll
            with contextlib.suppress(Exception):
                due = await rows.next_due(self.engine)
                if due is not None:
                    delay = min(poll, max(0.0, due - self.clock()))
            if self._stopping:
                break
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), delay + 0.001)

    async def send_due(self) -> int:
        """Claim the reminders due now and send them; how many were claimed."""
        token = uuid.uuid4().hex
        self._claims.add(token)
        try:
            claimed = await rows.claim_due(
                self.engine, self.clock(), token, limit=BATCH, lease=LEASE_SECONDS
            )
            for row in claimed:
                if self._stopping:
                    break
                await self._send(row, token)
        finally:
            if self._stopping:
                await rows.release(self.engine, token)
            self._claims.discard(token)
        return len(claimed)

    async def _send(self, row: dict[str, Any], token: str) -> None:
        assert self.keys is not None
        s = self.settings
        done: list[int] = list(row["delivered"] or [])
        subs = [
            x
            for x in await rows.subscriptions_of(self.engine, row["table_id"], row["seat"])
            if x["id"] not in done
        ]
        if not subs:
            await rows.finish(
                self.engine, row["id"], token, "sent" if done else "nobody", done, self.clock()
            )
            return
        loop = asyncio.get_running_loop()
        topic = re.sub(r"[^A-Za-z0-9_-]", "", row["table_id"])[:32] or "domino"
        calls = [
            loop.run_in_executor(
                self._pool,
                functools.partial(
                    deliver,
                    sub,
                    {**row["payload"], "lang": sub["lang"]},
                    self.keys,
                    subject=s.vapid_subject,
                    ttl=s.push_ttl_seconds,
                    topic=topic,
                ),
            )
            for sub in subs
        ]
        outcomes: list[Outcome] = await asyncio.gather(*calls)
        waits: list[float] = []
        for sub, out in zip(subs, outcomes, strict=True):
            if out.result == "delivered":
                done.append(int(sub["id"]))
            elif out.result == "gone":
                await rows.delete_subscription(self.engine, int(sub["id"]))
            elif out.result == "retry":
                waits.append(out.retry_after or 0.0)
        now = self.clock()
        if not waits:
            await rows.finish(self.engine, row["id"], token, "sent", done, now)
            return
        attempts = int(row["attempts"]) + 1
        if attempts >= s.push_max_attempts:
            log.warning("reminder %s given up after %d tries", row["id"], attempts)
            await rows.finish(self.engine, row["id"], token, "failed", done, now)
            return
        backoff = s.push_retry_seconds * 2 ** (attempts - 1)
        await rows.retry_later(
            self.engine, row["id"], token, now + max(backoff, *waits), attempts, done
        )

    # subscriptions ---------------------------------------------------------------
    async def subscribe(
        self, table_id: str, seat: int, endpoint: str, p256dh: str, auth: str, lang: str
    ) -> None:
        """Remind the seat through this browser's subscription."""
        await rows.add_subscription(self.engine, table_id, seat, endpoint, p256dh, auth, lang)

    async def unsubscribe(self, table_id: str, seat: int, endpoint: str | None) -> int:
        """Stop reminding the seat through ``endpoint`` (None: through any browser)."""
        return await rows.remove_subscriptions(self.engine, table_id, seat, endpoint)

    async def subscribed(self, table_id: str, seat: int, endpoint: str) -> bool:
        """Whether ``endpoint`` is subscribed for the seat."""
        return await rows.has_subscription(self.engine, table_id, seat, endpoint)
