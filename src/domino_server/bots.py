"""Bot moves computed in a process pool, never on the event loop.

:class:`BotPool` takes a seat's :class:`domino_core.View` and a level and returns
the move's text (``"6-4 L"``, ``"6-4"``, ``"draw"``, ``"pass"``); the table actor
parses it and feeds it back through its inbox like any command.

Under load (issue 11 point 6) the pool keeps every answer within about twice its budget:
its workers (one per core by default) run at a lower priority than the server (``nice``),
so a thinking bot never delays a table's answers; requests wait in the pool's own queue
and start only when a worker is free, and a hard bot starting then thinks
``budget × workers / n`` (``n``: hard requests running or waiting), no longer than what is
left of twice its budget since it was asked (minus a margin for the hand-off), and never
less than ``MIN_SHARE`` of it.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from . import metrics

LEVELS: tuple[str, ...] = ("rabisco", "nino", "voquelonia")

#: The least share of its budget a hard bot may be given when many are waiting.
MIN_SHARE = 0.05

#: Seconds kept, out of twice the budget, for handing a request to a worker and back.
HANDOFF = 0.15

#: Niceness of the worker processes (higher: lower priority than the server's loop).
NICENESS = 10


def choose_move_text(view: Any, level: str, seed: int | None, think_time: float | None) -> str:
    """Run in a worker process: the bot's move for ``view`` as text."""
    from domino_core.bots import choose_move

    return str(choose_move(view, level=level, seed=seed, think_time=think_time))


def _worker_init(parent: int) -> None:
    """In each worker: a lower priority than the server, and exit as soon as the server
    process is gone (even after SIGKILL)."""
    import contextlib
    import os
    import threading
    import time

    with contextlib.suppress(OSError):
        os.nice(NICENESS)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def _warm_up() -> bool:
    import domino_core.bots  # noqa: F401 - load the engine and bots once per worker

    return True


class BotPool:
    """A pool of worker processes answering "move for this view"."""

    def __init__(self, workers: int, think_time: float | None) -> None:
        self.workers = workers
        self.think_time = think_time
        self._executor = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_worker_init,
            initargs=(os.getpid(),),
        )
        # asked, not started: (view, level, seed, asked at, the answer's future)
        self._queue: deque[tuple[Any, str, int | None, float, asyncio.Future[str]]] = deque()
        self.running = 0
        self.hard = 0  # hard requests running or waiting
        #: (level, seconds from asking to the answer, budget given) of the last answers
        self.answers: deque[tuple[str, float, float | None]] = deque(maxlen=1000)

    def _is_hard(self, level: str) -> bool:
        return level == "voquelonia" and self.think_time is not None

    @property
    def waiting(self) -> int:
        """Requests asked and not answered (all levels)."""
        return len(self._queue) + self.running

    async def warm_up(self) -> None:
        """Start the worker processes now rather than on the first bot move."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self._executor, _warm_up) for _ in range(self.workers))
        )

    def budget(
        self, level: str, asked: float | None = None, now: float | None = None
    ) -> float | None:
        """The thinking budget of a ``level`` request starting ``now`` that was asked at
        ``asked`` (None: the bot's own default; only the hard bot thinks for a budget)."""
        if level != "voquelonia" or self.think_time is None:
            return None
        b = self.think_time
        share = b * self.workers / max(self.workers, self.hard)
        if asked is not None and now is not None:
            share = min(share, 2 * b - HANDOFF - (now - asked))
        return max(MIN_SHARE * b, share)

    async def choose(self, view: Any, level: str, seed: int | None = None) -> str:
        """The move of bot ``level`` for ``view``; runs in a worker process."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[str] = loop.create_future()
        self.hard += self._is_hard(level)
        metrics.BOT_QUEUE.inc()
        self._queue.append((view, level, seed, time.monotonic(), fut))
        loop.call_soon(self._dispatch)  # once every request of this iteration is queued
        return await fut

    def _dispatch(self) -> None:
        """Start queued requests while a worker is free."""
        loop = asyncio.get_running_loop()
        while self._queue and self.running < self.workers:
            view, level, seed, asked, fut = self._queue.popleft()
            if fut.cancelled():
                self.hard -= self._is_hard(level)
                metrics.BOT_QUEUE.dec()
                continue
            now = time.monotonic()
            think = self.budget(level, asked, now)
            self.running += 1
            job = loop.run_in_executor(self._executor, choose_move_text, view, level, seed, think)
            job.add_done_callback(functools.partial(self._done, level, asked, think, fut))

    def _done(
        self,
        level: str,
        asked: float,
        think: float | None,
        fut: asyncio.Future[str],
        job: asyncio.Future[str],
    ) -> None:
        self.running -= 1
        self.hard -= think is not None
        took = time.monotonic() - asked
        self.answers.append((level, took, think))
        metrics.BOT_QUEUE.dec()
        metrics.BOT_SECONDS.observe(took)
        if not fut.done():
            if job.cancelled():
                fut.cancel()
            elif job.exception() is not None:
                fut.set_exception(job.exception())  # type: ignore[arg-type]
            else:
                fut.set_result(job.result())
        self._dispatch()

    def close(self) -> None:
        """Stop the worker processes."""
        for *_, fut in self._queue:
            fut.cancel()
            metrics.BOT_QUEUE.dec()
        self._queue.clear()
        self._executor.shutdown(wait=True, cancel_futures=True)
