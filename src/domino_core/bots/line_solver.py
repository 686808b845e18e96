"""Exact search of one sampled world's round on a line: the hard player's endgame.

Once few tiles are left in the hands, the hard player stops guessing how a round goes on
with random playouts and solves each sampled world exactly instead (perfect-information
Monte Carlo with exact leaves, the way abw333/dominoes' ``probabilistic_alphabeta`` plays):
in the world, every seat knows every hand, its side plays for the most and the other side
for the least, and the round's end is valued by the match, as the playouts value it (a
match won or lost counts 1 or 0; otherwise ``points_race.win_chance`` from the scores reached).

Alpha-beta over bitmask hands, with a table of the bounds found for each position (a
position: the hands, the two open numbers and whose turn it is) and the heaviest tiles
tried first. The round's end is scored by the engine's own ``scoring`` functions.

Only two sides (two seats, or four in teams) and a line without fives or batida
(``supported``). Where tiles are drawn, the world's boneyard is drawn in its order (the
world fixes it, as it fixes the hands): a seat without a fitting tile draws one at a time
until one fits, then plays; with nothing left to draw it passes, and the round is blocked
as soon as no hand holds a tile for an open end (where every seat passing closes the
table, that is where it ends, passes or not; the ``at_once`` rule is taken only once the
boneyard is empty, where it closes the table at the same point).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domino_core.board import Board
from domino_core.bots.points_race import RoundWorth
from domino_core.playout import FITTING
from domino_core.rules import Rules
from domino_core.scoring import score_blocked, score_domino
from domino_core.tiles import NUMBER_MASK, TILE_VALUE

__all__ = ["LineSolver", "SolveTooBig", "supported"]

Play = tuple[int, int]
"""``(tile id, end)``: end 0 (left) or 1 (right)."""

#: ``HEAVY_FIRST[m]``: ``FITTING[m]`` with the heaviest tiles first (the move order).
HEAVY_FIRST: dict[int, tuple[int, ...]] = {
    m: tuple(sorted(ids, key=lambda t: -TILE_VALUE[t])) for m, ids in FITTING.items()
}


class SolveTooBig(Exception):
    """The search met more positions than it was allowed (``LineSolver.max_nodes``)."""


def supported(rules: Rules, spinner: bool, boneyard: int) -> bool:
    """Whether ``LineSolver`` plays rounds of these rules exactly from here: two sides, a
    line scored by pips (no fives, no batida, no spinner), and tiles to draw only where
    every seat passing closes the table."""
    two_sides = rules.seats == 2 or (rules.seats == 4 and rules.teams)
    return (
        two_sides
        and not rules.fives
        and not rules.batida
        and not spinner
        and (boneyard == 0 or not rules.drawing or rules.closed_table == "all_pass")
    )


def no_fit(
    hands: Sequence[int], turn: int, open_: int, bone: Sequence[int], pos: int
) -> tuple[int, int, int] | None:
    """What happens when ``turn`` holds no tile for ``open_`` (the mask of the tiles that
    fit): ``(its hand, the seat on turn, the position drawn to)`` after it draws
    ``bone[pos:]`` in order until a tile fits (the same seat plays it) or passes; None when
    nothing is left to draw and no hand can play (the round is blocked)."""
    h = hands[turn]
    n = len(hands)
    if pos < len(bone):
        while not h & open_ and pos < len(bone):
            h |= 1 << bone[pos]
            pos += 1
        return h, turn if h & open_ else (turn + 1) % n, pos
    if sum(hands) & open_:  # (the hands share no tile: their sum is their union)
        return h, (turn + 1) % n, pos
    return None


def narrowed(
    bounds: tuple[float, float] | None, alpha: float, beta: float
) -> tuple[float | None, float, float, float, float]:
    """A position's stored ``bounds`` (or None) applied to the window: ``(value, alpha,
    beta, lo, hi)``, ``value`` not None when the bounds settle the search at once."""
    if bounds is None:
        return None, alpha, beta, 0.0, 1.0
    lo, hi = bounds
    if lo >= beta or lo == hi:
        return lo, alpha, beta, lo, hi
    if hi <= alpha:
        return hi, alpha, beta, lo, hi
    return None, max(alpha, lo), min(beta, hi), lo, hi


def found(best: float, alpha: float, beta: float, lo: float, hi: float) -> tuple[float, float]:
    """The bounds to store after a fail-soft search within (alpha, beta) found ``best``."""
    if best <= alpha:
        return lo, best
    if best >= beta:
        return best, hi
    return best, best


class LineSolver:
    """One decision's fixed facts (rules, scores, goal, the searching side, the opener)
    and the bounds found so far in one world (clear ``bounds`` for another: with tiles to
    draw a position's worth depends on the world's draw order, which its key leaves out).

    ``value(hands, board, turn, play, bone)``: the exact value for ``side`` of ``turn``
    laying ``play`` on ``board`` (its two open ends) with ``hands`` (one bitmask per seat,
    ``turn``'s tile included) and ``bone`` the tiles left to draw, in draw order (where
    rules draw).
    """

    NODE_WORK = 1
    """The work of one position searched, in positions of this solver (``hard_exact``)."""

    def __init__(
        self,
        rules: Rules,
        scores: Sequence[int],
        goal: int,
        side: int,
        opener: int,
        chance: Callable[[Sequence[int], int, int], float],
        max_nodes: int = 2_000_000,
    ) -> None:
        self.rules = rules
        self.n = rules.seats
        self.scores = tuple(scores)
        self.goal = goal
        self.side = side
        self.opener = opener
        self.chance = chance
        self.max_nodes = max_nodes
        self.nodes = 0
        self.bounds: dict[tuple[int, ...], tuple[float, float]] = {}
        self.bone: Sequence[int] = ()
        self.worth = RoundWorth(scores, goal, side, chance)
        """The value for ``side`` of a round ending with an award."""
        self._mine = tuple(rules.side_of(s) == side for s in range(self.n))

    def value(
        self, hands: Sequence[int], board: Board, turn: int, play: Play,
        bone: Sequence[int] = (),
    ) -> float:
        """The exact value for ``side`` of ``turn`` playing ``play`` on ``board``, ``bone``
        left to draw (the bounds found are kept: clear them for another world)."""
        pos = self._draws(bone if self.rules.drawing else ())
        t, e = play
        hs = list(hands)
        hs[turn] ^= 1 << t
        left, right = board.ends[0], board.ends[1]
        if e == 0:
            left = TILE_VALUE[t] - left
        else:
            right = TILE_VALUE[t] - right
        if not hs[turn]:
            return self.worth(score_domino(self.rules, hs, turn))
        return self._search(hs, left, right, (turn + 1) % self.n, pos, 0.0, 1.0)

    def _draws(self, bone: Sequence[int]) -> int:
        """Takes the tiles left to draw (in draw order); the ``pos`` a search starts at."""
        self.bone = bone
        return 0

    def _blocked(self, hands: list[int]) -> float:
        return self.worth(score_blocked(self.rules, hands, self.opener))

    def _stuck(
        self, hands: list[int], left: int, right: int, turn: int, pos: int,
        alpha: float, beta: float,
    ) -> float:
        """``_search`` where ``turn`` holds no tile for the open ends: it draws ``bone[pos:]``
        in order until one fits, or passes, or the round is blocked."""
        h = hands[turn]
        after = no_fit(hands, turn, NUMBER_MASK[left] | NUMBER_MASK[right], self.bone, pos)
        if after is None:
            return self._blocked(hands)
        hands[turn], nxt, pos = after
        try:
            return self._search(hands, left, right, nxt, pos, alpha, beta)
        finally:
            hands[turn] = h

    def _search(
        self, hands: list[int], left: int, right: int, turn: int, pos: int,
        alpha: float, beta: float,
    ) -> float:
        """The value for ``side`` with ``turn`` to move and ``bone[pos:]`` left to draw
        (``pos``: where the draws stand, part of a position's key; ``_stuck`` reads it),
        fail-soft within (alpha, beta)."""
        nm = NUMBER_MASK
        n = self.n
        h = hands[turn]
        open_ = nm[left] | nm[right]
        if not h & open_:  # a draw, a pass, or the end of the round
            return self._stuck(hands, left, right, turn, pos, alpha, beta)
        fit_left = h & nm[left]
        fit_right = h & nm[right] if right != left else 0
        key = (*hands, left * 7 + right if left <= right else right * 7 + left, turn, pos)
        settled, alpha, beta, lo, hi = narrowed(self.bounds.get(key), alpha, beta)
        if settled is not None:
            return settled
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SolveTooBig
        start_alpha, start_beta = alpha, beta
        mine = self._mine[turn]
        best = -1.0 if mine else 2.0
        value = TILE_VALUE
        nxt = (turn + 1) % n
        for end in (0, 1):
            fit = fit_left if end == 0 else fit_right
            if not fit:
                continue
            for t in HEAVY_FIRST[fit]:
                if end == 0:
                    nl, nr = value[t] - left, right
                else:  # (with both ends alike only the left is tried: the same play)
                    nl, nr = left, value[t] - right
                rest = h ^ (1 << t)
                hands[turn] = rest
                if rest:
                    v = self._search(hands, nl, nr, nxt, pos, alpha, beta)
                else:
                    v = self.worth(score_domino(self.rules, hands, turn))
                hands[turn] = h
                if mine:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                else:
                    if v < best:
                        best = v
                        if v < beta:
                            beta = v
                if alpha >= beta:
                    break
            if alpha >= beta:
                break
        self.bounds[key] = found(best, start_alpha, start_beta, lo, hi)
        return best
