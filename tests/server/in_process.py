"""Tables in this process, without a socket: a registry on a fresh SQLite file, and the
real bots (the tests that need to see an actor's memory or eviction from inside)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from domino_core.bots import choose_move
from domino_server.core.config import Settings
from domino_server.store.db import make_engine, make_sqlite_writer, migrate
from domino_server.store.repo import Store
from domino_server.tables.registry import Registry


class Bots:
    """The real bots, in this process (every level plays as Rabisco: quick)."""

    async def choose(self, view: Any, level: str) -> str:
        return str(choose_move(view, level="rabisco"))


@contextlib.asynccontextmanager
async def registry_at(tmp_path: Path, **knobs: Any) -> AsyncIterator[Registry]:
    """A registry of tables on a fresh SQLite file under ``tmp_path``, its bots at once and
    a quiet table evicted at once (``knobs``: more settings); closed after, with its store."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'd.sqlite3'}"
    await asyncio.to_thread(migrate, url, Settings().migrations_dir)
    store = Store(make_engine(url), make_sqlite_writer(url))
    store.start()
    settings = Settings(bot_delay_seconds=0, actor_idle_seconds=0, client_seed_seconds=0, **knobs)
    registry = Registry(store, settings, bots=Bots())
    try:
        yield registry
    finally:
        await registry.close()
        await store.close()
