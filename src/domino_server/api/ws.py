"""The table websocket: ``GET /ws/tables/{table_id}?last_seq=N&view=patch``.

The seat token travels in the handshake's ``Sec-WebSocket-Protocol`` header, never in
the URL: the client offers ``domino.v1`` and ``domino.token.<SEAT_TOKEN>``, and the
server answers ``domino.v1``. No token: a spectator. (``?token=`` is still read for
pages loaded before this change; log lines never show it, see ``cli.redact``.)

Each frame is parsed into a :data:`ClientCommand`; bad input gets a typed
``error``/``rejected`` and the socket stays open: text the server could not send back
(a lone UTF-16 surrogate or a NUL from a JSON escape) is refused before anything reads
it. Commands beyond the per-connection rate limit are rejected (``rate_limited``).
Outbound frames are written at the end of the loop's turn that sent them, straight to the
socket where it can (:mod:`.direct_send`), else through the connection's bounded queue and
its writer task (see :mod:`domino_server.tables.connection`); if sending fails, the socket
is closed and its seat shows as disconnected.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from typing import Any

from fastapi import APIRouter, WebSocket
from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnect

from .. import metrics
from ..cluster.ownership import TableBusy
from ..core.config import Settings
from ..protocol import commands as c
from ..tables.connection import BATCH_CHARS, BATCH_FRAMES, CLOSE, Connection, joined
from ..tables.messages import Attach, Detach, Resync
from ..tables.registry import Registry
from ..tables.tokens import hash_token
from .direct_send import direct_writer, sansio_protocol
from .heartbeat import Heartbeat
from .limits import TokenBucket

router = APIRouter()
log = logging.getLogger("domino_server.ws")
_QUEUED = metrics.SOCKET_MESSAGES.labels(path="queued")
#: The commands counter of each command type (looked up once per type, not per frame).
_counted = functools.cache(lambda kind: metrics.COMMANDS.labels(type=kind))

#: The subprotocol the server speaks, and the prefix of the one that carries the token.
PROTOCOL = "domino.v1"
TOKEN_PROTOCOL = "domino.token."


async def _writer(ws: WebSocket, conn: Connection, table_id: str) -> None:
    """Send the connection's queued frames in order (the frames not written straight to the
    socket, see :mod:`.direct_send`). Frames queued together leave as one message, a JSON
    array of the frames; a frame alone leaves as itself. If a send fails for any reason but
    the peer going away, the socket is closed (1011) so that the reader ends and the seat's
    presence follows."""
    try:
        while True:
            conn.sending = False
            text = await conn.queue.get()
            conn.sending = True
            if text is CLOSE:
                await ws.close(conn.close_code, conn.close_reason)
                return
            batch = [text]
            size = len(text)
            closing = False
            while len(batch) < BATCH_FRAMES and size < BATCH_CHARS and not conn.queue.empty():
                more = conn.queue.get_nowait()
                if more is CLOSE:
                    closing = True
                    break
                batch.append(more)
                size += len(more)
            await ws.send_text(joined(batch))
            _QUEUED.inc()
            if closing:
                await ws.close(conn.close_code, conn.close_reason)
                return
    except (WebSocketDisconnect, OSError, RuntimeError):
        return  # the peer is gone (or the socket already closed): the reader sees it too
    except Exception:
        log.exception("sending to a socket failed; closing it", extra={"table_id": table_id})
        conn.close(1011, "server error")
        with contextlib.suppress(Exception):
            await ws.close(1011, "server error")
        raise


def _error(conn: Connection, code: str, detail: str) -> None:
    metrics.REJECTED.labels(reason=code).inc()
    conn.send({"type": "error", "code": code, "detail": detail})


def _refuse(conn: Connection, cid: str | None, code: str, reason: str) -> None:
    """``rejected`` for a frame with a usable command id, else ``error``."""
    if cid is None:
        _error(conn, code, reason)
    else:
        metrics.REJECTED.labels(reason=code).inc()
        conn.send({"type": "rejected", "id": cid, "code": code, "reason": reason})


def _usable_id(obj: Any) -> str | None:
    if isinstance(obj, dict):
        cid = obj.get("id")
        if isinstance(cid, str) and 1 <= len(cid) <= 64:
            return cid
    return None


def _unsendable(value: Any) -> bool:
    """Whether ``value`` (parsed JSON) holds text that cannot be stored or sent back:
    a lone UTF-16 surrogate, or a NUL."""
    if isinstance(value, str):
        if "\x00" in value:
            return True
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_unsendable(k) or _unsendable(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_unsendable(v) for v in value)
    return False


def _offered_token(ws: WebSocket) -> str | None:
    """The seat token offered as a ``domino.token.<TOKEN>`` subprotocol, if any."""
    for offered in ws.scope.get("subprotocols") or []:
        if offered.startswith(TOKEN_PROTOCOL):
            return str(offered[len(TOKEN_PROTOCOL) :])
    return None


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ())) or "frame"
    return f"{where}: {err.get('msg', 'invalid')}"


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    ws: WebSocket,
    table_id: str,
    token: str | None = None,
    last_seq: int | None = None,
    view: str = "full",
) -> None:
    """One socket per seat (a newer one replaces the older), or a spectator. ``view=patch``:
    after the first whole view, each event carries only what changed in it (``patch``).
    ``token`` in the query is the old way (before ``Sec-WebSocket-Protocol``)."""
    registry: Registry = ws.app.state.registry
    settings: Settings = ws.app.state.settings
    token = _offered_token(ws) or token
    await ws.accept(
        subprotocol=PROTOCOL if PROTOCOL in (ws.scope.get("subprotocols") or []) else None
    )
    if view not in ("full", "patch"):
        await ws.send_json(
            {"type": "error", "code": "bad_command", "detail": "view must be full or patch"}
        )
        await ws.close(4400, "bad view parameter")
        return
    try:
        actor = await registry.get(table_id) if len(table_id) <= 32 else None
    except TableBusy:  # another instance holds it and did not hand it over in time
        with contextlib.suppress(Exception):  # the client may have gone meanwhile
            await ws.close(1013, "the table is busy elsewhere; try again")
        return
    if actor is None:
        await ws.send_json({"type": "error", "code": "not_allowed", "detail": "no such table"})
        await ws.close(4404, "no such table")
        return
    seat = None
    if token:
        seat = actor.seat_for_token(hash_token(token))
        if seat is None:
            await ws.send_json(
                {"type": "error", "code": "not_allowed", "detail": "this token holds no seat here"}
            )
            await ws.close(4401, "bad token")
            return
    conn = Connection(seat, settings.outbound_queue, patch=view == "patch")
    proto = sansio_protocol(ws.scope)
    conn.direct = direct_writer(proto)
    heartbeat: Heartbeat = ws.app.state.heartbeat
    heartbeat.watch(conn, proto)
    writer = asyncio.get_running_loop().create_task(_writer(ws, conn, table_id))
    reader = asyncio.current_task()
    failed = ending = False

    def _on_writer_done(task: asyncio.Task[None]) -> None:
        nonlocal failed
        broke = not task.cancelled() and task.exception() is not None
        if broke and reader is not None and not ending:
            failed = True
            reader.cancel()  # the reader may be waiting for a frame that never comes

    writer.add_done_callback(_on_writer_done)
    actor.tell(Attach(conn, last_seq if last_seq is not None and last_seq >= 0 else None))
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    metrics.CONNECTED_SOCKETS.inc()
    try:
        while not conn.closed:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                break
            conn.heard_at = time.monotonic()
            raw = msg.get("text")
            data = (msg.get("bytes") or b"") if raw is None else raw.encode("utf-8")
            if len(data) > settings.max_frame_bytes:
                _error(
                    conn,
                    "frame_too_large",
                    f"frames are limited to {settings.max_frame_bytes} bytes",
                )
                continue
            if raw is None:
                try:
                    raw = data.decode("utf-8")
                except UnicodeDecodeError:
                    _error(conn, "bad_json", "frames must be UTF-8 JSON text")
                    continue
            try:
                obj = json.loads(raw)
            except (ValueError, RecursionError):
                _error(conn, "bad_json", "the frame is not valid JSON")
                continue
            if "\\u" in raw and _unsendable(obj):
                _error(
                    conn,
                    "bad_json",
                    "the frame holds a lone UTF-16 surrogate or a NUL (\\u0000) in its text",
                )
                continue
            cid = _usable_id(obj)
            if not bucket.take():
                _refuse(conn, cid, "rate_limited", "too many commands; slow down")
                continue
            try:
                cmd = c.client_command_adapter.validate_python(obj)
            except ValidationError as exc:
                metrics.COMMANDS.labels(type="invalid").inc()
                _refuse(conn, cid, "bad_command", _first_error(exc))
                continue
            _counted(cmd.type).inc()
            if isinstance(cmd, c.Ping):
                conn.send({"type": "pong", "id": cmd.id})
            elif isinstance(cmd, c.Sync):
                actor.tell(Resync(conn, cmd.last_seq, cmd.id))
            elif not conn.closed and conn.retiring is None:
                actor.submit(seat, cmd, conn)  # answered by the actor, after its events
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        if not failed:
            raise
        if reader is not None:
            reader.uncancel()  # cancelled by _on_writer_done only: this handler ends normally
    finally:
        ending = True
        heartbeat.forget(conn)
        metrics.CONNECTED_SOCKETS.dec()
        actor.tell(Detach(conn))
        conn.close(1000, "bye")
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 1.0)
        writer.cancel()
