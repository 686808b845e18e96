"""What a table change stores (:class:`Write`, with its :class:`EventRow` events) and how
a batch of them is applied inside one transaction (:func:`apply_writes`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, and_, insert, update

from ..core.jsontext import encode
from . import models as m

__all__ = ["INSERT_EVENTS", "EventRow", "Write", "apply_writes", "event_params", "only_events"]


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
    fair_seed: tuple[int, str] | None = None  # round_no, server seed (hex): before its commitment
    new_table: dict[str, Any] | None = None  # insert this table row (with new_seats)
    new_seats: list[dict[str, Any]] = field(default_factory=list)
    # experience points: {"key_hash", "name", "points", "won", "at"} per player
    awards: list[dict[str, Any]] = field(default_factory=list)
    # statements of another part (the reminders), run last in the same transaction
    also: list[Callable[[Connection], None]] = field(default_factory=list)


def only_events(w: Write) -> bool:
    """Whether ``w`` stores event rows and nothing else (most moves)."""
    return not (
        w.table
        or w.seats
        or w.deal
        or w.fair_seed
        or w.new_table
        or w.new_seats
        or w.awards
        or w.also
    )


def event_params(writes: list[Write]) -> list[tuple[Any, ...]]:
    """The event rows of ``writes`` as the parameters of :data:`INSERT_EVENTS`."""
    return [
        (w.table_id, e.seq, e.kind, e.seat, e.cmd_id, e.move, encode(e.payload), e.created_at)
        for w in writes
        for e in w.events
    ]


#: The events' INSERT for a DBAPI cursor with ``?`` parameters (SQLite).
INSERT_EVENTS = (
    "INSERT INTO events (table_id, seq, kind, seat, cmd_id, move, payload, created_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


def apply_writes(conn: Connection, writes: list[Write], *, raw_events: bool = False) -> None:
    """Apply ``writes`` on ``conn`` (inside the caller's transaction). ``raw_events``
    (SQLite): the event rows go to the driver as one :data:`INSERT_EVENTS`, without
    SQLAlchemy's statement (a fifth of the cost; most of a batch's rows are events)."""
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
    seeds = [
        {"table_id": w.table_id, "round_no": f[0], "server_seed": f[1], "created_at": time.time()}
        for w in writes
        if (f := w.fair_seed) is not None
    ]
    if seeds:
        conn.execute(insert(m.fair_seeds), seeds)
    if raw_events:
        params = event_params(writes)
        if params:
            conn.exec_driver_sql(INSERT_EVENTS, params)
    else:
        rows = [
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
        if rows:
            conn.execute(insert(m.events), rows)
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
    for w in writes:
        for run in w.also:
            run(conn)


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
