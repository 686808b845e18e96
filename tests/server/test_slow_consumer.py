"""A socket whose client stops reading is dropped (4008), not waited for: the frames the
server writes straight to sockets still stop at the socket's buffer and then fill its
bounded queue. The other players at the table go on as if nothing happened."""

from __future__ import annotations

import asyncio
import json
import re
import socket

import websockets

from .harness import Client, Server
from .ws_client import subprotocols


async def _ping(cl: Client) -> None:
    """A ping of ``cl``'s answered within 5 seconds."""
    cid = cl.next_id()
    await cl.send({"type": "ping", "id": cid})
    await cl.until(lambda f: f["type"] == "pong" and f["id"] == cid, timeout=5)


async def test_a_client_that_stops_reading_is_closed_with_4008_and_the_table_goes_on(
    sqlite_server: Server,
) -> None:
    server = sqlite_server
    t = server.create(preset="classic", seats=2, goal=100, pace="live", bots=[None, "rabisco"])
    ana = Client(server, t["table_id"], t["token"])
    await ana.connect()
    assert (await ana.command({"type": "start"}))["type"] == "accepted"
    # a spectator's socket with a tiny receive window, which reads nothing from here on
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.port))
    reader = await websockets.connect(
        server.ws_url(t["table_id"]), sock=sock, subprotocols=subprotocols(None),  # type: ignore[arg-type]
        max_queue=1, max_size=2**22, close_timeout=1,
    )
    # each sync asks for the whole table again: replies the client never takes pile up
    n = 0
    try:
        while n < 30_000:
            await reader.send(f'{{"type":"sync","id":"s{n}","last_seq":0}}')
            n += 1
            if n % 200 == 0:
                # the other player is answered all along, at once
                await _ping(ana)
    except websockets.ConnectionClosed:
        pass
    # what the reader finally reads ends with the server's 4008 (slow consumer), long
    # before all the replies it asked for
    got = 0
    try:
        while True:
            msg = json.loads(await asyncio.wait_for(reader.recv(), 10))
            got += sum(1 for f in (msg if isinstance(msg, list) else [msg]) if "id" in f)
    except websockets.ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == 4008, closed
    assert got < n  # (each sync has its answer, which carries its id)
    await _ping(ana)
    await ana.close()
    # the server wrote messages straight to the sockets. (The slow one's may never pass
    # through its queue: one turn of the loop can fill the queue past its bound at once,
    # and then it is dropped for the close.)
    sent = _messages(server.get("/metrics").text)
    assert sent["direct"] > 0, sent


def _messages(metrics: str) -> dict[str, float]:
    """``domino_socket_messages_total`` by path, from the /metrics text."""
    found = re.findall(r'^domino_socket_messages_total\{path="(\w+)"\} ([\d.e+]+)$', metrics, re.M)
    return {path: float(n) for path, n in found} | {
        p: 0.0 for p in ("direct", "queued") if p not in dict(found)
    }
