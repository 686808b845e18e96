"""What one decision stores: its events as one :class:`~..store.repo.Write` (committed
atomically), with what the events keep secret where it belongs: a round's deal in the
deals table, a joining friend's hashes in their seat's row, the experience points in the
players table; the table row's ``status`` follows the match."""

from __future__ import annotations

from typing import Any

from ..store.repo import EventRow, Write
from ..table.events import Stored

__all__ = ["write_for"]


def write_for(table_id: str, events: list[Stored]) -> Write:
    """The write that stores ``events`` (numbered, in order)."""
    w = Write(table_id)
    for ev in events:
        w.events.append(
            EventRow(
                seq=ev.seq,
                kind=ev.kind,
                payload=ev.payload,
                created_at=ev.at,
                seat=ev.seat,
                cmd_id=ev.cmd_id,
                move=ev.move,
            )
        )
        t = ev.payload.get("type")
        secret: dict[str, Any] = ev.secret or {}
        if ev.kind == "round":
            assert w.deal is None, "one deal per write"
            w.deal = (ev.payload["round"], secret["hands"], secret["boneyard"])
        elif t == "seat_joined":
            w.seats[ev.payload["seat"]] = {"name": ev.payload["name"], **secret}
        elif t == "started":
            w.table["status"] = "playing"
        elif t == "match_end":
            w.table.update(status="finished", finished_at=ev.at)
        elif t == "ranking":
            w.awards += [{**a, "at": ev.at} for a in secret.get("awards", ())]
    return w
