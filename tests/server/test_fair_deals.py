"""Provably fair deals over real sockets (issue 13): the commitment comes before the deal,
human seats add client seeds in the window, the seed is revealed at the round's end, the
record (domino-record/2) verifies, a restart keeps the committed seed."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import time
from typing import Any

from domino_core.verify import verify_record

from .harness import Client, Server, move_frame

WINDOW = {"DOMINO_CLIENT_SEED_SECONDS": "30"}  # long: the deal waits for every human seat


def fair_events(cl: Client, kind: str) -> list[dict[str, Any]]:
    return [e for _, e in sorted(cl.events.items()) if e["type"] == kind]


async def event(cl: Client, kind: str, timeout: float = 15.0) -> dict[str, Any]:
    """The first ``kind`` event ``cl`` got (waiting for it if it has not come yet)."""
    for _, e in sorted(cl.events.items()):
        if e["type"] == kind:
            return e
    f = await cl.until(lambda f: f["type"] == "event" and f["event"]["type"] == kind, timeout)
    return dict(f["event"])


async def send_seed(cl: Client, seed: str, round_no: int | None = None) -> dict[str, Any]:
    fair = (cl.table or {}).get("fair")
    n = round_no if round_no is not None else fair["round"]
    return await cl.command({"type": "client_seed", "round": n, "seed": seed})


async def table_with(server: Server, names: list[str], **body: Any) -> list[Client]:
    t = server.create(name=names[0], **body)
    tokens = [t["token"]] + [server.join(t["table_id"], n)["token"] for n in names[1:]]
    clients = [Client(server, t["table_id"], tok) for tok in tokens]
    for cl in clients:
        await cl.connect()
    return clients


async def play_with_seeds(clients: list[Client], timeout: float = 120.0) -> None:
    """Play every human seat (first legal move) to the match's end; each seat sends the
    client seed ``"<name> r<round>"`` as soon as it sees a commitment it has not seeded."""
    end = time.monotonic() + timeout
    sent: set[tuple[int, int]] = set()

    async def seat_loop(cl: Client) -> None:
        while time.monotonic() < end:
            v, fair = cl.view, (cl.table or {}).get("fair")
            if v is not None and v["over"]:
                return
            if (fair and fair["deal_at"] is not None and cl.seat not in fair["seeded"]
                    and (cl.seat, fair["round"]) not in sent):
                assert cl.seat is not None
                sent.add((cl.seat, fair["round"]))
                ans = await send_seed(cl, f"seat {cl.seat} r{fair['round']}")
                assert ans["type"] == "accepted", ans
                continue
            if cl.my_turn():
                assert v is not None
                await cl.command(move_frame(v["legal"][0]))
                continue
            if v is not None and v["round_over"] and not v["over"]:
                await cl.command({"type": "next_round"})
            with contextlib.suppress(TimeoutError):
                await cl.recv(timeout=0.5)
        raise TimeoutError("match did not end in time")

    await asyncio.gather(*(seat_loop(c) for c in clients))


async def test_commit_then_seed_then_deal_then_reveal_and_the_record_verifies(make_server) -> None:
    server: Server = make_server(WINDOW)
    ana, bia = await table_with(server, ["Ana", "Bia"], preset="draw", seats=2, goal=50)
    assert (await ana.command({"type": "start"}))["type"] == "accepted"
    c1 = await event(bia, "fair_commit")
    assert c1["round"] == 1 and c1["algorithm"] == "hmac-sha256-fy/1"
    assert len(c1["commitment"]) == 64
    assert not any(e["type"] == "round_start" for e in bia.events.values())  # not dealt yet
    await bia.until(lambda f: f["type"] == "table" and f["table"]["fair"]["round"] == 1)
    assert bia.table is not None and bia.table["fair"]["commitment"] == c1["commitment"]
    await play_with_seeds([ana, bia])
    record = server.get(f"/api/tables/{ana.table_id}/record").json()
    assert record["format"] == "domino-record/2"
    assert verify_record(record) == len(record["rounds"])
    commits = fair_events(ana, "fair_commit")
    reveals = fair_events(ana, "fair_reveal")
    assert len(record["rounds"]) == len(commits) == len(reveals)
    for n, (rnd, com, rev) in enumerate(zip(record["rounds"], commits, reveals, strict=True), 1):
        fair = rnd["fair"]
        assert com["round"] == rev["round"] == n
        assert fair["commitment"] == com["commitment"] == rev["commitment"]
        assert fair["server_seed"] == rev["server_seed"]
        assert hashlib.sha256(bytes.fromhex(rev["server_seed"])).hexdigest() == com["commitment"]
        assert fair["client_seeds"] == [{"seat": 0, "seed": f"seat 0 r{n}"},
                                        {"seat": 1, "seed": f"seat 1 r{n}"}]
    # every round: commitment, then both seeds, then the deal, then the reveal
    for n in range(1, len(commits) + 1):
        order = [e["type"] for _, e in sorted(ana.events.items())
                 if e.get("round") == n and e["type"] in
                 ("fair_commit", "client_seed", "round_start", "fair_reveal")]
        assert order == ["fair_commit", "client_seed", "client_seed", "round_start",
                         "fair_reveal"], order


async def test_the_deal_goes_on_after_the_window_with_the_seeds_it_got(make_server) -> None:
    server: Server = make_server({"DOMINO_CLIENT_SEED_SECONDS": "1.0"})
    ana, bia = await table_with(server, ["Ana", "Bia"], preset="draw", seats=2, goal=50)
    await ana.command({"type": "start"})
    await event(ana, "fair_commit")
    seen = time.monotonic()
    assert (await send_seed(ana, "only ana"))["type"] == "accepted"
    await event(ana, "round_start")
    assert time.monotonic() - seen > 0.5  # Bia sent none: the deal waited for the window
    # a late seed, a second seed, a seed for another round: refused, nothing changes
    late = await send_seed(bia, "too late", round_no=1)
    assert late["type"] == "rejected" and "already dealt" in late["reason"]
    again = await send_seed(ana, "again", round_no=1)
    assert again["type"] == "rejected"
    other = await send_seed(bia, "far ahead", round_no=5)
    assert other["type"] == "rejected" and "no commitment" in other["reason"]
    assert (await ana.command({"type": "resign"}))["type"] == "accepted"
    record = server.get(f"/api/tables/{ana.table_id}/record").json()
    assert record["rounds"][0]["fair"]["client_seeds"] == [{"seat": 0, "seed": "only ana"}]
    assert verify_record(record) == 1


async def test_bad_client_seeds_and_spectators_are_refused(make_server) -> None:
    server: Server = make_server(WINDOW)
    ana, _bia = await table_with(server, ["Ana", "Bia"], preset="draw", seats=2, goal=50)
    spectator = Client(server, ana.table_id, None)
    await spectator.connect()
    await ana.command({"type": "start"})
    await event(ana, "fair_commit")
    bad = await ana.command({"type": "client_seed", "round": 1, "seed": "a\u0007b"})
    assert bad["type"] == "rejected" and bad["code"] == "bad_command"
    long = await ana.command({"type": "client_seed", "round": 1, "seed": "x" * 65})
    assert long["type"] == "rejected" and long["code"] == "bad_command"
    watch = await spectator.command({"type": "client_seed", "round": 1, "seed": "me too"})
    assert watch["type"] == "rejected" and watch["code"] == "not_allowed"


async def test_a_restart_between_commitment_and_deal_keeps_the_committed_seed(
        make_server) -> None:
    server: Server = make_server(WINDOW)
    ana, bia = await table_with(server, ["Ana", "Bia"], preset="block", seats=2, goal=50)
    await ana.command({"type": "start"})
    commit = await event(ana, "fair_commit")
    assert (await send_seed(ana, "before the crash"))["type"] == "accepted"
    server.kill()
    server.restart()
    for cl in (ana, bia):
        await cl.reconnect()
    assert bia.table is not None and bia.table["fair"]["commitment"] == commit["commitment"]
    assert bia.table["fair"]["seeded"] == [0]
    assert (await send_seed(bia, "after the restart"))["type"] == "accepted"
    await event(bia, "round_start")
    assert (await bia.command({"type": "resign"}))["type"] == "accepted"
    record = server.get(f"/api/tables/{ana.table_id}/record").json()
    fair = record["rounds"][0]["fair"]
    assert fair["commitment"] == commit["commitment"]
    assert fair["client_seeds"] == [{"seat": 0, "seed": "before the crash"},
                                    {"seat": 1, "seed": "after the restart"}]
    assert verify_record(record) == 1


async def test_no_socket_or_http_answer_holds_a_seed_before_its_round_ends(make_server) -> None:
    server: Server = make_server(WINDOW)
    ana, bia = await table_with(server, ["Ana", "Bia"], preset="draw", seats=2, goal=50)
    spectator = Client(server, ana.table_id, None)
    await spectator.connect()
    await ana.command({"type": "start"})
    answers: list[str] = []
    await event(ana, "fair_commit")
    answers.append(server.get(f"/api/tables/{ana.table_id}").text)

    async def watch() -> None:  # the spectator reads all along (a socket that does not is dropped)
        while True:
            with contextlib.suppress(TimeoutError):
                await spectator.recv(timeout=0.3)

    watching = asyncio.get_running_loop().create_task(watch())
    await play_with_seeds([ana, bia])
    answers.append(server.get(f"/api/tables/{ana.table_id}").text)
    watching.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await watching
    with contextlib.suppress(TimeoutError):
        while True:
            await spectator.recv(timeout=0.3)
    record = server.get(f"/api/tables/{ana.table_id}/record").json()
    seeds = [r["fair"]["server_seed"] for r in record["rounds"]]
    # a spectator is shown each round's commitment before its deal, like the seats
    watched = [
        f["event"]["commitment"]
        for f in spectator.frames
        if f["type"] == "event" and f["event"]["type"] == "fair_commit"
    ]
    assert len(record["rounds"]) >= 1
    assert watched == [r["fair"]["commitment"] for r in record["rounds"]]
    for cl in (ana, bia, spectator):
        n = 0  # the rounds revealed so far
        for f in cl.frames:
            if f["type"] == "event" and f["event"]["type"] == "fair_reveal":
                n = f["event"]["round"]
            text = json.dumps(f)
            for k, seed in enumerate(seeds, 1):
                if k > n:
                    assert seed not in text, f"round {k}'s seed reached seat {cl.seat} early"
    assert seeds[0] not in answers[0]
