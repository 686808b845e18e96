"""A random playout of a round (search): uniformly random legal moves until the round
ends, keeping hands, ends, scores and the result exact but writing no log. On a line
without fives the loop is :func:`domino_core.playout.play_line_out`'s; with fives, or on
an empty table, the moves go through the full rules of :class:`~.round_state.RoundState`.
"""

from __future__ import annotations

import random
from math import floor
from typing import TYPE_CHECKING

from .board import PAIRS
from .playout import play_line_out
from .scoring import score_blocked, score_domino
from .tiles import TILE_A, TILE_B

if TYPE_CHECKING:
    from .round_state import RoundState

__all__ = ["draw_or_pass", "playout"]


def playout(r: RoundState, rng: random.Random) -> None:
    """Play ``r`` with uniformly random legal moves until the round ends.

    For search: it keeps hands, ends, scores and the result exact, but does not
    write the log, the record plays or the board's arms.
    """
    if r.turn is None:
        return
    board = r.board
    if board.fives:
        _playout_general(r, rng)
        return
    rules = r.rules
    at_once = rules.closed_table == "at_once"
    ends = board.ends
    seat = r.turn
    hand = r.hands[seat]
    forced = r.forced
    if (board.center is None and forced is not None and hand >> forced & 1
            and hand != 1 << forced and not at_once):
        # _play_quiet of the one legal play, in fewer steps: it cannot end the round, and
        # the loop starts from its ends (Board.place's: the higher number to the left)
        rng.random()  # the pick among the one play, drawn as the general path draws it
        r.hands[seat] = hand ^ 1 << forced
        left = TILE_A[forced]
        right = TILE_B[forced]
        board.center = PAIRS[left][right]
        board.line = True
        r.forced = None
        placed = board.placed | 1 << forced
        seat = seat + 1 if seat + 1 < r.n else 0
        passes = 0
    else:
        if board.center is None:
            plays = r.legal_plays()
            t, e = plays[floor(rng.random() * len(plays))]  # int(), in fewer steps
            r._play_quiet(seat, t, e)
            if r.turn is None:
                return
            seat = r.turn
        left, right, placed, passes = ends[0], ends[1], board.placed, r.passes
    end, turn, r.bone_pos, r.passes, left, right, board.placed, last = play_line_out(
        r.hands, r.bone, len(r.bone) if rules.drawing else 0, r.bone_pos,
        left, right, placed, seat, passes, r._asleep() if at_once else None, rng.random,
    )
    ends[0], ends[1] = left, right
    if end == "domino":
        before: tuple[int, ...] = ()
        if rules.batida:
            # The last tile went on an end now showing one of its numbers, the other
            # end is as it was: either reading gives the same batida.
            a, b = TILE_A[last], TILE_B[last]
            before = (a + b - left, right) if left in (a, b) else (left, a + b - right)
        r._finish_quiet(end, score_domino(rules, r.hands, turn, last, before))
    else:
        r._finish_quiet(end, score_blocked(rules, r.hands, r.opener))


def _playout_general(r: RoundState, rng: random.Random) -> None:
    """Random playout through the full rules (fives, or an empty table)."""
    rnd = rng.random
    while r.turn is not None:
        plays = r.legal_plays()
        if plays:
            t, e = plays[floor(rnd() * len(plays))]
            r._play_quiet(r.turn, t, e)
        else:
            draw_or_pass(r)


def draw_or_pass(r: RoundState) -> None:
    """The seat on turn in ``r`` has no play: it draws a tile where the rules let it, else
    it passes, and the round ends blocked once every seat has passed in a row."""
    seat = r.turn
    assert seat is not None
    if r.rules.drawing and r.bone_pos < len(r.bone):
        r.hands[seat] |= 1 << r.bone[r.bone_pos]
        r.bone_pos += 1
        return
    r.passes += 1
    if r.passes >= r.n:
        r._finish_quiet("blocked", score_blocked(r.rules, r.hands, r.opener))
        return
    r.turn = (seat + 1) % r.n
