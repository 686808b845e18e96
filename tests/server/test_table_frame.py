"""The ``table`` frame after each move (a correspondence deadline moves every turn) is
exactly the summary a socket opened right then is welcomed with: the server keeps the
frame's text between moves and only puts the new deadline in, so a change of anything
else must show too (here: a seat's socket going and coming back)."""

from __future__ import annotations

from .harness import Client, Server
from .ws_client import move_frame


async def test_each_table_frame_is_the_summary_now(server: Server) -> None:
    # names that read like the frame's own key (the cut is made before any name)
    t = server.create(preset="classic", seats=2, goal=100, pace="correspondence",
                      name='deadline "deadline"')
    j = server.join(t["table_id"], "deadline")
    ana = Client(server, t["table_id"], t["token"], patch=True)
    bia = Client(server, t["table_id"], j["token"], patch=True)
    for cl in (ana, bia):
        await cl.connect()
    assert (await ana.command({"type": "start"}))["type"] == "accepted"
    await bia.until(lambda f: f["type"] == "event" and bia.view is not None)
    deadlines = set()
    moves = 0
    for n in range(8):
        if not (ana.my_turn() or bia.my_turn()):
            break  # the round ended: what was compared stands
        moves += 1
        mover = ana if ana.my_turn() else bia
        other = bia if mover is ana else ana
        assert mover.view is not None and mover.my_turn()
        answer = await mover.command(move_frame(mover.view["legal"][0]))
        assert answer["type"] == "accepted"
        seq = answer["seq"]
        while other.seq < seq or other.frames[-1]["type"] != "table":
            await other.recv()
        watcher = Client(server, t["table_id"], None)
        welcome = await watcher.connect()
        await watcher.close()
        assert mover.table == other.table == welcome["table"], f"after move {n + 1}"
        assert mover.table is not None
        deadlines.add(mover.table["deadline"])
        if n == 3:  # Bia's socket goes and comes back: "connected" must change in the frame
            await bia.close()
            seen = await ana.until(
                lambda f: f["type"] == "table" and not f["table"]["seats"][1]["connected"]
            )
            assert seen["table"]["seats"][1]["name"] == "deadline"
            await bia.connect()
            await ana.until(lambda f: f["type"] == "table" and f["table"]["seats"][1]["connected"])
    assert moves >= 5 and len(deadlines) >= 2  # the deadline moved with the turns
