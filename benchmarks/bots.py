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
  (8 s worth) picks, and the mean win chance it gives away by the reference's values
  (this measures the search's noise, not its strength: see ``oracle``);
- ``oracle``: strength against the truth. On ``--positions`` positions per
  configuration (from Nino-vs-Nino matches, each kept with the true match), each
  player's pick is judged by an oracle's value of every legal move, in the mover's
  side's chance to win the match as the hard player values outcomes: the TRUE-WORLD
  oracle plays each move out from the real hands (``--oracle-playouts`` each); the
  POSTERIOR oracle averages the same over up to ``--worlds`` deals drawn from the
  exact posterior of the hidden tiles (same expected regret for any player that
  sees only its view, far less luck). Reported: hard at 0.1/0.5/2 s worth of
  playouts, Nino and Rabisco: share of picks equal to the oracle's best, mean regret
  with a 95% bootstrap interval, and the paired regret differences between think
  times with a sign test;
- ``rounds``: net points per round of hard at 0.1/0.5/2 s against Nino on the same
  first rounds of ``--deals`` deals in both seatings, paired by deal and seating;
- ``abw333`` (issue 15): Vó Quelônia at ``--think`` seconds against abw333/dominoes'
  ``--abw333-player`` in abw333's own 4-seat game (``bots_abw333.py``; needs its source
  tree, ``--abw333 DIR``, else skipped), ``--deals`` deal sets in both seatings, matches
  to 100: rounds and matches won with Wilson intervals, CPU per move of each side;
- ``frozen`` (issue 15): Vó Quelônia against the frozen copy of itself in
  ``vendor/frozen_voquelonia/`` (``freeze_voquelonia.py`` refreshes it), both at ``--think``
  seconds worth of playouts (target: the live bot wins >= 60% of the matches).

The hard player runs on a fixed playout budget per move, worth its think time on one
core here (``hard.PLAYOUTS_PER_SECOND``), so a run is reproducible for a seed.
CPU-heavy: ``--matches`` and ``--think`` trade time for precision.

    python benchmarks/bots.py --suite medium-easy --matches 400
    python benchmarks/bots.py --suite hard-medium --matches 200 --think 0.5 --jobs 2
    python benchmarks/bots.py --suite oracle --positions 150 --oracle-playouts 1500 \
        --worlds 100 --world-playouts 20 --max-tries 1500 --jobs 2 --seed 2026
    python benchmarks/bots.py --suite abw333 --abw333 /tmp/abw333 --deals 20 --jobs 1
    python benchmarks/bots.py --suite frozen --matches 100 --think 0.5 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the suites beside this file

from bots_abw333 import PLAYERS, abw333
from bots_decisions import decisions
from bots_oracle import (
    ORACLE_PLAYOUTS,
    ORACLE_TIMES,
    Judged,
    OracleSettings,
    bootstrap_mean,
    oracle,
    oracle_players,
    oracle_table,
    sign_test,
)
from bots_rounds import rounds
from bots_worlds import (
    Position,
    PosteriorSampler,
    decision_positions,
    oracle_values,
    posterior_values,
    true_positions,
)
from vendor import frozen_voquelonia

from domino_core import Rules
from domino_core.arena import BotSpec, report, run, tally, tasks_for
from domino_core.arena_games import EXTRA_PLAYERS

__all__ = [
    "CONFIGS",
    "ORACLE_PLAYOUTS",
    "ORACLE_TIMES",
    "Judged",
    "OracleSettings",
    "Position",
    "PosteriorSampler",
    "abw333",
    "bootstrap_mean",
    "decision_positions",
    "decisions",
    "main",
    "oracle",
    "oracle_players",
    "oracle_table",
    "oracle_values",
    "posterior_values",
    "rounds",
    "sign_test",
    "true_positions",
]

CONFIGS = (("classic", 2), ("fives", 2), ("classic", 4))

# The suites beyond the arena runs: decisions (bots_decisions.py), oracle (bots_oracle.py,
# on the positions of bots_worlds.py), rounds (bots_rounds.py).


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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--suite",
        choices=(
            "medium-easy", "hard-medium", "time", "decisions", "oracle", "rounds", "abw333",
            "frozen", "all",
        ),
        default="all",
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
    p.add_argument(
        "--positions", type=int, default=60, help="positions per configuration (decisions, oracle)"
    )
    p.add_argument(
        "--oracle-playouts",
        type=int,
        default=ORACLE_PLAYOUTS,
        help="true-world oracle playouts per searched move (oracle)",
    )
    p.add_argument(
        "--worlds", type=int, default=30, help="posterior worlds per position, 0: none (oracle)"
    )
    p.add_argument(
        "--world-playouts", type=int, default=40, help="playouts per move in each posterior world"
    )
    p.add_argument(
        "--max-tries", type=int, default=600, help="deals tried per position for its worlds"
    )
    p.add_argument(
        "--deals", type=int, default=50, help="deals per configuration (rounds), deal sets (abw333)"
    )
    p.add_argument("--abw333", default=os.environ.get("ABW333_DIR"), metavar="DIR",
                   help="abw333/dominoes source tree ($ABW333_DIR; abw333 suite)")
    p.add_argument("--abw333-player", choices=PLAYERS, default=PLAYERS[0],
                   help="abw333's player (abw333 suite)")
    p.add_argument("--abw333-worlds", type=int, default=30,
                   help="probabilistic_alphabeta's sampled worlds per move (abw333 suite)")
    p.add_argument("--abw333-from", type=int, default=6,
                   help="move (0-based) probabilistic_alphabeta searches from (abw333 suite)")
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
    if args.suite in ("oracle", "all"):
        settings = OracleSettings(
            args.oracle_playouts, args.worlds, args.world_playouts, args.max_tries, ORACLE_TIMES
        )
        oracle(configs, args.positions, settings, args.seed, args.jobs)
    if args.suite in ("rounds", "all"):
        rounds(configs, args.deals, args.seed, args.jobs)
    if args.suite in ("frozen", "all"):
        EXTRA_PLAYERS["frozen"] = frozen_voquelonia.choose_move
        print(f"frozen: Vó Quelônia as of {frozen_voquelonia.COMMIT[:10]}"
              f" ({frozen_voquelonia.FROZEN_ON})")
        for preset, seats in configs:
            _arena(
                preset,
                seats,
                [f"voquelonia@{args.think:g}", f"frozen@{args.think:g}"],
                args.matches,
                args.seed,
                args.jobs,
                ">= 60% of the matches",
            )
    if args.suite in ("abw333", "all"):
        abw333(args.abw333, args.abw333_player, args.abw333_worlds, args.abw333_from,
               args.think, args.deals, args.seed, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
