"""Sockets coming and going, and seats changing hands: a friend who joined late or a
player back from being away takes the seat from its bot at a turn boundary."""

from __future__ import annotations

import time
from typing import Any

from domino_core import view_for

from ..store.repo import Write
from .connection import Connection
from .stored import now
from .writes import TableWrites

__all__ = ["TableSeats"]


class TableSeats(TableWrites):
    """Attaching and detaching sockets, resuming them, handing seats over."""

    async def _handover(self, seat: int) -> None:
        """Give ``seat`` to its human (a friend who joined, or a player back from being
        away) unless its bot is thinking on turn; then it happens after that move."""
        s = self.seats[seat]
        waiting_friend = s["kind"] == "bot" and s["token_hash"] is not None
        away = s["kind"] == "human" and s["away"]
        if not (waiting_friend or away):
            return
        if self.status == "finished":
            return
        if self.bot_pending is not None and self.bot_pending[0] == seat:
            return
        cols: dict[str, Any] = {"kind": "human", "away": False}
        if not self.connected(seat):
            cols["away_since"] = now()
        else:
            cols["away_since"] = None
        w = Write(
            self.id,
            events=self._events([("info", {"type": "seat_human", "seat": seat})]),
            seats={seat: cols},
        )
        await self._commit(w)

    async def _attach(self, conn: Connection, last_seq: int | None) -> None:
        self.last_active = time.monotonic()
        seat = conn.seat
        if seat is not None:
            for old in list(self.conns.get(seat, ())):
                old.close(4001, "replaced by a newer connection for this seat")
                self.conns[seat].discard(old)
        self.conns.setdefault(seat, set()).add(conn)
        conn.send({"type": "welcome", "seat": seat, "table": self.summary(), "seq": self.seq})
        self.resume(conn, last_seq)
        if seat is not None and self.seats[seat]["kind"] == "human" and self.seats[seat]["away"]:
            await self._handover(seat)
        elif seat is not None and self.seats[seat]["away_since"] is not None:
            w = Write(self.id, seats={seat: {"away_since": None}})
            await self._commit(w, summary=True)
        else:
            self._broadcast_summary()

    def resume(self, conn: Connection, last_seq: int | None) -> None:
        """Send ``conn`` every event after ``last_seq``, or a snapshot when the gap is older
        than the events kept (or ``last_seq`` is None or ahead of the table)."""
        oldest = self.ring[0][0] if self.ring else self.seq + 1
        if last_seq is None or last_seq > self.seq or last_seq + 1 < oldest:
            conn.send(
                {
                    "type": "snapshot",
                    "seq": self.seq,
                    "table": self.summary(),
                    "view": self._whole_view(conn),
                }
            )
            return
        missed = [(s, p) for s, p in self.ring if s > last_seq]
        for i, (s, p) in enumerate(missed):
            view = self._whole_view(conn) if i == len(missed) - 1 else None
            conn.send({"type": "event", "seq": s, "event": p, "view": view})

    def _whole_view(self, conn: Connection) -> dict[str, Any] | None:
        """``conn``'s whole view now (None before the start); the base of its next patch."""
        if self.match is None:
            return None
        v = view_for(self.match, conn.seat)
        if conn.patch:
            conn.last_view = v
        return v.to_dict()

    async def _detach(self, conn: Connection) -> None:
        conns = self.conns.get(conn.seat)
        if conns is None or conn not in conns:
            return
        conns.discard(conn)
        self.last_active = time.monotonic()
        seat = conn.seat
        if seat is not None and not conns and self.seats[seat]["kind"] == "human":
            w = Write(self.id, seats={seat: {"away_since": now()}})
            await self._commit(w, summary=True)
        else:
            self._broadcast_summary()
