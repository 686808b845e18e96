"""Several instances on one PostgreSQL behind HAProxy: what a move costs each instance,
how many commits it makes, and how long a takeover takes.

    python benchmarks/cluster.py [--instances 3] [--tables 150] [--think 1.0]
                                 [--seconds 30] [--lease 10]

Starts PostgreSQL (``DOMINO_TEST_POSTGRES_URL``, or a throwaway one), N ``domino serve``
and HAProxy on loopback (``tests/cluster/harness.py``); ``--tables`` tables of one person
(a real websocket client through HAProxy, thinking ``--think`` seconds per move) against
Rabisco. After a warm-up it measures ``--seconds`` of play:

- server CPU per move, per instance: the instance process's user + system time (its bot
  worker processes not included) over the moves stored for the tables it holds;
- PostgreSQL commits per move: ``pg_stat_database.xact_commit`` of the database over all
  moves (lease renewals, claims and reads included), and each instance's own write
  commits (logged by its store when it stops) over its moves;
- the takeover: one instance is killed (SIGKILL); seconds until each of its tables has a
  live owner again (p50, p99), with leases of ``--lease`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from cluster.harness import Cluster, postgres_base
from cluster.players import Player, latency_summary
from cluster.test_failover import _owned_by, _taken_over

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (not its children)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def moves_by_owner(cluster: Cluster, since: float, until: float) -> dict[str, int]:
    rows = cluster.query(
        "SELECT l.owner, count(*) AS n FROM events e JOIN leases l ON l.table_id = e.table_id"
        " WHERE e.kind = 'move' AND e.created_at >= $1 AND e.created_at < $2 GROUP BY l.owner",
        since,
        until,
    )
    return {str(r["owner"]): int(r["n"]) for r in rows}


def commits(cluster: Cluster) -> int:
    rows = cluster.query(
        "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
    )
    return int(rows[0]["xact_commit"])


def write_commits(inst: Any) -> int:
    """Write transactions the instance committed so far (its ``/metrics`` histogram of
    commits: table writes only, not lease renewals or claims)."""
    text = httpx.get(f"{inst.http}/metrics", timeout=10).text
    for line in text.splitlines():
        if line.startswith("domino_commit_seconds_count"):
            return int(float(line.split()[-1]))
    return 0


def store_commits(log: Path) -> tuple[int, int]:
    """The (commits, writes) the instance's store logged when it stopped."""
    for line in reversed(log.read_text().splitlines()):
        if '"store closed"' in line:
            rec = json.loads(line)
            return int(rec["commits"]), int(rec["writes"])
    return 0, 0


async def run(args: argparse.Namespace) -> None:
    with postgres_base() as base, tempfile.TemporaryDirectory() as tmp:
        env = {"DOMINO_LEASE_SECONDS": str(args.lease), "DOMINO_LOG_LEVEL": "info"}
        cluster = Cluster(base, Path(tmp), args.instances, env)
        cluster.start()
        try:
            await measure(cluster, args)
        finally:
            cluster.stop()


async def measure(cluster: Cluster, args: argparse.Namespace) -> None:
    def make() -> list[Player]:
        out = []
        for k in range(args.tables):
            t = cluster.front.create(seats=2, bots=[None, "rabisco"], name=f"P{k}")
            r = cluster.front.post(f"/api/tables/{t['table_id']}/start", token=t["token"])
            assert r.status_code == 200, r.text
            out.append(Player(cluster.front, t["table_id"], t["token"]))
        return out

    players = await asyncio.to_thread(make)
    playing = True
    games = [
        asyncio.create_task(p.play(0, 3600, more=lambda: playing, think=args.think))
        for p in players
    ]
    await asyncio.sleep(args.warmup)  # the benchmark's own clock: a measuring window
    pids = {i.instance_id: i.proc.pid for i in cluster.instances if i.proc}
    cpu0 = {n: cpu_seconds(p) for n, p in pids.items()}
    w0 = {i.instance_id: await asyncio.to_thread(write_commits, i) for i in cluster.instances}
    c0, t0 = await asyncio.to_thread(commits, cluster), time.time()
    await asyncio.sleep(args.seconds)
    cpu1 = {n: cpu_seconds(p) for n, p in pids.items()}
    c1, t1 = await asyncio.to_thread(commits, cluster), time.time()
    w1 = {i.instance_id: await asyncio.to_thread(write_commits, i) for i in cluster.instances}
    moves = await asyncio.to_thread(moves_by_owner, cluster, t0, t1)
    total = sum(moves.values())
    print(
        f"{args.instances} instances, {args.tables} tables, think {args.think} s, "
        f"{args.seconds} s measured: {total} moves ({total / (t1 - t0):.0f}/s)"
    )
    for name in sorted(pids):
        n = moves.get(name, 0)
        cpu = cpu1[name] - cpu0[name]
        per = f"{cpu / n * 1e6:.0f} µs/move" if n else "-"
        wc = w1[name] - w0[name]
        renewals = (t1 - t0) / (args.lease / 3)  # one lease UPDATE every lease/3 seconds
        cpm = f"{(wc + renewals) / n:.2f} commits/move" if n else "-"
        print(
            f"  {name}: {n} moves, CPU {cpu:.2f} s ({cpu / (t1 - t0) * 100:.0f}% of a core), "
            f"{per}; {wc} write commits + ~{renewals:.0f} lease renewals, {cpm}"
        )
    print(
        f"  PostgreSQL: {c1 - c0} commits, {(c1 - c0) / max(total, 1):.2f} per move "
        "(all transactions: writes, lease renewals, claims)"
    )

    # takeover: kill the instance holding the most tables
    victim = max(cluster.instances, key=lambda i: len(_owned_by(cluster, i.instance_id)))
    dead = victim.instance_id
    owned = await asyncio.to_thread(_owned_by, cluster, dead)
    t = time.monotonic()
    victim.kill()
    took = await _taken_over(cluster, owned, dead, t)
    print(
        f"  takeover after SIGKILL of {dead} ({len(owned)} tables, lease {args.lease} s): "
        f"{latency_summary(took)}"
    )
    playing = False
    for g in games:
        g.cancel()
    await asyncio.gather(*games, return_exceptions=True)
    for inst in cluster.instances:
        if inst.alive():
            inst.stop()
            cm, wr = store_commits(inst.log_path)  # type: ignore[arg-type]
            print(
                f"  {inst.instance_id} store: {cm} write commits holding {wr} table writes "
                "over its whole run"
            )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--instances", type=int, default=3)
    p.add_argument("--tables", type=int, default=150)
    p.add_argument("--think", type=float, default=1.0)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--warmup", type=float, default=8.0)
    p.add_argument("--lease", type=float, default=10.0)
    asyncio.run(run(p.parse_args()))


if __name__ == "__main__":
    main()
