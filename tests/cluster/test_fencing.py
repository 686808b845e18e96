"""Fencing: the owner of a live table is paused (SIGSTOP) past its lease, another instance
takes the table and accepts moves, then the old owner wakes up (SIGCONT) holding a
command sent to it while it slept. Nothing it does reaches the database or a client as
accepted, and the table's history never forks."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from websockets.exceptions import ConnectionClosed

from server.harness import Client

from .harness import Cluster
from .players import Player, audit


async def _owner_other_than(cluster: Cluster, table_id: str, old: str, timeout: float) -> str:
    end = time.monotonic() + timeout
    while True:
        owner = await asyncio.to_thread(cluster.owner, table_id)
        if owner is not None and owner != old:
            return owner
        if time.monotonic() > end:
            raise TimeoutError(f"nobody took {table_id} from {old}")
        await asyncio.sleep(0.1)


async def _both(goals: dict[Player, int], timeout: float) -> None:
    """Each player makes moves until it has made its goal in all, and goes on while the
    other has not (a player who stopped on its turn would leave the other waiting)."""

    def more() -> bool:
        return any(len(p.accepted) < n for p, n in goals.items())

    await asyncio.gather(*(p.play(moves=n, timeout=timeout, more=more) for p, n in goals.items()))


async def test_a_paused_owner_never_writes_again(make_cluster: Any) -> None:
    cluster: Cluster = make_cluster(3)
    front = cluster.front
    t = front.create(seats=2, name="Ana")
    tid = t["table_id"]
    j = front.join(tid, "Bia")
    assert front.post(f"/api/tables/{tid}/start", token=t["token"]).status_code == 200
    ana, bia = Player(front, tid, t["token"]), Player(front, tid, j["token"])
    await _both({ana: 2, bia: 2}, timeout=60)
    old_name = cluster.owner(tid)
    assert old_name is not None
    old = cluster.by_name(old_name)
    await bia.close()

    # Bia's socket straight to the owner (no HAProxy), and a spectator beside it
    ghost = Client(old, tid, j["token"])
    watcher = Client(old, tid, None)
    await ghost.connect()
    await watcher.connect()
    seen = ghost.seq

    old.pause()
    try:
        await ghost.send({"type": "propose_annulment", "id": "ghost-1"})  # it sleeps on it
        # Ana's socket is cut when HAProxy finds the owner dead; another instance takes over
        bia2 = Player(front, tid, j["token"])
        play = asyncio.ensure_future(_both({ana: 5, bia2: 4}, timeout=90))
        new_name = await _owner_other_than(cluster, tid, old_name, 40)
        await play
    finally:
        old.resume()

    # awake: whatever the old owner does with the command, nobody hears it was accepted
    frames: list[dict[str, Any]] = []
    closed_with: list[int | None] = []
    for cl in (ghost, watcher):
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            while True:
                frames.append(await cl.recv(timeout=15))
        closed_with.append(cl.ws.close_code)
    assert not [f for f in frames if f["type"] == "accepted"], frames
    assert all(f["seq"] <= seen for f in frames if f["type"] == "event"), frames
    assert closed_with == [4012, 4012], closed_with  # told to reconnect elsewhere

    # the table goes on (wherever HAProxy now sends it), and its one history holds
    await _both({ana: 7, bia2: 6}, timeout=90)
    counts = audit(cluster, [ana, bia, bia2, ghost, watcher])
    stored = cluster.query("SELECT payload FROM events WHERE table_id = $1", tid)
    assert not any("annulment_proposed" in r["payload"] for r in stored)
    assert counts["accepted"] == counts["found"] >= 11
    print(f"\nfencing: {old_name} paused, {new_name} took over; {counts}")
