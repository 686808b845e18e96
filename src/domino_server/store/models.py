"""The database schema (SQLAlchemy Core tables; Alembic migrations create them).

- ``tables``: one row per table: settings and status.
- ``seats``: who holds each seat; tokens only as SHA-256 hashes.
- ``deals``: the secret deal of every round; never sent to any client.
- ``fair_seeds``: each round's server seed (hex), stored before its commitment is published
  so that a restart deals from the same seed; sent to nobody before the round ends.
- ``events``: the append-only, numbered event log of each table (unique on table and seq).
- ``leases``: which instance owns each live table, with an epoch (fencing token) and an
  expiry by the database's clock (several instances on PostgreSQL; unused on SQLite).
- ``players``: experience points (RULES.md §10 Ranking) by player, keyed by the SHA-256
  of the player token the browser keeps; seats name their player and the SHA-256 of the
  address they joined from (compared for equality only, never shown).

Times are seconds since the epoch (floats), the same on SQLite and PostgreSQL.
Deadlines derive from the events' ``created_at`` (the last move or round start)
and the seats' ``away_since``, so a move is one INSERT and nothing else.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
)

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("status", String(16), nullable=False),  # waiting | playing | finished
    Column("rules", JSON, nullable=False),
    Column("pace", String(16), nullable=False),  # live | correspondence
    Column("turn_seconds", Float, nullable=True),
    Column("partner", String(16), nullable=True),  # friend | bot | null
    Column("finished_at", Float, nullable=True),
)
Index("ix_tables_status", tables.c.status)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(8), nullable=False),  # human | bot | empty
    Column("name", String(40), nullable=False),
    Column("bot", String(16), nullable=True),  # level that plays while no human does
    Column("token_hash", String(64), nullable=True),
    Column("away", Boolean, nullable=False, default=False),
    Column("away_since", Float, nullable=True),
    Column("creator", Boolean, nullable=False, default=False),
    Column("player_hash", String(64), nullable=True),
    Column("ip_hash", String(64), nullable=True),
)
Index("ix_seats_token_hash", seats.c.token_hash)

deals = Table(
    "deals",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("round_no", Integer, primary_key=True, autoincrement=False),
    Column("hands", JSON, nullable=False),
    Column("boneyard", JSON, nullable=False),
)

fair_seeds = Table(
    "fair_seeds",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("round_no", Integer, primary_key=True, autoincrement=False),
    Column("server_seed", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
)

events = Table(
    "events",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    # move | resign | annul | round | info: which rows change the match on replay
    Column("kind", String(8), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("cmd_id", String(64), nullable=True),
    Column("move", String(16), nullable=True),
    Column("payload", JSON, nullable=False),
    Column("created_at", Float, nullable=False),
)

players = Table(
    "players",
    metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("points", Integer, nullable=False, default=0),
    Column("matches", Integer, nullable=False, default=0),
    Column("wins", Integer, nullable=False, default=0),
    Column("updated_at", Float, nullable=False),
)
Index("ix_players_points", players.c.points)

# Web Push reminders (docs/DESIGN.md, issue 17) --------------------------------------
#: One row, name "vapid": the server's VAPID key pair (shared by every instance).
push_keys = Table(
    "push_keys",
    metadata,
    Column("name", String(16), primary_key=True),
    Column("private_key", String(64), nullable=False),  # base64url raw P-256 scalar
    Column("public_key", String(100), nullable=False),  # base64url uncompressed point
    Column("created_at", Float, nullable=False),
)

#: A browser's push subscription for one seat (the seat token proved it).
push_subscriptions = Table(
    "push_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("endpoint", String(1024), nullable=False),
    Column("p256dh", String(128), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("created_at", Float, nullable=False),
    UniqueConstraint("table_id", "seat", "endpoint", name="uq_push_subscriptions_seat"),
)

#: One reminder for one seat: unique per (table, seat, turn, kind), so none is made twice.
#: ``state``: pending | sent | skipped (a socket was open) | cancelled | nobody | failed.
push_reminders = Table(
    "push_reminders",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("turn", String(32), nullable=False),
    Column("kind", String(24), nullable=False),
    Column("due_at", Float, nullable=False),
    Column("payload", JSON, nullable=False),
    Column("state", String(10), nullable=False),
    Column("attempts", Integer, nullable=False, default=0),
    Column("delivered", JSON, nullable=False),  # ids of the subscriptions it reached
    Column("claim", String(32), nullable=True),
    Column("claimed_until", Float, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("sent_at", Float, nullable=True),
    UniqueConstraint("table_id", "seat", "turn", "kind", name="uq_push_reminders_once"),
)
Index("ix_push_reminders_due", push_reminders.c.state, push_reminders.c.due_at)
Index("ix_push_reminders_table", push_reminders.c.table_id, push_reminders.c.state)

leases = Table(
    "leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(64), nullable=True),  # an instance id; null: released
    Column("epoch", BigInteger, nullable=False, default=0),  # +1 at every change of hands
    Column("expires_at", Float, nullable=False, default=0.0),  # the database's clock
)
Index("ix_leases_owner", leases.c.owner)
