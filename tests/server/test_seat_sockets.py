"""A seat's sockets (issue 16 point 7): a socket that replaces another for the same seat
first lets the older one hear the answer to the command it sent, then closes it; a seat's
presence follows its socket, also when the socket can no longer send."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable

import pytest
import websockets

from .harness import Client, Server, move_frame, pump


async def _started(server: Server) -> tuple[Client, Client]:
    t = server.create(preset="classic", seats=2, goal=100, pace="correspondence")
    j = server.join(t["table_id"], "Bia")
    ana, bia = Client(server, t["table_id"], t["token"]), Client(server, t["table_id"], j["token"])
    await ana.connect()
    await bia.connect()
    assert (await ana.command({"type": "start"}))["type"] == "accepted"
    await pump([ana, bia])
    return ana, bia


async def test_a_replaced_socket_gets_its_pending_answer_before_it_is_closed(
    server: Server,
) -> None:
    ana, bia = await _started(server)
    mover = ana if ana.my_turn() else bia
    assert mover.my_turn()
    await mover.send({**move_frame(mover.view["legal"][0]), "id": "last-move"})
    newer = Client(server, mover.table_id, mover.token)
    await newer.connect()  # takes the seat while the move is being stored
    frames = []
    with pytest.raises(websockets.ConnectionClosed) as closed:
        while True:
            frames.append(await mover.recv())
    answers = [f for f in frames if f["type"] in ("accepted", "rejected")]
    assert answers and answers[-1]["id"] == "last-move" and answers[-1]["type"] == "accepted"
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
    # the newer socket holds the seat and saw the move as part of the table
    assert newer.seq >= answers[-1]["seq"] or (
        await newer.until(lambda f: f.get("seq") == answers[-1]["seq"])
    )


async def test_a_socket_that_cannot_send_answers_or_closes_and_presence_follows(
    server: Server,
) -> None:
    ana, bia = await _started(server)
    # a command id holding a lone UTF-16 surrogate: it cannot be encoded back to UTF-8
    await bia.send('{"type":"ping","id":"\\ud800"}')
    try:
        answer = await bia.recv(timeout=5)
    except websockets.ConnectionClosed:
        answer = None  # closed: the seat must show as gone
    loop = asyncio.get_running_loop()
    end = loop.time() + 10
    while True:  # what Ana's table summary says of Bia's seat follows Bia's socket
        assert ana.table is not None
        if ana.table["seats"][bia.seat]["connected"] is (answer is not None):
            break
        assert loop.time() < end, "Bia's presence does not follow her socket"
        with contextlib.suppress(TimeoutError):
            await ana.recv(timeout=max(0.05, end - loop.time()))
    if answer is not None:
        assert answer["type"] in ("pong", "rejected", "error"), answer


def _counted(server: Server, kind: str) -> int:
    """How many commands of ``kind`` the server read (its ``/metrics``)."""
    for line in server.get("/metrics").text.splitlines():
        if line.startswith(f'domino_commands_total{{type="{kind}"}}'):
            return int(float(line.split()[-1]))
    return 0


async def test_every_command_a_replaced_socket_reads_is_answered(
    make_server: Callable[..., Server],
) -> None:
    """While a seat's socket keeps sending, a newer socket takes the seat: each command
    the older one read is answered on it (``rejected unavailable`` once it is being
    replaced: send it again on the newer one) before its close, never dropped."""
    server = make_server({"DOMINO_RATE_PER_SECOND": "1e6", "DOMINO_RATE_BURST": "1000000"})
    ana, bia = await _started(server)
    sent: list[str] = []

    async def flood() -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            for i in range(100_000):
                sent.append(f"flood-{i}")
                await ana.ws.send(json.dumps({"type": "claim_absence", "id": sent[-1]}))
                await asyncio.sleep(0)  # (the newer socket's handshake goes on meanwhile)

    task = asyncio.create_task(flood())
    deadline = asyncio.get_running_loop().time() + 30
    while len(sent) < 200 and not task.done():  # the flood is under way
        assert asyncio.get_running_loop().time() < deadline, "the flood did not start"
        await asyncio.sleep(0)
    assert not task.done(), "the older socket stopped sending before the newer one came"
    newer = Client(server, ana.table_id, ana.token)
    await newer.connect()
    frames = []
    with pytest.raises(websockets.ConnectionClosed) as closed:
        while True:
            frames.append(await ana.recv())
    await task
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
    answers = [f for f in frames if f["type"] in ("accepted", "rejected")]
    ids = [f["id"] for f in answers]
    assert len(ids) == len(set(ids)) and set(ids) <= set(sent)
    assert {f["code"] for f in answers} <= {"not_allowed", "unavailable"}, answers[-3:]
    # every one the server read got its answer: none went unanswered
    assert _counted(server, "claim_absence") == len(ids), (len(sent), len(ids))
    assert len(sent) > len(ids) or sent == ids  # (sent after the close: never read)
    for cl in (newer, bia):
        await cl.close()
