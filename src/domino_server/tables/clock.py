"""Deadlines of a table, all derived from times stored in the database.

- turn timer (live, ``turn_seconds`` set): ``turn_started_at + turn_seconds``, then
  the medium bot moves for the seat;
- grace (live): a human seat without a socket since ``away_since`` is played by a
  bot after ``grace_seconds``;
- round pause (live): the next round starts ``round_pause_seconds`` after the last one ended,
  unless the only person at the table is there to click "Next round" (then it waits for them);
- absence (correspondence): after ``absence_seconds`` on one seat's turn, another
  player may claim the match;
- idleness (both): no move for ``idle_seconds`` annuls the match (``abandoned``).

Because the inputs are stored, a restarted server finds every deadline where it was.
:class:`Sweeper` wakes tables that are not live in memory when their idleness runs out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .registry import Registry
    from .state import TableState

log = logging.getLogger(__name__)


class Deadlines:
    """The deadlines of one actor's table at this moment (seconds since the epoch)."""

    def __init__(self, actor: TableState) -> None:
        self.a = actor
        self.s = actor.settings
        self.row: dict[str, Any] = actor.row

    def _playing(self) -> bool:
        m = self.a.match
        return self.a.status == "playing" and m is not None and not m.over

    def idle(self) -> float | None:
        """When the match is annulled for want of any move."""
        if not self._playing() or self.row.get("last_move_at") is None:
            return None
        return float(self.row["last_move_at"]) + self.s.idle_seconds

    def turn(self) -> float | None:
        """When the live turn timer of the human on turn runs out."""
        m = self.a.match
        secs = self.row.get("turn_seconds")
        if not self._playing() or self.row["pace"] != "live" or not secs:
            return None
        assert m is not None
        if m.round_over or m.turn is None or self.a.bot_controlled(m.turn):
            return None
        return float(self.row["turn_started_at"]) + float(secs)

    def absence(self) -> float | None:
        """Correspondence: when another player may claim against the seat on turn."""
        m = self.a.match
        if not self._playing() or self.row["pace"] != "correspondence":
            return None
        assert m is not None
        if m.round_over or m.turn is None:
            return None
        return float(self.row["turn_started_at"]) + self.s.absence_seconds

    def round_pause(self) -> float | None:
        """Live: when the next round starts by itself."""
        m = self.a.match
        if not self._playing() or self.row["pace"] != "live":
            return None
        assert m is not None
        if not m.round_over or self.lone_person():
            return None
        return float(self.row["last_move_at"]) + self.s.round_pause_seconds

    def lone_person(self) -> bool:
        """One human seat, played by its person (not away) with a socket open: the only
        one who reads the round's result, so the next round waits for their click."""
        humans = [s for s in self.a.seats if s["kind"] == "human"]
        return len(humans) == 1 and not humans[0]["away"] and self.a.connected(humans[0]["seat"])

    def grace(self) -> dict[int, float]:
        """Live: seat → when a bot takes over the seat of a human without a socket."""
        if not self._playing() or self.row["pace"] != "live":
            return {}
        out: dict[int, float] = {}
        for s in self.a.seats:
            if s["kind"] == "human" and not s["away"] and not self.a.connected(s["seat"]):
                since = s["away_since"]  # set on disconnect, at the start, and on load
                if since is not None:
                    out[s["seat"]] = float(since) + self.s.grace_seconds
        return out

    def grace_expired(self, t: float) -> list[int]:
        """Seats whose grace period has run out at ``t``."""
        return [seat for seat, when in self.grace().items() if t >= when]

    def public(self) -> float | None:
        """The deadline shown in the table summary: the turn timer or, between rounds, the
        start of the next round (live); the absence claim (correspondence)."""
        if self.row["pace"] != "live":
            return self.absence()
        turn = self.turn()
        return turn if turn is not None else self.round_pause()

    def next_wakeup(self, turn_handled: bool) -> float | None:
        """The earliest deadline still to act on."""
        times = [self.idle(), self.round_pause(), *self.grace().values()]
        if not turn_handled:
            times.append(self.turn())
        present = [t for t in times if t is not None]
        return min(present) if present else None


class Sweeper:
    """Every ``sweep_seconds``: load tables whose idleness ran out so their actor ends them,
    and evict actors that have been quiet for a while."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start sweeping (inside the running loop)."""
        self._task = asyncio.get_running_loop().create_task(self._run(), name="sweeper")

    async def stop(self) -> None:
        """Stop sweeping."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        settings = self.registry.settings
        while True:
            await asyncio.sleep(settings.sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweep failed")

    async def sweep(self) -> None:
        """One pass."""
        settings = self.registry.settings
        for table_id in await self.registry.store.idle_table_ids(
            time.time() - settings.idle_seconds
        ):
            actor = await self.registry.get(table_id)
            if actor is not None:
                actor.poke()
        await self.registry.evict_idle()
