"""A late write and another instance's sweep of the same table never deadlock, on a real
PostgreSQL.

The write holds its table's lease row (``FOR SHARE``: no one may take the lease until it
is committed) and then stores its events, whose foreign key locks the table's row. The
sweep used to lock the table's row first (``FOR UPDATE``, its claim) and then wait for the
lease row: each waited for the other, and PostgreSQL aborted one with "deadlock detected"
(a player's move, or the sweep). Now the sweep passes over a table whose lease row is
held by a write in flight: that write's instance is alive.
"""

from __future__ import annotations

import asyncio
import json
import time

from sqlalchemy import text

from domino_server.store.leases import Leases, fenced_out

from .lease_rows import engine, late_leases

_WAITING = text(
    "SELECT count(*) FROM pg_stat_activity"
    " WHERE application_name = 'sweeper' AND wait_event_type = 'Lock'"
)
_EVENT = text(
    "INSERT INTO events (table_id, seq, kind, seat, cmd_id, move, payload, created_at)"
    " VALUES (:t, 1, 'info', NULL, NULL, NULL, :p, :at)"
)


async def test_a_late_write_and_a_sweep_of_its_table_never_deadlock(url: str) -> None:
    writer, sweeper, other = engine(url, "writer"), engine(url, "sweeper"), engine(url, "x")
    a, b = Leases(writer, "a", 60), Leases(sweeper, "b", 60)
    table_id = "late-write-test"
    try:
        async with other.connect() as conn:
            # instance a was too busy to renew in time: its lease ran out a minute ago
            epoch = (await late_leases(conn, a, [table_id]))[table_id]
            async with writer.connect() as w:
                # a's write in flight: the lease is still a's at its epoch (nobody took it)
                lost = await w.run_sync(fenced_out, "a", {(table_id, epoch)})
                assert lost == set()
                sweeping = asyncio.create_task(b.claim_due([], 10, 0.0))
                async with asyncio.timeout(10):  # the sweep ends, or waits on a lock
                    while not sweeping.done() and not (await conn.execute(_WAITING)).scalar_one():
                        await conn.rollback()
                        await asyncio.sleep(0.005)
                    await conn.rollback()
                # the write stores its events (the foreign key locks the table's row)
                await w.execute(_EVENT, {"t": table_id, "p": json.dumps({}), "at": time.time()})
                await w.commit()
            swept = await sweeping
        # the sweep left the table to the write's instance, and the write was stored
        assert [s.table_id for s in swept] == []
        got = await a.read(table_id)
        assert got is not None and got.owner == "a" and got.epoch == epoch
        async with other.connect() as conn:
            rows = await conn.execute(text("SELECT count(*) FROM events WHERE table_id = :t"),
                                      {"t": table_id})
            assert rows.scalar_one() == 1
    finally:
        for made in (writer, sweeper, other):
            await made.dispose()
