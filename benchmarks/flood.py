"""One client floods the server with tables of hard bots; how late is another table's bot?

Reproduces issue 16's flood: one client address creates and starts ``--tables`` (100)
four-seat tables with three hard bots (Vó Quelônia) each, as fast as it can, and never
connects to them. Meanwhile a person at another table (another address, connected,
playing ``block`` against one hard bot) measures each bot answer: from sending a move to
the bot's reply arriving. The budget is what that answer may take by the settings: the
bot's pause plus its thinking time (``DOMINO_BOT_DELAY_SECONDS`` +
``DOMINO_BOT_THINK_SECONDS``). It prints the answers before and during the flood, their
ratio to the budget, and how many creations the per-address limit refused. The target
(issue 16): during the flood, the other table's bot answers within 2x its budget.

    python benchmarks/flood.py [--tables 100] [--answers 12] [--no-limit]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Sequence
from typing import Any

import httpx
from serving import Seat, Served

HARD = "voquelonia"


async def victim_answers(base: str, answers: int, timeout: float) -> list[float]:
    """Seconds from each of the person's moves to the bot's answer, ``answers`` times."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post(
            "/api/tables",
            json={"preset": "block", "seats": 2, "goal": 300, "bots": [None, HARD]},
            headers={"X-Forwarded-For": "10.200.0.1"},  # another client than the flood
        )
        r.raise_for_status()
        t = r.json()
        seat = Seat(base, t["table_id"], t["token"])
        await seat.connect()
        await seat.send({"type": "start"})
        out: list[float] = []
        sent_at: float | None = None
        while len(out) < answers:
            for f in await seat.frames(timeout):
                if f["type"] != "event" or seat.view is None:
                    continue
                v = seat.view
                if sent_at is not None and (seat.my_turn() or v["round_over"] or v["over"]):
                    if f["event"].get("seat") not in (None, v["seat"]):
                        out.append(time.perf_counter() - sent_at)
                    sent_at = None
            v = seat.view
            if v is None:
                continue
            if v["over"]:
                break
            if v["round_over"] and sent_at is None:
                await seat.send({"type": "next_round"})
                sent_at = -1.0  # wait for the next round's first event
            elif seat.my_turn() and sent_at is None:
                await seat.play_first_legal()
                sent_at = time.perf_counter()
            elif sent_at == -1.0 and not v["round_over"]:
                sent_at = None
        await seat.close()
        return out


async def flood(base: str, tables: int) -> tuple[int, int, float]:
    """Create and start ``tables`` tables of three hard bots from one address; (created,
    refused, seconds)."""
    created = refused = 0
    t0 = time.perf_counter()
    body: dict[str, Any] = {"preset": "classic", "seats": 4, "goal": 100,
                            "bots": [None, HARD, HARD, HARD]}  # fmt: skip
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for _ in range(tables):
            r = await http.post("/api/tables", json=body)
            if r.status_code == 429:
                refused += 1
                continue
            r.raise_for_status()
            t = r.json()
            await http.post(
                f"/api/tables/{t['table_id']}/start",
                headers={"Authorization": f"Bearer {t['token']}"},
            )
            created += 1
    return created, refused, time.perf_counter() - t0


def summary(label: str, xs: list[float], budget: float) -> str:
    if not xs:
        return f"{label}: no answers measured"
    xs = sorted(xs)
    med, worst = statistics.median(xs), xs[-1]
    p90 = xs[min(len(xs) - 1, int(len(xs) * 0.9))]
    return (f"{label}: {len(xs)} answers, median {med:.2f} s, p90 {p90:.2f} s, "
            f"max {worst:.2f} s; median/budget {med / budget:.1f}x, max/budget "
            f"{worst / budget:.1f}x")  # fmt: skip


async def run(args: argparse.Namespace) -> None:
    env = {"DOMINO_BOT_DELAY_SECONDS": str(args.bot_delay),
           "DOMINO_BOT_THINK_SECONDS": str(args.think)}  # fmt: skip
    if args.no_limit:
        env["DOMINO_CREATE_BURST"] = "1000000"
    budget = args.bot_delay + args.think
    served = Served(env)
    try:
        print(f"server {served.base}: bot pause {args.bot_delay} s + think {args.think} s "
              f"= budget {budget:.1f} s per hard-bot answer")  # fmt: skip
        before = await victim_answers(served.base, args.answers, args.timeout)
        print(summary("other table, no flood   ", before, budget))
        flooding = asyncio.create_task(flood(served.base, args.tables))
        during = await victim_answers(served.base, args.answers, args.timeout)
        created, refused, took = await flooding
        print(f"flood: {created} tables of 3 hard bots created and started, {refused} refused "
              f"(429), in {took:.1f} s, from one address")  # fmt: skip
        print(summary("other table, under flood", during, budget))
        if during:
            ratio = statistics.median(during) / budget
            verdict = "meets" if max(during) <= 2 * budget else "misses"
            print(f"target: every answer within 2x budget ({2 * budget:.1f} s): {verdict} "
                  f"(median {ratio:.1f}x, max {max(during) / budget:.1f}x)")  # fmt: skip
        main, bots = served.rss_mib()
        print(f"memory: server {main:.0f} MiB, bot workers {bots:.0f} MiB")
    finally:
        served.stop()


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=100, help="tables the flood creates")
    p.add_argument("--answers", type=int, default=12, help="bot answers measured per phase")
    p.add_argument("--bot-delay", type=float, default=0.8, help="DOMINO_BOT_DELAY_SECONDS")
    p.add_argument("--think", type=float, default=1.0, help="DOMINO_BOT_THINK_SECONDS")
    p.add_argument("--timeout", type=float, default=120.0, help="give up on one answer after")
    p.add_argument("--no-limit", action="store_true", help="lift the creation limit")
    asyncio.run(run(p.parse_args(argv)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
