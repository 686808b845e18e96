"""Table leases in PostgreSQL: at most one instance owns a live table at a time.

A lease row holds the ``owner`` (an instance id), the ``epoch`` (a fencing token that
grows by one at every change of hands) and ``expires_at`` (seconds since the epoch, by
the database's clock, so the instances' clocks never matter). An instance may act for a
table only while it holds its lease, and every write of a table is checked against the
lease in the writing transaction itself (:func:`fenced_out`): an instance that was
paused or cut off past its expiry can never write for that table again once another
instance took it (taking a lease raises its epoch); until then nobody else could have
written, so its late renewal or write still goes through.

Hand-over: an instance that wants a table another live instance holds sends
``NOTIFY domino_handover, '<table id>'``; the holder finishes what it has, releases and
sends ``NOTIFY domino_released, '<table id>'`` (see :mod:`domino_server.cluster`).

All of this is for PostgreSQL; one instance on SQLite uses none of it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import Connection, bindparam, text
from sqlalchemy.ext.asyncio import AsyncEngine

#: The database's clock, in seconds since the epoch (at the moment of the statement).
NOW = "extract(epoch from clock_timestamp())"

HANDOVER_CHANNEL = "domino_handover"
RELEASED_CHANNEL = "domino_released"


@dataclass(frozen=True, slots=True)
class Lease:
    """A lease as read or taken: ``expires_at`` by the database's clock, ``now`` that
    clock when it was read (so callers can tell how long is left without their own)."""

    table_id: str
    owner: str | None
    epoch: int
    expires_at: float
    now: float

    @property
    def left(self) -> float:
        """Seconds the lease had left when read (negative: expired)."""
        return self.expires_at - self.now


_ACQUIRE = text(
    f"""
    INSERT INTO leases AS l (table_id, owner, epoch, expires_at)
    VALUES (:table_id, :owner, 1, {NOW} + :ttl)
    ON CONFLICT (table_id) DO UPDATE
       SET owner = :owner, epoch = l.epoch + 1, expires_at = {NOW} + :ttl
     WHERE l.owner IS NULL OR l.expires_at <= {NOW}
    RETURNING table_id, owner, epoch, expires_at, {NOW} AS now
    """
)

_READ = text(
    f"SELECT table_id, owner, epoch, expires_at, {NOW} AS now FROM leases WHERE table_id = :t"
)

# Renewing and writing need the lease held at the same epoch, not one still running: a
# lease that ran out (a loop too busy to renew in time, a pause) but that nobody took
# since is still its holder's alone, since taking one always raises its epoch; a taker
# waits on the row lock for a renewal or write in flight. Every statement that locks
# several lease rows locks them in one order, byte order of the ids (``COLLATE "C"``, as
# Python sorts them), so two instances never wait on each other in a circle.
_RENEW = text(
    f"""
    UPDATE leases SET expires_at = {NOW} + :ttl
     WHERE table_id IN (
           SELECT table_id FROM leases
            WHERE owner = :owner AND table_id IN :ids
            ORDER BY table_id COLLATE "C"
              FOR UPDATE)
    RETURNING table_id, epoch
    """
).bindparams(bindparam("ids", expanding=True))

_RELEASE = text(
    """
    UPDATE leases SET owner = NULL, expires_at = 0
     WHERE table_id = :t AND owner = :owner AND epoch = :epoch
    """
)

_FENCE = text(
    """
    SELECT table_id, epoch FROM leases
     WHERE owner = :owner AND table_id IN :ids
     ORDER BY table_id COLLATE "C"
       FOR SHARE
    """
).bindparams(bindparam("ids", expanding=True))

# Playing tables whose owner stopped renewing (the lease expired ``grace`` seconds ago
# while held: work may have been in flight, a bot's turn or a timer) or with a deadline
# due (``due`` ids) and no live owner. A released lease (owner null) was handed over or
# let go while quiet: nothing waits there. Rows locked by another claimer are skipped,
# so two sweepers never claim the same table.
_ORPHANS = text(
    f"""
    SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id
     WHERE t.status = 'playing'
       AND ((l.owner IS NOT NULL AND l.expires_at <= {NOW} - :grace)
            OR (t.id IN :due
                AND (l.table_id IS NULL OR l.owner IS NULL OR l.expires_at <= {NOW})))
     ORDER BY random()
     LIMIT :n
       FOR UPDATE OF t SKIP LOCKED
    """
).bindparams(bindparam("due", expanding=True))


def _lease(row: object) -> Lease:
    m = row._mapping  # type: ignore[attr-defined]
    return Lease(
        m["table_id"], m["owner"], int(m["epoch"]), float(m["expires_at"]), float(m["now"])
    )


class Leases:
    """The lease queries of one instance (``owner``), each lease ``ttl`` seconds long."""

    def __init__(self, engine: AsyncEngine, owner: str, ttl: float) -> None:
        self.engine = engine
        self.owner = owner
        self.ttl = ttl

    async def acquire(self, table_id: str) -> Lease | None:
        """Take the lease of ``table_id`` if it is free or expired (its epoch grows by
        one); None while another holder's lease runs (this instance's own included)."""
        async with self.engine.begin() as conn:
            row = (
                await conn.execute(
                    _ACQUIRE, {"table_id": table_id, "owner": self.owner, "ttl": self.ttl}
                )
            ).first()
        return None if row is None else _lease(row)

    async def exists(self, table_id: str) -> bool:
        """Whether a table ``table_id`` is stored (no lease is taken for unknown ids)."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(text("SELECT 1 FROM tables WHERE id = :t"), {"t": table_id})
            ).first()
        return row is not None

    async def read(self, table_id: str) -> Lease | None:
        """The lease row of ``table_id`` as it is now, or None if it never had one."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(_READ, {"t": table_id})).first()
        return None if row is None else _lease(row)

    async def renew(self, held: dict[str, int]) -> dict[str, int]:
        """Extend every lease of ``held`` (table id → epoch) still ours by ``ttl``; the
        ones renewed (a table missing from the answer is lost)."""
        if not held:
            return {}
        async with self.engine.begin() as conn:
            rows = await conn.execute(
                _RENEW, {"owner": self.owner, "ids": list(held), "ttl": self.ttl}
            )
            kept = {r[0]: int(r[1]) for r in rows}
        return {t: e for t, e in kept.items() if held.get(t) == e}

    async def release(self, table_id: str, epoch: int) -> bool:
        """Give the lease of ``table_id`` up (only that epoch of ours); whether it was."""
        async with self.engine.begin() as conn:
            done = await conn.execute(
                _RELEASE, {"t": table_id, "owner": self.owner, "epoch": epoch}
            )
            if done.rowcount:
                await conn.execute(
                    text("SELECT pg_notify(:ch, :t)"), {"ch": RELEASED_CHANNEL, "t": table_id}
                )
        return bool(done.rowcount)

    async def request_handover(self, table_id: str) -> None:
        """Ask whichever instance holds ``table_id`` to hand it over."""
        async with self.engine.begin() as conn:
            await conn.execute(
                text("SELECT pg_notify(:ch, :t)"), {"ch": HANDOVER_CHANNEL, "t": table_id}
            )

    async def claim_due(self, due: Iterable[str], limit: int, grace: float) -> list[Lease]:
        """Claim up to ``limit`` tables that may have work and no live owner (``_ORPHANS``):
        lock their rows with ``FOR UPDATE SKIP LOCKED`` and take their leases in the same
        transaction. ``grace``: how long a lease must have been expired (clients that
        reconnect to the table's own instance take it first)."""
        out: list[Lease] = []
        params = {"due": [*due, ""], "n": limit, "grace": grace}
        async with self.engine.begin() as conn:
            ids = [r[0] for r in await conn.execute(_ORPHANS, params)]
            if not ids:
                return out
            # a lease row locked now is a write in flight (``fenced_out``) or a renewal: its
            # instance is alive. Passed over, not waited for: that write, holding the lease
            # row, goes on to lock the table's row this sweep holds (a deadlock)
            busy = {r[0] for r in await conn.execute(_LEASES_OF, {"ids": ids})}
            busy -= {r[0] for r in await conn.execute(_LOCK_FREE_LEASES, {"ids": ids})}
            # the lease rows in the order renewals lock them
            for table_id in sorted(set(ids) - busy):
                row = (
                    await conn.execute(
                        _ACQUIRE, {"table_id": table_id, "owner": self.owner, "ttl": self.ttl}
                    )
                ).first()
                if row is not None:
                    out.append(_lease(row))
        return out


_LEASES_OF = text("SELECT table_id FROM leases WHERE table_id IN :ids").bindparams(
    bindparam("ids", expanding=True)
)
_LOCK_FREE_LEASES = text(
    """
    SELECT table_id FROM leases WHERE table_id IN :ids
     ORDER BY table_id COLLATE "C"
       FOR UPDATE SKIP LOCKED
    """
).bindparams(bindparam("ids", expanding=True))


def fenced_out(conn: Connection, owner: str, wanted: set[tuple[str, int]]) -> set[tuple[str, int]]:
    """In the writing transaction: the (table id, epoch) pairs of ``wanted`` whose lease
    ``owner`` does not hold at that epoch right now. The others' lease rows stay locked
    (``FOR SHARE``) until the transaction ends, so no one can take them over before these
    writes are committed."""
    if not wanted:
        return set()
    rows = conn.execute(_FENCE, {"owner": owner, "ids": sorted({t for t, _ in wanted})})
    held = {(r[0], int(r[1])) for r in rows}
    return wanted - held
