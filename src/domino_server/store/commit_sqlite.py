"""SQLite group commit (:class:`LoopCommitter`): one transaction per fsync of the WAL, on
the loop; the WAL is fsynced and checkpointed on threads (see :mod:`.commit`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.exc import OperationalError

from .. import metrics
from .commit import MAX_BATCH, Committer, Pending, run_batch, settle
from .writes import INSERT_EVENTS, Write, apply_writes, event_params, only_events

__all__ = ["LoopCommitter"]

log = logging.getLogger("domino_server.store.commit")


def _locked(exc: Exception) -> bool:
    """Whether ``exc`` says another connection holds the database's write lock."""
    return isinstance(exc, (OperationalError, sqlite3.OperationalError)) and "locked" in str(exc)


class LoopCommitter(Committer):
    """SQLite: one transaction per fsync of the WAL, on the loop; checkpoints on a thread.
    Two fsyncs start at least ``gap`` seconds apart. A write after a quiet spell is
    committed in the next loop iteration and synced at once; the writes handed over while
    an fsync runs or waits for the gap are committed together just before the next one
    starts: they could not hear back sooner anyway, and one transaction for all of them
    costs a fraction of one each."""

    def __init__(self, engine: Engine, checkpoint_seconds: float = 1.0, gap: float = 0.0) -> None:
        self.engine = engine
        self.checkpoint_seconds = checkpoint_seconds
        self.gap = gap
        self._last_sync = float("-inf")  # when the last fsync started (loop time)
        self._pending: Pending = []
        self._scheduled = False
        self._checkpointer: asyncio.Task[None] | None = None
        self._unsynced: list[asyncio.Future[None]] = []  # committed, not yet fsynced
        self._syncing = False
        self._raw: Any = None  # the loop's DBAPI connection, for batches of events alone
        self._on_thread = False  # a batch is committing on a thread (the lock was held)
        self._behind: Pending = []  # handed over meanwhile: committed after it, there too
        self._sync_thread = ThreadPoolExecutor(1, thread_name_prefix="store-fsync")
        database = engine.url.database or ""
        self._wal = f"{database}-wal" if database and database != ":memory:" else None

    async def write(self, w: Write) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((w, fut))
        if not self._scheduled and not self._syncing:  # else the next fsync commits it first
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._wake)
        await fut

    def _wake(self) -> None:
        """The first write since the last fsync: start the next one (which commits it)."""
        self._scheduled = False
        if not self._syncing:
            self._sync()

    def _commit(self, writes: list[Write], *, wait: bool = False) -> None:
        """Commit ``writes`` in one transaction. The writer's connections never wait for
        a lock held elsewhere (``busy_timeout`` 0, ``store.db``): on the loop that would
        block the loop; ``wait`` (on a thread) waits up to 30 s. A batch of event rows
        alone (moves) goes straight to the driver, a fifth of the cost through
        SQLAlchemy's statements."""
        if not wait and all(only_events(w) for w in writes):
            self._commit_events(writes)
            return
        with metrics.COMMIT_SECONDS.time(), self.engine.begin() as conn:
            if wait:
                conn.exec_driver_sql("PRAGMA busy_timeout = 30000")
            try:
                apply_writes(conn, writes, raw_events=True)
            finally:
                if wait:
                    conn.exec_driver_sql("PRAGMA busy_timeout = 0")
        self.commits += 1
        self.writes += len(writes)

    def _commit_events(self, writes: list[Write]) -> None:
        """Insert the event rows of ``writes`` and commit, on the loop's own connection."""
        if self._raw is None:
            self._raw = self.engine.raw_connection()
        db = self._raw.driver_connection
        assert db is not None
        with metrics.COMMIT_SECONDS.time():
            try:
                db.executemany(INSERT_EVENTS, event_params(writes))
                db.commit()
            except BaseException:
                db.rollback()
                raise
        self.commits += 1
        self.writes += len(writes)

    def _flush(self) -> None:
        """Commit what was handed over since the last commit (at most MAX_BATCH writes a
        transaction); its writers hear back once the WAL is synced."""
        while self._pending:
            batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
            self._commit_batch(batch)

    def _commit_batch(self, batch: Pending) -> None:
        if self._on_thread:
            self._behind += batch  # a batch committing on a thread holds the lock: queue up
            return
        try:
            self._commit([w for w, _ in batch])
        except Exception as exc:
            if _locked(exc):
                # another connection (another process, or an async engine whose transaction
                # needs this loop to finish) holds the write lock: waiting for it here would
                # block the loop, so this batch commits on a thread instead, and the batches
                # handed over meanwhile go after it there
                self._commit_on_thread(batch)
            else:  # each write alone: only the faulty one fails (none is left waiting)
                done: Pending = []
                run_batch(batch, self._commit, done)
                self._committed(done)
        else:
            self._committed(batch)

    def _committed(self, done: Pending) -> None:
        self._unsynced += [fut for _, fut in done]
        if self._unsynced and not self._syncing:
            self._sync()

    def _commit_on_thread(self, batch: Pending) -> None:
        """Commit ``batch`` on a thread in one transaction (waiting for the lock there;
        each write alone if it fails), then what queued up behind it; settle on the loop."""
        self._on_thread = True
        writes = [w for w, _ in batch]

        def run() -> list[BaseException | None]:
            try:
                self._commit(writes, wait=True)
                return [None] * len(writes)
            except Exception:
                outcome: list[BaseException | None] = []
                for w in writes:
                    try:
                        self._commit([w], wait=True)
                    except Exception as exc:
                        log.exception("write failed for table %s", w.table_id)
                        outcome.append(exc)
                    else:
                        outcome.append(None)
                return outcome

        def done(f: asyncio.Future[list[BaseException | None]]) -> None:
            exc = f.exception()
            outcome = [exc] * len(batch) if exc is not None else f.result()
            ok: Pending = []
            for (w, fut), failed in zip(batch, outcome, strict=True):
                if failed is None:
                    ok.append((w, fut))
                else:
                    settle(fut, failed)
            self._committed(ok)
            self._on_thread = False
            behind, self._behind = self._behind, []
            if behind:
                self._commit_on_thread(behind)

        asyncio.get_running_loop().run_in_executor(None, run).add_done_callback(done)

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
        """Commit what is handed over and fsync the WAL on the thread, ``gap`` after the
        last fsync started at the soonest; then acknowledge every write committed before
        it started."""
        self._syncing = True
        loop = asyncio.get_running_loop()
        wait = self._last_sync + self.gap - loop.time()
        if wait > 0:
            loop.call_later(wait, self._sync_now)
        else:
            self._sync_now()

    def _sync_now(self) -> None:
        self._flush()  # what waited for this fsync is committed first, in one transaction
        waiting, self._unsynced = self._unsynced, []
        if not waiting:  # nothing committed (failed, or committing on a thread meanwhile)
            self._syncing = False
            return
        loop = asyncio.get_running_loop()
        self._last_sync = loop.time()

        def synced(f: asyncio.Future[None]) -> None:
            self._syncing = False
            exc = f.exception()
            if exc is not None:
                log.error("fsync of the WAL failed: %s", exc)
            for fut in waiting:
                settle(fut, exc)
            if self._unsynced or self._pending:
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
        while (
            self._pending or self._scheduled or self._syncing or self._unsynced or self._on_thread
        ):
            await asyncio.sleep(0.001)
        if self._raw is not None:
            self._raw.close()  # back to the pool
            self._raw = None
        self._sync_thread.shutdown(wait=True)
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpointer
            self._checkpointer = None
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self._checkpoint)
