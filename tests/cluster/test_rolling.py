"""Rolling restart: each instance in turn is stopped with SIGTERM and started again while
tables are played; its tables are handed over with nothing lost, and clients see nothing
worse than a reconnect."""

from __future__ import annotations

import asyncio
from typing import Any

from .harness import Cluster
from .players import Player, audit, latency_summary
from .test_failover import _moves_reach, _tables

TABLES = 30

#: Close codes that only mean "reconnect": service restart (uvicorn on SIGTERM, an actor
#: stopped), try again later (the table was being handed over), the table moved.
RECONNECT = {1012, 1013, 4012}


async def test_sigterm_each_instance_in_turn(make_cluster: Any) -> None:
    cluster: Cluster = make_cluster(3)
    players = await _tables(cluster, TABLES)
    rolling = True

    async def play(p: Player) -> None:
        try:
            await p.play(moves=0, timeout=240, more=lambda: rolling, think=0.3)
            await p.play(moves=len(p.accepted) + 2, timeout=60, think=0.3)
        finally:
            p.done = True

    games = [asyncio.create_task(play(p)) for p in players]
    for inst in cluster.instances:
        await _moves_reach(players, sum(len(p.accepted) for p in players) + 40)
        await asyncio.to_thread(inst.restart)  # SIGTERM, wait for the exit, start again
    rolling = False
    await asyncio.gather(*games)

    counts = audit(cluster, players)
    codes = {c for p in players for c in p.closes}
    outages = latency_summary([o for p in players for o in p.outages])
    print(f"\nrolling: counts {counts}, close codes {codes}, outages {outages}")
    assert counts["accepted"] == counts["found"] >= TABLES * 2
    assert codes <= RECONNECT, codes
    assert outages["n"] > 0, "the restarts moved tables"
    served = {s for p in players for s in p.servers}
    assert served == {i.name for i in cluster.instances}
