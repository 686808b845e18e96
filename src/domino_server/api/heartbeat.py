"""Keeping watch over the table sockets: a socket that stops answering is closed.

A phone that loses its network often leaves its socket open with nobody behind it; the
others must see that seat disconnected within seconds (then its grace period runs, RULES.md
§10). uvicorn can ping every socket itself, but with two timers per socket and ping, and a
ping even to a socket that has just sent a move. Here one task watches them all: every
``interval`` each socket is visited once (the sockets are spread over a few slices of the
interval, so no turn of the loop visits them all). At a visit, a socket with a ping out is
closed (1011, as uvicorn's keepalive closes it) unless it answered or sent a frame since;
one that sent a frame in the last half interval needs no ping; any other gets one. A dead
socket is so closed one to two intervals after its last frame, as under uvicorn's keepalive.
The pong is uvicorn's to read: it clears the payload it waits for (``pending_ping_payload``),
which is how the answer is seen here.

Only for sockets served by uvicorn's sans-I/O protocol with its own keepalive off (what
``domino serve`` runs, :data:`.direct_send.SUPPORTED`); any other socket is left to its
server's pings, and a socket that has none is logged (once).
"""

from __future__ import annotations

import asyncio
import logging
import random
import struct
import time
from typing import Any

from ..core.repeating import Repeating
from ..tables.connection import Connection

__all__ = ["Heartbeat"]

log = logging.getLogger(__name__)

#: Slices of the interval the sockets are spread over.
SLICES = 8


class _Watched:
    """A socket's protocol and when (``time.monotonic``) the heartbeat last pinged it."""

    __slots__ = ("pinged_at", "proto")

    def __init__(self, proto: Any) -> None:
        self.proto = proto
        self.pinged_at = 0.0


class Heartbeat:
    """Pings the table sockets that went quiet; closes the ones that stopped answering."""

    def __init__(self, interval: float, *, server_pings: bool = True) -> None:
        self.interval = interval
        #: Whether sockets this heartbeat cannot watch have their server's own pings.
        self.server_pings = server_pings
        self._slices: list[dict[Connection, _Watched]] = [{} for _ in range(SLICES)]
        self._next = 0  # the slice a new socket joins
        self._visiting = 0  # the slice visited next
        self._warned = False
        self.dropped = 0  # sockets closed for want of an answer
        self.repeating = Repeating(
            "ws-heartbeat", self._step, first=interval / SLICES,
            after_failure=lambda: interval / SLICES, log=log, what="the socket heartbeat",
        )

    def watch(self, conn: Connection, proto: Any) -> None:
        """Keep watch over ``conn``, served by the sans-I/O protocol ``proto`` (None: not
        such a socket). A socket whose server pings it already is left to those pings."""
        if proto is None or proto.ping_interval:
            if proto is None and not self.server_pings and not self._warned:
                self._warned = True
                log.warning("a table socket is not served by uvicorn's sans-I/O protocol (a "
                            "middleware wraps its send?): nothing pings it")
            return
        self._slices[self._next][conn] = _Watched(proto)
        self._next = (self._next + 1) % SLICES

    def forget(self, conn: Connection) -> None:
        """``conn`` closed: no more watch."""
        for watched in self._slices:
            if watched.pop(conn, None) is not None:
                return

    async def _step(self) -> float:
        i, self._visiting = self._visiting, (self._visiting + 1) % SLICES
        self.visit(self._slices[i], time.monotonic())
        return self.interval / SLICES

    def visit(self, watched: dict[Connection, _Watched], now: float) -> None:
        """One visit, at ``now`` (``time.monotonic``), to each socket of ``watched``."""
        for conn, w in list(watched.items()):
            try:
                self._visit(conn, w, now)
            except Exception:  # one odd socket must not leave the others unwatched
                log.exception("the heartbeat could not look at a socket; closing it")
                conn.close(1011, "server error")

    def _visit(self, conn: Connection, w: _Watched, now: float) -> None:
        proto = w.proto
        if proto.disconnected or proto.close_sent or proto.transport.is_closing():
            return  # ending: its handler forgets it
        if proto.pending_ping_payload is not None:
            if conn.heard_at < w.pinged_at:
                self.dropped += 1
                proto.keepalive_timeout()  # no pong, no frame for a whole interval: close
                return
            proto.pending_ping_payload = None  # it sent frames: alive (its pong is not needed)
        if now - conn.heard_at < self.interval / 2:
            return
        payload = struct.pack("!I", random.getrandbits(32))
        proto.pending_ping_payload = payload
        proto.ping_sent_at = asyncio.get_running_loop().time()  # (uvicorn's round-trip time)
        w.pinged_at = now
        proto.conn.send_ping(payload)
        proto.transport.write(b"".join(proto.conn.data_to_send()))
