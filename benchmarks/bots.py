"""Strength of the computer players (issue 3, point 5), measured with the arena.

Suites (each a set of arena runs with duplicate deals, 2-seat matches to 100 in
classic and fives, and 4-seat team matches to 100 in classic):

- ``medium-easy``: Nino against Rabisco (target: Nino wins >= 75%);
- ``hard-medium``: Vó Quelônia at ``--think`` seconds against Nino (target: >= 60%
  with the 95% interval's lower end above 50%);
- ``time``: Vó Quelônia against itself with more time: 0.1 s vs 0.5 s and 0.5 s vs
  2 s (scaled by ``--time-scale``), 2-seat classic to 100;
- ``decisions``: the same question with far less luck: on ``--positions`` positions
  of 2-seat classic and fives (from Nino-vs-Nino matches), how often the search at
  0.1, 0.5 and 2 s worth of playouts picks the move a 4x longer reference search
  (8 s worth) picks, and the mean win chance it gives away by the reference's values
  (this measures the search's noise, not its strength: see ``oracle``);
- ``oracle``: strength against the truth. On ``--positions`` positions per
  configuration (from Nino-vs-Nino matches, each kept with the true match), each
  player's pick is judged by an oracle's value of every legal move, in the mover's
  side's chance to win the match as the hard player values outcomes: the TRUE-WORLD
  oracle plays each move out from the real hands (``--oracle-playouts`` each); the
  POSTERIOR oracle averages the same over up to ``--worlds`` deals drawn from the
  exact posterior of the hidden tiles (same expected regret for any player that
  sees only its view, far less luck). Reported: hard at 0.1/0.5/2 s worth of
  playouts, Nino and Rabisco: share of picks equal to the oracle's best, mean regret
  with a 95% bootstrap interval, and the paired regret differences between think
  times with a sign test;
- ``rounds``: net points per round of hard at 0.1/0.5/2 s against Nino on the same
  first rounds of ``--deals`` deals in both seatings, paired by deal and seating.

The hard player runs on a fixed playout budget per move, worth its think time on one
core here (``hard.PLAYOUTS_PER_SECOND``), so a run is reproducible for a seed.
CPU-heavy: ``--matches`` and ``--think`` trade time for precision.

    python benchmarks/bots.py --suite medium-easy --matches 400
    python benchmarks/bots.py --suite hard-medium --matches 200 --think 0.5 --jobs 2
    python benchmarks/bots.py --suite oracle --positions 150 --oracle-playouts 1500 \
        --worlds 100 --world-playouts 20 --max-tries 1500 --jobs 2 --seed 2026
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from domino_core import Deal, IllegalDeal, IllegalMove, Match, Move, Rules, Tile, View, view_for
from domino_core.arena import BotSpec, deal_stream, move_seed, report, run, tally, tasks_for
from domino_core.bots import choose_move, choose_option, hard
from domino_core.bots.knowledge import knowledge_from
from domino_core.determinize import board_from_view, match_from_view
from domino_core.tiles import ALL_TILES

CONFIGS = (("classic", 2), ("fives", 2), ("classic", 4))


def _arena(
    preset: str, seats: int, bots: list[str], matches: int, seed: int, jobs: int, target: str
) -> tuple[float, float, float]:
    rules = Rules.from_preset(preset, seats=seats, goal=100)
    specs = [BotSpec.parse(b) for b in bots]
    lineup = [specs[i % len(specs)] for i in range(seats)]
    started = time.monotonic()
    outcomes = run(tasks_for(rules, lineup, matches, seed), jobs, progress=sys.stderr.isatty())
    print(report(rules, outcomes, time.monotonic() - started))
    st = tally(rules, outcomes)[specs[0].label]
    lo, hi = st.interval()
    print(
        f"-> {specs[0].label}: {100 * st.win_rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
        f" (target {target})\n",
        flush=True,
    )
    return st.win_rate, lo, hi


DECISION_TIMES = (0.1, 0.5, 2.0)
REFERENCE_TIME = 8.0


def _decide(job: tuple[int, View]) -> tuple[list[int], list[float]]:
    """The reference values of one position, and the option each budget picks."""
    i, view = job
    k = knowledge_from(view)
    per_second = hard.PLAYOUTS_PER_SECOND
    ref, _ = hard.evaluate(k, random.Random(10_000 + i), playouts=int(REFERENCE_TIME * per_second))
    picks = []
    for t in DECISION_TIMES:
        means, _ = hard.evaluate(k, random.Random(i), playouts=int(t * per_second))
        picks.append(max(range(len(means)), key=lambda j: (means[j], -j)))
    return picks, ref


def decisions(count: int, seed: int, jobs: int) -> None:
    for preset in ("classic", "fives"):
        views = decision_positions(preset, count, seed)
        started = time.monotonic()
        work = list(enumerate(views))
        if jobs <= 1:
            results = [_decide(w) for w in work]
        else:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                results = pool.map(_decide, work)
        print(
            f"{preset}, 2 seats: {len(views)} positions with a choice, reference "
            f"{REFERENCE_TIME:g} s worth of playouts ({time.monotonic() - started:.0f} s)"
        )
        print(f"{'budget':>8} {'playouts':>9} {'same as reference':>18} {'mean loss':>10}")
        for j, t in enumerate(DECISION_TIMES):
            same = sum(1 for picks, ref in results if ref[picks[j]] == max(ref))
            loss = sum(max(ref) - ref[picks[j]] for picks, ref in results) / len(results)
            print(
                f"{t:>7g}s {int(t * hard.PLAYOUTS_PER_SECOND):>9} "
                f"{100 * same / len(results):>17.1f}% {100 * loss:>9.2f}%"
            )
        print(flush=True)


# -- oracle suite --------------------------------------------------------------------

ORACLE_TIMES = (0.1, 0.5, 2.0)
"""Think times of the hard player on the oracle's positions (as fixed playout budgets)."""

ORACLE_PLAYOUTS = 2000
"""Default playouts per searched move for the true-world oracle's value of each move."""


@dataclass(frozen=True)
class Position:
    """A decision position with the truth behind it: the seat's ``view``, a copy of the
    true ``match`` then, the match just before this round was dealt (``before``, None in
    round 1) and every move pushed in this round so far (``moves``, as seat and move)."""

    view: View
    match: Match
    before: Match | None
    moves: tuple[tuple[int, Move], ...]


def true_positions(preset: str, seats: int, count: int, seed: int) -> list[Position]:
    """Positions with a real choice from matches Nino plays against itself, with the truth."""
    rng = random.Random(seed)
    out: list[Position] = []
    game = 0
    while len(out) < count:
        match = Match(Rules.from_preset(preset, seats=seats, goal=100), seed=seed * 100 + game)
        game += 1
        before: Match | None = None
        moves: list[tuple[int, Move]] = []
        while not match.over and len(out) < count:
            if match.round_over:
                before, moves = match.copy(), []
                match.start_next_round()
                continue
            seat = match.turn
            assert seat is not None
            view = view_for(match, seat)
            k = knowledge_from(view)
            if len(set(hard._representatives(k))) > 1 and rng.random() < 0.25:
                out.append(Position(view, match.copy(), before, tuple(moves)))
            move = choose_move(view, level="nino")
            moves.append((seat, move))
            match.push(move)
    return out


def decision_positions(preset: str, count: int, seed: int) -> list[View]:
    """Positions with a real choice, from matches Nino plays against itself (2 seats)."""
    return [p.view for p in true_positions(preset, 2, count, seed)]


class PosteriorSampler:
    """Deals of the hidden tiles drawn from their exact posterior at a position.

    Every deal the rules allow was equally likely, and every seat played Nino, which is
    deterministic; so, given what the seat to move knows (its own tiles and draws, and
    the public history), the hidden tiles are uniform over the deals in which every
    other seat, playing Nino, would have made exactly the moves it made. This draws a
    deal uniformly among those where each tile another seat played was in its hand or
    among its draws by then (for each seat these sets only grow, so picking a free place
    uniformly, earliest play first, is uniform), then replays the round and keeps the
    deal only when every other seat's Nino move is the one played (rejection).
    """

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        view = pos.view
        rules = view.rules
        mover = view.seat
        assert mover is not None
        self.mover = mover
        deal = pos.match.deal
        size = rules.hand_size
        drawn: dict[int, list[int]] = {s: [] for s in range(rules.seats)}
        self.plays: list[tuple[Tile, list[tuple[int, int]]]] = []
        at = 0
        for e in view.log:
            if e["type"] == "draw":
                drawn[e["seat"]].extend(range(at, at + e["count"]))
                at += e["count"]
            elif e["type"] == "play" and e["seat"] != mover:
                seat = e["seat"]
                places = [(seat, i) for i in range(size)] + [(-1, b) for b in drawn[seat]]
                self.plays.append((Tile.parse(e["tile"]), places))
        self.fixed: dict[tuple[int, int], Tile] = {
            (mover, i): t for i, t in enumerate(deal.hands[mover])
        }
        for b in drawn[mover]:
            self.fixed[(-1, b)] = deal.boneyard[b]
        places_all = [(s, i) for s in range(rules.seats) for i in range(size)]
        places_all += [(-1, b) for b in range(len(deal.boneyard))]
        self.free = [pl for pl in places_all if pl not in self.fixed]
        fixed_tiles = set(self.fixed.values())
        played = {t for t, _ in self.plays}
        self.loose = [t for t in ALL_TILES if t not in fixed_tiles and t not in played]
        self.bone_len = len(deal.boneyard)
        self.tries = 0

    def _deal(self, rng: random.Random) -> Deal:
        placed = dict(self.fixed)
        for tile, places in self.plays:
            open_places = [pl for pl in places if pl not in placed]
            placed[open_places[rng.randrange(len(open_places))]] = tile
        rest = [pl for pl in self.free if pl not in placed]
        tiles = self.loose[:]
        rng.shuffle(tiles)
        placed.update(zip(rest, tiles, strict=True))
        rules = self.pos.view.rules
        hands = tuple(
            tuple(placed[(s, i)] for i in range(rules.hand_size)) for s in range(rules.seats)
        )
        return Deal(hands, tuple(placed[(-1, b)] for b in range(self.bone_len)))

    def sample(self, rng: random.Random) -> Match | None:
        """One world from the posterior (the match at the position), or None if rejected."""
        self.tries += 1
        deal = self._deal(rng)
        pos = self.pos
        try:
            if pos.before is None:
                world = Match(pos.view.rules, seed=0, deals=iter([deal]))
            else:
                world = pos.before.copy()
                world.start_next_round(deal)
        except IllegalDeal:
            return None
        for seat, move in pos.moves:
            if world.turn != seat:
                return None
            if seat != self.mover and choose_move(view_for(world, seat), level="nino") != move:
                return None
            try:
                world.push(move)
            except IllegalMove:
                return None
        if world.turn != self.mover or view_for(world, self.mover).log != pos.view.log:
            return None
        return world


def posterior_values(
    pos: Position, rng: random.Random, worlds: int, per_world: int, max_tries: int
) -> tuple[list[float], list[float], int, int]:
    """The posterior oracle's value of each legal option: the mean of the true-state
    values (``oracle_values``, ``per_world`` playouts each) over ``worlds`` worlds drawn
    from the exact posterior, the true world first; with the standard error across worlds
    of each option's value minus the best's, the worlds used and the deals tried."""
    sampler = PosteriorSampler(pos)
    found = [pos.match]
    while len(found) < worlds and sampler.tries < max_tries:
        world = sampler.sample(rng)
        if world is not None:
            found.append(world)
    rows = [oracle_values(pos.view, w, rng, per_world)[0] for w in found]
    n = len(rows)
    means = [sum(col) / n for col in zip(*rows, strict=True)]
    best = max(range(len(means)), key=lambda j: means[j])
    errors = []
    for j in range(len(means)):
        diffs = [r[best] - r[j] for r in rows]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        errors.append(math.sqrt(var / n))
    return means, errors, n, sampler.tries


def oracle_values(
    view: View, match: Match, rng: random.Random, per_move: int
) -> tuple[list[float], list[float]]:
    """The oracle's value of each of the view's legal options, and its standard error
    of each option's value minus the best option's value.

    The oracle searches exactly as the hard player does (same candidate moves, same
    playout policy, same common random numbers across candidates, same value: the
    mover's side's chance to win the match, ``hard._value``), but in the one TRUE
    world: every seat's real hand. Only the future draws stay chance: the tiles left
    in the boneyard are shuffled again for every playout (they are not dealt in any
    order a player could know).
    """
    k = knowledge_from(view)
    reps = hard._representatives(k)
    searched = sorted(set(reps))
    moves = hard._moves([k.legal[i] for i in searched])
    hands = [match.hand(s) for s in range(match.rules.seats)]
    known = {t for h in hands for t in h} | set(view.played)
    rest = [t for t in ALL_TILES if t not in known]
    board = board_from_view(view)
    fives = k.fives()
    side = k.my_side
    samples: list[list[float]] = [[] for _ in searched]
    for _ in range(per_move):
        rng.shuffle(rest)
        base = match_from_view(view, hands, rest, board)
        playout_seed = rng.getrandbits(32)
        values = hard.play_out_each(base, moves, side, k.goal, fives=fives, seed=playout_seed)
        for i, value in enumerate(values):
            samples[i].append(value)
    means = [sum(s) / per_move for s in samples]
    best = max(range(len(means)), key=lambda j: means[j])
    errors = []
    for s in samples:
        diffs = [a - b for a, b in zip(samples[best], s, strict=True)]
        mean = sum(diffs) / per_move
        var = sum((d - mean) ** 2 for d in diffs) / max(1, per_move - 1)
        errors.append(math.sqrt(var / per_move))
    where = {opt: j for j, opt in enumerate(searched)}
    return [means[where[r]] for r in reps], [errors[where[r]] for r in reps]


def oracle_players() -> list[tuple[str, str, float | None]]:
    """(label, level, think time) of every player judged on the oracle's positions."""
    hards = [(f"hard {t:g} s", "voquelonia", t) for t in ORACLE_TIMES]
    return [*hards, ("Nino (medium)", "nino", None), ("Rabisco (easy)", "rabisco", None)]


@dataclass(frozen=True)
class OracleSettings:
    """How hard the oracles look: ``per_move`` playouts per move in the true world alone;
    ``worlds`` posterior worlds (0: no posterior oracle) of ``per_world`` playouts per
    move each, found within ``max_tries`` deals tried."""

    per_move: int
    worlds: int
    per_world: int
    max_tries: int


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
    for _, level, think in oracle_players():
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
    title: str, results: Sequence[tuple[list[float], list[float], list[int]]], seed: int
) -> None:
    """Print, for ``results`` (from ``_oracle_job``), each player's agreement with the
    oracle's best move and its regret, then the paired differences between think times."""
    players = oracle_players()
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
    )


# -- rounds suite --------------------------------------------------------------------


def _round_job(job: tuple[str, int, int, int, int, float]) -> float:
    """Net points (its side's minus the other's) hard at ``think`` seconds takes in the
    first round of deal set ``deal_no`` against Nino, seated by ``rotation`` (0 or 1)."""
    preset, seats, seed, deal_no, rotation, think = job
    rules = Rules.from_preset(preset, seats=seats, goal=100)
    match = Match(rules, deals=deal_stream(rules, seed, deal_no))
    ours = {s for s in range(seats) if (s + rotation) % 2 == 0}
    move_no = 0
    while not match.round_over:
        seat = match.turn
        assert seat is not None
        view = view_for(match, seat)
        if seat in ours:
            move = choose_move(
                view,
                level="voquelonia",
                seed=move_seed(seed, deal_no, seat, move_no),
                playouts=int(think * hard.PLAYOUTS_PER_SECOND),
            )
        else:
            move = choose_move(view, level="nino")
        move_no += 1
        match.push(move)
    side = rules.side_of(min(ours))
    return float(match.scores[side] - match.scores[1 - side])


def rounds(configs: Sequence[tuple[str, int]], deals: int, seed: int, jobs: int) -> None:
    """The rounds suite: points per round of hard at 0.1/0.5/2 s against Nino, each on the
    same first rounds of ``deals`` deals in both seatings, paired by deal and seating."""
    for preset, seats in configs:
        if seats == 3:
            continue
        started = time.monotonic()
        units = [(d, r) for d in range(deals) for r in (0, 1)]
        work = [(preset, seats, seed, d, r, t) for t in ORACLE_TIMES for d, r in units]
        if jobs <= 1:
            flat = [_round_job(w) for w in work]
        else:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                flat = pool.map(_round_job, work, chunksize=1)
        net = [flat[j * len(units) : (j + 1) * len(units)] for j in range(len(ORACLE_TIMES))]
        print(
            f"{preset}, {seats} seats: first rounds of {deals} deals x 2 seatings against Nino"
            f" ({time.monotonic() - started:.0f} s)"
        )
        print(f"{'player':<12} {'net points per round [95% CI]':>32}")
        for j, t in enumerate(ORACLE_TIMES):
            mean, lo, hi = bootstrap_mean(net[j], seed + j)
            print(f"{f'hard {t:g} s':<12} {f'{mean:+.2f} [{lo:+.2f}, {hi:+.2f}]':>32}")
        print("paired difference (longer minus shorter, same deal and seating)")
        for a, b in ((0, 1), (1, 2), (0, 2)):
            diffs = [y - x for x, y in zip(net[a], net[b], strict=True)]
            mean, lo, hi = bootstrap_mean(diffs, seed + 20 + a)
            differ = sum(1 for d in diffs if d != 0)
            print(
                f"  hard {ORACLE_TIMES[b]:g} s - hard {ORACLE_TIMES[a]:g} s:"
                f" {mean:+.2f} [{lo:+.2f}, {hi:+.2f}] points; rounds that differ: {differ}"
                f" of {len(diffs)}"
            )
        print(flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--suite",
        choices=("medium-easy", "hard-medium", "time", "decisions", "oracle", "rounds", "all"),
        default="all",
    )
    p.add_argument("--matches", type=int, default=100, help="matches per arena run")
    p.add_argument("--think", type=float, default=0.5, help="hard bot seconds per move")
    p.add_argument(
        "--time-scale", type=float, default=1.0, help="multiply the 0.1/0.5/2 s of the time suite"
    )
    p.add_argument(
        "--configs",
        default="classic-2,fives-2,classic-4",
        help="which of classic-2, fives-2, classic-4 to run",
    )
    p.add_argument(
        "--positions", type=int, default=60, help="positions per configuration (decisions, oracle)"
    )
    p.add_argument(
        "--oracle-playouts",
        type=int,
        default=ORACLE_PLAYOUTS,
        help="true-world oracle playouts per searched move (oracle)",
    )
    p.add_argument(
        "--worlds", type=int, default=30, help="posterior worlds per position, 0: none (oracle)"
    )
    p.add_argument(
        "--world-playouts", type=int, default=40, help="playouts per move in each posterior world"
    )
    p.add_argument(
        "--max-tries", type=int, default=600, help="deals tried per position for its worlds"
    )
    p.add_argument("--deals", type=int, default=50, help="deals per configuration (rounds)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args(argv)
    configs = [(c.split("-")[0], int(c.split("-")[1])) for c in args.configs.split(",")]
    if args.suite in ("medium-easy", "all"):
        for preset, seats in configs:
            _arena(preset, seats, ["nino", "rabisco"], args.matches, args.seed, args.jobs, ">= 75%")
    if args.suite in ("hard-medium", "all"):
        for preset, seats in configs:
            _arena(
                preset,
                seats,
                [f"voquelonia@{args.think:g}", "nino"],
                args.matches,
                args.seed,
                args.jobs,
                ">= 60%, lower end > 50%",
            )
    if args.suite in ("time", "all"):
        short, mid, long = (round(t * args.time_scale, 3) for t in (0.1, 0.5, 2.0))
        for a, b in ((mid, short), (long, mid)):
            _arena(
                "classic",
                2,
                [f"voquelonia@{a:g}", f"voquelonia@{b:g}"],
                args.matches,
                args.seed,
                args.jobs,
                "> 50%: more time plays better",
            )
    if args.suite in ("decisions", "all"):
        decisions(args.positions, args.seed, args.jobs)
    if args.suite in ("oracle", "all"):
        settings = OracleSettings(
            args.oracle_playouts, args.worlds, args.world_playouts, args.max_tries
        )
        oracle(configs, args.positions, settings, args.seed, args.jobs)
    if args.suite in ("rounds", "all"):
        rounds(configs, args.deals, args.seed, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
