"""Views as patches (``view=patch``): after its first whole view, a socket gets each
event's view as what changed in it, and folding those patches gives, at every event,
exactly the view a whole-view socket is sent; a socket that resumes is sent a whole
view first; the patches are a fraction of the views' size."""

from __future__ import annotations

import asyncio
import json

import websockets

from .harness import Client, Server, play_out, pump, subprotocols


async def test_patches_rebuild_the_same_views_through_a_whole_match(server: Server) -> None:
    t = server.create(preset="fives", seats=2, goal=50, name="Ana")
    j = server.join(t["table_id"], "Bia")
    ana = Client(server, t["table_id"], t["token"], patch=True)
    bia = Client(server, t["table_id"], j["token"], patch=True)
    whole = Client(server, t["table_id"], None)  # two spectators: whole views and patches
    parts = Client(server, t["table_id"], None, patch=True)
    for cl in (ana, bia, whole, parts):
        await cl.connect()
    assert (await ana.command({"type": "start"}))["type"] == "accepted"
    # the spectators' views must agree after every event
    seen: dict[int, dict[str, object]] = {}
    compared = 0

    async def watch() -> None:
        while True:
            f = await parts.recv(timeout=30)
            carried = f.get("patch") is not None or f.get("view") is not None
            if f["type"] == "event" and carried and parts.view is not None:
                seen[f["seq"]] = parts.view
            if parts.view is not None and parts.view["over"]:
                return

    watcher = asyncio.create_task(watch())
    await play_out([ana, bia])
    await watcher
    await pump([whole, parts])
    for f in whole.frames:
        if f["type"] == "event" and f["view"] is not None and f["seq"] in seen:
            assert seen[f["seq"]] == f["view"], f"views differ after event {f['seq']}"
            compared += 1
    # every event that carried a view was compared (a short match still has a round's moves)
    assert compared == len(seen) and compared >= 5
    assert any("patch" in f for f in parts.frames if f["type"] == "event")
    # each seat's folded view is the one a fresh whole-view socket gets
    for cl in (ana, bia):
        fresh = Client(server, t["table_id"], cl.token)
        await fresh.connect()
        assert fresh.view == cl.view
        await fresh.close()
    # the patches are a fraction of the whole views they stand for
    views = {f["seq"]: f["view"] for f in whole.frames if f["type"] == "event" and f["view"]}
    sizes = [
        len(json.dumps(f["patch"])) / len(json.dumps(views[f["seq"]]))
        for f in parts.frames
        if f["type"] == "event" and "patch" in f and f["seq"] in views
    ]
    assert sizes and sum(sizes) / len(sizes) < 0.5
    for cl in (ana, bia, whole, parts):
        await cl.close()


async def test_a_resuming_socket_gets_a_whole_view_then_patches(server: Server) -> None:
    t = server.create(preset="classic", seats=2, goal=100, name="Ana")
    j = server.join(t["table_id"], "Bia")
    ana = Client(server, t["table_id"], t["token"], patch=True)
    bia = Client(server, t["table_id"], j["token"])
    for cl in (ana, bia):
        await cl.connect()
    assert (await ana.command({"type": "start"}))["type"] == "accepted"
    await pump([ana, bia])
    await ana.close()
    # Bia plays while Ana is away (if it is her turn), then Ana resumes from her last seq
    if bia.my_turn():
        assert bia.view is not None
        legal = bia.view["legal"][0]
        move = {"type": "play", "tile": legal["tile"], "end": legal["end"]}
        assert (await bia.command(move))["type"] == "accepted"
    n = len(ana.frames)
    await ana.reconnect()
    await pump([ana, bia])
    resent = [f for f in ana.frames[n:] if f["type"] == "event"]
    if resent:
        assert "patch" not in resent[-1] and resent[-1]["view"] is not None
    # from here on the moves come as patches, and the folded view stays right
    for _ in range(4):
        mover = ana if ana.my_turn() else bia
        if not mover.my_turn():
            break
        assert mover.view is not None
        legal = mover.view["legal"][0]
        move = (
            {"type": "play", "tile": legal["tile"], "end": legal["end"]}
            if legal["type"] == "play"
            else {"type": legal["type"]}
        )
        assert (await mover.command(move))["type"] == "accepted"
        await pump([ana, bia])
    assert any("patch" in f for f in ana.frames[n:] if f["type"] == "event")
    fresh = Client(server, t["table_id"], t["token"])
    await fresh.connect()
    assert fresh.view == ana.view
    for cl in (fresh, bia):
        await cl.close()


async def test_an_unknown_view_mode_is_refused_with_a_typed_error(server: Server) -> None:
    t = server.create(preset="block", seats=2, goal=100, name="Ana")
    url = server.ws_url(t["table_id"]) + "?view=diff"
    async with websockets.connect(url, subprotocols=subprotocols(t["token"])) as ws:
        frame = json.loads(await ws.recv())
        assert frame == {
            "type": "error",
            "code": "bad_command",
            "detail": "view must be full or patch",
        }
        try:
            await ws.recv()
        except websockets.ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 4400
        else:
            raise AssertionError("the socket stayed open")
