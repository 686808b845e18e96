"""The one pending wake-up of a table's actor (its next deadline, or a retry)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

__all__ = ["Alarm"]


class Alarm:
    """At most one timer, which calls the ``ring`` it was set with at a time told by
    ``clock``. It keeps ``ring`` only while set, so an actor that owns its alarm and rings
    through it is not held in a reference cycle once the alarm is cancelled.

    Set inside the running event loop's thread (its timers are the loop's)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._timer: asyncio.TimerHandle | None = None
        self._at = 0.0  # when (by ``clock``) the timer set fires

    @property
    def when(self) -> float | None:
        """When it rings (None: it is not set)."""
        return None if self._timer is None else self._at

    def at(self, when: float | None, ring: Callable[[], None]) -> None:
        """Call ``ring`` at ``when`` (None: not at all). A timer set already that fires no later is
        kept (ringing early only makes the actor find nothing due and set it again): most
        moves push the deadline later, and a timer fewer to cancel and make is most of the
        cost of this call."""
        if self._timer is not None:
            if when is not None and self._at <= when:
                return
            self.cancel()
        if when is not None:
            self._set(when, ring)

    def after(self, seconds: float, ring: Callable[[], None]) -> None:
        """Call ``ring`` ``seconds`` from now, whatever was set before."""
        self.cancel()
        self._set(self.clock() + seconds, ring)

    def cancel(self) -> None:
        """Ring at no time."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _set(self, when: float, ring: Callable[[], None]) -> None:
        delay = max(0.0, when - self.clock()) + 0.001
        self._at = when
        self._timer = asyncio.get_running_loop().call_later(delay, self._fire, ring)

    def _fire(self, ring: Callable[[], None]) -> None:
        self._timer = None
        ring()
