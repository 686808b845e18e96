"""What a table actor answers while its database is away: every request is refused as
``not_allowed`` and nothing changes, in memory or on any socket."""

from __future__ import annotations

from typing import Any

from .messages import Attach, Reply, Resync

__all__ = ["UNAVAILABLE", "refuse"]

UNAVAILABLE = "storage unavailable; try again"


def refuse(item: Any, seq: int) -> None:
    """Answer the inbox ``item`` without touching the state (``seq`` the last stored one)."""
    if isinstance(item, tuple):
        fut = item[2]
        if not fut.done():
            fut.set_result(Reply(seq, "not_allowed", UNAVAILABLE))
    elif isinstance(item, Attach):
        item.conn.close(1011, "storage unavailable; reconnect later")
    elif isinstance(item, Resync):
        item.conn.send(
            {
                "type": "rejected",
                "id": item.cmd_id,
                "code": "not_allowed",
                "reason": UNAVAILABLE,
            }
        )
