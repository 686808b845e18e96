"""The hard player's playouts through the engine's ``Match``: the path its search takes
where no bitmask path (``line_playouts``, ``fives_playouts``, ``batida_search``) plays the
rounds out, and the yardstick those paths are tested against."""

from __future__ import annotations

import random
from collections.abc import Sequence

from domino_core.board import Board
from domino_core.bots.batida_playout import greedy_batida_playout
from domino_core.bots.batida_race import batida_win_chance
from domino_core.bots.knowledge import Knowledge
from domino_core.bots.playout import greedy_fives_playout
from domino_core.bots.points_race import race_points, win_chance
from domino_core.bots.sampling import World
from domino_core.determinize import match_from_view
from domino_core.match import Match
from domino_core.moves import Move
from domino_core.tiles import Tile
from domino_core.view import View

__all__ = ["play_out_each", "rebuild", "value_of"]


def value_of(match: Match, side: int, goal: int) -> float:
    """How good the end of a playout is for ``side``, in 0..1: a match won or lost, or
    the chance to win from the scores (by batida: the exact model of ``batida_race``)."""
    if match.over:
        return 1.0 if match.winner == side else 0.0
    rules = match.rules
    if rules.batida:
        return batida_win_chance(
            match.scores, goal, side, rules.batida_points, rules.blocked_points, rules.seats
        )
    return win_chance(match.scores, goal, side, race_points(rules))


def play_out_each(
    base: Match, moves: Sequence[Move], side: int, goal: int, *, fives: bool, seed: int
) -> list[float]:
    """The value for ``side`` (0..1, as the search scores a playout's end) of each of
    ``moves`` played in ``base``, the round then played out (fives and batida: greedily)
    with the same playout seed for every move, so that they are compared on the same
    luck."""
    out: list[float] = []
    batida = base.rules.batida
    for move in moves:
        m = base.copy()
        m.push(move)
        if fives:
            greedy_fives_playout(m, random.Random(seed))
        elif batida:
            greedy_batida_playout(m, random.Random(seed))
        else:
            m.playout(random.Random(seed))
        out.append(value_of(m, side, goal))
    return out


def rebuild(k: Knowledge, world: World, board: Board) -> Match:
    """The private search match of one sampled world (``k.source`` is a ``View``)."""
    hands = [[Tile(a, b) for a, b in hand] for hand in world.hands]
    boneyard = [Tile(a, b) for a, b in world.boneyard]
    view: View = k.source  # type: ignore[assignment]  # checked once in choose()
    return match_from_view(view, hands, boneyard, board)
