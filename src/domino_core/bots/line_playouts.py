"""The hard player's playouts at two seats on a line, straight on bitmasks.

``engine_playouts.play_out_each`` rebuilds a ``Match`` for every sampled world, copies it for every
candidate, pushes the candidate through the engine's rules and plays the round out with a
fresh ``random.Random`` per candidate: most of a playout's time goes to that set-up, not to
the playout. Here a world is a list of hand bitmasks and a boneyard in draw order; each
candidate is laid on a copy of the hands, the round is played out by the engine's own loop
(``playout.play_line_out``, uniformly random legal moves, as ``Match.playout`` plays
them) and scored by the engine's own ``scoring`` functions. Every candidate meets the same
luck: the same random numbers, one per play, drawn once per world. About 2.7 times the
playouts of the engine path in the same time (``benchmarks/two_seats.py --what lean``).

Only where that loop is the whole round: two seats, a line scored by pips (no fives, no
batida), a round blocked when both seats pass in a row (``closed_table = "all_pass"``) and
every candidate a play (``supported``). Elsewhere the hard player keeps the engine path,
so its moves at three and four seats are those it made before this module.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from domino_core.board import Board
from domino_core.bots.batida_search import PAIR_ID, mask_of_pairs
from domino_core.bots.knowledge import Knowledge, Option
from domino_core.bots.points_race import RoundWorth, race_chance
from domino_core.bots.sampling import World
from domino_core.moves import END_INDEX
from domino_core.playout import play_line_out
from domino_core.rules import Rules
from domino_core.scoring import score_blocked, score_domino
from domino_core.tiles import TILE_A, TILE_B, TILE_VALUE

__all__ = ["LinePlayouts", "supported"]

RANDOM_NUMBERS = 32
"""Random numbers drawn per world: ``play_line_out`` takes one per play, and a round has
at most 28 plays (27 once a candidate lies)."""


def supported(k: Knowledge) -> bool:
    """Whether ``LinePlayouts`` plays ``k``'s candidates out (see the module)."""
    return (
        k.seats == 2
        and k.scoring != "batida"
        and not k.fives()
        and k.closed_table == "all_pass"
        and all(o.kind == "play" and o.tile is not None for o in k.legal)
    )


class LinePlayouts:
    """One decision's fixed facts: the board's ends, the candidates as ``(tile id, end)``
    (end None on an empty table), and the worth of a round's end for the searching side,
    as the engine path values it (``engine_playouts.value_of``: 1 or 0 for a match won or lost, else
    the race model of ``points_race``)."""

    def __init__(
        self, k: Knowledge, rules: Rules, board: Board, opener: int, options: Sequence[Option]
    ) -> None:
        self.rules = rules
        self.seat = k.seat
        self.next = (k.seat + 1) % rules.seats
        self.opener = opener
        self.empty = board.center is None
        self.left, self.right = (0, 0) if self.empty else (board.ends[0], board.ends[1])
        self.placed = board.placed
        self.drawing = rules.drawing
        self.plays = [
            (PAIR_ID[o.tile], None if o.end is None else END_INDEX[o.end])  # type: ignore[index]
            for o in options
        ]
        self.worth = RoundWorth(k.scores, k.goal, k.my_side, race_chance(rules))

    def values(self, world: World, rng: random.Random) -> list[float]:
        """The value of each candidate in ``world``, the round played out at random, every
        candidate on the same random numbers."""
        hands = [mask_of_pairs(h) for h in world.hands]
        bone = [PAIR_ID[p] for p in world.boneyard]
        nbone = len(bone) if self.drawing else 0
        luck = [rng.random() for _ in range(RANDOM_NUMBERS)]
        rules, seat, left, right = self.rules, self.seat, self.left, self.right
        out: list[float] = []
        for t, end in self.plays:
            hs = hands.copy()
            hs[seat] ^= 1 << t
            if self.empty:
                a, b = TILE_A[t], TILE_B[t]
            elif end == 0:
                a, b = TILE_VALUE[t] - left, right
            else:
                a, b = left, TILE_VALUE[t] - right
            if not hs[seat]:
                award = score_domino(rules, hs, seat)
            else:
                how, turn, *_ = play_line_out(
                    hs, bone, nbone, 0, a, b, self.placed | 1 << t, self.next, 0, None,
                    iter(luck).__next__,
                )
                award = (
                    score_domino(rules, hs, turn)
                    if how == "domino"
                    else score_blocked(rules, hs, self.opener)
                )
            out.append(self.worth(award))
        return out
