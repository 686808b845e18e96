"""Ranking: experience points per player; each seat's player and address hash.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("player_hash", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("ip_hash", sa.String(64), nullable=True))
    op.create_table(
        "players",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("points", sa.Integer, nullable=False, server_default="0"),
        sa.Column("matches", sa.Integer, nullable=False, server_default="0"),
        sa.Column("wins", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_players_points", "players", ["points"])


def downgrade() -> None:
    op.drop_index("ix_players_points", table_name="players")
    op.drop_table("players")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("ip_hash")
        batch.drop_column("player_hash")
