"""A background task that does one thing again and again until it is stopped (the
sweepers): each pass says how long to wait before the next; a pass that fails is logged
and the next one comes after the usual wait."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

__all__ = ["Repeating"]


class Repeating:
    """Run ``step`` (which returns the seconds to wait before the next run) after ``first``
    seconds, then again after each wait it gives; a failing ``step`` is logged on ``log``
    as ``"<what> failed"`` and run again after ``after_failure()`` seconds."""

    def __init__(
        self,
        name: str,
        step: Callable[[], Awaitable[float]],
        *,
        first: float,
        after_failure: Callable[[], float],
        log: logging.Logger,
        what: str,
    ) -> None:
        self.name = name
        self.step = step
        self.first = first
        self.after_failure = after_failure
        self.log = log
        self.what = what
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start (inside the running loop)."""
        self._task = asyncio.get_running_loop().create_task(self._run(), name=self.name)

    async def stop(self) -> None:
        """Stop, waiting for the task to end."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        wait = self.first
        while True:
            await asyncio.sleep(wait)
            try:
                wait = await self.step()
            except Exception:
                self.log.exception("%s failed", self.what)
                wait = self.after_failure()
