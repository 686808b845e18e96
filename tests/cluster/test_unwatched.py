"""Work without sockets, across instances: the idle end of correspondence tables nobody is
connected to fires exactly once, and live turn timers go on (a bot plays for the seat whose
player never came), while the instance that owned those tables is killed."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from .harness import Cluster
from .players import Player
from .test_failover import _owned_by

IDLE = 8.0  # seconds without a move that end a match (no winner)
UNWATCHED = 18  # correspondence tables nobody connects to
TIMED = 6  # live tables with a turn timer: one player plays, the other never comes

ENV = {
    "DOMINO_IDLE_SECONDS": str(IDLE),
    "DOMINO_SWEEP_SECONDS": "0.5",
    "DOMINO_GRACE_SECONDS": "1",
    "DOMINO_MIN_TURN_SECONDS": "1",
}


def _ends(cluster: Cluster, tables: list[str]) -> dict[str, int]:
    """``match_end`` events stored per table."""
    rows = cluster.query(
        "SELECT table_id, count(*) AS n FROM events WHERE table_id = ANY($1)"
        " AND payload->>'type' = 'match_end' GROUP BY table_id",
        tables,
    )
    return {r["table_id"]: int(r["n"]) for r in rows}


def _moves_of(cluster: Cluster, tables: list[str], seat: int) -> dict[str, int]:
    """Moves stored for ``seat`` per table of ``tables`` (one query)."""
    rows = cluster.query(
        "SELECT table_id, count(*) AS n FROM events WHERE table_id = ANY($1)"
        " AND kind = 'move' AND seat = $2 GROUP BY table_id",
        tables,
        seat,
    )
    found = {r["table_id"]: int(r["n"]) for r in rows}
    return {tid: found.get(tid, 0) for tid in tables}


async def test_idle_ends_and_turn_timers_go_on_when_an_owner_dies(make_cluster: Any) -> None:
    cluster: Cluster = make_cluster(3, ENV)

    def make() -> tuple[list[str], list[tuple[str, str]]]:
        quiet, timed = [], []
        for k in range(UNWATCHED):
            t = cluster.front.create(
                seats=2, pace="correspondence", bots=[None, None], name=f"C{k}"
            )
            cluster.front.join(t["table_id"], "Bia")
            r = cluster.front.post(f"/api/tables/{t['table_id']}/start", token=t["token"])
            assert r.status_code == 200, r.text
            quiet.append(t["table_id"])
        for k in range(TIMED):
            t = cluster.front.create(seats=2, turn_seconds=1, bots=[None, None], name=f"L{k}")
            cluster.front.join(t["table_id"], "Ausente")  # joins, never connects
            r = cluster.front.post(f"/api/tables/{t['table_id']}/start", token=t["token"])
            assert r.status_code == 200, r.text
            timed.append((t["table_id"], t["token"]))
        return quiet, timed

    quiet, timed = await asyncio.to_thread(make)
    started = time.monotonic()
    players = [Player(cluster.front, tid, token) for tid, token in timed]
    playing = True
    games = [
        asyncio.create_task(p.play(moves=0, timeout=120, more=lambda: playing, think=0.2))
        for p in players
    ]
    # the instance owning the most of the quiet tables dies before their idle end is due
    owners = {
        i.name: await asyncio.to_thread(_owned_by, cluster, i.instance_id)
        for i in cluster.instances
    }
    victim = max(cluster.instances, key=lambda i: len(set(owners[i.name]) & set(quiet)))
    assert set(owners[victim.name]) & set(quiet), owners
    live = [tid for tid, _ in timed]
    before = await asyncio.to_thread(_moves_of, cluster, live, 1)
    await asyncio.to_thread(victim.kill)
    assert time.monotonic() - started < IDLE, "killed before any idle end was due"

    # every quiet table ends by itself, once, though its owner died and nobody watches
    deadline = time.monotonic() + IDLE + 40
    while len(ends := await asyncio.to_thread(_ends, cluster, quiet)) < len(quiet):
        assert time.monotonic() < deadline, f"{len(quiet) - len(ends)} quiet tables never ended"
        await asyncio.sleep(0.2)
    await asyncio.to_thread(victim.start)  # back: it must not end any of them again
    # the live tables went on meanwhile: the absent seat's turns are timed out and played
    deadline = time.monotonic() + 30

    async def stalled() -> list[str]:
        now = await asyncio.to_thread(_moves_of, cluster, live, 1)
        return [tid for tid in now if now[tid] <= before[tid] + 1]

    while await stalled():
        assert time.monotonic() < deadline, "a turn timer stopped with its instance"
        await asyncio.sleep(0.2)
    # nothing to await for "no second end": give the restarted instance a few sweeps
    await asyncio.sleep(4 * float(ENV["DOMINO_SWEEP_SECONDS"]))
    playing = False
    await asyncio.gather(*games)
    assert await asyncio.to_thread(_ends, cluster, quiet) == dict.fromkeys(quiet, 1)
    statuses = cluster.query("SELECT status FROM tables WHERE id = ANY($1)", quiet)
    assert {r["status"] for r in statuses} == {"finished"}
