"""Keeping watch over the table sockets: a socket that stops answering is closed.

A phone that loses its network often leaves its socket open with nobody behind it; the
others must see that seat disconnected within seconds (then its grace period runs, RULES.md
§10). uvicorn can ping every socket itself, but with two timers per socket and ping, and a
ping even to a socket that has just sent a move. Here one task watches them all: every
``interval`` each socket is visited once (the sockets are spread over a few slices of the
interval, so no turn of the loop visits them all). A socket heard from since its last visit
(:attr:`~.tables.connection.Connection.heard`) needs no ping; one that is not gets a
websocket ping, and one whose ping is still unanswered at the next visit is closed (1011),
as uvicorn's own keepalive would close it. The pong is uvicorn's to read: it clears the
payload it waits for (``pending_ping_payload``), which is how the answer is seen here.

Only for uvicorn's sans-I/O protocol (:func:`.direct_send.sansio_protocol`); under another
server the sockets are registered for nothing, and that server's own pings apply.
"""

from __future__ import annotations

import asyncio
import logging
import random
import struct
from typing import Any

from ..core.repeating import Repeating
from ..tables.connection import Connection

__all__ = ["Heartbeat"]

log = logging.getLogger(__name__)

#: Slices of the interval the sockets are spread over.
SLICES = 8


class Heartbeat:
    """Pings the table sockets that went quiet; closes the ones that stopped answering."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self._slices: list[dict[Connection, Any]] = [{} for _ in range(SLICES)]
        self._next = 0  # the slice a new socket joins
        self._visiting = 0  # the slice visited next
        self.repeating = Repeating(
            "ws-heartbeat", self._step, first=interval / SLICES,
            after_failure=lambda: interval / SLICES, log=log, what="the socket heartbeat",
        )
        self.pings = 0  # sent (for tests and curiosity)
        self.dropped = 0  # sockets closed for want of a pong

    def watch(self, conn: Connection, proto: Any) -> None:
        """Keep watch over ``conn``, served by the sans-I/O protocol ``proto`` (None:
        nothing to do)."""
        if proto is None:
            return
        self._slices[self._next][conn] = proto
        self._next = (self._next + 1) % SLICES

    def forget(self, conn: Connection) -> None:
        """``conn`` closed: no more watch."""
        for watched in self._slices:
            if watched.pop(conn, None) is not None:
                return

    async def _step(self) -> float:
        i, self._visiting = self._visiting, (self._visiting + 1) % SLICES
        self.visit(self._slices[i])
        return self.interval / SLICES

    def visit(self, watched: dict[Connection, Any]) -> None:
        """One visit to each socket of ``watched``."""
        loop = asyncio.get_running_loop()
        for conn, proto in list(watched.items()):
            if proto.disconnected or proto.close_sent or proto.transport.is_closing():
                continue  # ending: its handler forgets it
            if conn.heard:
                conn.heard = False
                proto.pending_ping_payload = None  # (any pong still on its way is not needed)
                continue
            if proto.pending_ping_payload is not None:
                self.dropped += 1
                proto.keepalive_timeout()  # nothing heard for a whole interval: close (1011)
                continue
            payload = struct.pack("!I", random.getrandbits(32))
            proto.pending_ping_payload = payload
            proto.ping_sent_at = loop.time()
            proto.conn.send_ping(payload)
            proto.transport.write(b"".join(proto.conn.data_to_send()))
            self.pings += 1
