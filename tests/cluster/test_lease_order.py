"""A late lease renewal and another instance's sweeper, racing for the same lease rows on
a real PostgreSQL, never deadlock: both lock the rows in one order (the ids' byte order).

They used to lock them in different orders (the renewal by the database's collation,
the sweeper in the random order it picked its tables in), and PostgreSQL then aborted
one of them with "deadlock detected": the renewal failed (the instance could lose tables
it still held) or the sweep did. Each round here makes both wait on the same lease rows,
held by a third transaction, and lets them go at the same moment: whoever takes its first
row first must then get all of them. Under two orders each may take a different first
row and wait for the other's; the old code deadlocked in about half of the rounds. (The
sweep now passes over lease rows another transaction holds, a write's or a renewal's:
``test_write_sweep.py``. Here it then finds none free and the renewal keeps them all.)
"""

from __future__ import annotations

import asyncio

from sqlalchemy import TextClause, bindparam, text
from sqlalchemy.ext.asyncio import AsyncConnection

from domino_server.store.leases import Leases

from .lease_rows import engine, late_leases

ROUNDS = 30
#: The ids' first letters: byte order B D F H a c e g, an English collation's a B c D ...
FIRSTS = "aBcDeFgH"


def _of_ids(sql: str) -> TextClause:
    """``sql`` whose ``:ids`` is a list of table ids."""
    return text(sql).bindparams(bindparam("ids", expanding=True))


_HOLD = _of_ids("SELECT 1 FROM leases WHERE table_id IN :ids FOR UPDATE")
_HOLDERS = _of_ids(
    "SELECT table_id, owner, expires_at > extract(epoch from now())"
    " FROM leases WHERE table_id IN :ids"
)
_WAITING = text(
    "SELECT count(*) FROM pg_stat_activity"
    " WHERE application_name IN ('renewer', 'sweeper') AND wait_event_type = 'Lock'"
)


async def _until_both_wait(conn: AsyncConnection, sweeping: asyncio.Task[object]) -> None:
    """Until the renewal and the sweep both wait for a row lock, or the renewal waits and
    the sweep passed the held rows over (each look in a transaction of its own: one keeps
    the activity it saw first)."""
    async with asyncio.timeout(10):
        while (await conn.execute(_WAITING)).scalar_one() < (1 if sweeping.done() else 2):
            await conn.rollback()
            await asyncio.sleep(0.005)
        await conn.rollback()


async def test_a_late_renewal_and_a_sweep_never_deadlock(url: str) -> None:
    renewer, sweeper, other = engine(url, "renewer"), engine(url, "sweeper"), engine(url, "x")
    a, b = Leases(renewer, "a", 60), Leases(sweeper, "b", 60)
    try:
        async with other.connect() as conn, other.connect() as watcher:
            for n in range(ROUNDS):
                ids = [f"{first}{n:02d}-lease-order-test" for first in FIRSTS]
                held = await late_leases(conn, a, ids)
                # a third transaction holds every row until both wait for them
                await conn.execute(_HOLD, {"ids": ids})
                renewing = asyncio.create_task(a.renew(held))
                sweeping = asyncio.create_task(b.claim_due([], len(ids), 0.0))
                await _until_both_wait(watcher, sweeping)
                await conn.commit()  # both go on at once
                renewed, swept = await asyncio.gather(renewing, sweeping, return_exceptions=True)
                for got in (renewed, swept):
                    assert not isinstance(got, BaseException), f"round {n}: {got!r}"
                assert isinstance(renewed, dict) and isinstance(swept, list)
                claimed = {lease.table_id for lease in swept}
                # one of them has every table: its first row was the other's first too
                assert (set(renewed), claimed) in ((set(ids), set()), (set(), set(ids)))
                rows = await conn.execute(_HOLDERS, {"ids": ids})
                owner = "a" if renewed else "b"
                assert sorted(tuple(r) for r in rows) == sorted((t, owner, True) for t in ids)
                await conn.commit()
    finally:
        for made in (renewer, sweeper, other):
            await made.dispose()
