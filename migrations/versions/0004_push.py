"""Web Push reminders: the VAPID key pair, seats' push subscriptions, pending reminders.

Revision ID: 0004_push
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_push"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_keys",
        sa.Column("name", sa.String(16), primary_key=True),
        sa.Column("private_key", sa.String(64), nullable=False),
        sa.Column("public_key", sa.String(100), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("endpoint", sa.String(1024), nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "seat", "endpoint", name="uq_push_subscriptions_seat"),
    )
    op.create_table(
        "push_reminders",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("turn", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("due_at", sa.Float, nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("state", sa.String(10), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("delivered", sa.JSON, nullable=False),
        sa.Column("claim", sa.String(32), nullable=True),
        sa.Column("claimed_until", sa.Float, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=True),
        sa.UniqueConstraint("table_id", "seat", "turn", "kind", name="uq_push_reminders_once"),
    )
    op.create_index("ix_push_reminders_due", "push_reminders", ["state", "due_at"])
    op.create_index("ix_push_reminders_table", "push_reminders", ["table_id", "state"])


def downgrade() -> None:
    op.drop_index("ix_push_reminders_table", table_name="push_reminders")
    op.drop_index("ix_push_reminders_due", table_name="push_reminders")
    op.drop_table("push_reminders")
    op.drop_table("push_subscriptions")
    op.drop_table("push_keys")
