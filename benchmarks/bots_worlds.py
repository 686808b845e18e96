"""Decision positions with the truth behind them, and what each move is worth there.

For ``benchmarks/bots.py``'s oracle suite (issue 3 point 5): positions from Nino-vs-Nino
matches, each kept with the true match; the value of each legal move in the mover's
side's chance to win the match, as the hard player values outcomes, in the TRUE world
(every hidden hand known) and averaged over deals drawn from the exact posterior of the
hidden tiles (what the seat's view allows).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from domino_core import Deal, IllegalDeal, IllegalMove, Match, Move, Rules, Tile, View, view_for
from domino_core.bots import choose_move
from domino_core.bots.candidates import engine_moves, representatives
from domino_core.bots.engine_playouts import play_out_each
from domino_core.bots.knowledge import knowledge_from
from domino_core.determinize import board_from_view, match_from_view
from domino_core.tiles import ALL_TILES


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
            if len(set(representatives(k))) > 1 and rng.random() < 0.25:
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
    mover's side's chance to win the match, ``engine_playouts.value_of``), but in the one TRUE
    world: every seat's real hand. Only the future draws stay chance: the tiles left
    in the boneyard are shuffled again for every playout (they are not dealt in any
    order a player could know).
    """
    k = knowledge_from(view)
    reps = representatives(k)
    searched = sorted(set(reps))
    moves = engine_moves([k.legal[i] for i in searched])
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
        values = play_out_each(base, moves, side, k.goal, fives=fives, seed=playout_seed)
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
