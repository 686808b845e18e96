"""A player whose network dies without closing the socket is seen as disconnected by the
others within seconds: the server pings every socket (``DOMINO_WS_PING_SECONDS``) and
closes one that answers none."""

from __future__ import annotations

import asyncio
import base64
import os
import time
from typing import Any

from .harness import Client, Server


async def _silent_socket(server: Server, table_id: str, token: str) -> asyncio.StreamWriter:
    """Open a websocket by hand and then go silent: never read again, never answer a ping
    (what a phone that lost its network looks like to the server)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            f"GET /ws/tables/{table_id} HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Protocol: domino.v1, domino.token.{token}\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    await writer.drain()
    status = await asyncio.wait_for(reader.readline(), 10)
    assert b"101" in status, status
    return writer


def _connected(table: dict[str, Any] | None, seat: int) -> bool | None:
    if table is None:
        return None
    return next(s for s in table["seats"] if s["seat"] == seat).get("connected")


async def test_a_socket_that_stops_answering_is_dropped_and_its_seat_shown_disconnected(
    make_server,
) -> None:
    server = make_server({"DOMINO_WS_PING_SECONDS": "0.5"})
    t = server.create(preset="classic", seats=2, goal=100, pace="live")
    j = server.join(t["table_id"], "Bia")
    ana = Client(server, t["table_id"], t["token"])
    await ana.connect()
    writer = await _silent_socket(server, t["table_id"], j["token"])
    try:
        await ana.until(lambda f: f["type"] == "table" and _connected(f["table"], 1) is True)
        began = time.monotonic()
        # Bia's socket is open but silent: the server's pings go unanswered
        await ana.until(
            lambda f: f["type"] == "table" and _connected(f["table"], 1) is False, timeout=10
        )
        took = time.monotonic() - began
        assert took < 5, f"seen disconnected after {took:.1f} s"
    finally:
        writer.close()
    # a socket that answers its pings (the harness's client does) stays
    bia = Client(server, t["table_id"], j["token"])
    await bia.connect()
    await ana.until(lambda f: f["type"] == "table" and _connected(f["table"], 1) is True)
    quiet_until = time.monotonic() + 2.0  # four ping periods
    while (left := quiet_until - time.monotonic()) > 0:
        try:
            f = await ana.recv(timeout=left)
        except TimeoutError:
            break
        assert not (f["type"] == "table" and _connected(f["table"], 1) is False), (
            "a socket that answers pings was dropped"
        )
    await ana.close()
    await bia.close()
