"""What a reminder costs the table side: the one call a correspondence table's actor makes
after each commit (issue 17), timed step by step on random matches.

    python benchmarks/push_news.py [--moves 3000]

- view: ``view_for(match, None)``, the spectator's view the news is read from;
- news: ``news_from`` on the public summary and that view;
- plan: which reminders the news calls for (``plan``, pure);

The database work (one transaction per news, on the reminders' own task) and the sending
(worker threads) are not on the actor's path and are left out. Live tables skip all of it.
Prints microseconds per move (the best of three passes over the same moves).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from domino_core import Match, Rules, view_for
from domino_server.push.news import iso, news_from
from domino_server.push.plan import plan

DAY = 86400.0


def summary(now: float) -> dict[str, Any]:
    return {
        "pace": "correspondence",
        "status": "playing",
        "deadline": iso(now + 2 * DAY),
        "seats": [
            {"seat": i, "name": n, "kind": "human", "bot": None, "connected": i == 0}
            for i, n in enumerate(["Ana", "Bia"])
        ],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=3000)
    args = ap.parse_args()
    rng = random.Random(7)
    matches: list[Match] = []
    while len(matches) < args.moves:  # one position per move (the match as it is then)
        m = Match(Rules.from_preset("classic", seats=2, goal=50), seed=rng.randrange(1 << 30))
        for _ in range(rng.randrange(1, 12)):
            if m.over or m.round_over:
                break
            m.push(rng.choice(m.legal_moves()))
        matches.append(m)
    now = time.time()
    s = summary(now)
    best = {"view": float("inf"), "news": float("inf"), "plan": float("inf")}
    for _ in range(3):
        t0 = time.perf_counter()
        views = [view_for(m, None) for m in matches]
        t1 = time.perf_counter()
        news = [news_from("T" * 22, s, v, absence_seconds=2 * DAY) for v in views]
        t2 = time.perf_counter()
        for n in news:
            plan(n, now, after_seconds=DAY, notice_seconds=6 * 3600)
        t3 = time.perf_counter()
        best["view"] = min(best["view"], t1 - t0)
        best["news"] = min(best["news"], t2 - t1)
        best["plan"] = min(best["plan"], t3 - t2)
    n = len(matches)
    for k, v in best.items():
        print(f"{k:5s} {v / n * 1e6:7.1f} µs per move")
    print(f"total {sum(best.values()) / n * 1e6:7.1f} µs per move ({n} positions)")


if __name__ == "__main__":
    main()
