"""Reads and writes of tables, with group commit.

Every change a table makes is one :class:`Write`; :meth:`Store.write` returns only
after the transaction holding it has committed. Writes arriving together (many
tables at once) share one transaction; if that batch fails, each write is retried
on its own so that only the faulty one fails.

With several instances (PostgreSQL), :attr:`Store.fence` makes every write of a table
conditional on this instance's lease of it: the epoch held when the write is handed in
is checked inside the writing transaction (:func:`.leases.fenced_out`), and a write
whose lease is gone fails with :class:`Fenced` without touching anything.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import Connection, Engine, and_, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from .. import metrics
from . import models as m
from .leases import fenced_out

log = logging.getLogger(__name__)

MAX_BATCH = 512

#: Event kinds that change the match (replayed on load); the others only inform.
MATCH_KINDS = ("move", "round", "resign", "annul")


class Fenced(Exception):
    """A write refused because this instance does not hold the table's lease (any more)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id}: this instance does not hold its lease")
        self.table_id = table_id


class Fence(Protocol):
    """The leases this instance holds, as the store checks them."""

    owner: str

    def epoch(self, table_id: str) -> int | None:
        """The epoch of the lease held on ``table_id`` now, or None if none is."""

    def lost(self, table_id: str, epoch: int | None) -> None:
        """Told (on the event loop) when a write of ``table_id`` decided under ``epoch``
        (None: under no valid lease) was fenced out."""


@dataclass(slots=True)
class EventRow:
    """One numbered event: ``payload`` is the public entry clients see; ``kind``, ``seat``,
    ``move`` and ``cmd_id`` are what replaying it needs (never sent)."""

    seq: int
    kind: str
    payload: dict[str, Any]
    created_at: float
    seat: int | None = None
    cmd_id: str | None = None
    move: str | None = None


@dataclass(slots=True)
class Write:
    """Everything one table change stores, committed atomically."""

    table_id: str
    events: list[EventRow] = field(default_factory=list)
    table: dict[str, Any] = field(default_factory=dict)  # column updates of the table row
    seats: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat → column updates
    deal: tuple[int, list[list[str]], list[str]] | None = None  # round_no, hands, boneyard
    new_table: dict[str, Any] | None = None  # insert this table row (with new_seats)
    new_seats: list[dict[str, Any]] = field(default_factory=list)
    # experience points: {"key_hash", "name", "points", "won", "at"} per player
    awards: list[dict[str, Any]] = field(default_factory=list)


@dataclass(slots=True)
class LoadedTable:
    """A table as stored."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    deals: dict[int, tuple[list[list[str]], list[str]]]
    events: list[EventRow]


class Store:
    """The table store over one async engine."""

    def __init__(self, engine: AsyncEngine, sync_writer: Engine | None = None) -> None:
        self.engine = engine
        self.sync_writer = sync_writer
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="store") if sync_writer else None
        self._queue: asyncio.Queue[tuple[Write, asyncio.Future[None], int | None]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        #: Set with several instances: writes of a table need its lease (see the module).
        self.fence: Fence | None = None
        self.commits = 0  # transactions committed by the writer (logged on close)
        self.writes = 0  # table writes in them

    # lifecycle -----------------------------------------------------------
    def start(self) -> None:
        """Start the writer task (call inside the running loop)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._writer(), name="store")

    async def close(self) -> None:
        """Stop the writer after the queued writes and dispose of the engine."""
        if self._task is not None:
            while not self._queue.empty():
                await asyncio.sleep(0.01)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        log.info("store closed", extra={"commits": self.commits, "writes": self.writes})
        await self.engine.dispose()
        if self.sync_writer is not None:
            self.sync_writer.dispose()
        if self._thread is not None:
            self._thread.shutdown(wait=True)

    # writes ----------------------------------------------------------------
    async def write(self, w: Write) -> None:
        """Store ``w``; returns once committed, raises if it could not be."""
        epoch: int | None = None
        if self.fence is not None and w.new_table is None:
            epoch = self.fence.epoch(w.table_id)  # the lease this write was decided under
            if epoch is None:
                self.fence.lost(w.table_id, None)
                raise Fenced(w.table_id)
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((w, fut, epoch))
        await fut

    async def _writer(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                with metrics.COMMIT_SECONDS.time():
                    lost = await self._transaction([(w, e) for w, _, e in batch])
            except Exception:
                if len(batch) == 1:
                    log.exception("write failed for table %s", batch[0][0].table_id)
                    _settle(batch[0][1], _current_exc())
                    continue
                for w, fut, e in batch:
                    try:
                        lost = await self._transaction([(w, e)])
                    except Exception as exc:
                        log.exception("write failed for table %s", w.table_id)
                        _settle(fut, exc)
                    else:
                        self._settle_fenced([(w, fut, e)], lost)
            else:
                self._settle_fenced(batch, lost)

    def _settle_fenced(
        self,
        batch: list[tuple[Write, asyncio.Future[None], int | None]],
        lost: set[tuple[str, int]],
    ) -> None:
        """Settle committed writes, and fail those fenced out (telling the fence first, so
        that the table is dropped before its actor could answer anyone)."""
        for w, fut, e in batch:
            if e is not None and (w.table_id, e) in lost:
                if self.fence is not None:
                    self.fence.lost(w.table_id, e)
                _settle(fut, Fenced(w.table_id))
            else:
                _settle(fut, None)

    async def _transaction(self, items: list[tuple[Write, int | None]]) -> set[tuple[str, int]]:
        """Apply the writes of ``items`` in one transaction: on the writer thread (SQLite)
        or through the async driver; the (table, epoch) pairs fenced out (left out)."""
        if self.sync_writer is not None and self._thread is not None:
            engine = self.sync_writer

            def run() -> None:
                with engine.begin() as conn:
                    _apply(conn, [w for w, _ in items])

            await asyncio.get_running_loop().run_in_executor(self._thread, run)
            self.commits += 1
            self.writes += len(items)
            return set()
        fence = self.fence

        def fenced_apply(conn: Connection) -> set[tuple[str, int]]:
            lost: set[tuple[str, int]] = set()
            if fence is not None:
                wanted = {(w.table_id, e) for w, e in items if e is not None}
                lost = fenced_out(conn, fence.owner, wanted)
            _apply(conn, [w for w, e in items if e is None or (w.table_id, e) not in lost])
            return lost

        async with self.engine.begin() as conn:
            lost = await conn.run_sync(fenced_apply)
        self.commits += 1
        self.writes += len(items) - len(lost)
        return lost

    # reads -----------------------------------------------------------------
    async def load(self, table_id: str) -> LoadedTable | None:
        """The stored table ``table_id`` with its seats, deals and events, or None."""
        async with self.engine.connect() as conn:
            row = (
                (await conn.execute(select(m.tables).where(m.tables.c.id == table_id)))
                .mappings()
                .first()
            )
            if row is None:
                return None
            seat_rows = (
                (
                    await conn.execute(
                        select(m.seats)
                        .where(m.seats.c.table_id == table_id)
                        .order_by(m.seats.c.seat)
                    )
                )
                .mappings()
                .all()
            )
            deal_rows = (
                (await conn.execute(select(m.deals).where(m.deals.c.table_id == table_id)))
                .mappings()
                .all()
            )
            ev_rows = (
                (
                    await conn.execute(
                        select(m.events)
                        .where(m.events.c.table_id == table_id)
                        .order_by(m.events.c.seq)
                    )
                )
                .mappings()
                .all()
            )
        return LoadedTable(
            row=dict(row),
            seats=[dict(s) for s in seat_rows],
            deals={d["round_no"]: (d["hands"], d["boneyard"]) for d in deal_rows},
            events=[
                EventRow(
                    seq=e["seq"],
                    kind=e["kind"],
                    payload=e["payload"],
                    created_at=e["created_at"],
                    seat=e["seat"],
                    cmd_id=e["cmd_id"],
                    move=e["move"],
                )
                for e in ev_rows
            ],
        )

    async def table_ids(self, status: str) -> list[str]:
        """Ids of every table with ``status``."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(m.tables.c.id).where(m.tables.c.status == status))
            return [r[0] for r in rows]

    async def idle_table_ids(self, before: float) -> list[str]:
        """Ids of playing tables whose last move or round start is older than ``before``."""
        last = func.max(m.events.c.created_at)
        query = (
            select(m.events.c.table_id)
            .join(m.tables, m.tables.c.id == m.events.c.table_id)
            .where(and_(m.tables.c.status == "playing", m.events.c.kind.in_(MATCH_KINDS)))
            .group_by(m.events.c.table_id)
            .having(last < before)
        )
        async with self.engine.connect() as conn:
            return [r[0] for r in await conn.execute(query)]

    async def player(self, key_hash: str) -> dict[str, Any] | None:
        """The ranking row of the player whose key hashes to ``key_hash``, with its place."""
        async with self.engine.connect() as conn:
            row = (
                (await conn.execute(select(m.players).where(m.players.c.key_hash == key_hash)))
                .mappings()
                .first()
            )
            if row is None:
                return None
            ahead = (
                await conn.execute(
                    select(func.count())
                    .select_from(m.players)
                    .where(m.players.c.points > row["points"])
                )
            ).scalar_one()
        return {**dict(row), "place": int(ahead) + 1}

    async def player_known(self, key_hash: str) -> bool:
        """Whether some seat was ever taken with the player key hashing to ``key_hash``."""
        query = select(m.seats.c.table_id).where(m.seats.c.player_hash == key_hash).limit(1)
        async with self.engine.connect() as conn:
            return (await conn.execute(query)).first() is not None

    async def top_players(self, limit: int) -> list[dict[str, Any]]:
        """The ``limit`` players with the most points (ties: the earlier to get there, then
        by name)."""
        query = (
            select(m.players)
            .order_by(m.players.c.points.desc(), m.players.c.updated_at, m.players.c.name)
            .limit(limit)
        )
        async with self.engine.connect() as conn:
            return [dict(r) for r in (await conn.execute(query)).mappings().all()]

    async def ping(self) -> None:
        """Raise if the database cannot answer."""
        async with self.engine.connect() as conn:
            await conn.execute(select(1))


def _current_exc() -> BaseException:
    import sys

    exc = sys.exc_info()[1]
    assert exc is not None
    return exc


def _settle(fut: asyncio.Future[None], exc: BaseException | None) -> None:
    if fut.done():
        return
    if exc is None:
        fut.set_result(None)
    else:
        fut.set_exception(exc)


def _apply(conn: Connection, writes: list[Write]) -> None:
    new_tables = [w.new_table for w in writes if w.new_table is not None]
    if new_tables:
        conn.execute(insert(m.tables), new_tables)
    new_seats = [s for w in writes for s in w.new_seats]
    if new_seats:
        conn.execute(insert(m.seats), new_seats)
    deals = [
        {"table_id": w.table_id, "round_no": d[0], "hands": d[1], "boneyard": d[2]}
        for w in writes
        if (d := w.deal) is not None
    ]
    if deals:
        conn.execute(insert(m.deals), deals)
    events = [
        {
            "table_id": w.table_id,
            "seq": e.seq,
            "kind": e.kind,
            "seat": e.seat,
            "cmd_id": e.cmd_id,
            "move": e.move,
            "payload": e.payload,
            "created_at": e.created_at,
        }
        for w in writes
        for e in w.events
    ]
    if events:
        conn.execute(insert(m.events), events)
    for a in (a for w in writes for a in w.awards):
        _award(conn, a)
    for w in writes:
        if w.table:
            conn.execute(update(m.tables).where(m.tables.c.id == w.table_id).values(w.table))
        for seat, values in w.seats.items():
            conn.execute(
                update(m.seats)
                .where(and_(m.seats.c.table_id == w.table_id, m.seats.c.seat == seat))
                .values(values)
            )


def _award(conn: Connection, a: dict[str, Any]) -> None:
    """Add one match's points to a player's row (created on their first points)."""
    players = m.players
    done = conn.execute(
        update(players)
        .where(players.c.key_hash == a["key_hash"])
        .values(
            name=a["name"],
            points=players.c.points + a["points"],
            matches=players.c.matches + 1,
            wins=players.c.wins + (1 if a["won"] else 0),
            updated_at=a["at"],
        )
    )
    if done.rowcount == 0:
        conn.execute(
            insert(players).values(
                key_hash=a["key_hash"],
                name=a["name"],
                points=a["points"],
                matches=1,
                wins=1 if a["won"] else 0,
                updated_at=a["at"],
            )
        )
