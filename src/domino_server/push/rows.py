"""The database side of reminders: subscriptions, reminders stored once, and the claim
that lets one instance (of several) send each due reminder.

A claim marks due rows with a fresh token and a lease in one ``UPDATE ... RETURNING``;
on PostgreSQL its inner ``SELECT`` takes the rows ``FOR UPDATE SKIP LOCKED``, so two
instances claiming at once never get the same row. A claim whose instance died runs out
with its lease and the row is claimed again (nothing is lost across a restart).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    Connection,
    and_,
    bindparam,
    case,
    delete,
    exists,
    func,
    insert,
    null,
    or_,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncEngine

from ..store import models as m
from .plan import END_TURN, Plan

__all__ = [
    "MAX_PER_SEAT",
    "add_subscription",
    "apply_plans",
    "claim_due",
    "delete_subscription",
    "finish",
    "has_subscription",
    "next_due",
    "remove_subscriptions",
    "retry_later",
    "subscribed_tables",
    "subscriptions_of",
]

#: Most browsers subscribed for one seat (the oldest goes first).
MAX_PER_SEAT = 5

S = m.push_subscriptions
R = m.push_reminders


def add_subscription(
    conn: Connection, table_id: str, seat: int, endpoint: str, p256dh: str, auth: str, lang: str
) -> None:
    """Subscribe ``endpoint`` for the seat (its keys replaced if it was subscribed)."""
    mine = and_(S.c.table_id == table_id, S.c.seat == seat)
    conn.execute(delete(S).where(and_(mine, S.c.endpoint == endpoint)))
    ids = [r[0] for r in conn.execute(select(S.c.id).where(mine).order_by(S.c.id))]
    extra = ids[: max(0, len(ids) - MAX_PER_SEAT + 1)]
    if extra:
        conn.execute(delete(S).where(S.c.id.in_(extra)))
    conn.execute(
        insert(S).values(
            table_id=table_id,
            seat=seat,
            endpoint=endpoint,
            p256dh=p256dh,
            auth=auth,
            lang=lang,
            created_at=time.time(),
        )
    )


def remove_subscriptions(conn: Connection, table_id: str, seat: int, endpoint: str | None) -> int:
    """Unsubscribe ``endpoint`` (None: every browser) for the seat; how many went."""
    where = and_(S.c.table_id == table_id, S.c.seat == seat)
    if endpoint is not None:
        where = and_(where, S.c.endpoint == endpoint)
    return int((conn.execute(delete(S).where(where))).rowcount)


async def has_subscription(engine: AsyncEngine, table_id: str, seat: int, endpoint: str) -> bool:
    """Whether ``endpoint`` is subscribed for the seat."""
    where = and_(S.c.table_id == table_id, S.c.seat == seat, S.c.endpoint == endpoint)
    async with engine.connect() as conn:
        return (await conn.execute(select(S.c.id).where(where))).first() is not None


async def subscribed_tables(engine: AsyncEngine, table_ids: Sequence[str]) -> set[str]:
    """Which of ``table_ids`` have at least one push subscription (for any seat)."""
    query = select(S.c.table_id).where(S.c.table_id.in_(list(table_ids))).distinct()
    async with engine.connect() as conn:
        return {str(r[0]) for r in await conn.execute(query)}


async def subscriptions_of(engine: AsyncEngine, table_id: str, seat: int) -> list[dict[str, Any]]:
    """Every subscription of the seat."""
    where = and_(S.c.table_id == table_id, S.c.seat == seat)
    async with engine.connect() as conn:
        return [dict(r) for r in (await conn.execute(select(S).where(where))).mappings()]


def delete_subscription(conn: Connection, sub_id: int) -> None:
    """Forget a subscription the push service says is gone."""
    conn.execute(delete(S).where(S.c.id == sub_id))


def _insert_or_refresh(dialect: str) -> Any:
    """An INSERT of reminders that, for a (table, seat, turn, kind) stored already, only
    brings the payload of a pending one up to date (what the table says of the last move
    now: a friend may have taken the seat that made it); one sent or closed stays as it
    was, and a due time never moves."""
    keys = ["table_id", "seat", "turn", "kind"]
    stmt = (postgresql.insert(R) if dialect == "postgresql" else sqlite.insert(R))
    return stmt.on_conflict_do_update(
        index_elements=keys, set_={"payload": stmt.excluded.payload}, where=R.c.state == "pending"
    )


#: Cancel a table's pending reminders but those of one (seat, turn) (-1, "": keep none).
_CANCEL = (
    update(R)
    .where(
        and_(
            R.c.table_id == bindparam("t"),
            R.c.state == "pending",
            R.c.turn != END_TURN,
            or_(R.c.seat != bindparam("keep_seat"), R.c.turn != bindparam("keep_turn")),
        )
    )
    .values(state="cancelled", claim=None)
)


#: The reminder's seat has a browser subscribed (at the reminder's table).
_HEARD = exists().where(and_(S.c.table_id == R.c.table_id, S.c.seat == R.c.seat))

#: A reminder that fell due while its seat had no browser subscribed, if it has one now.
_REOPEN = (
    update(R)
    .where(
        and_(
            R.c.table_id == bindparam("t"),
            R.c.seat == bindparam("s"),
            R.c.turn == bindparam("u"),
            R.c.kind == bindparam("k"),
            R.c.state == "nobody",
            _HEARD,
        )
    )
    .values(state="pending", payload=bindparam("p"), sent_at=None)
)


def apply_plans(
    conn: Connection, plans: Sequence[tuple[str, Plan]], now: float, reopen: bool = False
) -> None:
    """For each table's plan (one per table): cancel the table's pending reminders that it
    does not keep, then store its wanted ones that are not stored yet. Runs inside the
    caller's transaction, in two statements for all the tables. ``reopen`` (a browser
    was just subscribed): a wanted reminder that fell due and was sent to nobody, since
    its seat had no browser then, is due again if the seat has one now, so that it is
    sent once after all (as it stands now: ``your_turn`` stays closed once a page of the
    table is open)."""
    touched = [(table_id, p) for table_id, p in plans if p.touch]
    if not touched:
        return
    keeps = [(table_id, p.keep or (-1, "")) for table_id, p in touched]
    conn.execute(_CANCEL, [{"t": t, "keep_seat": k[0], "keep_turn": k[1]} for t, k in keeps])
    rows = [
        {
            "table_id": table_id,
            "seat": w.seat,
            "turn": w.turn,
            "kind": w.kind,
            "due_at": w.due_at,
            "payload": w.payload,
            "state": w.state,
            "attempts": 0,
            "delivered": [],
            "created_at": now,
        }
        for table_id, p in touched
        for w in p.wanted
    ]
    if rows:
        conn.execute(_insert_or_refresh(conn.dialect.name), rows)
    again = [
        {"t": table_id, "s": w.seat, "u": w.turn, "k": w.kind, "p": w.payload}
        for table_id, p in touched
        for w in p.wanted
        if reopen and w.state == "pending"
    ]
    if again:
        conn.execute(_REOPEN, again)


def claim_due(
    conn: Connection, now: float, token: str, *, limit: int, lease: float
) -> list[dict[str, Any]]:
    """Claim up to ``limit`` due pending reminders for ``lease`` seconds under ``token``."""
    free = or_(R.c.claimed_until.is_(None), R.c.claimed_until < now)
    due = (
        select(R.c.id)
        .where(and_(R.c.state == "pending", R.c.due_at <= now, free))
        .order_by(R.c.due_at)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    stmt = (
        update(R)
        .where(and_(R.c.id.in_(due.scalar_subquery()), R.c.state == "pending", free))
        .values(claim=token, claimed_until=now + lease)
        .returning(*R.c)
    )
    return [dict(r) for r in (conn.execute(stmt)).mappings()]


def finish(
    conn: Connection, rid: int, token: str, state: str, delivered: list[int], at: float
) -> None:
    """Close a claimed reminder as ``state`` (sent, nobody, failed). Nobody: unless the
    seat has a browser subscribed by now (subscribed after the sender looked, its
    reminders stored while this one was claimed): then it is due again."""
    closed: Any = state
    sent_at: Any = at
    if state == "nobody":
        closed = case((_HEARD, "pending"), else_="nobody")
        sent_at = case((_HEARD, null()), else_=at)
    conn.execute(
        update(R)
        .where(and_(R.c.id == rid, R.c.claim == token))
        .values(state=closed, delivered=delivered, sent_at=sent_at, claim=None, claimed_until=None)
    )


def retry_later(
    conn: Connection, rid: int, token: str, due_at: float, attempts: int, delivered: list[int]
) -> None:
    """Give a claimed reminder back, due again at ``due_at``."""
    conn.execute(
        update(R)
        .where(and_(R.c.id == rid, R.c.claim == token))
        .values(
            due_at=due_at,
            attempts=attempts,
            delivered=delivered,
            claim=None,
            claimed_until=None,
        )
    )


def release(conn: Connection, token: str) -> None:
    """Give back every reminder still claimed under ``token`` (shutting down)."""
    conn.execute(update(R).where(R.c.claim == token).values(claim=None, claimed_until=None))


async def next_due(engine: AsyncEngine) -> float | None:
    """When the earliest pending reminder is due (a claimed one: when its lease ends)."""
    when = func.min(func.coalesce(R.c.claimed_until, R.c.due_at))
    async with engine.connect() as conn:
        value = (await conn.execute(select(when).where(R.c.state == "pending"))).scalar()
    return None if value is None else float(value)
