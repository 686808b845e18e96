"""Two plies in each sampled world: every candidate met by the other seat's best reply.

A playout answers a candidate with the playout policy's reply, often a poor one. Here,
in each world (where the other hands are known), each of the other seat's legal replies
is played and the round played out from it with the same playout seed; the candidate is
worth the least of those values, as if the other seat answered with its best move in
that world. For two seats in fives (``hard.REPLY_SEATS``), where the reply decides the
points at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from domino_core.bots.playout import greedy_fives_playout
from domino_core.match import Match
from domino_core.moves import Move

__all__ = ["reply_values"]


def reply_values(
    base: Match, moves: Sequence[Move], value: Callable[[Match], float], *, seed: int,
    greed: float,
) -> tuple[list[float], int]:
    """Each of ``moves``' value in ``base`` (``value`` of a playout's end, for the
    searching side) against the other seat's best reply, and how many playouts that
    took (fives rules: ``greedy_fives_playout`` with ``greed``). A move after which the
    same seat plays again, the round ends or the reply is forced is played out alone."""
    out: list[float] = []
    playouts = 0
    mover = base.turn
    for move in moves:
        m = base.copy()
        m.push(move)
        replies = m.legal_moves() if not m.over and not m.round_over else []
        if m.turn == mover or len(replies) < 2:
            greedy_fives_playout(m, random.Random(seed), greed)
            out.append(value(m))
            playouts += 1
            continue
        values = []
        for reply in replies:
            r = m.copy()
            r.push(reply)
            greedy_fives_playout(r, random.Random(seed), greed)
            values.append(value(r))
        out.append(min(values))
        playouts += len(replies)
    return out, playouts
