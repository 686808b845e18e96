"""Engine throughput: complete random rounds and matches per second on one core, per
preset, the memory of one state, and the rate against abw333/dominoes.

    python benchmarks/engine.py            # every preset at 2, 3, 4 seats
    python benchmarks/engine.py --seconds 1 --presets classic --seats 4
    python benchmarks/engine.py --presets --abw333 /tmp/abw333   # only the comparison

"rounds/s (search)" is the path bots search with: a fresh shuffled deal
(`Round.shuffled`) played out by `Round.playout` with uniformly random legal moves.
"rounds/s (API)" plays the same through the friendly API (`Match.legal_moves` +
`Match.push`, writing the public log and record). "matches/s" plays whole matches to
the goal (100; batida 6) with `Match.playout` between `start_next_round` calls.

The comparison (issue 11 point 5) plays complete random 4-seat rounds in abw333/dominoes
(the pure-Python engine we compare against: its `Game.new()` then `make_move` of a random
entry of `valid_moves` until `result`) and ours (4-seat classic: through the API, each
round in a new `Match` as above and also as the next round of a running match, and on the
search path), taking turns in short slices so that a busy machine slows all three alike;
each rate is the best slice, in rounds per second of the process's CPU time (other
jobs on the machine then matter less). abw333 is not a dependency: put its source tree in a
directory (`git clone https://github.com/abw333/dominoes DIR`) and pass `--abw333 DIR`;
without it the comparison is skipped.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from domino_core import PRESETS, Match, Rules
from domino_core.round import Round


def rate(call: Callable[[], None], seconds: float,
         clock: Callable[[], float] = time.perf_counter) -> float:
    """Calls of ``call`` per second of ``clock`` over about ``seconds`` of it."""
    n = 0
    start = clock()
    deadline = start + seconds
    while True:
        for _ in range(50):
            call()
        n += 50
        now = clock()
        if now >= deadline:
            return n / (now - start)


def search_round(rules: Rules, rng: random.Random) -> Callable[[], None]:
    """One random round on the search path: a shuffled deal played out."""

    def call() -> None:
        Round.shuffled(rules, rng).playout(rng)

    return call


def api_round(rules: Rules, rng: random.Random) -> Callable[[], None]:
    """One random round through the friendly API: a new match, legal moves and push."""

    def call() -> None:
        m = Match(rules, seed=rng.randrange(1 << 30))
        while not m.round_over:
            moves = m.legal_moves()
            m.push(moves[int(rng.random() * len(moves))])

    return call


def match_round(rules: Rules, rng: random.Random) -> Callable[[], None]:
    """One random round through the friendly API as a match plays it: the next round of a
    running match (``start_next_round`` deals it), a new match when one is over."""
    current: list[Match] = []

    def call() -> None:
        if not current or current[0].over:
            current[:] = [Match(rules, seed=rng.randrange(1 << 30))]
        else:
            current[0].start_next_round()
        m = current[0]
        while not m.round_over:
            moves = m.legal_moves()
            m.push(moves[int(rng.random() * len(moves))])

    return call


def bench(preset: str, seats: int, seconds: float) -> dict[str, float]:
    rules = Rules.from_preset(preset, seats, goal=None)  # 100; batida 6
    rng = random.Random(42)

    def match() -> None:
        m = Match(rules, seed=rng.randrange(1 << 30))
        while True:
            m.playout(rng)
            if m.over:
                return
            m.start_next_round()

    return {
        "search": rate(search_round(rules, rng), seconds),
        "api": rate(api_round(rules, rng), seconds / 2),
        "matches": rate(match, seconds / 2),
    }


def state_memory() -> tuple[float, float]:
    """Bytes of one 4-seat classic Match mid-round, and of one bare Round."""
    rules = Rules.from_preset("classic", 4)
    tracemalloc.start()
    base = tracemalloc.take_snapshot()
    keep = []
    for i in range(1000):
        m = Match(rules, seed=i)
        for _ in range(8):
            if m.round_over:
                break
            m.push(m.legal_moves()[0])
        keep.append(m)
    after = tracemalloc.take_snapshot()
    match_bytes = sum(s.size_diff for s in after.compare_to(base, "filename")) / len(keep)
    keep.clear()
    rng = random.Random(1)
    base = tracemalloc.take_snapshot()
    rounds = [Round.shuffled(rules, rng) for _ in range(1000)]
    after = tracemalloc.take_snapshot()
    round_bytes = sum(s.size_diff for s in after.compare_to(base, "filename")) / len(rounds)
    tracemalloc.stop()
    return match_bytes, round_bytes


def abw333_round(directory: str) -> Callable[[], None]:
    """One random 4-seat game of abw333/dominoes, imported from its source ``directory``."""
    sys.path.insert(0, str(Path(directory).resolve()))
    dominoes: Any = importlib.import_module("dominoes")
    rnd = random.Random(7).random

    def call() -> None:
        game = dominoes.Game.new()
        while game.result is None:
            valid = game.valid_moves
            game.make_move(*valid[int(rnd() * len(valid))])

    return call


def compare(directory: str, seconds: float, slices: int) -> None:
    """Print 4-seat random rounds per second of abw333 and ours, and the ratios."""
    rules = Rules.from_preset("classic", 4, goal=100)
    rng = random.Random(11)
    calls = {"abw333": abw333_round(directory), "API": api_round(rules, rng),
             "match": match_round(rules, rng), "search": search_round(rules, rng)}
    best = dict.fromkeys(calls, 0.0)
    for _ in range(slices):
        for name, call in calls.items():
            best[name] = max(best[name], rate(call, seconds / slices, time.process_time))
    base = best["abw333"]
    print(f"4-seat random rounds per CPU second, best of {slices} slices each: abw333/dominoes "
          f"{base:,.0f}; ours through Match.legal_moves/push {best['API']:,.0f} "
          f"({best['API'] / base:.2f}x abw333; as the next round of a running match "
          f"{best['match']:,.0f}, {best['match'] / base:.2f}x), search path "
          f"{best['search']:,.0f} ({best['search'] / base:.2f}x abw333)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--presets", nargs="*", default=list(PRESETS))
    parser.add_argument("--seats", nargs="*", type=int, default=[2, 3, 4])
    parser.add_argument("--abw333", default=os.environ.get("ABW333_DIR"), metavar="DIR",
                        help="abw333/dominoes source tree to compare against ($ABW333_DIR)")
    parser.add_argument("--slices", type=int, default=10,
                        help="turns each engine takes in the comparison (default 10)")
    args = parser.parse_args()
    if args.abw333:
        compare(args.abw333, 3 * args.seconds, args.slices)
    else:
        print("comparison with abw333/dominoes skipped: pass --abw333 DIR (see --help)")
    if args.presets:
        print(f"{'preset':<10} {'seats':>5} {'rounds/s (search)':>18} {'rounds/s (API)':>15} "
              f"{'matches/s':>10}")
    for preset in args.presets:
        for seats in args.seats:
            r = bench(preset, seats, args.seconds)
            print(f"{preset:<10} {seats:>5} {r['search']:>18,.0f} {r['api']:>15,.0f} "
                  f"{r['matches']:>10,.1f}", flush=True)
    match_bytes, round_bytes = state_memory()
    print(f"memory: one Match mid-round {match_bytes:,.0f} bytes; one bare Round "
          f"{round_bytes:,.0f} bytes")


if __name__ == "__main__":
    main()
