"""Work without sockets: every ``sweep_seconds`` the :class:`Sweeper` loads the tables whose
idleness ran out (their actor ends them) and evicts quiet actors from memory."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .registry import Registry

log = logging.getLogger(__name__)


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
