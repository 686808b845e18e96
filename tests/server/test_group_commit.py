"""Group commit across the commit gap (``commit_gap_seconds``): a write after a quiet
spell is made durable at once; writes that come within the gap after it share the next
fsync of the WAL (and one transaction), and none of them hears back before that fsync."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, insert

from domino_server.store import models as m
from domino_server.store.db import make_engine, make_sqlite_writer, migrate
from domino_server.store.repo import Store
from domino_server.store.writes import Write
from needs import need

from .harness import fresh_database_url, postgres_url

MIGRATIONS = str(Path(__file__).resolve().parents[2] / "migrations")


def _player(i: int) -> Any:
    def run(conn: Connection) -> None:
        conn.execute(
            insert(m.players).values(
                key_hash=f"{i:064d}", name="p", points=0, matches=0, wins=0, updated_at=0.0
            )
        )

    return run


async def test_writes_within_the_gap_share_one_fsync_and_wait_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'gap.sqlite3'}"
    await asyncio.to_thread(migrate, url, MIGRATIONS)
    store = Store(make_engine(url), make_sqlite_writer(url), commit_gap=0.3)
    store.start()
    seen: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        real_fsync(fd)
        seen.append("fsync")

    monkeypatch.setattr(os, "fsync", fsync)

    async def write(i: int) -> None:
        await store.transact(_player(i))
        seen.append(f"ack {i}")

    try:
        loop = asyncio.get_running_loop()
        started = loop.time()
        await write(0)  # the first after a quiet spell: synced at once
        assert seen == ["fsync", "ack 0"]
        assert loop.time() - started < 0.3
        # five writes, one after another, each handed over before the gap is over
        pending = []
        for i in range(1, 6):
            pending.append(asyncio.create_task(write(i)))
            await asyncio.sleep(0)  # each handed over in its own loop iteration
        await asyncio.gather(*pending)
        assert seen[2] == "fsync" and sorted(seen[3:]) == [f"ack {i}" for i in range(1, 6)]
        assert seen.count("fsync") == 2  # the five shared one
        assert store.commits == 2  # ...and one transaction, made just before it
        assert loop.time() - started >= 0.3  # ...which waited for the gap to pass
    finally:
        await store.close()


async def test_postgres_batches_within_the_gap_share_one_transaction(tmp_path: Path) -> None:
    need("postgres", None if postgres_url() else "DOMINO_TEST_POSTGRES_URL is not set")
    url = fresh_database_url(tmp_path, "postgresql")
    await asyncio.to_thread(migrate, url, MIGRATIONS)
    store = Store(make_engine(url), None, commit_gap=0.3)
    store.start()
    try:
        loop = asyncio.get_running_loop()
        started = loop.time()
        await store.committer.write(Write(table_id="", also=[_player(0)]))  # at once
        assert store.commits == 1 and loop.time() - started < 0.3
        pending = []
        for i in range(1, 6):
            write = store.committer.write(Write(table_id="", also=[_player(i)]))
            pending.append(asyncio.create_task(write))
            await asyncio.sleep(0.01)  # each handed over apart, all within the gap
        await asyncio.gather(*pending)
        assert store.commits == 2  # the five in one transaction, once the gap was over
        assert loop.time() - started >= 0.3
    finally:
        await store.close()
