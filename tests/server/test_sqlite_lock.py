"""SQLite's write lock held by another connection for a while: the writes handed over
meanwhile wait (none is lost or fails) and are committed together once it is free (they
used to be committed one by one, each on a thread, and while those held the lock the next
writes went the same way), then the store goes back to one transaction per loop
iteration."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

from sqlalchemy import func, insert, select

from domino_server.core.config import Settings
from domino_server.store import models as m
from domino_server.store.db import make_engine, make_sqlite_writer, migrate
from domino_server.store.repo import EventRow, Store, Write


def _player(i: int):  # type: ignore[no-untyped-def]
    def run(conn):  # type: ignore[no-untyped-def]
        conn.execute(
            insert(m.players).values(
                key_hash=f"{i:064d}", name=f"p{i}", points=i, matches=1, wins=0, updated_at=0.0
            )
        )
        return i

    return run


async def test_writes_wait_out_a_lock_held_elsewhere_then_batch_again(tmp_path: Path) -> None:
    path = tmp_path / "d.sqlite3"
    url = f"sqlite+aiosqlite:///{path}"
    await asyncio.to_thread(migrate, url, Settings().migrations_dir)
    store = Store(make_engine(url), make_sqlite_writer(url))
    store.start()
    locked, release = threading.Event(), threading.Event()

    def hold_the_lock() -> None:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # the write lock, as another process would take it
        locked.set()
        release.wait(10)
        other.execute("COMMIT")
        other.close()

    holder = threading.Thread(target=hold_the_lock)
    holder.start()
    try:
        await asyncio.to_thread(locked.wait, 10)
        start = store.commits
        waiting = [asyncio.ensure_future(store.transact(_player(i))) for i in range(50)]
        await asyncio.sleep(0)
        for _ in range(20):  # the loop goes on meanwhile: more writes arrive, none done
            await asyncio.sleep(0.01)
            assert not any(w.done() for w in waiting)
        waiting += [asyncio.ensure_future(store.transact(_player(i))) for i in range(50, 100)]
        release.set()
        assert sorted(await asyncio.wait_for(asyncio.gather(*waiting), 10)) == list(range(100))
        assert store.commits - start <= 4  # together once the lock is free, not one by one

        # then a steady stream, a few writes per loop iteration, as moves come
        before = store.commits
        later = []
        for i in range(100, 1100, 5):
            later += [asyncio.ensure_future(store.transact(_player(i + k))) for k in range(5)]
            await asyncio.sleep(0)
        assert sorted(await asyncio.wait_for(asyncio.gather(*later), 30)) == list(range(100, 1100))
        assert store.commits - before <= 1000 // 3  # batched again, not one commit a write
        async with store.engine.connect() as conn:
            count = (await conn.execute(select(func.count()).select_from(m.players))).scalar()
        assert count == 1100
    finally:
        release.set()
        holder.join()
        await store.close()


async def test_a_write_the_database_refuses_fails_alone(tmp_path: Path) -> None:
    """A write that breaks a constraint (here the same event stored twice) hears of its
    error instead of waiting for ever, and the writes committed with it are kept."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'd.sqlite3'}"
    await asyncio.to_thread(migrate, url, Settings().migrations_dir)
    store = Store(make_engine(url), make_sqlite_writer(url))
    store.start()
    try:
        await store.transact(
            lambda conn: conn.execute(
                insert(m.tables).values(
                    id="t1", created_at=0.0, status="playing", rules={}, pace="live"
                )
            )
        )

        def move(seq: int) -> Write:
            row = EventRow(seq=seq, kind="move", payload={"type": "play"}, created_at=0.0)
            return Write("t1", events=[row])

        await store.write(move(1))
        again, fresh = store.write(move(1)), store.write(move(2))  # one loop iteration
        got = await asyncio.wait_for(asyncio.gather(again, fresh, return_exceptions=True), 10)
        assert isinstance(got[0], Exception) and got[1] is None
        async with store.engine.connect() as conn:
            seqs = (await conn.execute(select(m.events.c.seq).order_by(m.events.c.seq))).all()
        assert [s for (s,) in seqs] == [1, 2]
    finally:
        await store.close()
