"""The table websocket: ``GET /ws/tables/{table_id}?last_seq=N&view=patch``.

The seat token travels in the handshake's ``Sec-WebSocket-Protocol`` header, never in
the URL: the client offers ``domino.v1`` and ``domino.token.<SEAT_TOKEN>``, and the
server answers ``domino.v1``. No token: a spectator. (``?token=`` is still read for
pages loaded before this change; log lines never show it, see ``cli.redact``.)

Each frame is metered by the per-connection rate limit first (``rate_limited`` beyond
it, whatever the frame holds), then parsed into a :data:`ClientCommand` (:mod:`.frames`);
bad input gets a typed ``error``/``rejected`` and the socket stays open: text the server
could not send back (a lone UTF-16 surrogate or a NUL from a JSON escape) is refused
before anything reads it. Every frame read gets its answer: a command read while the
socket is being replaced by a newer one for its seat (or is closing) is rejected
``unavailable`` (send it again on the next socket), written before the close frame; only
what arrives after the close frame went is not read (the client resends it).
Outbound frames are written at the end of the loop's turn that sent them, straight to the
socket where it can (:mod:`.direct_send`), else through the connection's bounded queue and
its writer task (see :mod:`domino_server.tables.connection`); if sending fails, the socket
is closed and its seat shows as disconnected.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from .. import metrics
from ..cluster.ownership import TableBusy
from ..core.config import Settings
from ..protocol import commands as c
from ..tables.connection import BATCH_CHARS, BATCH_FRAMES, CLOSE, Connection, joined
from ..tables.messages import Attach, Detach, Resync
from ..tables.registry import Registry
from ..tables.tokens import hash_token, is_table_id
from .database_away import DETAIL, UNREADABLE, log_away
from .direct_send import direct_writer, sansio_protocol
from .frames import Refusal, parse_last_seq, read_frame
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

#: Why a command read on a socket that is closing is not done (``unavailable``).
REPLACED = "this socket was replaced by a newer one for this seat; send it again there"
CLOSING = "this socket is closing; send it again on the next one"


async def _close(ws: WebSocket, conn: Connection) -> None:
    """Send the answers left for the close (:meth:`Connection.send_last`), then close."""
    words = conn.final_words()
    if words:
        await ws.send_text(joined(words))
    await ws.close(conn.close_code, conn.close_reason)


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
                await _close(ws, conn)
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
                await _close(ws, conn)
                return
    except (WebSocketDisconnect, OSError, RuntimeError):
        return  # the peer is gone (or the socket already closed): the reader sees it too
    except Exception:
        log.exception("sending to a socket failed; closing it", extra={"table_id": table_id})
        conn.close(1011, "server error")
        conn.final_words()
        with contextlib.suppress(Exception):
            await ws.close(1011, "server error")
        raise


def _refuse(conn: Connection, cid: str | None, code: str, reason: str) -> None:
    """``rejected`` for a frame with a usable command id, else ``error`` (also on a
    socket that is closing: before its close frame, :meth:`Connection.send_last`)."""
    metrics.REJECTED.labels(reason=code).inc()
    if cid is None:
        conn.send_last({"type": "error", "code": code, "detail": reason})
    else:
        conn.send_last({"type": "rejected", "id": cid, "code": code, "reason": reason})


def _offered_token(ws: WebSocket) -> str | None:
    """The seat token offered as a ``domino.token.<TOKEN>`` subprotocol, if any."""
    for offered in ws.scope.get("subprotocols") or []:
        if offered.startswith(TOKEN_PROTOCOL):
            return str(offered[len(TOKEN_PROTOCOL) :])
    return None


async def _refuse_socket(ws: WebSocket, code: int, error: str, detail: str) -> None:
    """Answer the handshake, then one ``error`` frame and the close ``code``."""
    await ws.send_json({"type": "error", "code": error, "detail": detail})
    await ws.close(code, detail[:120])


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    ws: WebSocket,
    table_id: str,
    token: str | None = None,
    last_seq: str | None = None,
    view: str = "full",
) -> None:
    """One socket per seat (a newer one replaces the older), or a spectator. ``view=patch``:
    after the first whole view, each event carries only what changed in it (``patch``).
    ``token`` in the query is the old way (before ``Sec-WebSocket-Protocol``). A bad
    parameter is answered after the handshake: an ``error`` frame, then close 4400 (an
    unknown table: 4404, without looking up an id no table can have)."""
    registry: Registry = ws.app.state.registry
    settings: Settings = ws.app.state.settings
    token = _offered_token(ws) or token
    await ws.accept(
        subprotocol=PROTOCOL if PROTOCOL in (ws.scope.get("subprotocols") or []) else None
    )
    resume_from, bad_seq = parse_last_seq(last_seq)
    if view not in ("full", "patch") or bad_seq is not None:
        detail = bad_seq or "view must be full or patch"
        await _refuse_socket(ws, 4400, "bad_command", detail)
        return
    try:
        actor = await registry.get(table_id) if is_table_id(table_id) else None
    except TableBusy:  # another instance holds it and did not hand it over in time
        with contextlib.suppress(Exception):  # the client may have gone meanwhile
            await ws.close(1013, "the table is busy elsewhere; try again")
        return
    except UNREADABLE as exc:  # the database is away (api.database_away)
        log_away("table socket", exc)
        with contextlib.suppress(Exception):
            await _refuse_socket(ws, 1013, "unavailable", DETAIL)
        return
    if actor is None:
        await _refuse_socket(ws, 4404, "not_allowed", "no such table")
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
    actor.tell(Attach(conn, resume_from))
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    metrics.CONNECTED_SOCKETS.inc()
    try:
        while not conn.closed:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect" or conn.close_sent:
                break  # (a frame after the close frame is not read: no answer could go)
            conn.heard_at = time.monotonic()
            cmd = read_frame(msg, settings.max_frame_bytes, bucket.take())
            if isinstance(cmd, Refusal):
                if cmd.code == "bad_command":
                    metrics.COMMANDS.labels(type="invalid").inc()
                _refuse(conn, cmd.cid, cmd.code, cmd.detail)
                continue
            _counted(cmd.type).inc()
            if isinstance(cmd, c.Ping):
                conn.send_last({"type": "pong", "id": cmd.id})
            elif conn.closed or conn.retiring is not None:
                # the seat's newer socket took over (or this one is closing): no answer
                # from the table could come before the close, so it is not asked
                reason = CLOSING if conn.retiring is None else REPLACED
                _refuse(conn, cmd.id, "unavailable", reason)
            elif isinstance(cmd, c.Sync):
                conn.unanswered += 1  # answered by the actor; a retiring socket waits for it
                actor.tell(Resync(conn, cmd.last_seq, cmd.id))
            else:
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
