"""How well the hard player's race model foretells who wins a match (issue 15).

    python benchmarks/race_fit.py [--matches 500] [--jobs 2] [--configs classic-2,fives-2,...]

Vó Quelônia values the end of a round by its side's chance to win the match from the
scores (``domino_core.bots.points_race.win_chance``), a race whose width is set by one
number, the points a round typically awards. For each configuration this plays
``--matches`` matches of Nino against itself to 100 (seeds 0, 1, ...), keeps every score
the match passed through and who won it, and prints the log-loss of the race model's
chance for the eventual winner (lower is better) at the width the bot uses
(``race_points``), at the old single width of 25, and at the best width on a grid: the
grid's best is what ``RACE_POINTS`` holds. Then, for the bot's width, how often a side
won against the chance the model gave it (by tenths).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
from collections.abc import Sequence

from domino_core import Match, Rules, view_for
from domino_core.bots import choose_move
from domino_core.bots.points_race import ROUND_POINTS, race_points, win_chance

GRID = (15, 20, 25, 30, 35, 40, 50, 60, 70, 85, 100, 120)
"""The widths tried."""

Sample = tuple[tuple[int, ...], int]
"""Scores a match passed through, and the side that went on to win it."""


def match_scores(rules: Rules, seed: int) -> list[Sample]:
    """Every distinct score of one Nino-against-Nino match, with its winner."""
    m = Match(rules, seed=seed)
    rng = random.Random(seed)
    seen: list[tuple[int, ...]] = []
    while not m.over:
        if m.round_over:
            m.start_next_round()
            continue
        if not seen or seen[-1] != tuple(m.scores):
            seen.append(tuple(m.scores))
        turn = m.turn
        assert turn is not None
        m.push(choose_move(view_for(m, turn), level="medium", seed=rng.getrandbits(32)))
    assert m.winner is not None
    return [(s, m.winner) for s in seen]


def log_loss(samples: Sequence[Sample], goal: int, width: float) -> float:
    """Mean of -log(the model's chance for the side that won), per score passed."""
    return -sum(math.log(max(win_chance(s, goal, w, width), 1e-12))
                for s, w in samples) / len(samples)


def _one(args: tuple[str, int, int]) -> list[Sample]:
    preset, seats, seed = args
    return match_scores(Rules.from_preset(preset, seats=seats, goal=100), seed)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--matches", type=int, default=500)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--configs", default="classic-2,classic-3,classic-4,draw-2,draw-3,draw-4,"
                   "block-2,block-3,block-4,fives-2,fives-3,fives-4,caribbean-2,caribbean-4")
    args = p.parse_args(argv)
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for config in args.configs.split(","):
            preset, seats = config.split("-")
            rules = Rules.from_preset(preset, seats=int(seats), goal=100)
            jobs = [(preset, int(seats), seed) for seed in range(args.matches)]
            samples = [s for got in pool.map(_one, jobs) for s in got]
            used = race_points(rules)
            best = min(GRID, key=lambda w: log_loss(samples, 100, w))
            print(f"{config:12s} {len(samples):6d} scores  log-loss: bot's width {used:g} "
                  f"{log_loss(samples, 100, used):.4f}, width {ROUND_POINTS:g} "
                  f"{log_loss(samples, 100, ROUND_POINTS):.4f}, grid's best {best} "
                  f"{log_loss(samples, 100, best):.4f}")
            rows: dict[int, list[float]] = {}
            for s, w in samples:
                for side in range(len(s)):
                    q = win_chance(s, 100, side, used)
                    rows.setdefault(min(int(q * 10), 9), []).append(float(side == w))
            print("    model -> won: " + ", ".join(
                f"{b / 10:.1f}-{(b + 1) / 10:.1f}: {sum(r) / len(r):.2f} ({len(r)})"
                for b, r in sorted(rows.items())))


if __name__ == "__main__":
    main()
