"""The rounds suite of ``benchmarks/bots.py``: net points per round of the hard player at
0.1/0.5/2 s against Nino on the same first rounds of a set of deals in both seatings,
paired by deal and seating.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Sequence

from bots_oracle import ORACLE_TIMES, bootstrap_mean

from domino_core import Match, Rules, view_for
from domino_core.arena import deal_stream, move_seed
from domino_core.bots import choose_move, hard

__all__ = ["rounds"]


def _round_job(job: tuple[str, int, int, int, int, float]) -> float:
    """Net points (its side's minus the other's) hard at ``think`` seconds takes in the
    first round of deal set ``deal_no`` against Nino, seated by ``rotation`` (0 or 1)."""
    preset, seats, seed, deal_no, rotation, think = job
    rules = Rules.from_preset(preset, seats=seats, goal=100)
    match = Match(rules, deals=deal_stream(rules, seed, deal_no))
    ours = {s for s in range(seats) if (s + rotation) % 2 == 0}
    move_no = 0
    while not match.round_over:
        seat = match.turn
        assert seat is not None
        view = view_for(match, seat)
        if seat in ours:
            move = choose_move(
                view,
                level="voquelonia",
                seed=move_seed(seed, deal_no, seat, move_no),
                playouts=int(think * hard.PLAYOUTS_PER_SECOND),
            )
        else:
            move = choose_move(view, level="nino")
        move_no += 1
        match.push(move)
    side = rules.side_of(min(ours))
    return float(match.scores[side] - match.scores[1 - side])


def rounds(configs: Sequence[tuple[str, int]], deals: int, seed: int, jobs: int) -> None:
    """The rounds suite: points per round of hard at 0.1/0.5/2 s against Nino, each on the
    same first rounds of ``deals`` deals in both seatings, paired by deal and seating."""
    for preset, seats in configs:
        if seats == 3:
            continue
        started = time.monotonic()
        units = [(d, r) for d in range(deals) for r in (0, 1)]
        work = [(preset, seats, seed, d, r, t) for t in ORACLE_TIMES for d, r in units]
        if jobs <= 1:
            flat = [_round_job(w) for w in work]
        else:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                flat = pool.map(_round_job, work, chunksize=1)
        net = [flat[j * len(units) : (j + 1) * len(units)] for j in range(len(ORACLE_TIMES))]
        print(
            f"{preset}, {seats} seats: first rounds of {deals} deals x 2 seatings against Nino"
            f" ({time.monotonic() - started:.0f} s)"
        )
        print(f"{'player':<12} {'net points per round [95% CI]':>32}")
        for j, t in enumerate(ORACLE_TIMES):
            mean, lo, hi = bootstrap_mean(net[j], seed + j)
            print(f"{f'hard {t:g} s':<12} {f'{mean:+.2f} [{lo:+.2f}, {hi:+.2f}]':>32}")
        print("paired difference (longer minus shorter, same deal and seating)")
        for a, b in ((0, 1), (1, 2), (0, 2)):
            diffs = [y - x for x, y in zip(net[a], net[b], strict=True)]
            mean, lo, hi = bootstrap_mean(diffs, seed + 20 + a)
            differ = sum(1 for d in diffs if d != 0)
            print(
                f"  hard {ORACLE_TIMES[b]:g} s - hard {ORACLE_TIMES[a]:g} s:"
                f" {mean:+.2f} [{lo:+.2f}, {hi:+.2f}] points; rounds that differ: {differ}"
                f" of {len(diffs)}"
            )
        print(flush=True)
