"""Bot moves computed in a process pool, never on the event loop.

:class:`BotPool` takes a seat's :class:`domino_core.View` and a level and returns
the move's text (``"6-4 L"``, ``"6-4"``, ``"draw"``, ``"pass"``); the table actor
parses it and feeds it back through its inbox like any command.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from . import metrics

LEVELS: tuple[str, ...] = ("rabisco", "nino", "voquelonia")


def choose_move_text(view: Any, level: str, seed: int | None, think_time: float | None) -> str:
    """Run in a worker process: the bot's move for ``view`` as text."""
    from domino_core.bots import choose_move

    return str(choose_move(view, level=level, seed=seed, think_time=think_time))


def _worker_init(parent: int) -> None:
    """In each worker: exit as soon as the server process is gone (even after SIGKILL)."""
    import os
    import threading
    import time

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
        self.think_time = think_time
        self._executor = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_worker_init,
            initargs=(os.getpid(),),
        )

    async def warm_up(self) -> None:
        """Start the worker processes now rather than on the first bot move."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._executor, _warm_up)

    async def choose(self, view: Any, level: str, seed: int | None = None) -> str:
        """The move of bot ``level`` for ``view``; runs in a worker process."""
        think = self.think_time if level == "voquelonia" else None
        loop = asyncio.get_running_loop()
        with metrics.BOT_QUEUE.track_inprogress(), metrics.BOT_SECONDS.time():
            return await loop.run_in_executor(
                self._executor, choose_move_text, view, level, seed, think
            )

    def close(self) -> None:
        """Stop the worker processes."""
        self._executor.shutdown(wait=True, cancel_futures=True)
