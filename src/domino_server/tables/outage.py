"""What a table actor answers while its database is away: every request is refused as
``unavailable`` (not applied: send it again) and nothing changes, in memory or on any socket."""

from __future__ import annotations

from typing import Any

from .messages import Attach, Reply, Resync

__all__ = ["UNAVAILABLE", "refuse"]

#: Why a command was not done because the table could not store it (``unavailable``: the
#: same command, same id, may be sent again; it was not applied).
UNAVAILABLE = "storage unavailable; send it again"


def refuse(item: Any, seq: int) -> None:
    """Answer the inbox ``item`` without touching the state (``seq`` the last stored one)."""
    if isinstance(item, tuple):
        fut = item[2]
        if not fut.done():
            fut.set_result(Reply(seq, "unavailable", UNAVAILABLE))
    elif isinstance(item, Attach):
        item.conn.close(1011, "storage unavailable; reconnect later")
    elif isinstance(item, Resync):
        item.conn.send(
            {
                "type": "rejected",
                "id": item.cmd_id,
                "code": "unavailable",
                "reason": UNAVAILABLE,
            }
        )
        item.conn.answered()
