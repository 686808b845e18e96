"""Group commit: every :class:`~.writes.Write` handed over while the event loop runs one
iteration is stored in one transaction, and each writer hears back only after that
transaction committed. If a batch fails, each of its writes is retried on its own, so that
only the faulty one fails.

- :class:`~.commit_sqlite.LoopCommitter` (SQLite): the batch is committed on the event
  loop itself, through the blocking driver (no hand-off to a thread and back for the SQL):
  a write after a quiet spell in the next loop iteration, the writes that come while an
  fsync runs or waits for the commit gap together, just before the next fsync.
  What is slow stays off the loop: the commit does not fsync (``synchronous=NORMAL`` on
  the writer, see ``store.db``); instead the WAL file is fsynced on a thread and the
  batch's writers hear back only after that (batches committed meanwhile share the next
  fsync), so an acknowledged write survives a power cut as under ``FULL``. WAL
  checkpoints are off on the writing connection; a background thread runs a passive one
  every ``checkpoint_seconds``.
- :class:`~.commit_postgres.TaskCommitter` (PostgreSQL): one task drains what is queued
  into one transaction through the async driver (the loop goes on while the database commits).

This module holds what both share: the :class:`Committer` interface and how a batch's
writers hear back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from .fence import Fence
from .writes import Write

__all__ = ["MAX_BATCH", "Committer", "Pending", "run_batch", "settle"]

log = logging.getLogger(__name__)

MAX_BATCH = 512

Pending = list[tuple[Write, "asyncio.Future[None]"]]


def settle(fut: asyncio.Future[None], exc: BaseException | None) -> None:
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


def run_batch(batch: Pending, commit: Callable[[list[Write]], None], done: Pending) -> None:
    """Commit ``batch`` in one transaction, else each write alone: a write that failed
    gets its error, the committed ones go to ``done``."""
    try:
        commit([w for w, _ in batch])
    except Exception as exc:
        if len(batch) == 1:
            log.exception("write failed for table %s", batch[0][0].table_id)
            settle(batch[0][1], exc)
            return
        for w, fut in batch:
            try:
                commit([w])
            except Exception as one:
                log.exception("write failed for table %s", w.table_id)
                settle(fut, one)
            else:
                done.append((w, fut))
    else:
        done += batch
