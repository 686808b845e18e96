"""The server's garbage-collection policy: rare automatic full passes, and one full pass
every ``gc_full_seconds`` so that garbage in reference cycles cannot pile up.

Python's full collections pause the event loop for a long time with hundreds of live
tables, so the automatic ones are made rare (``Settings.gc_thresholds``) and what start-up
built is frozen (never scanned again). So rare that, by themselves, they hardly ever run:
anything left in a reference cycle then stays for hours. The tables themselves hold no
cycle (a dropped table is freed at once), but the web server's own objects do: every
HTTP connection (uvicorn's ``HttpToolsProtocol`` and its parser) and every websocket
(``websockets``' ``ServerProtocol`` and its parser generator) is cyclic garbage once it
closes. :class:`Collector` collects it on a fixed beat instead: one pause per
``gc_full_seconds``, its length exported as ``domino_gc_full_seconds``.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

from .. import metrics

log = logging.getLogger(__name__)


class Collector:
    """Sets the thresholds and freezes what exists on :meth:`start`; then a full
    collection every ``every`` seconds (never when ``every`` is 0)."""

    def __init__(self, thresholds: tuple[int, int, int], every: float) -> None:
        self.thresholds = thresholds
        self.every = every
        self._timer: asyncio.TimerHandle | None = None

    def start(self) -> None:
        """Apply the policy (inside the running loop, once start-up is done)."""
        gc.set_threshold(*self.thresholds)
        gc.freeze()  # what start-up built lives as long as the process: never scan it again
        self._next()

    def stop(self) -> None:
        """Stop the beat."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _next(self) -> None:
        if self.every > 0:
            self._timer = asyncio.get_running_loop().call_later(self.every, self._beat)

    def _beat(self) -> None:
        self.collect()
        self._next()

    @staticmethod
    def collect() -> int:
        """One full collection now; the objects it freed."""
        started, cpu = time.perf_counter(), time.thread_time()
        freed = gc.collect()
        took = time.perf_counter() - started
        metrics.GC_FULL_SECONDS.observe(took)
        log.info(
            "full garbage collection: %d objects freed in %.3f s (%.3f s of CPU)",
            freed,
            took,
            time.thread_time() - cpu,
        )
        return freed
