"""Reads and writes of tables.

Every change a table makes is one :class:`~.writes.Write`; :meth:`Store.write` returns
only after the transaction holding it has committed (group commit: :mod:`.commit`).
With several instances (PostgreSQL), :attr:`Store.fence` makes every write of a table
conditional on this instance's lease of it (:mod:`.fence`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, and_, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncEngine

from . import models as m
from .commit import Committer
from .commit_postgres import TaskCommitter
from .commit_sqlite import LoopCommitter
from .fence import Fence, Fenced
from .writes import EventRow, Write

__all__ = ["MATCH_KINDS", "EventRow", "Fence", "Fenced", "LoadedTable", "Store", "Write"]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Event kinds that change the match (replayed on load); the others only inform.
MATCH_KINDS = ("move", "round", "resign", "annul")


@dataclass(slots=True)
class LoadedTable:
    """A table as stored."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    deals: dict[int, tuple[list[list[str]], list[str]]]
    events: list[EventRow]
    #: round_no → server seed (hex) of every round whose commitment was published
    fair_seeds: dict[int, str] = field(default_factory=dict)


class Store:
    """The table store over one async engine (reads) and its :mod:`.commit` writer."""

    def __init__(
        self, engine: AsyncEngine, sync_writer: Engine | None = None, *, commit_gap: float = 0.0
    ) -> None:
        self.engine = engine
        self.sync_writer = sync_writer
        self.committer: Committer = (
            LoopCommitter(sync_writer, gap=commit_gap)
            if sync_writer is not None
            else TaskCommitter(engine, gap=commit_gap)
        )

    @property
    def fence(self) -> Fence | None:
        """Set with several instances: writes of a table need its lease (see the module)."""
        return self.committer.fence

    @fence.setter
    def fence(self, fence: Fence | None) -> None:
        self.committer.fence = fence

    @property
    def commits(self) -> int:
        """Transactions committed by the writer (logged on close)."""
        return self.committer.commits

    # lifecycle -----------------------------------------------------------
    def start(self) -> None:
        """Start the writer (call inside the running loop)."""
        self.committer.start()

    async def close(self) -> None:
        """Stop the writer after the writes handed over and dispose of the engines."""
        await self.committer.close()
        log.info(
            "store closed",
            extra={"commits": self.committer.commits, "writes": self.committer.writes},
        )
        await self.engine.dispose()
        if self.sync_writer is not None:
            self.sync_writer.dispose()

    # writes ----------------------------------------------------------------
    async def write(self, w: Write) -> None:
        """Store ``w``; returns once committed, raises if it could not be."""
        await self.committer.write(w)

    async def transact(self, run: Callable[[Connection], T]) -> T:
        """Run ``run`` in a transaction; its result, once committed. On SQLite it goes with
        the table writes of the loop iteration through the one writing connection (a second
        connection would hold the file's write lock while the loop waits on it)."""
        if self.sync_writer is None:
            async with self.engine.begin() as conn:
                return await conn.run_sync(run)
        got: list[T] = []  # a batch that failed is tried again write by write: the last counts
        await self.committer.write(Write(table_id="", also=[lambda conn: got.append(run(conn))]))
        return got[-1]

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
            seed_rows = (
                await conn.execute(
                    select(m.fair_seeds.c.round_no, m.fair_seeds.c.server_seed).where(
                        m.fair_seeds.c.table_id == table_id
                    )
                )
            ).all()
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
            fair_seeds={r[0]: r[1] for r in seed_rows},
        )

    async def table_ids(self, status: str) -> list[str]:
        """Ids of every table with ``status``."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(m.tables.c.id).where(m.tables.c.status == status))
            return [r[0] for r in rows]

    async def idle_table_ids(self, before: float) -> list[str]:
        """Ids of playing tables whose last move or round start is older than ``before``,
        or, with none yet (the first deal never made), whose last event is."""
        at = m.events.c.created_at
        last_move = func.max(case((m.events.c.kind.in_(MATCH_KINDS), at), else_=None))
        query = (
            select(m.events.c.table_id)
            .join(m.tables, m.tables.c.id == m.events.c.table_id)
            .where(m.tables.c.status == "playing")
            .group_by(m.events.c.table_id)
            .having(or_(last_move < before, and_(last_move.is_(None), func.max(at) < before)))
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
