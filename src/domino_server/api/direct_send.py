"""Writing a table's frames to a websocket without a task per socket.

Through ASGI every message a server sends is an ``await send(...)``: for a table's frames
that means a writer task per socket, woken for each message. Under uvicorn's sans-I/O
websocket protocol (its default with the ``websockets`` package) sending a message never
waits for anything but room in the socket's buffer, so the same write can be made at once,
from the table's own turn of the loop, as uvicorn itself makes it. :class:`RawSend` (the
app's outermost layer) keeps the server's own ``send`` in the scope; :func:`direct_writer`
makes of it a function that writes one text message now, or answers False when it cannot
(the socket's buffer is over its high-water mark, the socket is closing, or the server is
another one): the frames then wait in the connection's queue for its writer task, which
awaits the room (:mod:`domino_server.tables.connection`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["RawSend", "direct_writer", "sansio_protocol"]

SCOPE_KEY = "domino.raw_send"

try:  # uvicorn's sans-I/O websocket protocol and the error its connection raises
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.exceptions import InvalidState
except ImportError:  # pragma: no cover - another server, another websockets
    WebSocketsSansIOProtocol = None  # type: ignore[assignment,misc]
    InvalidState = RuntimeError  # type: ignore[assignment,misc]


class RawSend:
    """ASGI middleware: keeps a websocket's ``send``, as the server gave it, in the scope."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope[SCOPE_KEY] = send
        await self.app(scope, receive, send)


def sansio_protocol(scope: Scope) -> Any:
    """The uvicorn sans-I/O protocol object serving the websocket of ``scope``, or None
    (another server, or another of uvicorn's protocols)."""
    send: Any = scope.get(SCOPE_KEY)
    proto = getattr(send, "__self__", None)
    if WebSocketsSansIOProtocol is None or not isinstance(proto, WebSocketsSansIOProtocol):
        return None
    return proto


def direct_writer(scope: Scope) -> Callable[[str], bool] | None:
    """A function writing one text message to the accepted websocket of ``scope`` at once
    (False: not now), or None when the server is not uvicorn's sans-I/O protocol."""
    proto = sansio_protocol(scope)
    if proto is None:
        return None

    def write(text: str) -> bool:
        if (
            proto.disconnected
            or proto.close_sent
            or proto.initial_response is not None
            or not proto.handshake_complete
            or not proto.writable.is_set()
        ):
            return False
        data = text.encode()  # (before the connection is touched: a bad text changes nothing)
        try:
            proto.conn.send_text(data)
        except InvalidState:
            return False  # closing: the writer task finds it out and ends
        proto.transport.write(b"".join(proto.conn.data_to_send()))
        return True

    return write
