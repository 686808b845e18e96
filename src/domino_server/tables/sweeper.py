"""Work without sockets: every ``sweep_seconds`` the :class:`Sweeper` loads the tables whose
idleness ran out (their actor ends them) and evicts quiet actors from memory (its
:attr:`~Sweeper.repeating` is started and stopped with the app)."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from ..core.repeating import Repeating

if TYPE_CHECKING:
    from .registry import Registry

log = logging.getLogger(__name__)


class Sweeper:
    """Every ``sweep_seconds``: load tables whose idleness ran out so their actor ends them,
    and evict actors that have been quiet for a while."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        every = registry.settings.sweep_seconds
        self.repeating = Repeating(
            "sweeper", self._step, first=every, after_failure=lambda: every, log=log, what="sweep"
        )

    async def _step(self) -> float:
        await self.sweep()
        return self.registry.settings.sweep_seconds

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
