"""A table at your own pace whose round just ended, with nobody connected, goes on to the
next round even when its instance is stopped (SIGTERM) during the round pause: the
instance keeps that table's lease to run out instead of releasing it, so another
instance's sweep takes it as orphaned and deals the next round. Released, the table would
wait for a request, and nobody is reminded between rounds: it would wait for days."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from server.harness import Client, move_frame

from .harness import Cluster

PAUSE = 10.0  # the round pause: long enough to stop the owner inside it


def _rounds(cluster: Cluster, table_id: str) -> int:
    rows = cluster.query(
        "SELECT count(*) AS n FROM events WHERE table_id = $1 AND kind = 'round'", table_id
    )
    return int(rows[0]["n"])


async def test_a_round_pause_outlives_its_instance(make_cluster: Any) -> None:
    cluster: Cluster = make_cluster(2, {
        "DOMINO_ROUND_PAUSE_SECONDS": str(PAUSE),
        "DOMINO_SWEEP_SECONDS": "0.5",
    })
    made = cluster.front.create(preset="block", seats=2, pace="correspondence",
                                bots=[None, None], name="Ana")
    tid = made["table_id"]
    bia = cluster.front.join(tid, "Bia")
    r = cluster.front.post(f"/api/tables/{tid}/start", token=made["token"])
    assert r.status_code == 200, r.text
    players = [Client(cluster.front, tid, made["token"]), Client(cluster.front, tid, bia["token"])]
    for p in players:
        await p.connect()
    deadline = time.monotonic() + 60
    while not (players[0].view and players[0].view["round_over"]):
        assert time.monotonic() < deadline, "round 1 never ended"
        mover = next((p for p in players if p.my_turn()), None)
        if mover is not None and mover.view is not None:
            await mover.command(move_frame(mover.view["legal"][0]))
        with_frames = [asyncio.create_task(p.recv(0.2)) for p in players]
        await asyncio.gather(*with_frames, return_exceptions=True)
    ended = time.monotonic()
    for p in players:
        await p.close()
    owner = await asyncio.to_thread(cluster.owner, tid)
    assert owner is not None
    await asyncio.to_thread(cluster.by_name(owner).terminate)
    assert time.monotonic() - ended < PAUSE, "stopped after the pause: proves nothing"
    assert await asyncio.to_thread(_rounds, cluster, tid) == 1
    # the other instance takes the table once the lease ran out, and deals round 2
    deadline = time.monotonic() + PAUSE + 30
    while await asyncio.to_thread(_rounds, cluster, tid) < 2:
        assert time.monotonic() < deadline, "the next round never started"
        await asyncio.sleep(0.3)
