"""Work without sockets, across instances: tables nobody owns are claimed and brought to
life where they may have something to do by themselves.

Every ``lease_seconds / 3`` each instance claims (``FOR UPDATE SKIP LOCKED``, so two
never claim one table) up to :data:`CLAIM_BATCH` playing tables whose owner died while
holding them (the lease expired, not released: a bot's turn, a turn timer or a round
pause may have been under way) and correspondence or live tables whose idle deadline
passed. It takes their leases in the same transaction and starts their actors, which act
on what is due; the lease's fencing makes each deadline fire once, whoever acts. A dead
owner's tables whose clients come back reconnect through their own instance first (the
claim waits a short grace); the sweeper takes the rest. A live table with no person here
stands still (:func:`domino_server.table.deadlines.halted`) and is evicted later, its
lease released.

Every ``sweep_seconds`` it also evicts quiet actors (releasing their leases). Its
:attr:`~ClusterSweeper.repeating` is started and stopped with the app.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from ..core.repeating import Repeating

if TYPE_CHECKING:
    from ..tables.registry import Registry
    from .ownership import Ownership

log = logging.getLogger(__name__)

#: Most tables one instance claims per pass (the others are left for the other instances
#: and the next pass, which spreads a dead instance's tables).
CLAIM_BATCH = 32


class ClusterSweeper:
    """Claims tables with work and no live owner; evicts quiet actors."""

    def __init__(self, registry: Registry, ownership: Ownership) -> None:
        self.registry = registry
        self.ownership = ownership
        self._idle_checked = 0.0
        self._due: list[str] = []
        self.repeating = Repeating(
            "cluster-sweeper",
            self._step,
            first=0.0,
            after_failure=lambda: registry.settings.lease_seconds / 3,
            log=log,
            what="cluster sweep",
        )

    async def _step(self) -> float:
        claimed = await self.sweep()
        # a full batch: more may be waiting, go again at once (others claim too)
        return 0.0 if claimed >= CLAIM_BATCH else self.registry.settings.lease_seconds / 3

    async def sweep(self) -> int:
        """One pass; how many tables it claimed."""
        s = self.registry.settings
        store = self.registry.store
        t = time.monotonic()
        if t - self._idle_checked >= s.sweep_seconds:
            self._idle_checked = t
            self._due = await store.idle_table_ids(time.time() - s.idle_seconds)
            await self.registry.evict_idle()
        grace = min(2.0, s.lease_seconds / 2)
        sent = time.monotonic()
        leases = await self.ownership.leases.claim_due(self._due, CLAIM_BATCH, grace)
        for lease in leases:
            self.ownership.adopt(lease, sent)
            try:
                actor = await self.registry.adopt(lease.table_id)
            except Exception:
                log.exception("cannot bring claimed table %s to life", lease.table_id)
                await self.ownership.release(lease.table_id)
                continue
            if actor is not None:
                actor.poke()
        if leases:
            log.info("claimed %d tables", len(leases), extra={"instance": self.ownership.owner})
        return len(leases)
