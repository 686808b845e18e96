"""The arena's matches: the bots entered, the duplicate-deal tasks, and playing one.

Every *deal set* (one seed's sequence of deals, one per round) is played once per
distinct rotation of the seats (:func:`tasks_for`); each match's deals and each move's
bot seed come from the seed, the deal-set number and the move's place in the match, so
results do not depend on which process plays a task.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import ALIASES, LEVELS, choose_move
from .deal import Deal, shuffle_deal
from .match import Match
from .moves import Move
from .rules import Rules
from .view import view_for

__all__ = ["EXTRA_PLAYERS", "BotSpec", "Outcome", "Task", "deal_stream", "move_seed", "play",
           "rotations", "tasks_for"]

#: Players entered by name besides ``LEVELS`` (a benchmark's, e.g. a frozen copy of a bot):
#: each a function called as ``domino_core.bots.choose_move`` is. Matches played in other
#: processes see what was registered before the processes were started.
EXTRA_PLAYERS: dict[str, Callable[..., Move]] = {}


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
        if level not in LEVELS and level not in EXTRA_PLAYERS:
            names = ", ".join((*LEVELS, *EXTRA_PLAYERS))
            raise ValueError(f"unknown bot {text!r}: choose among {names}")
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
        choose: Callable[..., Move] = EXTRA_PLAYERS.get(bot.level, choose_move)
        started = time.perf_counter()
        move = choose(
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
