"""Leases: which instance owns each live table (several instances on one PostgreSQL).

One row per table that some instance holds or held: the ``owner`` (an instance id),
the ``epoch`` (a fencing token, +1 at every change of hands) and ``expires_at``
(seconds since the epoch, by the database's clock). Unused on SQLite (one instance).

Revision ID: 0005_leases
Revises: 0004_push
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_leases"
down_revision = "0004_push"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=True),
        sa.Column("epoch", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("expires_at", sa.Float, nullable=False, server_default="0"),
    )
    op.create_index("ix_leases_owner", "leases", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_leases_owner", table_name="leases")
    op.drop_table("leases")
