"""Engine throughput: complete random rounds and matches per second on one core, per
preset, and the memory of one state.

    python benchmarks/engine.py            # every preset at 2, 3, 4 seats
    python benchmarks/engine.py --seconds 1 --presets classic --seats 4

"rounds/s (search)" is the path bots search with: a fresh shuffled deal
(`Round.shuffled`) played out by `Round.playout` with uniformly random legal moves.
"rounds/s (API)" plays the same through the friendly API (`Match.legal_moves` +
`Match.push`, writing the public log and record). "matches/s" plays whole matches to
the goal (100; batida 6) with `Match.playout` between `start_next_round` calls.
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from collections.abc import Callable

from domino_core import PRESETS, Match, Rules
from domino_core.round import Round


def rate(call: Callable[[], None], seconds: float) -> float:
    """Calls of ``call`` per second over about ``seconds``."""
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            call()
        n += 50
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - start)


def bench(preset: str, seats: int, seconds: float) -> dict[str, float]:
    rules = Rules.from_preset(preset, seats, goal=None)  # 100; batida 6
    rng = random.Random(42)

    def search_round() -> None:
        Round.shuffled(rules, rng).playout(rng)

    def api_round() -> None:
        m = Match(rules, seed=rng.randrange(1 << 30))
        while not m.round_over:
            moves = m.legal_moves()
            m.push(moves[int(rng.random() * len(moves))])

    def match() -> None:
        m = Match(rules, seed=rng.randrange(1 << 30))
        while True:
            m.playout(rng)
            if m.over:
                return
            m.start_next_round()

    return {
        "search": rate(search_round, seconds),
        "api": rate(api_round, seconds / 2),
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--presets", nargs="*", default=list(PRESETS))
    parser.add_argument("--seats", nargs="*", type=int, default=[2, 3, 4])
    args = parser.parse_args()
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
