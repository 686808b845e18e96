"""Exact search of one sampled world's round of fives (RULES.md §7): the hard player's
endgame where the open ends score as tiles are laid.

As ``line_solver`` does on a plain line, but on the engine's own ``Board`` (the spinner,
its four arms and the ends' count): every play is laid on a copy of the board and
scores the count when it is a multiple of 5; a side that reaches the goal by a play wins
the match at once; a domino or a closed table is scored by the engine's ``scoring``
(rounded to 5). The world's boneyard is drawn in its order. Two sides only, and tiles to
draw only where every seat passing closes the table (``supported``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domino_core.board import Board
from domino_core.bots.line_solver import SolveTooBig, found, narrowed, no_fit
from domino_core.bots.points_race import ScoresWorth
from domino_core.legality import legal_plays
from domino_core.rules import Rules
from domino_core.scoring import Award, score_blocked, score_domino

__all__ = ["FivesSolver", "supported"]

Play = tuple[int, int]
"""``(tile id, end index)``: 0..3 for L, R, U, D."""


def supported(rules: Rules, boneyard: int) -> bool:
    """Whether ``FivesSolver`` plays rounds of these rules exactly from here."""
    two_sides = rules.seats == 2 or (rules.seats == 4 and rules.teams)
    return (
        two_sides
        and rules.fives
        and not rules.batida
        and (boneyard == 0 or not rules.drawing or rules.closed_table == "all_pass")
    )


def _board_key(b: Board) -> tuple[object, ...]:
    """What of a board decides its count and where later tiles go."""
    arms = b.arms
    return (*b.ends, *b.dbl, b.spinner, b.center, bool(arms[0]), bool(arms[1]),
            bool(arms[2]), bool(arms[3]))


class FivesSolver:
    """One decision's fixed facts (rules, the match's scores, goal, the searching side,
    the opener) and the bounds found for the positions of one world (clear ``bounds`` for
    another). ``value`` as ``LineSolver.value``, on the whole board.
    """

    NODE_WORK = 4
    """The work of one position searched (a board copied and counted), in positions of
    ``LineSolver`` (``hard_exact``)."""

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
        self.max_nodes = max_nodes
        self.nodes = 0
        self.bounds: dict[tuple[object, ...], tuple[float, float]] = {}
        self.bone: Sequence[int] = ()
        self._mine = tuple(rules.side_of(s) == side for s in range(self.n))
        self._worth = ScoresWorth(goal, side, chance)

    def worth(self, scores: Sequence[int], award: Award | None = None) -> float:
        """The value for ``side`` of the match at ``scores``, ``award`` added."""
        after = list(scores)
        if award is not None and award.side is not None:
            after[award.side] += award.points
        return self._worth(after)

    def value(
        self, hands: Sequence[int], board: Board, turn: int, play: Play,
        bone: Sequence[int] = (),
    ) -> float:
        """The exact value for ``side`` of ``turn`` laying ``play`` on ``board``."""
        self.bone = bone if self.rules.drawing else ()
        return self._lay(board, list(hands), turn, play, 0, list(self.scores), 0.0, 1.0)

    def _lay(
        self, board: Board, hands: list[int], seat: int, play: Play, pos: int,
        scores: list[int], alpha: float, beta: float,
    ) -> float:
        """The value after ``seat`` lays ``play`` (hands and scores are restored)."""
        t, end = play
        b = board.copy()
        b.place(t, end)
        h = hands[seat]
        hands[seat] = h ^ (1 << t)
        side = self.rules.side_of(seat)
        c = b.count()
        points = c if c > 0 and c % 5 == 0 else 0
        scores[side] += points
        try:
            if points and scores[side] >= self.goal:
                return 1.0 if side == self.side else 0.0
            if not hands[seat]:
                return self.worth(scores, score_domino(self.rules, hands, seat))
            return self._search(b, hands, (seat + 1) % self.n, pos, scores, alpha, beta)
        finally:
            hands[seat] = h
            scores[side] -= points

    def _search(
        self, board: Board, hands: list[int], turn: int, pos: int, scores: list[int],
        alpha: float, beta: float,
    ) -> float:
        """The value for ``side`` with ``turn`` to move, fail-soft within (alpha, beta)."""
        h = hands[turn]
        open_ = board.playable_mask()
        if not h & open_:  # a draw, a pass, or the end of the round
            after = no_fit(hands, turn, open_, self.bone, pos)
            if after is None:
                return self.worth(scores, score_blocked(self.rules, hands, self.opener))
            hands[turn], nxt, pos = after
            try:
                return self._search(board, hands, nxt, pos, scores, alpha, beta)
            finally:
                hands[turn] = h
        key = (*hands, *_board_key(board), turn, pos, *scores)
        settled, alpha, beta, lo, hi = narrowed(self.bounds.get(key), alpha, beta)
        if settled is not None:
            return settled
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SolveTooBig
        start_alpha, start_beta = alpha, beta
        mine = self._mine[turn]
        best = -1.0 if mine else 2.0
        for t, e in legal_plays(h, board, None):
            assert e is not None
            v = self._lay(board, hands, turn, (t, e), pos, scores, alpha, beta)
            if mine:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        self.bounds[key] = found(best, start_alpha, start_beta, lo, hi)
        return best
