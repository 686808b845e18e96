"""Group commit: every :class:`~.writes.Write` handed over while the event loop runs one
iteration is stored in one transaction, and each writer hears back only after that
transaction committed. If a batch fails, each of its writes is retried on its own, so that
only the faulty one fails.

- :class:`LoopCommitter` (SQLite): the batch is committed on the event loop itself, once
  per loop iteration (a callback scheduled by the first write of the iteration), through
  the blocking driver: no hand-off to a thread and back for the SQL. What is slow stays
  off the loop: the commit does not fsync (``synchronous=NORMAL`` on the writer, see
  ``store.db``); instead the WAL file is fsynced on a thread and the batch's writers hear
  back only after that (batches committed meanwhile share the next fsync), so an
  acknowledged write survives a power cut as under ``FULL``. WAL checkpoints are off on
  the writing connection; a background thread runs a passive one every
  ``checkpoint_seconds``.
- :class:`TaskCommitter` (PostgreSQL): one task drains what is queued into one
  transaction through the async driver (the loop goes on while the database commits).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from .. import metrics
from .fence import Fence, Fenced
from .leases import fenced_out
from .writes import Write, apply_writes

__all__ = ["Committer", "LoopCommitter", "TaskCommitter"]

log = logging.getLogger(__name__)

MAX_BATCH = 512

Pending = list[tuple[Write, "asyncio.Future[None]"]]


def _settle(fut: asyncio.Future[None], exc: BaseException | None) -> None:
    if fut.done():
        return
    if exc is None:
        fut.set_result(None)
    else:
        fut.set_exception(exc)


class Committer:
    #: Set with several instances (PostgreSQL): writes of a table need its lease.
    fence: Fence | None = None
    commits = 0  # transactions committed
    writes = 0  # table writes in them

    """Hands writes to the database in batches; :meth:`write` returns once committed."""

    async def write(self, w: Write) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def start(self) -> None:
        """Start whatever runs in the background (inside the running loop)."""

    async def close(self) -> None:
        """Finish the writes handed over, then stop."""


class LoopCommitter(Committer):
    """SQLite: one transaction per loop iteration, on the loop; checkpoints on a thread."""

    def __init__(self, engine: Engine, checkpoint_seconds: float = 1.0) -> None:
        self.engine = engine
        self.checkpoint_seconds = checkpoint_seconds
        self._pending: Pending = []
        self._scheduled = False
        self._checkpointer: asyncio.Task[None] | None = None
        self._unsynced: list[asyncio.Future[None]] = []  # committed, not yet fsynced
        self._syncing = False
        self._sync_thread = ThreadPoolExecutor(1, thread_name_prefix="store-fsync")
        database = engine.url.database or ""
        self._wal = f"{database}-wal" if database and database != ":memory:" else None

    async def write(self, w: Write) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((w, fut))
        if not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._flush)
        await fut

    def _commit(self, writes: list[Write]) -> None:
        with metrics.COMMIT_SECONDS.time(), self.engine.begin() as conn:
            apply_writes(conn, writes)
        self.commits += 1
        self.writes += len(writes)

    def _flush(self) -> None:
        """Commit what this loop iteration handed over (at most MAX_BATCH at a time); its
        writers hear back once the WAL is synced."""
        batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
        self._scheduled = bool(self._pending)
        if self._pending:
            asyncio.get_running_loop().call_soon(self._flush)
        try:
            self._commit_at_once([w for w, _ in batch])
        except OperationalError as exc:
            if "locked" not in str(exc):
                done: Pending = []
                _run_batch(batch, self._commit, done)
                self._committed(done)
            else:
                # another connection (e.g. the reminders' async engine, whose transaction
                # needs this loop to finish) holds the write lock: waiting for it here would
                # block the loop it waits on, so this batch commits on a thread instead
                self._commit_on_thread(batch)
        else:
            self._committed(batch)

    def _commit_at_once(self, writes: list[Write]) -> None:
        """Commit ``writes`` on the loop without waiting for a lock held elsewhere."""
        with metrics.COMMIT_SECONDS.time(), self.engine.begin() as conn:
            conn.exec_driver_sql("PRAGMA busy_timeout = 0")
            try:
                apply_writes(conn, writes)
            finally:
                conn.exec_driver_sql("PRAGMA busy_timeout = 30000")
        self.commits += 1
        self.writes += len(writes)

    def _committed(self, done: Pending) -> None:
        self._unsynced += [fut for _, fut in done]
        if self._unsynced and not self._syncing:
            self._sync()

    def _commit_on_thread(self, batch: Pending) -> None:
        """Commit ``batch`` on a thread (waiting for the lock there); settle on the loop."""
        loop = asyncio.get_running_loop()
        outcome: list[tuple[asyncio.Future[None], BaseException | None]] = []

        def run() -> None:
            for w, fut in batch:
                try:
                    self._commit([w])
                except Exception as exc:
                    log.exception("write failed for table %s", w.table_id)
                    outcome.append((fut, exc))
                else:
                    outcome.append((fut, None))

        def settle(_: asyncio.Future[None]) -> None:
            ok: Pending = []
            for (w, _f), (fut, exc) in zip(batch, outcome, strict=False):
                if exc is None:
                    ok.append((w, fut))
                else:
                    _settle(fut, exc)
            for _w, fut in batch[len(outcome):]:
                _settle(fut, RuntimeError("write not attempted"))
            self._committed(ok)

        loop.run_in_executor(None, run).add_done_callback(settle)

    def _fsync(self) -> None:
        if self._wal is None:
            return
        try:
            fd = os.open(self._wal, os.O_RDONLY)
        except FileNotFoundError:
            return  # no WAL (nothing written yet): nothing to sync
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def _sync(self) -> None:
        """fsync the WAL on the thread; then acknowledge every write committed before."""
        waiting, self._unsynced = self._unsynced, []
        self._syncing = True
        loop = asyncio.get_running_loop()

        def synced(f: asyncio.Future[None]) -> None:
            self._syncing = False
            exc = f.exception()
            if exc is not None:
                log.error("fsync of the WAL failed: %s", exc)
            for fut in waiting:
                _settle(fut, exc)
            if self._unsynced:
                self._sync()

        loop.run_in_executor(self._sync_thread, self._fsync).add_done_callback(synced)

    def start(self) -> None:
        # the engine's connections never checkpoint by themselves (store.db)
        if self._checkpointer is None:
            self._checkpointer = asyncio.get_running_loop().create_task(
                self._checkpoints(), name="store-checkpoint"
            )

    def _checkpoint(self) -> None:
        with self.engine.connect() as conn:
            conn.execute(text("PRAGMA wal_checkpoint(PASSIVE)"))

    async def _checkpoints(self) -> None:
        while True:
            await asyncio.sleep(self.checkpoint_seconds)
            try:
                await asyncio.to_thread(self._checkpoint)
            except Exception:
                log.exception("WAL checkpoint failed")

    async def close(self) -> None:
        while self._pending or self._scheduled or self._syncing or self._unsynced:
            await asyncio.sleep(0.001)
        self._sync_thread.shutdown(wait=True)
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpointer
            self._checkpointer = None
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self._checkpoint)


class TaskCommitter(Committer):
    """An async engine: one task commits what is queued, batch after batch. With a
    :attr:`fence`, each write carries the epoch it was decided under; the transaction
    leaves out (and fails with :class:`Fenced`) those whose lease is gone."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._queue: asyncio.Queue[tuple[Write, asyncio.Future[None], int | None]] = (
            asyncio.Queue()
        )
        self._task: asyncio.Task[None] | None = None

    async def write(self, w: Write) -> None:
        epoch: int | None = None
        if self.fence is not None and w.new_table is None:
            epoch = self.fence.epoch(w.table_id)  # the lease this write was decided under
            if epoch is None:
                self.fence.lost(w.table_id, None)
                raise Fenced(w.table_id)
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((w, fut, epoch))
        await fut

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._writer(), name="store")

    async def _commit(self, items: list[tuple[Write, int | None]]) -> set[tuple[str, int]]:
        """Apply ``items`` in one transaction; the (table, epoch) pairs fenced out."""
        fence = self.fence

        def fenced_apply(conn: Connection) -> set[tuple[str, int]]:
            lost: set[tuple[str, int]] = set()
            if fence is not None:
                wanted = {(w.table_id, e) for w, e in items if e is not None}
                lost = fenced_out(conn, fence.owner, wanted)
            apply_writes(conn, [w for w, e in items if e is None or (w.table_id, e) not in lost])
            return lost

        with metrics.COMMIT_SECONDS.time():
            async with self.engine.begin() as conn:
                lost = await conn.run_sync(fenced_apply)
        self.commits += 1
        self.writes += len(items) - len(lost)
        return lost

    def _settle_fenced(
        self,
        batch: list[tuple[Write, asyncio.Future[None], int | None]],
        lost: set[tuple[str, int]],
    ) -> None:
        """Settle committed writes, and fail those fenced out (telling the fence first, so
        that the table is dropped before its actor could answer anyone)."""
        for w, fut, e in batch:
            if e is not None and (w.table_id, e) in lost:
                if self.fence is not None:
                    self.fence.lost(w.table_id, e)
                _settle(fut, Fenced(w.table_id))
            else:
                _settle(fut, None)

    async def _writer(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                lost = await self._commit([(w, e) for w, _, e in batch])
            except Exception as exc:
                if len(batch) == 1:
                    log.exception("write failed for table %s", batch[0][0].table_id)
                    _settle(batch[0][1], exc)
                    continue
                for item in batch:
                    try:
                        one_lost = await self._commit([(item[0], item[2])])
                    except Exception as one:
                        log.exception("write failed for table %s", item[0].table_id)
                        _settle(item[1], one)
                    else:
                        self._settle_fenced([item], one_lost)
            else:
                self._settle_fenced(batch, lost)

    async def close(self) -> None:
        if self._task is not None:
            while not self._queue.empty():
                await asyncio.sleep(0.01)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None


def _run_batch(batch: Pending, commit: Callable[[list[Write]], None], done: Pending) -> None:
    """Commit ``batch`` in one transaction, else each write alone: a write that failed
    gets its error, the committed ones go to ``done``."""
    try:
        commit([w for w, _ in batch])
    except Exception as exc:
        if len(batch) == 1:
            log.exception("write failed for table %s", batch[0][0].table_id)
            _settle(batch[0][1], exc)
            return
        for w, fut in batch:
            try:
                commit([w])
            except Exception as one:
                log.exception("write failed for table %s", w.table_id)
                _settle(fut, one)
            else:
                done.append((w, fut))
    else:
        done += batch
