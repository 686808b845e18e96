"""Group commit: every :class:`~.writes.Write` handed over while the event loop runs one
iteration is stored in one transaction, and each writer hears back only after that
transaction committed. If a batch fails, each of its writes is retried on its own, so that
only the faulty one fails.

- :class:`LoopCommitter` (SQLite): the batch is committed on the event loop itself, once
  per loop iteration (a callback scheduled by the first write of the iteration), through
  the blocking driver: no hand-off to a thread and back per batch. WAL checkpoints, which
  copy the log into the database file and can take long, are kept off the loop: automatic
  checkpoints are off on the writing connection and a background thread runs a passive
  checkpoint every ``checkpoint_seconds``.
- :class:`TaskCommitter` (PostgreSQL): one task drains what is queued into one
  transaction through the async driver (the loop goes on while the database commits).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from sqlalchemy import Engine, text
from sqlalchemy.ext.asyncio import AsyncEngine

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

    async def write(self, w: Write) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((w, fut))
        if not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._flush)
        await fut

    def _commit(self, writes: list[Write]) -> None:
        with self.engine.begin() as conn:
            apply_writes(conn, writes)

    def _flush(self) -> None:
        """Commit what this loop iteration handed over (at most MAX_BATCH at a time)."""
        batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
        self._scheduled = bool(self._pending)
        if self._pending:
            asyncio.get_running_loop().call_soon(self._flush)
        _run_batch(batch, self._commit)

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
        while self._pending or self._scheduled:
            await asyncio.sleep(0)
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpointer
            self._checkpointer = None
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self._checkpoint)


class TaskCommitter(Committer):
    """An async engine: one task commits what is queued, batch after batch."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._queue: asyncio.Queue[tuple[Write, asyncio.Future[None]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    async def write(self, w: Write) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((w, fut))
        await fut

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._writer(), name="store")

    async def _commit(self, writes: list[Write]) -> None:
        async with self.engine.begin() as conn:
            await conn.run_sync(apply_writes, writes)

    async def _writer(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                await self._commit([w for w, _ in batch])
            except Exception as exc:
                if len(batch) == 1:
                    log.exception("write failed for table %s", batch[0][0].table_id)
                    _settle(batch[0][1], exc)
                    continue
                for w, fut in batch:
                    try:
                        await self._commit([w])
                    except Exception as one:
                        log.exception("write failed for table %s", w.table_id)
                        _settle(fut, one)
                    else:
                        _settle(fut, None)
            else:
                for _, fut in batch:
                    _settle(fut, None)

    async def close(self) -> None:
        if self._task is not None:
            while not self._queue.empty():
                await asyncio.sleep(0.01)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None


def _run_batch(batch: Pending, commit: Callable[[list[Write]], None]) -> None:
    """Commit ``batch`` in one transaction, else each write alone; settle each future."""
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
                _settle(fut, None)
    else:
        for _, fut in batch:
            _settle(fut, None)
