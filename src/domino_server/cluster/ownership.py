"""The leases this instance holds: taking, renewing, handing over, losing.

:class:`Ownership` is the store's :class:`~domino_server.store.repo.Fence`: a write of a
table is handed to the database with the epoch of the lease held (renewals are sent every
third of the lease; a lease counts as valid by this process's clock until the moment its
last renewal was sent plus its length, never later than the database's expiry). The
database checks owner and epoch in the writing transaction, so a paused process that
wakes up after another instance took its table cannot write; a table whose lease ran out
by our own clock is confirmed with the database before it serves a new socket or request
(:meth:`Ownership.confirm`).

Hand-over requests and releases arrive by ``LISTEN`` on a connection of its own
(asyncpg): a request for a table held here calls ``on_handover``; a release wakes
whoever waits for that table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any

from ..store.leases import HANDOVER_CHANNEL, RELEASED_CHANNEL, Lease, Leases

log = logging.getLogger(__name__)


class TableBusy(Exception):
    """Another live instance holds the table and did not hand it over in time."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id} is held by another instance; try again")
        self.table_id = table_id


class Ownership:
    """The leases of one instance (``leases.owner``)."""

    def __init__(self, leases: Leases, dsn: str, handover_wait: float) -> None:
        self.leases = leases
        self.owner = leases.owner
        self.ttl = leases.ttl
        self.dsn = dsn  # plain postgresql:// URL for the LISTEN connection
        self.handover_wait = handover_wait
        self.held: dict[str, tuple[int, float]] = {}  # table → (epoch, valid until: monotonic)
        self.on_lost: Callable[[str], None] = lambda _t: None
        self.on_handover: Callable[[str], Coroutine[Any, Any, None]] = _nothing
        self._released: dict[str, asyncio.Event] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._listening = asyncio.Event()
        self.takeovers = 0  # leases taken (metrics, benchmarks)

    # the store's fence ------------------------------------------------------
    def epoch(self, table_id: str) -> int | None:
        """The epoch held on ``table_id`` (None if none is). It may have run out by our
        clock since the last renewal (a loop busy restoring tables, a pause): the
        database's fence decides, in the writing transaction."""
        got = self.held.get(table_id)
        return None if got is None else got[0]

    def fresh(self, table_id: str) -> bool:
        """Whether the lease of ``table_id`` is held and valid by our own clock."""
        got = self.held.get(table_id)
        return got is not None and got[1] > time.monotonic()

    async def confirm(self, table_id: str) -> bool:
        """Renew the lease of ``table_id`` now; whether it is still ours."""
        got = self.held.get(table_id)
        if got is None:
            return False
        sent = time.monotonic()
        kept = await self.leases.renew({table_id: got[0]})
        if kept.get(table_id) == got[0] and self.held.get(table_id, (None,))[0] == got[0]:
            self.held[table_id] = (got[0], sent + self.ttl)
            return True
        self.lost(table_id, got[0])
        return False

    def lost(self, table_id: str, epoch: int | None = None) -> None:
        """A write (decided under ``epoch``; None: under no valid lease) or a renewal
        found the lease gone: forget it and tell the registry. A stale write of an older
        epoch than the one held now changes nothing (its actor is already gone)."""
        got = self.held.get(table_id)
        if got is not None and epoch is not None and got[0] != epoch:
            return
        if self.held.pop(table_id, None) is not None:
            log.warning("lease lost", extra={"table": table_id, "instance": self.owner})
        self.on_lost(table_id)

    # lifecycle ----------------------------------------------------------------
    async def start(self) -> None:
        """Start renewing and listening (returns once the listener is subscribed)."""
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._renew_loop(), name="lease-renew"),
            loop.create_task(self._listen_loop(), name="lease-listen"),
        ]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._listening.wait(), 10)

    async def close(self) -> None:
        """Release every lease still held and stop."""
        for table_id in list(self.held):
            with contextlib.suppress(Exception):
                await self.release(table_id)
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await t

    # taking and giving up -------------------------------------------------------
    def _hold(self, lease: Lease, sent_at: float) -> int:
        self.held[lease.table_id] = (lease.epoch, sent_at + self.ttl)
        self.takeovers += 1
        return lease.epoch

    def adopt(self, lease: Lease, sent_at: float) -> int:
        """Hold ``lease`` (taken by a claim sent at monotonic ``sent_at``); its epoch."""
        return self._hold(lease, sent_at)

    async def take(self, table_id: str) -> int:
        """The lease of ``table_id``, waiting while its holder hands it over (or while the
        lease of a holder that died runs out); its epoch. Raises :class:`TableBusy` when
        neither happened within ``handover_wait`` plus one lease length."""
        deadline = time.monotonic() + self.handover_wait + self.ttl
        asked: str | None = None
        while True:
            released = self._released.setdefault(table_id, asyncio.Event())
            released.clear()
            sent = time.monotonic()
            lease = await self.leases.acquire(table_id)
            if lease is not None:
                self._released.pop(table_id, None)
                return self._hold(lease, sent)
            current = await self.leases.read(table_id)
            if current is None or current.owner is None or current.left <= 0:
                continue  # freed between the two statements: try again now
            if asked != current.owner:
                await self.leases.request_handover(table_id)
                asked = current.owner
            # woken by the release, or when that lease runs out if nobody renews it
            wait = min(current.left + 0.05, deadline - time.monotonic())
            if wait <= 0:
                self._released.pop(table_id, None)
                raise TableBusy(table_id)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(released.wait(), wait)

    async def release(self, table_id: str) -> None:
        """Give up the lease of ``table_id`` (if held) and tell whoever waits for it."""
        got = self.held.pop(table_id, None)
        if got is not None:
            await self.leases.release(table_id, got[0])

    def forget(self, table_id: str) -> None:
        """Stop holding ``table_id`` without writing (the lease is lost anyway)."""
        self.held.pop(table_id, None)

    # background -------------------------------------------------------------------
    async def _renew_loop(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                await self.renew()
            except Exception:
                log.exception("lease renewal failed")

    async def renew(self) -> None:
        """Extend every lease held; the ones the database no longer gives us are lost
        (a lease that ran out by our clock but is renewed at the same epoch was never
        taken by anyone: it stays ours)."""
        epochs = {t: e for t, (e, _) in self.held.items()}
        sent = time.monotonic()
        kept = await self.leases.renew(epochs)
        for table_id, epoch in epochs.items():
            if kept.get(table_id) == epoch and self.held.get(table_id, (None,))[0] == epoch:
                self.held[table_id] = (epoch, sent + self.ttl)
            elif self.held.get(table_id, (None,))[0] == epoch:
                self.lost(table_id, epoch)

    async def _listen_loop(self) -> None:
        import asyncpg

        while True:
            try:
                conn = await asyncpg.connect(self.dsn)
            except Exception:
                log.exception("cannot open the LISTEN connection; retrying")
                await asyncio.sleep(1.0)
                continue
            gone: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            conn.add_termination_listener(_resolver(gone))
            try:
                await conn.add_listener(HANDOVER_CHANNEL, self._notified)
                await conn.add_listener(RELEASED_CHANNEL, self._notified)
                self._listening.set()
                await gone
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(conn.close(), 2)
                raise
            except Exception:
                log.exception("the LISTEN connection failed; reconnecting")
            with contextlib.suppress(Exception):
                await conn.close()

    def _notified(self, _conn: Any, _pid: int, channel: str, table_id: str) -> None:
        if channel == RELEASED_CHANNEL:
            ev = self._released.get(table_id)
            if ev is not None:
                ev.set()
        elif channel == HANDOVER_CHANNEL and table_id in self.held:
            task = asyncio.get_running_loop().create_task(self.on_handover(table_id))
            self._tasks.append(task)
            task.add_done_callback(self._tasks_done)

    def _tasks_done(self, task: asyncio.Task[None]) -> None:
        with contextlib.suppress(ValueError):
            self._tasks.remove(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("hand-over failed", exc_info=task.exception())


async def _nothing(_table_id: str) -> None:
    return None


def _resolver(fut: asyncio.Future[None]) -> Callable[[Any], None]:
    def resolve(_conn: Any) -> None:
        if not fut.done():
            fut.set_result(None)

    return resolve
