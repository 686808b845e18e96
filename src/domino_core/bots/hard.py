"""Vó Quelônia, the hard computer player: determinized Monte Carlo search.

For each decision it repeatedly

1. samples a *world*: the hidden tiles dealt consistently with everything its
   seat knows (hand sizes, tiles seen, what each seat showed it lacks; see
   ``inference.py`` and ``sampling.py``), rebuilt into a private ``Match`` with
   ``determinize.match_from_view``;
2. plays every candidate move in that world, then plays the round out with
   random legal moves (the same random sequence for every candidate, so the
   comparison is fair);
3. scores the end of the round by its side's chance to win the *match* from the
   scores reached (a match won or lost counts 1 or 0; otherwise a smooth race
   model on the points each side still needs to reach the goal, as wide as the
   preset's matches at that many seats are (``points_race.race_points``), or where rounds
   score by batida, RULES.md §6b, the exact chance of ``batida_race``: there a
   round is worth 1 to 4 points by how it ends, never the pips);

and plays the candidate with the best mean. At two seats on a line scored by pips the
worlds are played out on bitmasks (``line_playouts``: the same random playouts, without
rebuilding a ``Match``, about 2.7 times as many in the same time), and so they are in
fives (``fives_playouts``: the same greedy playouts, 2.5 times as many). Once few tiles are
left in the hands of a two-sided table on a line scored by pips (``hard_exact``), each
sampled world is solved exactly instead of played out (``line_solver``; at two seats with
tiles still to draw, once few are left in the hands and the boneyard, with the draws left
to chance: ``draw_solver``), the worlds weighed by how likely the other seats' plays were
in them (``pips_reading``). By batida on a line the rounds are played out by Nino-like
habits on bitmasks (``batida_search``), each world counts by how likely the other seats'
plays of the round were in it (``batida_reading``), and it plays Nino's move unless the
search, paired world by world, finds one clearly better (``SWITCH_Z``). It stops at
once when there is one legal move. It searches for ``think_time`` seconds (default 0.5)
or, when given a seed (and so expected to be reproducible), for a fixed number of
playouts worth that time on this machine (``PLAYOUTS_PER_SECOND``, by batida on a line
``BATIDA_PLAYOUTS_PER_SECOND``, on bitmasks ``LINE_PLAYOUTS_PER_SECOND`` and
``FIVES_PLAYOUTS_PER_SECOND``), or for
``playouts`` if given.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import cast

from domino_core.bots import medium
from domino_core.bots.batida_choice import gain, steer
from domino_core.bots.batida_reading import past_plays, weight
from domino_core.bots.batida_search import PAIR_ID, batida_fast, batida_table, mask_of_pairs
from domino_core.bots.candidates import engine_moves, representatives
from domino_core.bots.engine_playouts import play_out_each, rebuild
from domino_core.bots.fives_playouts import FivesPlayouts
from domino_core.bots.fives_playouts import supported as fives_supported
from domino_core.bots.hard_exact import WORK_PER_SECOND, exact_pick
from domino_core.bots.knowledge import Knowledge, Option
from domino_core.bots.line_playouts import LinePlayouts
from domino_core.bots.line_playouts import supported as line_supported
from domino_core.bots.sampling import Sampler
from domino_core.determinize import board_from_view
from domino_core.moves import END_INDEX
from domino_core.view import View

DEFAULT_THINK_TIME = 0.5
"""Seconds per move when none is given."""

PLAYOUTS_PER_SECOND = 15000
"""Playouts the search runs in a second on one core here (measured, rounded down);
converts a think time into the fixed budget used when a seed is given."""

BATIDA_PLAYOUTS_PER_SECOND = 15000
"""The same by batida on a line, where ``batida_search`` plays the rounds out."""

LINE_PLAYOUTS_PER_SECOND = 40000
"""The same at two seats on a line, where ``line_playouts`` plays the rounds out: 2.66
times the engine path's rate (``benchmarks/two_seats.py --what lean``), rounded down as
``PLAYOUTS_PER_SECOND`` is."""

FIVES_PLAYOUTS_PER_SECOND: dict[int, int] = {2: 37000, 3: 34000, 4: 30000}
"""The same in fives by seats, where ``fives_playouts`` plays the rounds out: 2.51, 2.29
and 2.02 times the engine path's rate at 2, 3 and 4 seats (``two_seats.py --what lean
--config fives-2 --seats N``), rounded down."""

def evaluate(
    k: Knowledge,
    rng: random.Random,
    *,
    think_time: float | None = None,
    playouts: int | None = None,
    seeded: bool = False,
    rows: list[list[float]] | None = None,
    only: Sequence[int] | None = None,
    weights: list[float] | None = None,
) -> tuple[list[float], list[int]]:
    """Mean value and number of playouts of each of ``k.legal``, in order.

    By batida on a line (``batida_search.supported``) the rounds are played out by
    ``batida_search.BatidaTable``; there ``rows``, if given, receives each world's values
    of the searched plays, for paired comparisons; ``only`` (indices in ``k.legal`` that
    stand for themselves) limits the search to them, the others get no playout; and
    ``weights``, if given, receives each world's likelihood (``batida_reading.weight``:
    how likely the other seats' plays of the round were in it).

    Plays that lead to the same position (outside fives: the same tile leaving the
    same open numbers, on either end) are searched once and share the result.
    """
    options = k.legal
    reps = representatives(k)
    searched = sorted(set(reps) if only is None else set(reps) & set(only))
    moves = engine_moves([options[i] for i in searched])
    budget_time = DEFAULT_THINK_TIME if think_time is None else think_time
    budget = playouts
    view = cast(View, k.source)
    board = board_from_view(view)
    chosen = [options[i] for i in searched]
    line = (
        LinePlayouts(k, view.rules, board, view.opener, chosen) if line_supported(k) else None
    )
    spinner = (
        FivesPlayouts(k, view.rules, board, view.opener, chosen) if fives_supported(k) else None
    )
    if budget is None and seeded:
        rate = (
            BATIDA_PLAYOUTS_PER_SECOND if batida_fast(k)
            else LINE_PLAYOUTS_PER_SECOND if line is not None
            else FIVES_PLAYOUTS_PER_SECOND[k.seats] if spinner is not None
            else PLAYOUTS_PER_SECOND
        )
        budget = max(len(searched), int(budget_time * rate))
    deadline = time.perf_counter() + budget_time
    sampler = Sampler(k)
    side = k.my_side
    fives = k.fives()
    totals = [0.0] * len(searched)
    counts = [0] * len(searched)
    done = 0
    table = batida_table(k, board)
    plays = (
        [
            (m.tile.id, None if m.end is None else END_INDEX[m.end])
            for m in moves
            if m.tile is not None
        ]
        if table is not None
        else []
    )
    read = past_plays(k) if table is not None and weights is not None else []
    read_cache: dict[tuple[int, int], float] = {}
    points = k.batida_points
    while True:
        world = sampler.sample(rng)
        playout_seed = rng.getrandbits(32)
        if table is not None:
            masks = [mask_of_pairs(h) for h in world.hands]
            values = table.values(
                masks,
                [PAIR_ID[t] for t in world.boneyard],
                plays,
                playout_seed,
            )
            if rows is not None:
                rows.append(values)
            if weights is not None:
                weights.append(weight(read, masks, k.teams, points, cache=read_cache))
        elif line is not None:
            values = line.values(world, rng)
        elif spinner is not None:
            values = spinner.values(world, playout_seed)
        else:
            base = rebuild(k, world, board)
            values = play_out_each(base, moves, side, k.goal, fives=fives, seed=playout_seed)
        for i, value in enumerate(values):
            totals[i] += value
            counts[i] += 1
        done += len(moves)
        if budget is not None:
            if done >= budget:
                break
        elif time.perf_counter() >= deadline:
            break
    where = {opt: j for j, opt in enumerate(searched)}
    means = [totals[where[r]] / counts[where[r]] if r in where else -1.0 for r in reps]
    return means, [counts[where[r]] if r in where else 0 for r in reps]


def choose(
    k: Knowledge,
    rng: random.Random,
    *,
    think_time: float | None = None,
    playouts: int | None = None,
    seeded: bool = False,
) -> Option:
    """The hard player's move among ``k.legal`` (which must not be empty).

    It searches from the ``View`` in ``k.source``: raises ``TypeError`` when that is
    view JSON instead (``bots.choose_option`` rebuilds the ``View`` before calling).
    """
    if len(k.legal) == 1:
        return k.legal[0]
    if not isinstance(k.source, View):
        raise TypeError("the hard level searches from a View object, not its JSON")
    if batida_fast(k):
        return k.legal[_batida_pick(k, rng, think_time, playouts, seeded)]
    time_ = DEFAULT_THINK_TIME if think_time is None else think_time
    work = None
    if playouts is not None:
        work = playouts * WORK_PER_SECOND // PLAYOUTS_PER_SECOND
    elif seeded:
        work = int(time_ * WORK_PER_SECOND)
    started = time.perf_counter()
    exact = exact_pick(k, rng, time_, work)
    if exact is not None:
        return k.legal[exact]
    if not seeded and playouts is None:  # what the exact search left of the think time
        time_ = max(0.01, time_ - (time.perf_counter() - started))
    means, counts = evaluate(k, rng, think_time=time_, playouts=playouts, seeded=seeded)
    best = max(range(len(means)), key=lambda i: (means[i], -i))
    if k.batida():
        best = steer(k, means, counts, best)
    return k.legal[best]


SWITCH_Z = 0.25
"""By batida on a line: the search plays its best rival of Nino's move only where, paired
on fresh sampled worlds and luck, it beats Nino's by more than this many standard errors
(a race to 6 turns on a few hundredths of match-win chance, about the noise of a short
search). Arena, 4 seats, 240 matches: 1.0 won 57.9%, 0.5 65.8% (seed 2026); without
reading the plays 0.5 won 59.2% and 0.25 62.5% (seed 7), with the reading 0.5 62.1%
(seed 7) and 0.25, the default, 67.1%, 63.3% and 70.0% on the fresh seeds 10, 11 and 12
(docs/BENCHMARKS.md)."""


def _batida_pick(
    k: Knowledge, rng: random.Random, think_time: float | None, playouts: int | None, seeded: bool
) -> int:
    """The index in ``k.legal`` of the hard player's move by batida on a line: Nino's
    (``medium.choose``), unless the search shows a play clearly better (``SWITCH_Z``).

    A third of the budget finds the play that looks best against Nino's; the rest compares
    those two alone, on fresh worlds (so the first look's luck does not count twice)."""
    reps = representatives(k)
    searched = sorted(set(reps))
    nino = reps[k.legal.index(medium.choose(k))]
    if len(searched) == 1:
        return nino
    time_ = DEFAULT_THINK_TIME if think_time is None else think_time
    total = playouts
    if total is None and seeded:
        total = int(time_ * BATIDA_PLAYOUTS_PER_SECOND)
    first = None if total is None else max(len(searched), total // 3)
    rows: list[list[float]] = []
    ws: list[float] = []
    evaluate(k, rng, think_time=time_ / 3, playouts=first, rows=rows, weights=ws)
    a = searched.index(nino)
    rival = max(
        (j for j in range(len(searched)) if j != a), key=lambda j: gain(rows, j, a, ws)[0]
    )
    rows, ws = [], []
    rest = None if total is None or first is None else max(2, total - first)
    pair = sorted((nino, searched[rival]))
    evaluate(k, rng, think_time=time_ * 2 / 3, playouts=rest, rows=rows, only=pair, weights=ws)
    mean, se = gain(rows, pair.index(searched[rival]), pair.index(nino), ws)
    return searched[rival] if mean > SWITCH_Z * se else nino
