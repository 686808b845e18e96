"""PostgreSQL group commit (:class:`TaskCommitter`): one task drains what is queued into
one transaction through the async driver, leaving out writes whose lease is gone."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from .. import metrics
from .commit import MAX_BATCH, Committer, settle
from .fence import Fenced
from .leases import fenced_out
from .writes import Write, apply_writes

__all__ = ["TaskCommitter"]

log = logging.getLogger("domino_server.store.commit")


class TaskCommitter(Committer):
    """An async engine: one task commits what is queued, batch after batch (two batches
    start at least ``gap`` seconds apart; a write after a quiet spell goes at once). With a
    :attr:`fence`, each write carries the epoch it was decided under; the transaction
    leaves out (and fails with :class:`Fenced`) those whose lease is gone."""

    def __init__(self, engine: AsyncEngine, gap: float = 0.0) -> None:
        self.engine = engine
        self.gap = gap  # least seconds between the starts of two transactions
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
                settle(fut, Fenced(w.table_id))
            else:
                settle(fut, None)

    async def _writer(self) -> None:
        loop = asyncio.get_running_loop()
        last = float("-inf")
        while True:
            batch = [await self._queue.get()]
            wait = last + self.gap - loop.time()
            if wait > 0:  # what comes meanwhile shares this transaction
                await asyncio.sleep(wait)
            last = loop.time()
            while len(batch) < MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                lost = await self._commit([(w, e) for w, _, e in batch])
            except Exception as exc:
                if len(batch) == 1:
                    log.exception("write failed for table %s", batch[0][0].table_id)
                    settle(batch[0][1], exc)
                    continue
                for item in batch:
                    try:
                        one_lost = await self._commit([(item[0], item[2])])
                    except Exception as one:
                        log.exception("write failed for table %s", item[0].table_id)
                        settle(item[1], one)
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
