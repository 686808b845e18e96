"""Strength of the computer players (issue 3, point 5), measured with the arena.

Suites (each a set of arena runs with duplicate deals, 2-seat matches to 100 in
classic and fives, and 4-seat team matches to 100 in classic):

- ``medium-easy``: Nino against Rabisco (target: Nino wins >= 75%);
- ``hard-medium``: Vó Quelônia at ``--think`` seconds against Nino (target: >= 60%
  with the 95% interval's lower end above 50%);
- ``time``: Vó Quelônia against itself with more time: 0.1 s vs 0.5 s and 0.5 s vs
  2 s (scaled by ``--time-scale``), 2-seat classic to 100;
- ``decisions``: the same question with far less luck: on ``--positions`` positions
  of 2-seat classic and fives (from Nino-vs-Nino matches), how often the search at
  0.1, 0.5 and 2 s worth of playouts picks the move a 4x longer reference search
  (8 s worth) picks, and the mean win chance it gives away by the reference's values.

The hard player runs on a fixed playout budget per move, worth its think time on one
core here (``hard.PLAYOUTS_PER_SECOND``), so a run is reproducible for a seed.
CPU-heavy: ``--matches`` and ``--think`` trade time for precision.

    python benchmarks/bots.py --suite medium-easy --matches 400
    python benchmarks/bots.py --suite hard-medium --matches 200 --think 0.5 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time

from domino_core import Match, Rules, View, view_for
from domino_core.arena import BotSpec, report, run, tally, tasks_for
from domino_core.bots import choose_move, hard
from domino_core.bots.knowledge import knowledge_from

CONFIGS = (("classic", 2), ("fives", 2), ("classic", 4))


def _arena(
    preset: str, seats: int, bots: list[str], matches: int, seed: int, jobs: int, target: str
) -> tuple[float, float, float]:
    rules = Rules.from_preset(preset, seats=seats, goal=100)
    specs = [BotSpec.parse(b) for b in bots]
    lineup = [specs[i % len(specs)] for i in range(seats)]
    started = time.monotonic()
    outcomes = run(tasks_for(rules, lineup, matches, seed), jobs, progress=sys.stderr.isatty())
    print(report(rules, outcomes, time.monotonic() - started))
    st = tally(rules, outcomes)[specs[0].label]
    lo, hi = st.interval()
    print(
        f"-> {specs[0].label}: {100 * st.win_rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
        f" (target {target})\n",
        flush=True,
    )
    return st.win_rate, lo, hi


DECISION_TIMES = (0.1, 0.5, 2.0)
REFERENCE_TIME = 8.0


def decision_positions(preset: str, count: int, seed: int) -> list[View]:
    """Positions with a real choice, from matches Nino plays against itself."""
    rng = random.Random(seed)
    out: list[View] = []
    game = 0
    while len(out) < count:
        match = Match(Rules.from_preset(preset, seats=2, goal=100), seed=seed * 100 + game)
        game += 1
        while not match.over and len(out) < count:
            if match.round_over:
                match.start_next_round()
                continue
            view = view_for(match, match.turn)
            k = knowledge_from(view)
            if len(set(hard._representatives(k))) > 1 and rng.random() < 0.25:
                out.append(view)
            match.push(choose_move(view, level="nino"))
    return out


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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--suite", choices=("medium-easy", "hard-medium", "time", "decisions", "all"), default="all"
    )
    p.add_argument("--matches", type=int, default=100, help="matches per arena run")
    p.add_argument("--think", type=float, default=0.5, help="hard bot seconds per move")
    p.add_argument(
        "--time-scale", type=float, default=1.0, help="multiply the 0.1/0.5/2 s of the time suite"
    )
    p.add_argument(
        "--configs",
        default="classic-2,fives-2,classic-4",
        help="which of classic-2, fives-2, classic-4 to run",
    )
    p.add_argument("--positions", type=int, default=60, help="positions per preset (decisions)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args(argv)
    configs = [(c.split("-")[0], int(c.split("-")[1])) for c in args.configs.split(",")]
    if args.suite in ("medium-easy", "all"):
        for preset, seats in configs:
            _arena(preset, seats, ["nino", "rabisco"], args.matches, args.seed, args.jobs, ">= 75%")
    if args.suite in ("hard-medium", "all"):
        for preset, seats in configs:
            _arena(
                preset,
                seats,
                [f"voquelonia@{args.think:g}", "nino"],
                args.matches,
                args.seed,
                args.jobs,
                ">= 60%, lower end > 50%",
            )
    if args.suite in ("time", "all"):
        short, mid, long = (round(t * args.time_scale, 3) for t in (0.1, 0.5, 2.0))
        for a, b in ((mid, short), (long, mid)):
            _arena(
                "classic",
                2,
                [f"voquelonia@{a:g}", f"voquelonia@{b:g}"],
                args.matches,
                args.seed,
                args.jobs,
                "> 50%: more time plays better",
            )
    if args.suite in ("decisions", "all"):
        decisions(args.positions, args.seed, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
