"""Lease rows on a real PostgreSQL for the lease tests: an instance's engine named in
``pg_stat_activity``, and playing tables whose leases an instance let run out."""

from __future__ import annotations

import json
import time

from sqlalchemy import bindparam, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from domino_server.store.leases import Leases

_EXPIRE = text(
    "UPDATE leases SET expires_at = expires_at - 60 WHERE table_id IN :ids"
).bindparams(bindparam("ids", expanding=True))


def engine(url: str, name: str) -> AsyncEngine:
    """An instance's engine, its sessions named ``name`` in ``pg_stat_activity``."""
    return create_async_engine(url, connect_args={"server_settings": {"application_name": name}})


async def late_leases(conn: AsyncConnection, a: Leases, ids: list[str]) -> dict[str, int]:
    """Playing tables ``ids``, their leases held by ``a`` and run out a minute ago (an
    instance too busy to renew in time); the epochs."""
    for table_id in ids:
        await conn.execute(
            text(
                "INSERT INTO tables (id, created_at, status, rules, pace)"
                " VALUES (:id, :at, 'playing', :rules, 'live')"
            ),
            {"id": table_id, "at": time.time(), "rules": json.dumps({})},
        )
    await conn.commit()
    held = {}
    for table_id in ids:
        lease = await a.acquire(table_id)
        assert lease is not None
        held[table_id] = lease.epoch
    await conn.execute(_EXPIRE, {"ids": ids})
    await conn.commit()
    return held
