"""The reminders service of one server instance: stores what each table's news calls for
(gathered first, :mod:`.gather`; off the table's actor) and sends due reminders from the
database.

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
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from domino_core import view_for

from ..core.config import Settings
from . import rows
from .gather import LATEST_SECONDS, QUIET_SECONDS, Gatherer
from .keys import VapidKeys, load_keys
from .news import TableNews, news_from
from .plan import Plan, plan
from .ports import Standing, Transact
from .retry import retry_at
from .sender import Outcome, deliver
from .subscriptions import EndpointRules

__all__ = ["Reminders", "Standing", "Transact"]

T = TypeVar("T")

log = logging.getLogger(__name__)

#: Reminders claimed at once, and how long a claim holds.
BATCH = 8
LEASE_SECONDS = 300.0


class Reminders:
    """Web Push reminders over ``engine``; ``clock`` gives seconds since the epoch."""

    def __init__(
        self,
        engine: AsyncEngine,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        transact: Transact | None = None,
    ) -> None:
        self.engine = engine
        self.settings = settings
        self.clock = clock
        self.keys: VapidKeys | None = None
        self._transact = transact or self._own_transaction
        # gathering must stay far shorter than the soonest reminder after a turn begins
        soonest = min(settings.push_after_seconds, settings.absence_seconds)
        quiet = min(QUIET_SECONDS, soonest / 1000)
        self._gather = Gatherer(
            self._store,
            subscribed=functools.partial(rows.subscribed_tables, engine),
            quiet=quiet,
            latest=quiet * LATEST_SECONDS / QUIET_SECONDS,
        )
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._pool = ThreadPoolExecutor(4, thread_name_prefix="push")
        self._claims: set[str] = set()
        self._stopping = False

    async def _own_transaction(self, run: Callable[[Connection], T]) -> T:
        async with self.engine.begin() as conn:
            return await conn.run_sync(run)

    # lifecycle ---------------------------------------------------------------
    async def start(self, *, send: bool = True) -> None:
        """Load (or make) the VAPID keys and start storing news and (``send``) sending."""
        self.keys = await load_keys(self.engine, self.settings.vapid_private_key)
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._gather.run(), name="push-news"))
        if send:
            self._tasks.append(loop.create_task(self._send_loop(), name="push-send"))

    async def stop(self) -> None:
        """Store the news still queued, let a send under way finish (up to 15 s: what was
        delivered is marked so), stop, and give back the claims not sent yet."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.settle(), 5.0)
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
                await self._transact(functools.partial(rows.release, token=token))
        self._pool.shutdown(wait=False, cancel_futures=True)

    # the table side ------------------------------------------------------------
    def table_changed(self, news: TableNews) -> None:
        """What the table side calls after each committed event (and after loading a
        table): never blocks, never raises; live tables are ignored."""
        if news.pace == "correspondence":
            self._gather.tell(news.table_id, lambda: news)

    def table_committed(self, table_id: str, read: Standing) -> None:
        """:meth:`table_changed` for a correspondence table whose public summary and
        match ``read`` gives (the one call the table side makes after each committed event,
        and after loading one): the news is made from them, and a spectator's view of the
        match, only when it is stored, so as the table stands then (``read`` gives None
        once the table is no longer this instance's: nothing is stored)."""
        self._gather.tell(table_id, functools.partial(self._news, table_id, read))

    async def table_subscribed(self, table_id: str, read: Standing) -> None:
        """Store the table's reminders now, as it stands (a table nobody was subscribed
        at has none stored, see :mod:`.gather`); those sent to nobody are due again."""
        news = self._news(table_id, read)
        if news is not None:
            await self._store([news], reopen=True)

    def _news(self, table_id: str, read: Standing) -> TableNews | None:
        standing = read()
        if standing is None:
            return None
        summary, match = standing
        view = None if match is None else view_for(match, None)
        return news_from(table_id, summary, view, absence_seconds=self.settings.absence_seconds)

    async def settle(self) -> None:
        """Return once every news told so far is stored."""
        await self._gather.settle()

    def wake(self) -> None:
        """Look for due reminders now."""
        self._wake.set()

    def _plan(self, news: TableNews, now: float) -> Plan:
        after, notice = self.settings.push_after_seconds, self.settings.push_claim_notice_seconds
        return plan(news, now, after_seconds=after, notice_seconds=notice)

    async def _store(self, news: list[TableNews], reopen: bool = False) -> None:
        """Store the reminders of ``news`` (one per table) in one transaction; tried three
        times, then logged and dropped."""
        for attempt in range(3):
            t = self.clock()
            plans = [(n.table_id, self._plan(n, t)) for n in news]
            apply = functools.partial(rows.apply_plans, plans=plans, now=t, reopen=reopen)
            try:
                await self._transact(apply)
            except Exception:
                log.exception("reminders of %d tables not stored", len(plans))
                await asyncio.sleep(2**attempt)
                continue
            if any(w.state == "pending" and w.due_at <= t for _, p in plans for w in p.wanted):
                self.wake()
            return

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
            claim = functools.partial(
                rows.claim_due, now=self.clock(), token=token, limit=BATCH, lease=LEASE_SECONDS
            )
            claimed = await self._transact(claim)
            for row in claimed:
                if self._stopping:
                    break
                await self._send(row, token)
        finally:
            if self._stopping:
                await self._transact(functools.partial(rows.release, token=token))
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
            await self._finish(row, token, "sent" if done else "nobody", done)
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
                    rules=EndpointRules.of(s.push_hosts, s.push_allow_http),
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
                await self._transact(
                    functools.partial(rows.delete_subscription, sub_id=int(sub["id"]))
                )
            elif out.result == "retry":
                waits.append(out.retry_after or 0.0)
        if not waits:
            await self._finish(row, token, "sent", done)
            return
        attempts = int(row["attempts"]) + 1
        first, most = s.push_retry_seconds, s.push_max_attempts
        due = retry_at(attempts, waits, now=self.clock(), first=first, most=most)
        if due is None:
            log.warning("reminder %s given up after %d tries", row["id"], attempts)
            await self._finish(row, token, "failed", done)
            return
        later = functools.partial(
            rows.retry_later, rid=row["id"], token=token, due_at=due, attempts=attempts,
            delivered=done,
        )
        await self._transact(later)

    async def _finish(self, row: dict[str, Any], token: str, state: str, done: list[int]) -> None:
        """Close the claimed ``row`` as ``state``."""
        close = functools.partial(
            rows.finish, rid=row["id"], token=token, state=state, delivered=done, at=self.clock()
        )
        await self._transact(close)

    # subscriptions ---------------------------------------------------------------
    async def subscribe(
        self, table_id: str, seat: int, endpoint: str, p256dh: str, auth: str, lang: str
    ) -> None:
        """Remind the seat through this browser's subscription (the caller then stores the
        table's reminders, :meth:`table_subscribed`)."""
        keys = (endpoint, p256dh, auth, lang)
        await self._transact(lambda conn: rows.add_subscription(conn, table_id, seat, *keys))

    async def unsubscribe(self, table_id: str, seat: int, endpoint: str | None) -> int:
        """Stop reminding the seat through ``endpoint`` (None: through any browser)."""
        remove = functools.partial(
            rows.remove_subscriptions, table_id=table_id, seat=seat, endpoint=endpoint
        )
        return await self._transact(remove)

    async def subscribed(self, table_id: str, seat: int, endpoint: str) -> bool:
        """Whether ``endpoint`` is subscribed for the seat."""
        return await rows.has_subscription(self.engine, table_id, seat, endpoint)
