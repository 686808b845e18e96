"""Table leases against a real PostgreSQL: taking, renewing, releasing, claiming, and
the fence that keeps an instance without the lease from writing."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import text

from domino_server.cluster.ownership import Ownership
from domino_server.core.config import Settings
from domino_server.store.db import make_engine, migrate
from domino_server.store.leases import Leases
from domino_server.store.repo import EventRow, Fenced, Store, Write

from .harness import fresh_database


@pytest.fixture
async def url(pg_base: str) -> AsyncIterator[str]:
    db = fresh_database(pg_base)
    with ThreadPoolExecutor(1) as pool:  # Alembic runs its own event loop
        await asyncio.get_running_loop().run_in_executor(
            pool, migrate, db, Settings().migrations_dir
        )
    yield db


async def _table(store: Store, table_id: str, pace: str = "live") -> None:
    row = {
        "id": table_id,
        "created_at": time.time(),
        "status": "playing",
        "rules": {},
        "pace": pace,
        "turn_seconds": None,
        "partner": None,
        "finished_at": None,
    }
    await store.write(Write(table_id, new_table=row))


class Fence:
    """The store's fence for one instance: the epochs it believes it holds."""

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.epochs: dict[str, int] = {}
        self.told: list[str] = []

    def epoch(self, table_id: str) -> int | None:
        return self.epochs.get(table_id)

    def lost(self, table_id: str, epoch: int | None) -> None:
        self.told.append(table_id)


def _event(seq: int, cmd: str) -> EventRow:
    return EventRow(
        seq=seq, kind="info", payload={"type": "x"}, created_at=time.time(), cmd_id=cmd, seat=0
    )


async def _until_expired(leases: Leases, table_id: str) -> None:
    while (await leases.read(table_id)).left > 0:  # type: ignore[union-attr]
        await asyncio.sleep(0.02)


async def _stores(url: str, *owners: str) -> list[tuple[Store, Fence]]:
    out = []
    for owner in owners:
        store = Store(make_engine(url))
        store.start()
        store.fence = Fence(owner)
        out.append((store, store.fence))
    return out


async def test_one_holder_at_a_time_and_epochs_grow(url: str) -> None:
    engine = make_engine(url)
    a, b = Leases(engine, "a", 0.4), Leases(engine, "b", 0.4)
    first = await a.acquire("t1")
    assert first is not None and first.owner == "a" and first.epoch == 1
    assert await b.acquire("t1") is None  # a's lease runs
    assert await a.acquire("t1") is None  # not even a may take it twice
    assert await a.renew({"t1": 1}) == {"t1": 1}
    await _until_expired(a, "t1")
    taken = await b.acquire("t1")
    assert taken is not None and taken.owner == "b" and taken.epoch == 2
    assert await a.renew({"t1": 1}) == {}  # a's renewal finds it gone
    assert await b.release("t1", 2)
    again = await a.acquire("t1")  # released: free at once
    assert again is not None and again.epoch == 3
    await engine.dispose()


async def test_a_lease_that_ran_out_untaken_is_still_its_holders(url: str) -> None:
    """An instance too busy to renew in time (a loaded machine) keeps its tables while
    nobody took them: its renewal and its next write go through, at the same epoch; once
    another instance took the table, neither does."""
    ((store, fence),) = await _stores(url, "a")
    await _table(store, "t1")
    la, lb = Leases(store.engine, "a", 0.3), Leases(store.engine, "b", 5)
    fence.epochs["t1"] = (await la.acquire("t1")).epoch  # type: ignore[union-attr]
    await _until_expired(la, "t1")
    await store.write(Write("t1", events=[_event(1, "late")]))  # nobody took it: stored
    assert await la.renew({"t1": 1}) == {"t1": 1} and fence.told == []
    await _until_expired(la, "t1")
    assert (await lb.acquire("t1")) is not None  # b takes it: epoch 2
    assert await la.renew({"t1": 1}) == {}
    with pytest.raises(Fenced):
        await store.write(Write("t1", events=[_event(2, "after")]))
    async with store.engine.connect() as conn:
        rows = (await conn.execute(text("SELECT seq, cmd_id FROM events ORDER BY seq"))).all()
    assert [tuple(r) for r in rows] == [(1, "late")]
    await store.close()


async def test_a_write_needs_the_lease_it_was_decided_under(url: str) -> None:
    (sa, fa), (sb, fb) = await _stores(url, "a", "b")
    await _table(sa, "t1")
    la, lb = Leases(sa.engine, "a", 0.3), Leases(sb.engine, "b", 5)
    fa.epochs["t1"] = (await la.acquire("t1")).epoch  # type: ignore[union-attr]
    await sa.write(Write("t1", events=[_event(1, "a1")]))
    await _until_expired(la, "t1")  # a is paused past its lease; b takes the table
    fb.epochs["t1"] = (await lb.acquire("t1")).epoch  # type: ignore[union-attr]
    await sb.write(Write("t1", events=[_event(2, "b2")]))
    with pytest.raises(Fenced):  # a wakes up and tries to write: refused, nothing stored
        await sa.write(Write("t1", events=[_event(3, "a3")], table={"status": "finished"}))
    assert fa.told == ["t1"]
    async with sa.engine.connect() as conn:
        rows = (await conn.execute(text("SELECT seq, cmd_id FROM events ORDER BY seq"))).all()
        status = (await conn.execute(text("SELECT status FROM tables"))).scalar_one()
    assert [tuple(r) for r in rows] == [(1, "a1"), (2, "b2")] and status == "playing"
    for s in (sa, sb):
        await s.close()


async def test_a_fenced_write_in_a_batch_leaves_the_others_alone(url: str) -> None:
    ((store, fence),) = await _stores(url, "a")
    leases = Leases(store.engine, "a", 5)
    for t in ("t1", "t2"):
        await _table(store, t)
    fence.epochs["t1"] = (await leases.acquire("t1")).epoch  # type: ignore[union-attr]
    fence.epochs["t2"] = 7  # an epoch the database never gave
    results = await asyncio.gather(
        store.write(Write("t1", events=[_event(1, "ok")])),
        store.write(Write("t2", events=[_event(1, "stale")])),
        return_exceptions=True,
    )
    assert results[0] is None and isinstance(results[1], Fenced)
    async with store.engine.connect() as conn:
        got = (await conn.execute(text("SELECT table_id, cmd_id FROM events"))).all()
    assert [tuple(r) for r in got] == [("t1", "ok")]
    await store.close()


async def test_a_takeover_waits_for_the_write_in_flight(url: str) -> None:
    """The fence locks the lease row until the write commits: a taker that finds the
    lease expired meanwhile gets it only after that commit, so it loads that write."""
    engine = make_engine(url)
    ((store, _),) = await _stores(url, "a")
    await _table(store, "t1")
    a, b = Leases(engine, "a", 0.3), Leases(engine, "b", 5)
    epoch = (await a.acquire("t1")).epoch  # type: ignore[union-attr]
    async with engine.connect() as conn:
        await conn.begin()
        await conn.execute(
            text("SELECT 1 FROM leases WHERE table_id='t1' AND owner='a' AND epoch=:e FOR SHARE"),
            {"e": epoch},
        )
        await conn.execute(
            text(
                "INSERT INTO events (table_id, seq, kind, payload, created_at)"
                " VALUES ('t1', 1, 'info', '{}', 0)"
            )
        )
        await _until_expired(a, "t1")
        taking = asyncio.create_task(b.acquire("t1"))
        done, _ = await asyncio.wait({taking}, timeout=0.5)
        assert not done, "the takeover waits for the writing transaction"
        await conn.commit()
    lease = await taking
    assert lease is not None and lease.owner == "b"
    async with engine.connect() as conn:
        assert (await conn.execute(text("SELECT count(*) FROM events"))).scalar_one() == 1
    await store.close()
    await engine.dispose()


async def test_claimers_never_claim_the_same_table(url: str) -> None:
    ((store, _),) = await _stores(url, "x")
    dead = Leases(store.engine, "dead", 0.2)
    orphans = [f"L{i}" for i in range(20)]
    for t in [*orphans, "released", "C-idle", "C-quiet"]:
        await _table(store, t, pace="correspondence" if t.startswith("C") else "live")
    for t in [*orphans, "released"]:
        assert await dead.acquire(t) is not None
    assert await dead.release("released", 1)  # let go while quiet: nothing waits there
    await _until_expired(dead, orphans[-1])  # the owner died holding the others
    claimers = [Leases(store.engine, f"c{i}", 5) for i in range(3)]
    got = await asyncio.gather(*(c.claim_due(["C-idle"], 8, 0.0) for c in claimers))
    got += await asyncio.gather(*(c.claim_due(["C-idle"], 8, 0.0) for c in claimers))
    ids = [lease.table_id for batch in got for lease in batch]
    assert len(ids) == len(set(ids)), "a table claimed twice"
    assert set(ids) == {*orphans, "C-idle"}  # nothing is due at the quiet and released ones
    assert all(lease.epoch == 2 for batch in got for lease in batch if lease.table_id != "C-idle")
    assert await claimers[0].claim_due(["C-idle"], 8, 0.0) == []  # all held now
    await store.close()


async def test_hand_over_on_request(url: str) -> None:
    engine = make_engine(url)
    dsn = url.replace("postgresql+asyncpg://", "postgresql://")
    a = Ownership(Leases(engine, "a", 30), dsn, handover_wait=5)
    b = Ownership(Leases(engine, "b", 30), dsn, handover_wait=5)
    asked: list[str] = []

    async def give(table_id: str) -> None:
        asked.append(table_id)
        await a.release(table_id)

    a.on_handover = give
    await a.start()
    await b.start()
    assert await a.take("t1") == 1
    t = time.monotonic()
    assert await b.take("t1") == 2  # a 30 s lease, handed over on request
    assert time.monotonic() - t < 5 and asked == ["t1"]
    assert a.epoch("t1") is None and b.epoch("t1") == 2
    await a.close()
    await b.close()  # releases
    assert (await Leases(engine, "c", 1).acquire("t1")) is not None
    await engine.dispose()
