"""Writing a table's frames to a websocket without a task per socket.

Through ASGI every message a server sends is an ``await send(...)``: for a table's frames
that means a writer task per socket, woken for each message. Under uvicorn's sans-I/O
websocket protocol (its default with the ``websockets`` package) sending a message never
waits for anything but room in the socket's buffer, so the same write can be made at once,
from the table's own turn of the loop, as uvicorn itself makes it. :class:`RawSend` (the
app's outermost layer) keeps the server's own ``send`` in the scope, :func:`sansio_protocol`
finds the protocol object behind it, and :func:`direct_writer` makes of that a function
that writes one text message now, or answers False when it cannot (the socket's buffer is
over its high-water mark, the socket is closing): the frames then
wait in the connection's queue for its writer task, which awaits the room
(:mod:`domino_server.tables.connection`).

This reads uvicorn's protocol object (the attributes in :data:`NEEDED`, as uvicorn 0.55 has
them): :data:`SUPPORTED` says whether the installed uvicorn is that one, and ``domino serve``
only then turns uvicorn's own keepalive off for :mod:`.heartbeat`. Under another server,
another uvicorn, or with ``send`` wrapped by a middleware, every socket simply goes through
its queue and writer task.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["SUPPORTED", "RawSend", "direct_writer", "sansio_protocol"]

SCOPE_KEY = "domino.raw_send"

#: What is read or called on uvicorn's protocol object (here and in :mod:`.heartbeat`).
NEEDED = (
    "conn", "transport", "writable", "disconnected", "close_sent", "initial_response",
    "handshake_complete", "ping_interval", "pending_ping_payload", "ping_sent_at",
    "keepalive_timeout", "handle_pong",
)

try:  # uvicorn's sans-I/O websocket protocol and the error its connection raises
    import uvicorn
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.exceptions import InvalidState
except ImportError:  # pragma: no cover - another server, another websockets
    WebSocketsSansIOProtocol = None  # type: ignore[assignment,misc]
    InvalidState = RuntimeError  # type: ignore[assignment,misc]
    SUPPORTED = False
else:
    _version = tuple(int(p) for p in uvicorn.__version__.split(".")[:2] if p.isdigit())
    # the attributes are read as uvicorn 0.55 has them: another version may keep the names
    # and change what they mean, so it goes the plain way (pyproject.toml pins 0.55)
    SUPPORTED = _version == (0, 55) and all(
        hasattr(WebSocketsSansIOProtocol, name) for name in ("keepalive_timeout", "handle_pong")
    )


class RawSend:
    """ASGI middleware: keeps a websocket's ``send``, as the server gave it, in the scope."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope[SCOPE_KEY] = send
        await self.app(scope, receive, send)


def sansio_protocol(scope: Scope) -> Any:
    """The uvicorn sans-I/O protocol object serving the accepted websocket of ``scope``, or
    None (another server or protocol, a wrapped ``send``, an unknown uvicorn)."""
    if not SUPPORTED:
        return None
    send: Any = scope.get(SCOPE_KEY)
    proto = getattr(send, "__self__", None)
    if not isinstance(proto, WebSocketsSansIOProtocol):
        return None
    if not all(hasattr(proto, name) for name in NEEDED):
        return None
    return proto


def direct_writer(proto: Any) -> Callable[[str], bool] | None:
    """A function writing one text message at once (False: not now) to the websocket that
    ``proto`` serves (from :func:`sansio_protocol`); None for no protocol."""
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
