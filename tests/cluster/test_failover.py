"""Failover: 200 tables played by real websocket clients through HAProxy while instances
are killed (SIGKILL) at random moments; every move a client was told was accepted is in
the database exactly once, the history never forks, and play goes on."""

from __future__ import annotations

import asyncio
import os
import random
import time
from typing import Any

from .harness import Cluster
from .players import Player, audit, latency_summary

TABLES = int(os.environ.get("DOMINO_FAILOVER_TABLES", "200"))
KILLS = 5
#: Seconds a player thinks before a move (on average): a lively pace, not a flood.
THINK = float(os.environ.get("DOMINO_FAILOVER_THINK", "1.0"))


async def _tables(cluster: Cluster, n: int) -> list[Player]:
    def make() -> list[tuple[str, str]]:
        out = []
        for k in range(n):
            t = cluster.front.create(seats=2, bots=[None, "rabisco"], name=f"P{k}")
            r = cluster.front.post(f"/api/tables/{t['table_id']}/start", token=t["token"])
            assert r.status_code == 200, r.text
            out.append((t["table_id"], t["token"]))
        return out

    made = await asyncio.to_thread(make)
    return [Player(cluster.front, tid, token) for tid, token in made]


async def _moves_reach(players: list[Player], total: int) -> None:
    """Wait until the players together have made ``total`` accepted moves (or all ended)."""
    while sum(len(p.accepted) for p in players) < total:
        if all(p.done for p in players):
            return
        await asyncio.sleep(0.05)


def _owned_by(cluster: Cluster, instance_id: str) -> list[str]:
    rows = cluster.query(
        "SELECT l.table_id FROM leases l JOIN tables t ON t.id = l.table_id"
        " WHERE l.owner = $1 AND t.status = 'playing'",
        instance_id,
    )
    return [r["table_id"] for r in rows]


async def _taken_over(cluster: Cluster, tables: list[str], dead: str, since: float) -> list[float]:
    """Seconds from ``since`` until each of ``tables`` has a live owner other than ``dead``
    (read from the leases table every 50 ms)."""
    left, took = set(tables), []
    while left:
        rows = await asyncio.to_thread(
            cluster.query,
            "SELECT table_id FROM leases WHERE table_id = ANY($1) AND owner IS NOT NULL"
            " AND owner <> $2 AND expires_at > extract(epoch from clock_timestamp())",
            list(left),
            dead,
        )
        t = time.monotonic() - since
        for r in rows:
            left.discard(r["table_id"])
            took.append(t)
        if time.monotonic() - since > 60:
            raise TimeoutError(f"{len(left)} tables of {dead} not taken over in 60 s")
        await asyncio.sleep(0.05)
    return took


async def test_sigkill_five_times_during_200_matches(make_cluster: Any) -> None:
    cluster: Cluster = make_cluster(3)
    rng = random.Random(os.environ.get("DOMINO_FAILOVER_SEED"))
    players = await _tables(cluster, TABLES)

    killing = True

    async def play(p: Player) -> None:
        try:  # on while instances are killed, then two moves more
            await p.play(moves=0, timeout=300, more=lambda: killing, think=THINK)
            await p.play(moves=len(p.accepted) + 2, timeout=60, think=THINK)
        finally:
            p.done = True

    games = [asyncio.create_task(play(p)) for p in players]
    kills: list[dict[str, Any]] = []
    takeovers: list[float] = []
    # kill at random points of the play, one instance at a time, each brought back after
    for _ in range(KILLS):
        await _moves_reach(players, sum(len(p.accepted) for p in players) + rng.randint(20, 300))
        victim = rng.choice(cluster.instances)
        dead = victim.instance_id
        owned = await asyncio.to_thread(_owned_by, cluster, dead)
        t = time.monotonic()
        await asyncio.to_thread(victim.kill)
        kills.append({"at_moves": sum(len(p.accepted) for p in players), "victim": dead})
        watch = asyncio.create_task(_taken_over(cluster, owned, dead, t))
        await asyncio.to_thread(victim.start)
        kills[-1]["back_after_s"] = round(time.monotonic() - t, 2)
        takeovers += await watch
        kills[-1]["tables"] = len(owned)
    killing = False
    await asyncio.gather(*games)

    counts = audit(cluster, players)
    outages = latency_summary([o for p in players for o in p.outages])
    print(f"\nfailover: {TABLES} tables, kills {kills}")
    print(f"failover: counts {counts}")
    print(f"failover: client outage (socket lost → next answer) {outages}")
    print(f"failover: takeover (kill → a live owner) {latency_summary(takeovers)}")
    worst = sorted(players, key=lambda p: max(p.outages, default=0))[-3:]
    for p in worst:
        print(f"failover: slowest {p.table_id} {p.outages} {p.closes} {p.servers}")
    assert counts["accepted"] == counts["found"] >= TABLES * 2
    assert outages["n"] > 0, "the kills cut some sockets"
    assert takeovers and max(takeovers) < 3 + 10, "taken over within the lease plus seconds"
    # every table still has exactly one owner and it goes on: a move on each is accepted
    assert all(cluster.owner(p.table_id) is not None or p.view["over"] for p in players)
