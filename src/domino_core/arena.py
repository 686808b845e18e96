"""``domino arena``: computer players against each other, with duplicate deals.

Every *deal set* (the sequence of shuffled deals a match uses, one per round,
from one seed) is played once per distinct rotation of the seats, so that each
bot gets every hand the others got and the luck of the deal cancels out. Matches
run in parallel processes; the table printed at the end gives, for each bot,
the matches it played, its win rate with a 95% Wilson interval, its side's mean
points per round and its mean think time per move (``ms/move``: every move it was
asked for; ``ms/choice``: only those with more than one legal move).

For a fixed ``--seed`` the results (not the think times) are the same on every
run, whatever ``--jobs``: each match's deals and each move's bot seed come from
the seed, the deal-set number and the move's place in the match, and the hard
bot spends a fixed playout budget when it is given a seed.

    domino arena --bots nino,rabisco --preset classic --seats 2 --goal 100 --matches 200
    domino arena --bots voquelonia@0.1,nino --preset classic --seats 4 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Sequence
from typing import Any

from .arena_games import (
    BotSpec,
    Outcome,
    Task,
    deal_stream,
    move_seed,
    play,
    rotations,
    tasks_for,
)
from .arena_report import BotStats, report, side_of, tally, wilson
from .bots import LEVELS
from .rules import Rules

__all__ = [
    "BotSpec",
    "BotStats",
    "Outcome",
    "Progress",
    "Task",
    "deal_stream",
    "main",
    "move_seed",
    "play",
    "report",
    "rotations",
    "run",
    "side_of",
    "tally",
    "tasks_for",
    "wilson",
]


class Progress:
    """A plain progress bar on standard error."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled
        self.done = 0
        self.started = time.monotonic()
        self.shown = 0.0

    def step(self) -> None:
        """Count one finished match and redraw (at most 10 times a second)."""
        self.done += 1
        now = time.monotonic()
        if self.enabled and (now - self.shown > 0.1 or self.done == self.total):
            self.shown = now
            width = 30
            filled = width * self.done // self.total
            elapsed = now - self.started
            eta = elapsed / self.done * (self.total - self.done)
            sys.stderr.write(
                f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} matches"
                f"  {elapsed:5.0f} s, ~{eta:4.0f} s left "
            )
            if self.done == self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def run(tasks: Sequence[Task], jobs: int, progress: bool = True) -> list[Outcome]:
    """Play every task (in ``jobs`` processes) and return the outcomes in task order."""
    bar = Progress(len(tasks), progress)
    results: list[Outcome] = []
    if jobs <= 1:
        for t in tasks:
            results.append(play(t))
            bar.step()
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for o in pool.imap_unordered(play, tasks):
                results.append(o)
                bar.step()
    results.sort(key=lambda o: (o.deal_no, o.rotation))
    return results


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="domino arena",
        description="Play computer players against each other with duplicate deals.",
    )
    p.add_argument(
        "--bots",
        default="nino,rabisco",
        help="comma-separated bots, one per seat or repeated around the table; "
        "a bot is LEVEL[@SECONDS][#PLAYOUTS], LEVEL one of "
        f"{', '.join(LEVELS)} (or easy, medium, hard) (default: nino,rabisco)",
    )
    p.add_argument("--preset", default="classic", help="rule preset (default classic)")
    p.add_argument("--seats", type=int, default=2, help="2, 3 or 4 (default 2)")
    p.add_argument("--goal", type=int, default=100, help="match goal (default 100)")
    p.add_argument("--teams", choices=("on", "off"), help="override the preset's teams at 4")
    p.add_argument("--matches", type=int, default=20, help="matches at least (default 20)")
    p.add_argument("--seed", type=int, default=1, help="seed of deals and bots (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="parallel processes (default 1)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``domino arena`` with ``argv``; print the table; return the exit status."""
    args = _parser().parse_args(argv)
    try:
        knobs: dict[str, Any] = {}
        if args.teams is not None:
            knobs["teams"] = args.teams == "on"
        rules = Rules.from_preset(args.preset, seats=args.seats, goal=args.goal, **knobs)
        bots = [BotSpec.parse(b.strip()) for b in args.bots.split(",") if b.strip()]
    except ValueError as exc:
        print(f"domino arena: {exc}", file=sys.stderr)
        return 2
    if not bots:
        print("domino arena: name at least one bot", file=sys.stderr)
        return 2
    lineup = [bots[i % len(bots)] for i in range(rules.seats)]
    tasks = tasks_for(rules, lineup, args.matches, args.seed)
    started = time.monotonic()
    outcomes = run(tasks, args.jobs, progress=not args.quiet)
    print(report(rules, outcomes, time.monotonic() - started))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
