"""Which tables the sweep wakes for their idle end (``Store.idle_table_ids``): playing
tables whose last move or round start is old, and those with none at all (left before
their first deal) whose last event is old; never a finished table or a recent one."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, insert

from domino_server.core.config import Settings
from domino_server.store import models as m
from domino_server.store.db import make_engine, make_sqlite_writer, migrate
from domino_server.store.repo import Store

from .harness import fresh_database_url

OLD, NEW, BEFORE = 1_000.0, 9_000.0, 5_000.0


def _table(conn: Connection, tid: str, status: str, events: list[tuple[str, float]]) -> None:
    conn.execute(insert(m.tables).values(
        id=tid, created_at=OLD, status=status, rules={}, pace="live", turn_seconds=None,
        partner=None, finished_at=None,
    ))
    rows: list[dict[str, Any]] = [
        {"table_id": tid, "seq": i + 1, "kind": kind, "seat": None, "cmd_id": None,
         "move": None, "payload": {}, "created_at": at}
        for i, (kind, at) in enumerate(events)
    ]
    if rows:
        conn.execute(insert(m.events), rows)


async def test_the_sweep_finds_old_tables_and_those_left_before_their_first_deal(
    tmp_path: Path, backend: str
) -> None:
    url = fresh_database_url(tmp_path, backend)
    await asyncio.to_thread(migrate, url, Settings().migrations_dir)
    store = Store(make_engine(url), make_sqlite_writer(url))
    store.start()
    try:
        def fill(conn: Connection) -> None:
            _table(conn, "moved-long-ago", "playing",
                   [("info", OLD), ("round", OLD), ("move", OLD), ("info", NEW)])
            _table(conn, "moved-lately", "playing", [("round", OLD), ("move", NEW)])
            _table(conn, "never-dealt", "playing", [("info", OLD), ("info", OLD)])
            _table(conn, "never-dealt-lately", "playing", [("info", OLD), ("info", NEW)])
            _table(conn, "finished", "finished", [("round", OLD), ("move", OLD)])

        await store.transact(fill)
        assert sorted(await store.idle_table_ids(BEFORE)) == ["moved-long-ago", "never-dealt"]
    finally:
        await store.close()
