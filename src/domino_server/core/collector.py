"""The server's garbage-collection policy: no automatic collection, and one full pass
every ``gc_full_seconds`` (or sooner, once ``gc_full_grown`` new objects piled up) so
that garbage in reference cycles cannot pile up.

Python's collections pause the event loop: the full ones for a second with two thousand
live tables, and with thousands of sockets even the young ones for 50-170 ms, because
every socket's and table's wait is a young coroutine and future that survives to be
scanned, twice (docs/BENCHMARKS.md). So automatic collection is off
(``Settings.gc_thresholds`` starts with 0) and what start-up built is frozen (never
scanned again). The tables themselves hold no cycle (a dropped table is freed at once,
and a match played at a human pace leaves no cyclic garbage), but the web server's own
objects do: every HTTP connection (uvicorn's ``HttpToolsProtocol`` and its parser) and
every websocket (``websockets``' ``ServerProtocol`` and its parser generator) is cyclic
garbage once it closes. :class:`Collector` collects it on a fixed beat instead: one pause
per ``gc_full_seconds``, its length exported as ``domino_gc_full_seconds``.
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
    collection every ``every`` seconds (never when ``every`` is 0), or sooner, once
    ``grown`` more objects the collector tracks were made than were freed since the last
    one (checked every ``check`` seconds; 0: never)."""

    def __init__(
        self,
        thresholds: tuple[int, int, int],
        every: float,
        grown: int = 0,
        check: float = 1.0,
    ) -> None:
        self.thresholds = thresholds
        self.every = every
        self.grown = grown
        self.check = check
        self._timer: asyncio.TimerHandle | None = None
        self._due = 0.0

    def start(self) -> None:
        """Apply the policy (inside the running loop, once start-up is done)."""
        gc.set_threshold(*self.thresholds)
        gc.freeze()  # what start-up built lives as long as the process: never scan it again
        self._due = time.monotonic() + self.every
        self._next()

    def stop(self) -> None:
        """Stop the beat."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _next(self) -> None:
        if self.every > 0 or self.grown > 0:
            wait = self.check if self.grown > 0 else self.every
            if self.every > 0:
                wait = min(wait, max(0.0, self._due - time.monotonic()))
            self._timer = asyncio.get_running_loop().call_later(wait, self._beat)

    def _beat(self) -> None:
        now = time.monotonic()
        on_beat = self.every > 0 and now >= self._due
        if on_beat or (self.grown > 0 and gc.get_count()[0] >= self.grown):
            self.collect()
            self._due = time.monotonic() + self.every
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
