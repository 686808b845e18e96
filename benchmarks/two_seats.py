"""Where Vó Quelônia can still gain at two seats (issue 15): three measurements.

    python benchmarks/two_seats.py --what seeing --matches 40 --jobs 2 --seed 2026
    python benchmarks/two_seats.py --what seeing --config fives-2 --matches 40 --jobs 2
    python benchmarks/two_seats.py --what reading --games 16 --jobs 2
    python benchmarks/two_seats.py --what draws --games 64 --jobs 2 --size 14
    python benchmarks/two_seats.py --what lean --games 8

- ``seeing``: the ceiling. The live hard bot against the frozen one (``bots.py --suite
  frozen``'s arena, ``--config`` classic-2 or fives-2) where the live bot's worlds deal
  every hand as it truly is (the boneyard's order still unknown): what knowing the other
  hand is worth.
- ``reading``: how much the other seat's plays say about its hand. On positions of the
  frozen bot's own matches (0.1 s a move), 300 worlds dealt uniformly from what the seat
  on turn knows, each weighed by a habit's chance of the other seat's plays; reported, per
  habit, the log-loss of the chance each unseen tile is in the other hand (lower: the
  habit reads the hand better; ``uniform``: no reading).
- ``draws``: the exact search with the draws left to chance (``bots/draw_solver.py``).
  On the positions of those matches with at most ``--size`` tiles in the hands and the
  boneyard, tiles still to draw and a choice of plays, each pick (the frozen bot's, the
  live bot's, the live bot's without reading plays) is judged by the exact value of every
  play with both hands known and the draws left to chance: mean regret in points of
  match-win chance, and how often the frozen pick was worse or better than the live one.
- ``lean``: the playouts a CPU second of the hard player's search at two seats, on
  bitmasks (``bots/line_playouts.py``, with ``--config fives-2``
  ``bots/fives_playouts.py``) and through the engine's ``Match`` (the path it took
  before), alternated three times on every fourth position with a choice and tiles
  to draw of ``--games`` Nino-against-Nino matches.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from vendor import frozen_voquelonia

import domino_core.arena_games as arena_games
from domino_core import Match, Rules, View, view_for
from domino_core.bots import choose_move, hard_exact, knowledge_from, sampling
from domino_core.bots.batida_reading import PastPlay, chance_product, past_plays
from domino_core.bots.batida_search import PAIR_ID, mask_of_pairs
from domino_core.bots.candidates import representatives
from domino_core.bots.draw_solver import DrawSolver
from domino_core.bots.pips_reading import heavy_chance
from domino_core.bots.points_race import race_chance
from domino_core.determinize import board_from_view
from domino_core.moves import END_INDEX
from domino_core.tiles import IS_DOUBLE, NUMBER_MASK, TILE_A, TILE_B, ids_of

RULES = Rules.from_preset("classic", seats=2, goal=100)
Position = tuple[View, int]
"""The view of the seat on turn and the other seat's true hand (a mask)."""


def _seeing(args: argparse.Namespace) -> None:
    """Arena of ``bots.py --suite frozen`` with the live bot's worlds the true ones."""
    import bots

    seen: dict[str, Match] = {}
    plain_view_for = arena_games.view_for

    def recording_view_for(match: Match, seat: int | None) -> View:
        seen["match"] = match
        return plain_view_for(match, seat)

    def true_world(self: sampling.Sampler, rng: random.Random, tries: int = 0) -> sampling.World:
        hands = seen["match"].round.hands
        dealt = tuple(tuple((TILE_A[t], TILE_B[t]) for t in ids_of(h)) for h in hands)
        held = {p for h in dealt for p in h}
        rest = [t for t in self.unseen if t not in held]
        rng.shuffle(rest)
        self.tries = 1
        return sampling.World(dealt, tuple(rest))

    arena_games.view_for = recording_view_for  # type: ignore[assignment]
    sampling.Sampler.sample = true_world  # type: ignore[method-assign]
    sampling.Sampler.sample_uniform = true_world  # type: ignore[method-assign]
    bots.main(["--suite", "frozen", "--configs", args.config, "--matches", str(args.matches),
               "--think", "0.5", "--jobs", str(args.jobs), "--seed", str(args.seed)])


def _game(seed: int) -> list[Position]:
    """The positions of one frozen-against-frozen match (at most 150 moves)."""
    out: list[Position] = []
    m = Match(RULES, seed=seed)
    rng = random.Random(seed)
    while not m.over and len(out) < 150:
        if m.round_over:
            m.start_next_round()
            continue
        seat = m.turn
        assert seat is not None
        v = view_for(m, seat)
        out.append((v, m.round.hands[1 - seat]))
        m.push(frozen_voquelonia.choose_move(
            v, level="hard", seed=rng.getrandbits(32), think_time=0.1))
    return out


def _positions(games: int, first: int, jobs: int) -> list[Position]:
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return [p for game in pool.map(_game, range(first, first + games)) for p in game]


def _follow(p: PastPlay, hand_now: int) -> float:
    """A habit: a play is likelier the more tiles left fit the ends it leaves, a double
    likelier still (softmax, a quarter of the chance spread evenly)."""
    hand = hand_now | p.later | (1 << p.tile)
    options: list[tuple[int, int, float]] = []
    for end, number in ((0, p.left), (1, p.right)):
        if end == 1 and p.right == p.left:
            continue
        other = p.right if end == 0 else p.left
        for t in ids_of(hand & NUMBER_MASK[number]):
            new = TILE_A[t] + TILE_B[t] - number
            follow = ((hand ^ 1 << t) & (NUMBER_MASK[new] | NUMBER_MASK[other])).bit_count()
            options.append((t, end, 0.5 * follow + (1.5 if IS_DOUBLE[t] else 0.0)))
    if len(options) == 1:
        return 1.0
    top = max(s for _, _, s in options)
    total = sum(math.exp(s - top) for _, _, s in options)
    mine = [math.exp(s - top) for t, e, s in options
            if t == p.tile and (e == p.end or p.left == p.right)]
    return 0.25 / len(options) + 0.75 * (mine[0] if mine else 0.0) / total


def _reading(args: argparse.Namespace) -> None:
    habits: dict[str, Callable[[PastPlay, int], float] | None] = {
        "uniform": None,
        "heaviest first (pips_reading, as the 4-seat search reads)": heavy_chance,
        "heaviest first, half at random": lambda p, h: heavy_chance(p, h, 0.5),
        "keeps tiles that follow, doubles first": _follow,
    }
    rng = random.Random(args.seed)
    loss = dict.fromkeys(habits, 0.0)
    count = 0
    for v, truth in _positions(args.games, 100, args.jobs)[::3]:
        k = knowledge_from(v)
        read = past_plays(k)
        if not read:
            continue
        sampler = sampling.Sampler(k)
        worlds = [[mask_of_pairs(h) for h in sampler.sample_uniform(rng).hands]
                  for _ in range(300)]
        other = 1 - k.seat
        unseen = [PAIR_ID[t] for t in sampler.unseen]
        count += 1
        for name, habit in habits.items():
            ws = [1.0 if habit is None else chance_product(read, w, habit) for w in worlds]
            total = sum(ws)
            per_tile = 0.0
            for t in unseen:
                p = sum(w for w, hands in zip(ws, worlds, strict=True)
                        if hands[other] >> t & 1) / total
                p = min(max(p, 1e-3), 1 - 1e-3)
                per_tile -= math.log(p if truth >> t & 1 else 1 - p)
            loss[name] += per_tile / len(unseen)
    print(f"{count} positions with plays to read; log-loss per unseen tile (lower is better):")
    for name, value in sorted(loss.items(), key=lambda kv: kv[1]):
        print(f"  {value / count:.4f}  {name}")


def _draws(args: argparse.Namespace) -> None:
    regret: dict[str, list[float]] = {"frozen": [], "live": [], "live, no reading": []}
    for v, truth in _positions(args.games, 200, args.jobs):
        k = knowledge_from(v)
        if (not v.boneyard or sum(v.hand_counts) + v.boneyard > args.size
                or len(set(representatives(k))) < 2 or any(o.kind != "play" for o in k.legal)):
            continue
        seat = k.seat
        hands = [0, 0]
        hands[seat], hands[1 - seat] = mask_of_pairs(k.hand), truth
        bone = [t for t in (PAIR_ID[p] for p in k.unseen()) if not truth >> t & 1]
        solver = DrawSolver(RULES, k.scores, k.goal, k.my_side, v.opener, race_chance(RULES), 10**8)
        board = board_from_view(v)
        value = {lm.move: solver.value(hands, board, seat, (lm.move.tile.id,  # type: ignore[union-attr]
                 END_INDEX[lm.move.end]), bone) for lm in v.legal}  # type: ignore[index]
        best = max(value.values())
        picks = {"frozen": frozen_voquelonia.choose_move(v, level="hard", seed=7, think_time=0.5),
                 "live": choose_move(v, level="hard", seed=7, think_time=0.5)}
        hard_exact.READ_PLAYS = False
        picks["live, no reading"] = choose_move(v, level="hard", seed=7, think_time=0.5)
        hard_exact.READ_PLAYS = True
        for name, move in picks.items():
            regret[name].append(best - value[move])
    n = len(regret["live"])
    print(f"{n} positions with at most {args.size} tiles in the hands and the boneyard:")
    for name, r in regret.items():
        best = sum(x < 1e-9 for x in r) / n
        print(f"  {name:18s} mean regret {100 * statistics.mean(r):.3f} pp, best play {best:.1%}")
    diff = [a - b for a, b in zip(regret["frozen"], regret["live"], strict=True)]
    print(f"  frozen's pick worse than the live one's {sum(d > 1e-9 for d in diff)} times,"
          f" better {sum(d < -1e-9 for d in diff)}")


def _lean(args: argparse.Namespace) -> None:
    import time

    from domino_core.bots import hard

    fives = args.config == "fives-2"
    rules = Rules.from_preset("fives", seats=args.seats, goal=100) if fives else RULES
    switch = "fives_supported" if fives else "line_supported"
    supported = getattr(hard, switch)
    ks = []
    for g in range(args.games):
        m = Match(rules, seed=args.seed + g)
        while not m.over:
            if m.round_over:
                m.start_next_round()
                continue
            v = view_for(m, m.turn)
            k = knowledge_from(v)
            if v.boneyard and len(set(representatives(k))) >= 2 and supported(k):
                ks.append(k)
            m.push(choose_move(v, level="medium"))
    ks = ks[::4]
    rates: dict[str, list[float]] = {"bitmasks": [], "engine": []}
    for _ in range(3):
        for name in rates:
            setattr(hard, switch, supported if name == "bitmasks" else (lambda k: False))
            started, done = time.process_time(), 0
            for k in ks:
                _, counts = hard.evaluate(k, random.Random(1), playouts=3000)
                done += sum(counts[i] for i in set(representatives(k)))
            rates[name].append(done / (time.process_time() - started))
    setattr(hard, switch, supported)
    where = f"fives at {args.seats} seats" if fives else args.config
    print(f"{where}: {len(ks)} positions, playouts per CPU second (three runs each):")
    for name, r in rates.items():
        print(f"  {name:9s} {', '.join(f'{x:,.0f}' for x in r)}")
    ratio = statistics.median(rates["bitmasks"]) / statistics.median(rates["engine"])
    print(f"  ratio {ratio:.2f}")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--what", choices=("seeing", "reading", "draws", "lean"),
                   required=True)
    p.add_argument("--matches", type=int, default=40)
    p.add_argument("--config", default="classic-2", choices=("classic-2", "fives-2"),
                   help="seeing: the arena's configuration; lean: the game")
    p.add_argument("--seats", type=int, default=2, choices=(2, 3, 4),
                   help="lean with --config fives-2: fives at this many seats")
    p.add_argument("--games", type=int, default=16)
    p.add_argument("--size", type=int, default=hard_exact.DRAW_EXACT_TILES)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=2026)
    args = p.parse_args(argv)
    {"seeing": _seeing, "reading": _reading, "draws": _draws, "lean": _lean}[args.what](args)


if __name__ == "__main__":
    main()
