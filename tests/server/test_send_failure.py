"""A socket whose send fails is closed (1011), so its reader ends and the seat's
presence follows; before, the send loop died silently and the seat stayed connected."""

from __future__ import annotations

import asyncio

import pytest

from domino_server.api.ws import _writer
from domino_server.tables.connection import Connection


class BrokenSocket:
    """A websocket whose every send fails as a frame with unencodable text would."""

    def __init__(self) -> None:
        self.closed_with: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        text.encode("utf-8")
        raise AssertionError("unreachable: the frame holds a lone surrogate")

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = (code, reason)


async def test_a_failing_send_closes_the_socket_and_the_connection() -> None:
    ws = BrokenSocket()
    conn = Connection(0, 16)
    conn.send_text('{"type":"pong","id":"\ud800"}')
    with pytest.raises(UnicodeEncodeError):
        await asyncio.wait_for(_writer(ws, conn, "T1"), 5)  # type: ignore[arg-type]
    assert ws.closed_with == (1011, "server error")
    assert conn.closed and conn.close_code == 1011
