"""The rows a new table is stored as: the table itself and its seats, the creator in seat
0 (holding the token), bots where asked, the other seats empty."""

from __future__ import annotations

from typing import Any

from ..table import BOT_NAMES

__all__ = ["seat_rows", "table_row"]


def table_row(
    table_id: str, t: float, rules: dict[str, Any], pace: str, turn_seconds: float | None,
    partner: str | None,
) -> dict[str, Any]:
    """The row of a new table ``table_id`` created at ``t``."""
    return {
        "id": table_id,
        "created_at": t,
        "status": "waiting",
        "rules": rules,
        "pace": pace,
        "turn_seconds": turn_seconds,
        "partner": partner,
        "finished_at": None,
    }


def seat_rows(
    table_id: str, t: float, count: int, bots: list[str | None],
    creator: tuple[str, str, str | None, str | None],
) -> list[dict[str, Any]]:
    """The ``count`` seat rows of a new table: ``bots[i]`` the level asked for seat ``i``,
    ``creator`` seat 0's (name, token hash, player hash, address hash)."""
    name, token_hash, player_hash, ip_hash = creator
    seats = []
    for i in range(count):
        level = bots[i] if i < len(bots) else None
        seats.append(
            {
                "table_id": table_id,
                "seat": i,
                "kind": "human" if i == 0 else "empty",
                "name": name if i == 0 else (BOT_NAMES[level] if level else ""),
                "bot": None if i == 0 else level,
                "token_hash": token_hash if i == 0 else None,
                "away": False,
                "away_since": t if i == 0 else None,
                "creator": i == 0,
                "player_hash": player_hash if i == 0 else None,
                "ip_hash": ip_hash if i == 0 else None,
            }
        )
    return seats
