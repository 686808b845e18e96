"""Fixtures of the reminder tests: the local push service, a migrated database holding
one correspondence table, a reminders service on a settable clock."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncEngine

from domino_server.core.config import Settings
from domino_server.push import Reminders
from domino_server.store import models as m
from domino_server.store.db import make_engine, migrate
from server.harness import Server, fresh_database_url, postgres_url

from .helpers import TABLE, Clock, settings
from .push_service import PushService


@pytest.fixture
def push() -> Iterator[PushService]:
    with PushService() as service:
        yield service


# on SQLite, and again on PostgreSQL (its claims use FOR UPDATE SKIP LOCKED) when
# DOMINO_TEST_POSTGRES_URL is set
BACKENDS = ["sqlite", *(["postgresql"] if postgres_url() else [])]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def engine(tmp_path: Path, backend: str) -> AsyncIterator[AsyncEngine]:
    url = fresh_database_url(tmp_path, backend)
    await asyncio.to_thread(migrate, url, Settings().migrations_dir)
    eng = make_engine(url)
    async with eng.begin() as conn:
        await conn.execute(
            insert(m.tables).values(
                id=TABLE, created_at=time.time(), status="playing", rules={},
                pace="correspondence",
            )
        )
    yield eng
    await eng.dispose()


@pytest.fixture
async def reminders(engine: AsyncEngine) -> AsyncIterator[tuple[Reminders, Clock]]:
    clock = Clock()
    r = Reminders(engine, settings(), clock=clock)
    await r.start(send=False)  # the test sends due reminders itself: nothing races it
    yield r, clock
    await r.stop()


@pytest.fixture
def make_server(tmp_path: Path, backend: str) -> Iterator[Callable[..., Server]]:
    """Real servers (``domino serve`` subprocesses) that accept the local push service's
    http endpoints; stopped after the test."""
    started: list[Server] = []

    def make(env: dict[str, str] | None = None, database_url: str | None = None) -> Server:
        url = database_url or fresh_database_url(tmp_path, backend)
        server = Server(
            url,
            {"DOMINO_PUSH_ALLOW_HTTP": "1", **(env or {})},
            log_path=tmp_path / f"server-{len(started)}.log",
        )
        server.start()
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()
