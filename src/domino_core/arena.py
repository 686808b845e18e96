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
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from domino_core import Deal, Match, Rules, shuffle_deal, view_for
from domino_core.bots import ALIASES, LEVELS, choose_move


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot entered in the arena: ``level[@think_time][#playouts]``, e.g. ``voquelonia@0.1``."""

    label: str
    level: str
    think_time: float | None = None
    playouts: int | None = None

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Read ``nino``, ``hard@2`` or ``voquelonia#3000`` (a fixed playout budget)."""
        body, _, playouts = text.partition("#")
        level, _, think = body.partition("@")
        level = ALIASES.get(level, level)
        if level not in LEVELS:
            raise ValueError(f"unknown bot {text!r}: choose among {', '.join(LEVELS)}")
        return cls(
            text, level, float(think) if think else None, int(playouts) if playouts else None
        )


@dataclass(frozen=True, slots=True)
class Task:
    """One match to play: deal set ``deal_no`` with ``lineup[seat]`` the bot at each seat."""

    deal_no: int
    rotation: int
    lineup: tuple[BotSpec, ...]
    rules: Rules
    seed: int
    keep_record: bool = False


@dataclass(slots=True)
class Outcome:
    """What one match gave."""

    deal_no: int
    rotation: int
    labels: tuple[str, ...]
    winner: int | None
    scores: list[int]
    rounds: int
    think: list[float]
    moves: list[int]
    record: dict[str, Any] | None = None
    choice_think: list[float] = field(default_factory=list)
    """Think time per seat over the moves where it had more than one legal move."""
    choices: list[int] = field(default_factory=list)


def deal_stream(rules: Rules, seed: int, deal_no: int) -> Iterator[Deal]:
    """The deals of deal set ``deal_no``: the same for every rotation."""
    rng = random.Random(f"arena-deals:{seed}:{deal_no}")
    while True:
        yield shuffle_deal(rules, rng)


def move_seed(seed: int, deal_no: int, seat: int, move_no: int) -> int:
    """The seed a bot gets for one move (the same in every rotation, for a given seat's hand)."""
    return random.Random(f"arena-move:{seed}:{deal_no}:{seat}:{move_no}").getrandbits(48)


def play(task: Task) -> Outcome:
    """Play one match of the arena to its end."""
    rules = task.rules
    match = Match(rules, deals=deal_stream(rules, task.seed, task.deal_no))
    think = [0.0] * rules.seats
    moves = [0] * rules.seats
    choice_think = [0.0] * rules.seats
    choices = [0] * rules.seats
    move_no = 0
    while not match.over:
        if match.round_over:
            match.start_next_round()
            continue
        seat = match.turn
        assert seat is not None
        bot = task.lineup[seat]
        view = view_for(match, seat)
        started = time.perf_counter()
        move = choose_move(
            view,
            level=bot.level,
            seed=move_seed(task.seed, task.deal_no, seat, move_no),
            think_time=bot.think_time,
            playouts=bot.playouts,
        )
        spent = time.perf_counter() - started
        think[seat] += spent
        moves[seat] += 1
        if len(view.legal) > 1:
            choice_think[seat] += spent
            choices[seat] += 1
        move_no += 1
        match.push(move)
    return Outcome(
        task.deal_no,
        task.rotation,
        tuple(b.label for b in task.lineup),
        match.winner,
        list(match.scores),
        len(match.results),
        think,
        moves,
        match.to_record() if task.keep_record else None,
        choice_think,
        choices,
    )


def rotations(lineup: Sequence[BotSpec]) -> list[tuple[BotSpec, ...]]:
    """The distinct seatings obtained by rotating ``lineup`` (rotation 0 first)."""
    out: list[tuple[BotSpec, ...]] = []
    n = len(lineup)
    for r in range(n):
        seating = tuple(lineup[(i - r) % n] for i in range(n))
        if seating not in out:
            out.append(seating)
    return out


def tasks_for(
    rules: Rules,
    lineup: Sequence[BotSpec],
    matches: int,
    seed: int,
    *,
    keep_records: bool = False,
) -> list[Task]:
    """The matches to play: deal sets times rotations, at least ``matches`` in all."""
    seatings = rotations(lineup)
    deal_sets = max(1, math.ceil(matches / len(seatings)))
    return [
        Task(d, r, seating, rules, seed, keep_records)
        for d in range(deal_sets)
        for r, seating in enumerate(seatings)
    ]


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(slots=True)
class BotStats:
    """One bot's totals over the arena."""

    label: str
    matches: int = 0
    wins: int = 0
    points: int = 0
    rounds: int = 0
    think: float = 0.0
    moves: int = 0
    choice_think: float = 0.0
    choices: int = 0
    per_deal: dict[int, list[int]] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        """Share of its matches it won."""
        return self.wins / self.matches if self.matches else 0.0

    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the win rate."""
        return wilson(self.wins, self.matches)


def side_of(rules: Rules, seat: int) -> int:
    """The side a seat plays for."""
    return seat % 2 if rules.teams else seat


def tally(rules: Rules, outcomes: Sequence[Outcome]) -> dict[str, BotStats]:
    """Per-bot totals (a bot sitting at several seats of a match counts that match once)."""
    stats: dict[str, BotStats] = {}
    for o in outcomes:
        sides_of: dict[str, set[int]] = {}
        for seat, label in enumerate(o.labels):
            sides_of.setdefault(label, set()).add(side_of(rules, seat))
            st = stats.setdefault(label, BotStats(label))
            st.think += o.think[seat]
            st.moves += o.moves[seat]
            if o.choices:
                st.choice_think += o.choice_think[seat]
                st.choices += o.choices[seat]
        for label, sides in sides_of.items():
            st = stats[label]
            st.matches += 1
            won = o.winner is not None and o.winner in sides
            st.wins += int(won)
            st.points += sum(o.scores[s] for s in sides)
            st.rounds += o.rounds * len(sides)
            st.per_deal.setdefault(o.deal_no, []).append(int(won))
    return stats


def report(rules: Rules, outcomes: Sequence[Outcome], elapsed: float) -> str:
    """The arena's table, as printed."""
    stats = tally(rules, outcomes)
    team = " teams" if rules.teams else ""
    lines = [
        f"{rules.preset}, {rules.seats} seats{team}, goal {rules.goal}: "
        f"{len(outcomes)} matches in {elapsed:.1f} s",
        f"{'bot':<18} {'matches':>7} {'wins':>5} {'win %':>6}  {'95% CI':<13} "
        f"{'pts/round':>9} {'ms/move':>8} {'ms/choice':>9}",
    ]
    for st in sorted(stats.values(), key=lambda s: -s.win_rate):
        lo, hi = st.interval()
        ppr = st.points / st.rounds if st.rounds else 0.0
        ms = 1000 * st.think / st.moves if st.moves else 0.0
        ms_choice = 1000 * st.choice_think / st.choices if st.choices else 0.0
        lines.append(
            f"{st.label:<18} {st.matches:>7} {st.wins:>5} {100 * st.win_rate:>6.1f}  "
            f"{100 * lo:>5.1f}-{100 * hi:<5.1f}%  {ppr:>9.2f} {ms:>8.1f} {ms_choice:>9.1f}"
        )
    for st in stats.values():
        full = [w for w in st.per_deal.values() if len(w) > 1]
        if full and len(stats) > 1:
            swept = sum(1 for w in full if all(w))
            lost = sum(1 for w in full if not any(w))
            lines.append(
                f"duplicate deal sets for {st.label}: {len(full)}; won in every seating {swept}, "
                f"lost in every seating {lost}, split {len(full) - swept - lost}"
            )
            break
    return "\n".join(lines)


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


__all__ = [
    "BotSpec",
    "Outcome",
    "Task",
    "main",
    "play",
    "report",
    "rotations",
    "run",
    "tally",
    "tasks_for",
    "wilson",
]
