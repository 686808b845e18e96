"""Between rounds at a live table: the hands stay shown for a pause, announced as the
table's deadline, and the next round starts by itself; a person alone with bots is the
only one reading them, so the next round waits for their "Next round"."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt

from .harness import Client, Server, move_frame, pump, started_with_a_friend

PAUSE = 1.5


async def _to_round_end(clients: list[Client], timeout: float = 30.0) -> None:
    """Play the people's turns (first legal move) until the first round is over."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not all(cl.view["round_over"] for cl in clients):
        assert loop.time() < end, "the round did not end"
        mover = next((cl for cl in clients if cl.my_turn()), None)
        if mover is not None:
            assert (await mover.command(move_frame(mover.view["legal"][0])))["type"] == "accepted"
        await pump(clients)


async def test_alone_with_bots_the_next_round_waits_for_your_click(make_server) -> None:
    server = make_server({"DOMINO_ROUND_PAUSE_SECONDS": "0.2"})
    t = server.create(preset="draw", seats=2, goal=300, pace="live", bots=[None, "rabisco"])
    ana = Client(server, t["table_id"], t["token"])
    await ana.connect()
    assert (await ana.command({"type": "start"}))["type"] == "accepted"
    await _to_round_end([ana])
    assert ana.view["round"] == 1 and not ana.view["over"]
    assert ana.table["deadline"] is None  # no countdown: nothing starts by itself
    await asyncio.sleep(1.0)  # five pauses
    await pump([ana])
    assert ana.view["round"] == 1 and ana.view["round_over"]
    assert server.get(f"/api/tables/{ana.table_id}").json()["deadline"] is None
    assert (await ana.command({"type": "next_round"}))["type"] == "accepted"
    await pump([ana])
    assert ana.view["round"] == 2 and not ana.view["round_over"]


async def test_with_friends_the_next_round_starts_by_itself_when_the_countdown_ends(
    make_server,
) -> None:
    server: Server = make_server({"DOMINO_ROUND_PAUSE_SECONDS": str(PAUSE)})
    clients = await started_with_a_friend(server, preset="draw", seats=2, goal=300, pace="live")
    await _to_round_end(clients)
    ended = dt.datetime.now(dt.UTC).timestamp()
    for cl in clients:
        # every seat is told when the next round starts, without asking
        assert cl.view["round"] == 1 and cl.view["round_over"]
        start_at = dt.datetime.fromisoformat(cl.table["deadline"]).timestamp()
        assert abs(start_at - (ended + PAUSE)) < 1.0
    loop = asyncio.get_running_loop()
    end = loop.time() + PAUSE + 10
    while clients[1].view["round"] == 1:
        assert loop.time() < end, "the next round did not start by itself"
        with contextlib.suppress(TimeoutError):
            await clients[1].recv(timeout=0.3)
    assert dt.datetime.now(dt.UTC).timestamp() >= start_at - 0.05
    await pump(clients)
    assert all(cl.view["round"] == 2 and not cl.view["round_over"] for cl in clients)
    assert all(cl.table["deadline"] is None for cl in clients)  # no turn timer at this table
