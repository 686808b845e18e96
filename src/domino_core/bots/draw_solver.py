"""Exact search of a round with tiles still to draw, the draws left to chance.

``line_solver`` solves a sampled world with its boneyard drawn in the order the world
deals it: every seat then knows which tile it will draw next, which flatters every line
that draws. ``DrawSolver`` keeps the hands the world deals (perfect-information Monte
Carlo, as ``line_solver``) but leaves the draws to chance: a seat with no fitting tile
draws each tile still in the boneyard with the same probability, again until one fits,
then plays it (an expectimax: the mean over the tiles it may draw). The same rules of the
table as ``line_solver``: with nothing left to draw a seat passes, and the round is
blocked when no hand holds a tile for an open end.

Alpha-beta at the seats' choices and Ballard's Star1 bounds at the draws (every value
lies in 0..1), with a table of the bounds found for each position (the hands, the
boneyard, the two open numbers and whose turn it is). A position's worth no longer
depends on the world it came from, so the table serves every world of a decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from domino_core.bots.line_solver import LineSolver, SolveTooBig, found, narrowed
from domino_core.tiles import ids_of

__all__ = ["DrawSolver"]

class DrawSolver(LineSolver):
    """``LineSolver``'s facts and worth, with the boneyard an unordered set drawn at
    random (see the module). ``value(hands, board, turn, play, bone)`` takes the tiles
    left to draw in any order; the bounds found are kept across worlds (a position's key
    holds everything its worth depends on)."""

    NODE_WORK = 2
    """A position here (a draw loops over the boneyard) costs about two of the line solver's."""

    MAX_BOUNDS = 300_000
    """The table is cleared when it grows past this many positions (about 60 MB; a
    decision's budget rarely comes near it)."""

    def _draws(self, bone: Sequence[int]) -> int:
        """The mask of the tiles left to draw (their order does not count), the ``pos`` a
        search starts at."""
        if len(self.bounds) > self.MAX_BOUNDS:
            self.bounds.clear()
        mask = 0
        for t in bone:
            mask |= 1 << t
        return mask

    def _stuck(
        self, hands: list[int], left: int, right: int, turn: int, pos: int,
        alpha: float, beta: float,
    ) -> float:
        """``turn`` holds nothing for the open ends: it draws (``_draw``; here ``pos`` is
        the mask of the tiles left to draw), or, with nothing to draw, passes or the round
        is blocked as in ``LineSolver`` (whose ``bone`` stays empty here)."""
        if pos:
            return self._draw(hands, left, right, turn, pos, alpha, beta)
        return super()._stuck(hands, left, right, turn, 0, alpha, beta)

    def _draw(
        self, hands: list[int], left: int, right: int, turn: int, bone: int,
        alpha: float, beta: float,
    ) -> float:
        """``turn`` holds nothing for the open ends and draws: the mean over the tiles of
        ``bone`` of the position after drawing it (Star1: each draw is searched within the
        window its mean needs, the rest of the draws counted at 0 or 1)."""
        key = (*hands, left * 7 + right if left <= right else right * 7 + left, turn, bone)
        settled, alpha, beta, lo, hi = narrowed(self.bounds.get(key), alpha, beta)
        if settled is not None:
            return settled
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SolveTooBig
        tiles = ids_of(bone)
        n = len(tiles)
        h = hands[turn]
        total = 0.0
        best = -1.0
        for i, t in enumerate(tiles):
            rest = n - i - 1
            lo_child = n * alpha - total - rest
            hi_child = n * beta - total
            hands[turn] = h | (1 << t)
            v = self._search(
                hands, left, right, turn, bone ^ (1 << t),
                lo_child if lo_child > 0.0 else 0.0, hi_child if hi_child < 1.0 else 1.0,
            )
            hands[turn] = h
            total += v
            if total >= n * beta:  # at least this much, whatever the rest draw
                best = total / n
                break
            if total + rest <= n * alpha:  # at most this much
                best = (total + rest) / n
                break
        else:
            best = total / n
        self.bounds[key] = found(best, alpha, beta, lo, hi)
        return best
