"""Kill the server with SIGKILL mid-match and start it again: everything is back."""

from __future__ import annotations

import contextlib
import datetime as dt
import time

from .harness import Client, Server, move_frame, play_out, pump


async def _play_moves(clients: list[Client], n: int) -> None:
    """Play ``n`` human moves (first legal move), whoever is on turn."""
    done = 0
    while done < n:
        mover = next((c for c in clients if c.my_turn()), None)
        if mover is None:
            waiting = [c for c in clients if c.view and c.view["round_over"]]
            if waiting and not waiting[0].view["over"]:
                await waiting[0].command({"type": "next_round"})
                continue
            await pump(clients)
            continue
        ans = await mover.command(move_frame(mover.view["legal"][0]))
        assert ans["type"] == "accepted", ans
        done += 1
        for c in clients:  # let every client catch up with the move
            while c.seq < ans["seq"]:
                await c.recv()


async def _settle(clients: list[Client]) -> None:
    """Read until every client's view is at the same seq and a human is on turn."""
    for _ in range(200):
        target = max(c.seq for c in clients)
        for c in clients:
            while c.seq < target:
                await c.recv()
        if any(c.my_turn() for c in clients):
            return
        await pump(clients)
    raise AssertionError("no human came on turn")


async def test_sigkill_mid_match_then_restart_restores_everything(make_server) -> None:
    server: Server = make_server()
    # a 2-human table with bots, and a humans-only table, both mid-match when killed
    a = server.create(preset="draw", seats=4, goal=150, bots=[None, "rabisco", None, "nino"])
    a_b = server.join(a["table_id"], "Bia")
    b = server.create(preset="fives", seats=2, goal=200, pace="correspondence")
    b_b = server.join(b["table_id"], "Caio")
    ta = [Client(server, a["table_id"], a["token"]), Client(server, a["table_id"], a_b["token"])]
    tb = [Client(server, b["table_id"], b["token"]), Client(server, b["table_id"], b_b["token"])]
    for cl in ta + tb:
        await cl.connect()
    await ta[0].command({"type": "start"})
    await tb[0].command({"type": "start"})
    await _play_moves(ta, 6)
    await _play_moves(tb, 9)
    await _settle(ta)
    await _settle(tb)
    before = {id(c): (c.seq, c.view) for c in ta + tb}
    summary_before = {
        t["table_id"]: server.get(f"/api/tables/{t['table_id']}").json() for t in (a, b)
    }

    server.kill()
    for cl in ta + tb:
        with contextlib.suppress(Exception):
            await cl.close()
    server.restart()

    for t in (a, b):
        after = server.get(f"/api/tables/{t['table_id']}").json()
        old = summary_before[t["table_id"]]
        for seat_old, seat_new in zip(old["seats"], after["seats"], strict=True):
            seat_old.pop("connected")
            seat_new.pop("connected")
            assert seat_old == seat_new
        assert after["status"] == old["status"] == "playing"
        assert after["deadline"] == old["deadline"]

    for cl in ta + tb:
        seq, view = before[id(cl)]
        fresh = Client(server, cl.table_id, cl.token)
        await fresh.connect()  # a snapshot: hands, board, scores, turn, legal moves
        assert fresh.seq == seq, "an event some socket saw was lost, or one was invented"
        assert fresh.view == view
        await fresh.close()
        welcome = await cl.reconnect()  # resume by seq: nothing is missing
        assert welcome["seq"] == seq

    await play_out(ta)
    await play_out(tb)
    for cl in ta + tb:
        assert cl.view["over"]


async def test_moves_are_committed_before_anyone_hears_of_them(make_server) -> None:
    """Kill right after the server answered: what clients saw is stored."""
    server: Server = make_server()
    t = server.create(preset="classic", seats=2, goal=100)
    j = server.join(t["table_id"], "Bia")
    clients = [Client(server, t["table_id"], t["token"]), Client(server, t["table_id"], j["token"])]
    for cl in clients:
        await cl.connect()
    await clients[0].command({"type": "start"})
    await pump(clients)
    mover = next(c for c in clients if c.my_turn())
    await mover.send({**move_frame(mover.view["legal"][0]), "id": "m1"})
    ans = await mover.until(lambda f: f["type"] == "accepted")
    server.kill()
    server.restart()
    fresh = Client(server, t["table_id"], mover.token)
    await fresh.connect()
    assert fresh.seq >= ans["seq"]
    assert fresh.view["log"][0]["type"] == "play"
    # the same command id again is recognised after the restart: not applied twice
    again = await fresh.command(
        {
            **move_frame(fresh.view["legal"][0] if fresh.view["legal"] else {"type": "pass"}),
            "id": "m1",
        }
    )
    assert again["type"] == "rejected" and again["code"] == "duplicate_id"


async def test_absence_deadline_survives_a_restart(make_server) -> None:
    # long enough that the early claim below is surely early, even on a loaded machine
    server: Server = make_server({"DOMINO_ABSENCE_SECONDS": "4"})
    t = server.create(preset="block", seats=2, goal=100, pace="correspondence")
    j = server.join(t["table_id"], "Bia")
    clients = [Client(server, t["table_id"], t["token"]), Client(server, t["table_id"], j["token"])]
    for cl in clients:
        await cl.connect()
    await clients[0].command({"type": "start"})
    await pump(clients)
    absent = next(c for c in clients if c.my_turn())
    claimant = next(c for c in clients if c is not absent)
    deadline = claimant.table["deadline"]
    assert deadline is not None
    early = await claimant.command({"type": "claim_absence"})
    assert early["type"] == "rejected" and early["code"] == "not_allowed"
    server.kill()
    server.restart()
    assert server.get(f"/api/tables/{t['table_id']}").json()["deadline"] == deadline
    # wait until the stored deadline has passed (the restart took part of the time already)
    passed = dt.datetime.fromisoformat(deadline).timestamp() + 0.2 - time.time()
    time.sleep(max(0.0, passed))
    r = server.post(f"/api/tables/{t['table_id']}/claim-absence", token=claimant.token)
    assert r.status_code == 200, r.text
    table = r.json()["table"]
    assert table["status"] == "finished"
    watcher = Client(server, t["table_id"], claimant.token)
    await watcher.connect()
    assert watcher.view["over"] and watcher.view["end_reason"] == "absence"
    assert watcher.view["winner"] == watcher.view["seat"]  # 2 seats: the claimant's side wins
