"""The decisions suite of ``benchmarks/bots.py``: on positions of 2-seat classic and fives
(from Nino-vs-Nino matches), how often the hard player's search at 0.1, 0.5 and 2 s worth
of playouts picks the move a 4x longer reference search picks, and the mean win chance it
gives away by the reference's values (the search's noise, not its strength).
"""

from __future__ import annotations

import multiprocessing
import random
import time

from bots_worlds import decision_positions

from domino_core import View
from domino_core.bots import hard
from domino_core.bots.knowledge import knowledge_from

__all__ = ["DECISION_TIMES", "REFERENCE_TIME", "decisions"]

DECISION_TIMES = (0.1, 0.5, 2.0)
REFERENCE_TIME = 8.0


def _decide(job: tuple[int, View]) -> tuple[list[int], list[float]]:
    """The reference values of one position, and the option each budget picks."""
    i, view = job
    k = knowledge_from(view)
    per_second = hard.PLAYOUTS_PER_SECOND
    ref, _ = hard.evaluate(k, random.Random(10_000 + i), playouts=int(REFERENCE_TIME * per_second))
    picks = []
    for t in DECISION_TIMES:
        means, _ = hard.evaluate(k, random.Random(i), playouts=int(t * per_second))
        picks.append(max(range(len(means)), key=lambda j: (means[j], -j)))
    return picks, ref


def decisions(count: int, seed: int, jobs: int) -> None:
    for preset in ("classic", "fives"):
        views = decision_positions(preset, count, seed)
        started = time.monotonic()
        work = list(enumerate(views))
        if jobs <= 1:
            results = [_decide(w) for w in work]
        else:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                results = pool.map(_decide, work)
        print(
            f"{preset}, 2 seats: {len(views)} positions with a choice, reference "
            f"{REFERENCE_TIME:g} s worth of playouts ({time.monotonic() - started:.0f} s)"
        )
        print(f"{'budget':>8} {'playouts':>9} {'same as reference':>18} {'mean loss':>10}")
        for j, t in enumerate(DECISION_TIMES):
            same = sum(1 for picks, ref in results if ref[picks[j]] == max(ref))
            loss = sum(max(ref) - ref[picks[j]] for picks, ref in results) / len(results)
            print(
                f"{t:>7g}s {int(t * hard.PLAYOUTS_PER_SECOND):>9} "
                f"{100 * same / len(results):>17.1f}% {100 * loss:>9.2f}%"
            )
        print(flush=True)
