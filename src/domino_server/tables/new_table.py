"""The rows a new table is stored as: the table itself and its seats, the creator in seat
0 (holding the token), bots where asked, the other seats empty."""

from __future__ import annotations

from typing import Any

from ..table import BOT_NAMES
from .tokens import address_hash, hash_token

__all__ = ["new_table_rows"]


def new_table_rows(
    table_id: str,
    token: str,
    t: float,
    *,
    rules: dict[str, Any],
    pace: str,
    turn_seconds: float | None,
    bots: list[str | None],
    partner: str | None,
    name: str,
    player_hash: str | None,
    address: str | None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The table row and the seat rows of a new table ``table_id`` created at ``t``, the
    creator (``name``, ``player_hash``, ``address``) holding ``token`` in seat 0."""
    row = {
        "id": table_id,
        "created_at": t,
        "status": "waiting",
        "rules": rules,
        "pace": pace,
        "turn_seconds": turn_seconds,
        "partner": partner,
        "finished_at": None,
    }
    seats = []
    for i in range(int(rules["seats"])):
        level = bots[i] if i < len(bots) else None
        seats.append(
            {
                "table_id": table_id,
                "seat": i,
                "kind": "human" if i == 0 else "empty",
                "name": name if i == 0 else (BOT_NAMES[level] if level else ""),
                "bot": None if i == 0 else level,
                "token_hash": hash_token(token) if i == 0 else None,
                "away": False,
                "away_since": t if i == 0 else None,
                "creator": i == 0,
                "player_hash": player_hash if i == 0 else None,
                "ip_hash": address_hash(table_id, address) if i == 0 else None,
            }
        )
    return row, seats
