"""The endgame with tiles still to draw (``draw_solver``): its values are the engine's own
expectimax (every tile left equally likely to be drawn next), it does not depend on the
order the world dealt the boneyard in, and the hard player uses it only at two seats and
while few tiles are left."""

from __future__ import annotations

import dataclasses

import pytest

from domino_core import Match, Rules, view_for
from domino_core.bots import choose_move, knowledge_from
from domino_core.bots.draw_solver import DrawSolver
from domino_core.bots.engine_playouts import value_of as _value
from domino_core.bots.hard_exact import DRAW_EXACT_TILES, exact_solver
from domino_core.bots.points_race import race_chance
from domino_core.determinize import board_from_view
from domino_core.moves import END_INDEX

from .helpers import random_position


def _endgame(rules: Rules, seed: int, size: int) -> Match | None:
    """A match played at random until at most ``size`` tiles are in the hands and the
    boneyard together, at least one of them still to draw, with a choice of plays."""

    def late(m: Match) -> bool:
        left = sum(len(m.hand(s)) for s in range(rules.seats)) + m.round.boneyard_left
        return left <= size and m.round.boneyard_left > 0

    return random_position(rules, seed, late)


def _expectimax(m: Match, side: int, goal: int) -> float:
    """The round's value for ``side`` through the engine's own moves, both hands known,
    each tile left in the boneyard equally likely to be the next one drawn."""
    if m.round_over:
        return _value(m, side, goal)
    moves = m.legal_moves()
    if moves[0].kind == "draw":
        r = m.round
        pos = r.bone_pos
        values = []
        for i in range(pos, len(r.bone)):
            child = m.copy()
            bone = list(r.bone)
            bone[pos], bone[i] = bone[i], bone[pos]
            child.round.bone = bone
            child.push(moves[0])
            values.append(_expectimax(child, side, goal))
        return sum(values) / len(values)
    mine = m.rules.side_of(m.turn) == side
    values = []
    for move in moves:
        child = m.copy()
        child.push(move)
        values.append(_expectimax(child, side, goal))
    return max(values) if mine else min(values)


@pytest.mark.parametrize("preset", ["classic", "draw"])
def test_the_draw_solver_is_the_engines_expectimax(preset: str) -> None:
    # (the engine then leaves every draw to a move, which the expectimax can branch on)
    rules = dataclasses.replace(Rules.from_preset(preset, 2, goal=100), auto_draw=False)
    checked = 0
    for seed in range(300):
        m = _endgame(rules, seed, 11)
        if m is None:
            continue
        seat = m.turn
        assert seat is not None
        view = view_for(m, seat)
        side = rules.side_of(seat)
        solver = DrawSolver(rules, view.scores, rules.goal, side, view.opener, race_chance(rules))
        hands = [sum(1 << t.id for t in m.hand(s)) for s in range(rules.seats)]
        bone = list(m.round.bone[m.round.bone_pos:])
        board = board_from_view(view)
        for move in m.legal_moves():
            assert move.tile is not None and move.end is not None
            child = m.copy()
            child.push(move)
            want = _expectimax(child, side, rules.goal)
            play = (move.tile.id, END_INDEX[move.end])
            assert solver.value(hands, board, seat, play, bone) == pytest.approx(want)
            # the order the world dealt the boneyard in does not count
            assert solver.value(hands, board, seat, play, bone[::-1]) == pytest.approx(want)
        checked += 1
        if checked == 10:
            break
    assert checked == 10


def test_the_hard_player_draws_in_its_search_only_at_two_seats_near_the_end() -> None:
    rules = Rules.from_preset("classic", 2, goal=100)
    near = far = None
    for seed in range(200):
        m = _endgame(rules, seed, DRAW_EXACT_TILES)
        if m is not None:
            near = m
            break
    m = Match(rules, seed=3)
    m.push(m.legal_moves()[0])
    far = m
    assert near is not None
    assert isinstance(exact_solver(knowledge_from(view_for(near, near.turn))), DrawSolver)
    assert exact_solver(knowledge_from(view_for(far, far.turn))) is None
    view = view_for(near, near.turn)
    moves = {choose_move(view, level="hard", seed=11) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(view.legal_moves)
