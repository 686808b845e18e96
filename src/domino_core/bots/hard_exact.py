"""The hard player's endgame: sampled worlds solved exactly (``line_solver``; with tiles
still to draw at two seats, ``draw_solver``).

Once at most ``EXACT_TILES`` tiles are left in the hands (and ``line_solver.supported``),
each decision samples worlds from what the seat knows, every consistent deal equally
likely (``sampling.Sampler.sample_uniform``), weighs each by how likely the other seats'
plays were in it (``pips_reading``), solves every candidate play exactly in each world,
and plays the candidate with the best weighted mean. It searches for the think time, or,
when seeded, for a fixed amount of work worth that time (``WORK_PER_SECOND``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import cast

from domino_core.board import Board
from domino_core.bots import medium
from domino_core.bots.batida_reading import past_plays
from domino_core.bots.batida_search import PAIR_ID, mask_of_pairs
from domino_core.bots.candidates import representatives
from domino_core.bots.draw_solver import DrawSolver
from domino_core.bots.fives_solver import FivesSolver
from domino_core.bots.fives_solver import supported as fives_supported
from domino_core.bots.knowledge import Knowledge, Pair
from domino_core.bots.line_solver import LineSolver, Play, SolveTooBig, supported
from domino_core.bots.pips_reading import heavy_weight
from domino_core.bots.points_race import race_chance
from domino_core.bots.sampling import Sampler
from domino_core.determinize import board_from_view
from domino_core.moves import END_INDEX
from domino_core.view import View

__all__ = [
    "DRAW_EXACT_TILES", "EXACT_TILES", "WORK_PER_SECOND", "exact_means", "exact_pick",
    "exact_solver", "exact_tiles",
]

EXACT_TILES = 24
"""At most this many tiles in all the hands (the seat's own included) for the exact
search, with the default think time. On this machine, in 4-seat positions, a world solves
(every candidate) in about 0.5 ms at 16 tiles, 4 ms at 20, 9 ms at 22 and 45 ms at 24
(the median; 120 ms at worst), so from 24 tiles a decision weighs about ten worlds, from
22 about forty."""

BUDGET_TILES = ((0.4, EXACT_TILES), (0.15, 22), (0.04, 20), (0.0, 18))
"""``(think time, tiles)``: the most tiles in the hands for the exact search with at least
that think time (shorter budgets, as the server's bot pool gives under load, wait until
a few worlds fit)."""

WORK_PER_SECOND = 450_000
"""Units of work (``exact_means``) a seeded decision may spend per second of think time:
set so that the hard player costs about the CPU of the frozen one (issue 15's bar), whose
endgame is all playouts (``hard.PLAYOUTS_PER_SECOND``). At 300,000 it spent 223 ms of
CPU a choice against the frozen bot's 296 (classic, 4 seats); at 450,000, with the solver
a little faster (a pass no longer builds a generator), 615 against 637 ms on a slower
machine, and 65.0% of 80 matches on two seeds where 300,000 won 57.5% of the same deals
(docs/BENCHMARKS.md)."""

PACE = 300_000
"""Work the exact search gets through in a second here, at least (measured on a slow
moment of this machine): a world given the think time left gives up before it runs far
past it (the think time, not ``WORK_PER_SECOND``, bounds an unseeded decision)."""

DRAW_WORLDS = False
"""Whether to solve worlds with tiles still to draw, their draw order as the world deals
it (``line_solver`` and ``fives_solver`` can). Off: knowing the order flatters every line
alike, and in 2-seat classic it won 55.0% [39.8, 69.3] of 40 matches against the frozen
bot at twice its CPU, no better than the playouts; so the exact search waits for the
boneyard to run out."""

DRAW_EXACT_TILES = 14
"""With tiles still to draw at two seats, at most this many tiles in the hands and the
boneyard together for the exact search with the draws left to chance (``draw_solver``;
``DRAW_WORLDS`` stays off). A world there takes a few ms at 12 (the median), 50-100 ms at
13-14 (its positions are kept for the next worlds), half a second at 15. About one
decision in eleven of a 2-seat classic round comes this late with tiles to draw; on 427
such positions of the frozen bot's own matches it halved the regret of the picks (1.74 ->
0.84 points of match-win chance, measured by the exact value with every hand known;
docs/BENCHMARKS.md)."""

WORLD_WORK = 10
"""The work of setting a sampled world up, in positions searched."""

TRY_WORK = 3
"""The work of one shuffle of ``Sampler.sample_uniform`` (about 10 µs), in positions."""

FIVES_EXACT_TILES = 10
"""The same in fives (``fives_solver``, on the engine's board: about four times slower per
position)."""

READ_PLAYS = True
"""Whether each world counts by how likely the other seats' plays were in it
(``pips_reading``: the heaviest tile first) rather than alike; not with the draws left to
chance (``draw_solver``), where the other seat's plays fit the habit worse than chance."""

MAX_NODES = 200_000
"""Positions one world may take before the exact search gives up (about a third of a
second here; the worlds solved so far decide, or the playouts if none was): a guard far
above what ``EXACT_TILES`` needs (25,000 at most in 120 measured positions)."""


def exact_tiles(think_time: float) -> int:
    """The most tiles in the hands for the exact search with ``think_time`` (``BUDGET_TILES``)."""
    return next(tiles for least, tiles in BUDGET_TILES if think_time >= least)


def exact_solver(
    k: Knowledge, think_time: float = 0.5
) -> LineSolver | FivesSolver | DrawSolver | None:
    """The endgame solver for ``k`` with ``think_time`` (None where the exact search does
    not apply)."""
    view = k.source
    if not isinstance(view, View) or not k.played:
        return None
    if any(o.kind != "play" for o in k.legal):
        return None
    tiles = sum(k.hand_counts)
    rules = view.rules
    chance = race_chance(rules)
    if rules.drawing and k.boneyard and not DRAW_WORLDS:
        if (rules.seats != 2 or rules.fives or tiles + k.boneyard > DRAW_EXACT_TILES
                or think_time < BUDGET_TILES[0][0]
                or not supported(rules, k.spinner, k.boneyard)):
            return None
        return DrawSolver(
            rules, k.scores, k.goal, k.my_side, view.opener, chance, max_nodes=MAX_NODES
        )
    if rules.fives:
        if tiles > FIVES_EXACT_TILES or not fives_supported(rules, k.boneyard):
            return None
        return FivesSolver(
            rules, k.scores, k.goal, k.my_side, view.opener, chance, MAX_NODES
        )
    if tiles > exact_tiles(think_time) or not supported(rules, k.spinner, k.boneyard):
        return None
    return LineSolver(
        rules, k.scores, k.goal, k.my_side, view.opener, chance, max_nodes=MAX_NODES
    )


def exact_means(
    k: Knowledge,
    solver: LineSolver | FivesSolver | DrawSolver,
    board: Board,
    plays: Sequence[Play],
    rng: random.Random,
    *,
    think_time: float,
    work: int | None,
) -> tuple[list[float], int, int] | None:
    """Each play's mean exact value over sampled worlds, how many worlds and how much work
    (positions searched, plus ``WORLD_WORK`` a world); worlds until ``work`` is done if
    given (at least one), else until ``think_time`` is over (a world that would run far
    past it is given up). None when a world was too big to solve (``MAX_NODES``, or the
    time left) before any was done."""
    sampler = Sampler(k)
    # One hidden hand and nothing else unseen: the world is known, one solve is enough.
    known = len({slot.seat for slot in sampler.slots}) <= 1 and (
        len(sampler.slots) == len(sampler.unseen))
    node_work = solver.NODE_WORK
    totals = [0.0] * len(plays)
    done = spent = 0
    # (a line's two ends; at two seats with tiles to draw the habit reads the other seat
    # worse than no reading: docs/BENCHMARKS.md)
    reads = READ_PLAYS and not k.fives() and not isinstance(solver, DrawSolver)
    read = past_plays(k) if reads else []
    cache: dict[tuple[int, int], float] = {}
    weights = 0.0
    deadline = time.perf_counter() + think_time
    while True:
        world = sampler.sample_uniform(rng)
        hands = [mask_of_pairs(h) for h in world.hands]
        bone = [PAIR_ID[t] for t in world.boneyard]
        solver.nodes = 0
        if work is None:  # a world may not run far past the think time
            left = deadline - time.perf_counter()
            solver.max_nodes = max(1000, min(MAX_NODES, int(left * PACE) // node_work))
        try:
            values = [solver.value(hands, board, k.seat, p, bone) for p in plays]
        except SolveTooBig:
            break
        finally:
            if not isinstance(solver, DrawSolver):  # (its positions hold the whole world)
                solver.bounds.clear()  # positions rarely recur across worlds: memory flat
        w = heavy_weight(read, hands, cache) if read else 1.0
        for i, v in enumerate(values):
            totals[i] += w * v
        weights += w
        done += 1
        spent += solver.nodes * node_work + WORLD_WORK + TRY_WORK * sampler.tries
        if known:
            break
        if work is not None:
            if spent >= work:
                break
        elif time.perf_counter() >= deadline:
            break
    if not done or weights <= 0.0:
        return None
    return [t / weights for t in totals], done, spent


def exact_pick(k: Knowledge, rng: random.Random, think_time: float, work: int | None) -> int | None:
    """The index in ``k.legal`` of the best mean over worlds solved exactly (ties go to
    Nino's move, then to the first), or None where the exact search does not apply; the
    budget as ``exact_means`` takes it."""
    solver = exact_solver(k, think_time)
    if solver is None:
        return None
    reps = representatives(k)
    searched = sorted(set(reps))
    if len(searched) == 1:  # every option leads to the same position
        return searched[0]
    board = board_from_view(cast(View, k.source))
    plays = [(PAIR_ID[cast(Pair, k.legal[i].tile)], END_INDEX[cast(str, k.legal[i].end)])
             for i in searched]
    got = exact_means(k, solver, board, plays, rng, think_time=think_time, work=work)
    if got is None:
        return None
    means = got[0]
    nino = reps[k.legal.index(medium.choose(k))]
    return searched[max(range(len(searched)),
                        key=lambda j: (means[j], searched[j] == nino, -j))]
