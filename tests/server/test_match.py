"""Whole matches over real sockets: humans and bots, a late friend, the record."""

from __future__ import annotations

import asyncio

from .harness import Client, Server, move_frame, play_out


async def test_four_seat_match_two_humans_two_bots_plays_to_the_end(server: Server) -> None:
    created = server.create(
        preset="classic",
        seats=4,
        goal=50,
        pace="live",
        bots=[None, "rabisco", None, "nino"],
        partner="friend",
        name="Ana",
    )
    tid = created["table_id"]
    assert created["invite_url"].endswith(f"/t/{tid}")
    joined = server.join(tid, "Bia")
    assert joined["seat"] == 2  # partner: the first friend sits opposite the creator
    ana, bia = Client(server, tid, created["token"]), Client(server, tid, joined["token"])
    await ana.connect()
    await bia.connect()
    assert (await ana.command({"type": "start"}))["type"] == "accepted"
    await play_out([ana, bia])
    for cl in (ana, bia):
        assert cl.view is not None and cl.view["over"]
        assert cl.view["end_reason"] == "goal"
        assert max(cl.view["scores"]) >= 50
    assert ana.view["scores"] == bia.view["scores"]
    kinds = [s["kind"] for s in ana.table["seats"]]
    assert kinds == ["human", "bot", "human", "bot"]
    # both humans saw the same numbered events
    assert ana.events == bia.events
    record = server.get(f"/api/tables/{tid}/record")
    assert record.status_code == 200
    from domino_core.record_replay import replay

    summary = replay(record.json())
    assert summary["over"] and summary["score"] == ana.view["scores"]


async def test_all_humans_four_seats(server: Server) -> None:
    created = server.create(preset="fives", seats=4, goal=50, name="Ana")
    tid = created["table_id"]
    tokens = [created["token"]] + [server.join(tid, n)["token"] for n in ("Bia", "Caio", "Duda")]
    clients = [Client(server, tid, t) for t in tokens]
    for cl in clients:
        await cl.connect()
    assert sorted(cl.seat for cl in clients) == [0, 1, 2, 3]
    assert (await clients[0].command({"type": "start"}))["type"] == "accepted"
    await play_out(clients)
    assert all(cl.view["over"] for cl in clients)
    assert all(s["kind"] == "human" for s in clients[0].table["seats"])


async def test_late_friend_takes_a_bot_seat_at_a_turn_boundary(make_server) -> None:
    server = make_server({"DOMINO_BOT_DELAY_SECONDS": "0.05"})
    created = server.create(preset="block", seats=3, goal=100, bots=[None, "rabisco", "rabisco"])
    tid = created["table_id"]
    ana = Client(server, tid, created["token"])
    await ana.connect()
    await ana.command({"type": "start"})
    while not any(e["type"] == "play" and e["seat"] != 0 for e in ana.events.values()):
        if ana.my_turn():
            await ana.command(move_frame(ana.view["legal"][0]))
        else:
            await ana.recv()
    joined = server.join(tid, "Bia")
    assert joined["seat"] in (1, 2)
    bia = Client(server, tid, joined["token"])
    await bia.connect()
    assert bia.view is not None and bia.view["seat"] == joined["seat"]
    await ana.until(
        lambda f: (
            f["type"] == "event" and f["event"] == {"type": "seat_human", "seat": joined["seat"]}
        )
    )
    # the seat changed hands between two moves: the event right before it was complete
    takeover = max(s for s, e in ana.events.items() if e["type"] == "seat_human")
    assert ana.events[takeover - 1]["type"] in ("play", "pass", "seat_joined", "round_end")
    await ana.until(lambda f: f["type"] == "table")
    seats = ana.table["seats"]
    assert seats[joined["seat"]]["kind"] == "human" and seats[joined["seat"]]["name"] == "Bia"
    # from now on the bot no longer moves for that seat: Bia does
    await play_out([ana, bia])
    plays_after = [
        e
        for s, e in sorted(bia.events.items())
        if e.get("seat") == joined["seat"] and e["type"] == "play"
    ]
    assert plays_after, "Bia played her seat"


async def test_spectator_sees_no_hand_and_cannot_act(server: Server) -> None:
    created = server.create(preset="classic", seats=2, goal=50, bots=[None, "rabisco"])
    tid = created["table_id"]
    ana = Client(server, tid, created["token"])
    await ana.connect()
    await ana.command({"type": "start"})
    watcher = Client(server, tid, None)
    welcome = await watcher.connect()
    assert welcome["seat"] is None
    assert watcher.view is not None and watcher.view["hand"] is None
    ans = await watcher.command({"type": "resign"})
    assert ans["type"] == "rejected" and ans["code"] == "not_allowed"
    await asyncio.sleep(0)


async def test_a_thinking_bot_never_stalls_another_table(make_server) -> None:
    """Vó Quelônia thinks ~1 s per move in the bot pool; meanwhile another table's
    socket is answered at once."""
    server = make_server({"DOMINO_BOT_THINK_SECONDS": "1.0"})
    a = server.create(preset="draw", seats=2, goal=300, bots=[None, "voquelonia"])
    ana = Client(server, a["table_id"], a["token"])
    await ana.connect()
    b = server.create(preset="classic", seats=2, goal=50)
    other = Client(server, b["table_id"], b["token"])
    await other.connect()
    pings: list[tuple[float, float]] = []  # (sent at, round trip)
    stop = asyncio.Event()

    async def pinger() -> None:
        loop = asyncio.get_running_loop()
        while not stop.is_set():
            t0 = loop.time()
            await other.send({"type": "ping", "id": f"p{len(pings)}"})
            await other.until(lambda f: f["type"] == "pong")
            pings.append((t0, loop.time() - t0))
            await asyncio.sleep(0.05)

    task = asyncio.create_task(pinger())
    loop = asyncio.get_running_loop()
    windows: list[tuple[float, float]] = []  # bot thinking: from our move to its move

    def long_windows() -> list[tuple[float, float]]:
        return [(s, e) for s, e in windows if e - s >= 0.5]

    await ana.command({"type": "start"})
    # The bot answers at once when it holds a single legal play, so a few windows may be
    # short: look at 4 windows, and on (up to 12) until one of them was a real search.
    while (len(windows) < 4 or not long_windows()) and len(windows) < 12:
        if ana.view["over"]:
            break
        if ana.my_turn():
            t_turn = loop.time()
            await ana.command(move_frame(ana.view["legal"][0]))
            v = ana.view
            if v["round_over"] or v["turn"] != 1:
                # our move ended the round, or the bot had to pass (empty boneyard):
                # the bot has nothing to think about this time
                continue
            await ana.until(
                lambda f: (
                    f["type"] == "event"
                    and f["event"].get("seat") == 1
                    and f["event"]["type"] == "play"
                )
            )
            windows.append((t_turn, loop.time()))
        elif ana.view["round_over"]:
            await ana.command({"type": "next_round"})
        else:
            await ana.recv()
    stop.set()
    await task
    long = long_windows()
    assert long, "the hard bot thought for a while at least once"
    during = [rtt for t, rtt in pings for s, e in long if s <= t <= e]
    assert len(during) >= 5
    assert max(during) < 0.25, during
