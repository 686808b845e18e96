"""Fair deals: each round's server seed, stored before its commitment is published.

Revision ID: 0013
Revises: 0004_push
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_fair_seeds"
down_revision = "0005_leases"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fair_seeds",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("round_no", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("server_seed", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("fair_seeds")
