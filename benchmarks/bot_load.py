"""Bots under load (issue 11 point 6): many hard bots thinking at once on this machine.

    python benchmarks/bot_load.py [--tables 20] [--budget 1.0] [--workers N] [--games 20]

Asks the server's own :class:`~domino_server.bots.BotPool` (worker processes, as
``domino serve`` runs them) for ``--tables`` hard-bot moves at once, as many tables whose
Vó Quelônia is on turn together, three times over; prints each answer's latency against
the budget (every answer must come within twice it) and the budgets the pool gave as the
queue grew. Then the cost of thinking less: ``--games`` two-seat matches of the hard bot
at the shortest budget the pool gave against the medium bot, and the hard bot's share of
the matches won (the same at the full budget would take ``--tables`` times longer).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import time

from domino_core import Match, Rules, view_for
from domino_core.bots import choose_move
from domino_server.bots import BotPool


def positions(n: int, seed: int = 7) -> list[object]:
    """``n`` views of a four-seat fives round a few moves in, for the seat on turn."""
    rng = random.Random(seed)
    out: list[object] = []
    while len(out) < n:
        m = Match(Rules.from_preset("fives", seats=4), seed=rng.randrange(10**9))
        for _ in range(rng.randrange(2, 8)):
            if m.round_over or m.turn is None:
                break
            m.push(rng.choice(m.legal_moves()))
        if not m.round_over and m.turn is not None:
            out.append(view_for(m, m.turn))
    return out


async def burst(pool: BotPool, views: list[object]) -> list[tuple[float, float | None]]:
    """Ask for every view's hard move at once; (latency, budget given) per answer."""

    n = len(pool.answers)
    await asyncio.gather(*(pool.choose(v, "voquelonia") for v in views))
    return [(t, b) for _, t, b in list(pool.answers)[n:]]


def strength(games: int, think: float, seed: int = 11) -> float:
    """The hard bot's share of ``games`` two-seat classic matches (goal 50) won against
    the medium bot, thinking ``think`` seconds a move; seats alternate."""
    wins = 0
    rng = random.Random(seed)
    for g in range(games):
        m = Match(Rules.from_preset("classic", seats=2, goal=50), seed=rng.randrange(10**9))
        hard = g % 2
        while not m.over:
            if m.round_over:
                m.start_next_round()
                continue
            seat = m.turn
            assert seat is not None
            level = "voquelonia" if seat == hard else "nino"
            v = view_for(m, seat)
            m.push(choose_move(v, level=level, seed=g, think_time=think if seat == hard else None))
        wins += m.winner == hard
    return wins / games


async def main_async(args: argparse.Namespace) -> None:
    pool = BotPool(args.workers, args.budget)
    await pool.warm_up()
    views = positions(args.tables)
    lat: list[float] = []
    budgets: list[float] = []
    try:
        for _ in range(3):
            for t, b in await burst(pool, views):
                lat.append(t)
                budgets.append(b or 0.0)
    finally:
        pool.close()
    s = sorted(lat)
    p50, p99 = s[len(s) // 2], s[min(len(s) - 1, int(0.99 * len(s)))]
    print(
        f"bots : {args.tables} hard bots at once x3, {args.workers} workers, budget "
        f"{args.budget:g} s: answer p50 {p50:.2f} s, p99 {p99:.2f} s, max {s[-1]:.2f} s = "
        f"{s[-1] / args.budget:.2f}x the budget (target at most 2x)"
    )
    print(
        f"       budgets given: {min(budgets):.3f}-{max(budgets):.3f} s "
        f"(mean {statistics.fmean(budgets):.3f} s)"
    )
    short = min(budgets)
    t0 = time.monotonic()
    share = strength(args.games, short)
    print(
        f"cost : hard bot at {short:.3f} s a move won {share * 100:.0f}% of {args.games} "
        f"matches against the medium bot ({time.monotonic() - t0:.0f} s)"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, default=20)
    p.add_argument("--budget", type=float, default=1.0)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    p.add_argument("--games", type=int, default=20)
    asyncio.run(main_async(p.parse_args()))


if __name__ == "__main__":
    main()
