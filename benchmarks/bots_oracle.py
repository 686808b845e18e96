"""The oracle suite of ``benchmarks/bots.py`` (issue 3 point 5): every player's picks on
the positions of :mod:`bots_worlds`, judged by the oracles' values of the moves, with
bootstrap intervals and sign tests between think times.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bots_worlds import Position, oracle_values, posterior_values, true_positions

from domino_core.bots import choose_option, hard
from domino_core.bots.knowledge import knowledge_from

ORACLE_TIMES = (0.1, 0.5, 2.0)
"""Think times of the hard player on the oracle's positions (as fixed playout budgets)."""

ORACLE_PLAYOUTS = 2000
"""Default playouts per searched move for the true-world oracle's value of each move."""


def oracle_players(times: Sequence[float]) -> list[tuple[str, str, float | None]]:
    """(label, level, think time) of every player judged on the oracle's positions: the
    hard player at each of ``times`` seconds (as fixed playout budgets), Nino, Rabisco."""
    hards = [(f"hard {t:g} s", "voquelonia", t) for t in times]
    return [*hards, ("Nino (medium)", "nino", None), ("Rabisco (easy)", "rabisco", None)]


@dataclass(frozen=True)
class OracleSettings:
    """How hard the oracles look: ``per_move`` playouts per move in the true world alone;
    ``worlds`` posterior worlds (0: no posterior oracle) of ``per_world`` playouts per
    move each, found within ``max_tries`` deals tried; ``times``: the hard player's think
    times judged (see :func:`oracle_players`)."""

    per_move: int
    worlds: int
    per_world: int
    max_tries: int
    times: tuple[float, ...]


@dataclass(frozen=True)
class Judged:
    """One position judged: each oracle's values and errors per legal option, the
    posterior worlds used and deals tried, and the option each player picked."""

    true_values: list[float]
    true_errors: list[float]
    post_values: list[float]
    post_errors: list[float]
    worlds: int
    tries: int
    picks: list[int]


def _oracle_job(job: tuple[int, int, Position, OracleSettings]) -> Judged:
    """One position: both oracles' values, and the option each player picks."""
    seed, i, pos, st = job
    rng = random.Random(seed * 1_000_003 + i)
    values, errors = oracle_values(pos.view, pos.match, rng, st.per_move)
    post: tuple[list[float], list[float], int, int] = ([], [], 0, 0)
    if st.worlds > 0:
        post = posterior_values(pos, rng, st.worlds, st.per_world, st.max_tries)
    k = knowledge_from(pos.view)
    picks = []
    for _, level, think in oracle_players(st.times):
        playouts = None if think is None else int(think * hard.PLAYOUTS_PER_SECOND)
        option = choose_option(k, level=level, seed=seed + i, playouts=playouts)
        picks.append(k.legal.index(option))
    return Judged(values, errors, *post, picks)


def bootstrap_mean(
    xs: Sequence[float], seed: int, rounds: int = 4000
) -> tuple[float, float, float]:
    """Mean of ``xs`` and its 95% percentile-bootstrap interval (reproducible for ``seed``)."""
    n = len(xs)
    rng = random.Random(seed)
    means = sorted(sum(xs[rng.randrange(n)] for _ in range(n)) / n for _ in range(rounds))
    return sum(xs) / n, means[int(0.025 * rounds)], means[int(0.975 * rounds) - 1]


def sign_test(better: int, worse: int) -> float:
    """Two-sided exact sign test: the chance of a split at least this uneven between
    ``better`` and ``worse`` if each were equally likely (ties left out)."""
    n = better + worse
    if n == 0:
        return 1.0
    tail: float = sum(math.comb(n, i) for i in range(min(better, worse) + 1)) / 2**n
    return min(1.0, 2 * tail)


def _ci(x: tuple[float, float, float]) -> str:
    mean, lo, hi = x
    return f"{100 * mean:6.2f} [{100 * lo:5.2f}, {100 * hi:5.2f}]"


def oracle_table(
    title: str,
    results: Sequence[tuple[list[float], list[float], list[int]]],
    seed: int,
    times: Sequence[float],
) -> None:
    """Print, for ``results`` (from ``_oracle_job``), each player's agreement with the
    oracle's best move and its regret, then the paired differences between think times."""
    players = oracle_players(times)
    n = len(results)
    regrets = [[max(v) - v[p[j]] for v, _, p in results] for j in range(len(players))]
    noise = sum(max(e) for _, e, _ in results) / n
    print(
        f"{title}: {n} positions; oracle noise (mean of the largest standard error of a"
        f" move's value minus the best's): {100 * noise:.2f} pp"
    )
    print(f"{'player':<16} {'playouts':>9} {'= oracle best':>14} {'mean regret, pp [95% CI]':>26}")
    for j, (label, _, think) in enumerate(players):
        same = sum(1 for v, _, p in results if v[p[j]] == max(v))
        budget = "" if think is None else str(int(think * hard.PLAYOUTS_PER_SECOND))
        print(
            f"{label:<16} {budget:>9} {100 * same / n:>13.1f}% "
            f"{_ci(bootstrap_mean(regrets[j], seed + j)):>26}"
        )
    print("paired regret difference (shorter minus longer; > 0: more time gives away less)")
    for a, b in ((0, 1), (1, 2), (0, 2)):
        diffs = [x - y for x, y in zip(regrets[a], regrets[b], strict=True)]
        better = sum(1 for d in diffs if d > 0)
        worse = sum(1 for d in diffs if d < 0)
        print(
            f"  {players[a][0]} - {players[b][0]}: {_ci(bootstrap_mean(diffs, seed + 10 + a))} pp;"
            f" longer better on {better}, worse on {worse}, same on {n - better - worse}"
            f" (sign test p = {sign_test(better, worse):.3f})"
        )
    print(flush=True)


def oracle(
    configs: Sequence[tuple[str, int]], count: int, st: OracleSettings, seed: int, jobs: int
) -> None:
    """The oracle suite: every player's picks judged by the values of the moves in the
    true world, and averaged over the exact posterior of the hidden tiles."""
    everything: list[Judged] = []
    for preset, seats in configs:
        started = time.monotonic()
        positions = true_positions(preset, seats, count, seed)
        work = [(seed, i, pos, st) for i, pos in enumerate(positions)]
        if jobs <= 1:
            results = [_oracle_job(w) for w in work]
        else:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                results = pool.map(_oracle_job, work, chunksize=1)
        everything.extend(results)
        _oracle_tables(f"{preset}, {seats} seats", results, st, seed, time.monotonic() - started)
    if len(configs) > 1:
        _oracle_tables("all configurations together", everything, st, seed, None)


def _oracle_tables(
    title: str, results: Sequence[Judged], st: OracleSettings, seed: int, spent: float | None
) -> None:
    took = "" if spent is None else f" ({spent:.0f} s)"
    oracle_table(
        f"{title}{took}, TRUE-WORLD oracle ({st.per_move} playouts per move)",
        [(r.true_values, r.true_errors, r.picks) for r in results],
        seed,
        st.times,
    )
    if st.worlds <= 0:
        return
    used = [r.worlds for r in results]
    print(
        f"posterior worlds per position: mean {sum(used) / len(used):.1f} of {st.worlds}"
        f" (fewest {min(used)}; true world only on {sum(1 for u in used if u == 1)});"
        f" deals tried: {sum(r.tries for r in results)}"
    )
    oracle_table(
        f"{title}, POSTERIOR oracle (up to {st.worlds} worlds x {st.per_world} playouts per move)",
        [(r.post_values, r.post_errors, r.picks) for r in results],
        seed,
        st.times,
    )
