"""Bot moves computed in a process pool, never on the event loop.

:class:`BotPool` takes a seat's :class:`domino_core.View` and a level and returns
the move's text (``"6-4 L"``, ``"6-4"``, ``"draw"``, ``"pass"``); the table actor
parses it and feeds it back through its inbox like any command.

Under load (issue 11 point 6) the pool keeps every answer within about twice its budget:
its workers (one per core by default) run at a lower priority than the server (``nice``),
so a thinking bot never delays a table's answers; and the hard bot's thinking budget
shrinks as hard requests queue up: with ``n`` of them waiting or thinking on ``w``
workers, each thinks ``budget × w / n`` (never less than ``MIN_SHARE`` of it), so the
queue drains in about one budget.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from typing import Any

LEVELS: tuple[str, ...] = ("rabisco", "nino", "voquelonia")

#: The least share of its budget a hard bot may be given when many are waiting.
MIN_SHARE = 0.05

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
        self.waiting = 0  # requests asked and not answered (all levels)
        self.hard_waiting = 0  # of them, hard bots with a thinking budget
        #: (level, seconds from asking to the answer, budget given) of the last answers
        self.answers: deque[tuple[str, float, float | None]] = deque(maxlen=1000)

    async def warm_up(self) -> None:
        """Start the worker processes now rather than on the first bot move."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self._executor, _warm_up) for _ in range(self.workers))
        )

    def budget(self, level: str) -> float | None:
        """The thinking budget a request for ``level`` asked now gets (None: the bot's own
        default; only the hard bot thinks for a budget)."""
        if level != "voquelonia" or self.think_time is None:
            return None
        share = self.workers / max(self.workers, self.hard_waiting + 1)
        return self.think_time * max(MIN_SHARE, share)

    async def choose(self, view: Any, level: str, seed: int | None = None) -> str:
        """The move of bot ``level`` for ``view``; runs in a worker process."""
        think = self.budget(level)
        hard = think is not None
        self.waiting += 1
        self.hard_waiting += hard
        t0 = time.monotonic()
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self._executor, choose_move_text, view, level, seed, think
            )
        finally:
            self.waiting -= 1
            self.hard_waiting -= hard
            self.answers.append((level, time.monotonic() - t0, think))

    def close(self) -> None:
        """Stop the worker processes."""
        self._executor.shutdown(wait=True, cancel_futures=True)
