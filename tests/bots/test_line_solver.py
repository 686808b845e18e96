"""The hard player's exact endgame (``line_solver``, ``hard_exact``): its values are the
engine's own minimax, the bot plays only legal moves from what its seat sees, and a
fixed seed gives a fixed move."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domino_core import Match, Rules, View, view_for
from domino_core.board import Board
from domino_core.bots import choose_move, knowledge_from
from domino_core.bots.engine_playouts import value_of as _value
from domino_core.bots.fives_solver import FivesSolver
from domino_core.bots.hard_exact import EXACT_TILES, exact_solver, exact_tiles
from domino_core.bots.line_solver import LineSolver
from domino_core.bots.points_race import race_chance
from domino_core.determinize import board_from_view
from domino_core.moves import END_INDEX

from .helpers import random_position

#: Two-sided tables the solver takes: (preset, seats, teams); 2-seat block has sleeping
#: tiles, 2-seat classic a boneyard drawn out by the endgame.
TABLES = [("classic", 4, True), ("caribbean", 4, True), ("block", 2, False),
          ("block", 4, True), ("draw", 4, True), ("classic", 2, False)]
#: Tables with tiles to draw: (preset, seats, teams).
DRAWING = [("classic", 2, False), ("draw", 2, False), ("draw", 4, True)]


def _tiles_in_hands(m: Match) -> int:
    return sum(len(m.hand(s)) for s in range(m.rules.seats))


def _endgame(rules: Rules, seed: int, tiles: int, bone: int = 0) -> Match | None:
    """A match played at random (scores from a few earlier rounds) until at most ``tiles``
    tiles are in the hands and ``bone`` in the boneyard, with a choice to make; or None."""
    return random_position(
        rules, seed, lambda m: _tiles_in_hands(m) <= tiles and m.round.boneyard_left <= bone
    )


def _minimax(m: Match, side: int, goal: int) -> float:
    """The round's perfect-information value for ``side`` through the engine's own moves."""
    if m.round_over:
        return _value(m, side, goal)
    mine = m.rules.side_of(m.turn) == side
    values = []
    for move in m.legal_moves():
        child = m.copy()
        child.push(move)
        values.append(_minimax(child, side, goal))
    return max(values) if mine else min(values)


def _solved(rules: Rules, tiles: int, bone: int, count: int) -> int:
    """Checks ``_check_every_move`` on up to ``count`` endgames (at most ``tiles`` in the
    hands, ``bone`` to draw, at least one to draw where ``bone``); how many there were."""
    checked = 0
    for seed in range(400):
        m = _endgame(rules, seed, tiles, bone)
        if m is None or (bone and not m.round.boneyard_left):
            continue
        view = view_for(m, m.turn)
        board = board_from_view(view)
        k = knowledge_from(view)
        solver = exact_solver(k) if not bone else _solver(m.rules, k.scores, view)
        assert solver is not None, "a two-sided endgame on a line is solved exactly"
        _check_every_move(m, solver, board)
        checked += 1
        if checked == count:
            break
    return checked


def _solver(rules: Rules, scores: Sequence[int], view: View) -> LineSolver | FivesSolver:
    """A solver made directly (the bot waits for the boneyard to run out: DRAW_WORLDS)."""
    side = rules.side_of(view.seat)
    if rules.fives:
        return FivesSolver(rules, scores, rules.goal, side, view.opener, race_chance(rules))
    return LineSolver(rules, scores, rules.goal, side, view.opener, race_chance(rules))


def _check_every_move(m: Match, solver: LineSolver | FivesSolver, board: Board) -> None:
    """The solver's value of each legal move is the engine's minimax of it (the engine
    draws from its own boneyard, which the solver is given in the same order)."""
    seat = m.turn
    assert seat is not None
    seats = m.rules.seats
    hands = [sum(1 << t.id for t in m.hand(s)) for s in range(seats)]
    bone = m.round.bone[m.round.bone_pos:]
    for move in m.legal_moves():
        assert move.tile is not None and move.end is not None
        child = m.copy()
        child.push(move)
        want = _minimax(child, m.rules.side_of(seat), m.rules.goal)
        got = solver.value(hands, board, seat, (move.tile.id, END_INDEX[move.end]), bone)
        assert got == pytest.approx(want), str(move)


@pytest.mark.parametrize(("preset", "seats", "teams"), TABLES)
def test_the_solver_agrees_with_the_engines_own_minimax(
    preset: str, seats: int, teams: bool
) -> None:
    rules = Rules.from_preset(preset, seats, goal=100, teams=teams)
    assert _solved(rules, 9, 0, 12) == 12


@pytest.mark.parametrize(("preset", "seats", "teams"), DRAWING)
def test_the_solver_draws_as_the_engine_draws(preset: str, seats: int, teams: bool) -> None:
    rules = Rules.from_preset(preset, seats, goal=100, teams=teams)
    assert _solved(rules, 8, 3, 10) == 10


@pytest.mark.parametrize(("seats", "teams", "bone"), [(2, False, 0), (2, False, 2), (4, True, 0)])
def test_the_fives_solver_scores_as_the_engine_does(seats: int, teams: bool, bone: int) -> None:
    """Fives: the ends' count scored as tiles go down, the spinner, the goal reached by a
    play, rounded awards, and drawing, as the engine plays them."""
    rules = Rules.from_preset("fives", seats, goal=100, teams=teams)
    assert _solved(rules, 7, bone, 8) == 8


@pytest.mark.parametrize(("preset", "seats", "teams"), TABLES)
def test_the_endgame_bot_plays_legal_moves_and_a_seed_fixes_them(
    preset: str, seats: int, teams: bool
) -> None:
    """The hard bot, where it searches exactly, picks a legal move, and a seed fixes it."""
    rules = Rules.from_preset(preset, seats, goal=100, teams=teams)
    found = 0
    for seed in range(300):
        m = _endgame(rules, seed, exact_tiles(0.05))
        if m is None:
            continue
        seat = m.turn
        assert seat is not None
        view = view_for(m, seat)
        assert exact_solver(knowledge_from(view), 0.05) is not None
        move = choose_move(view, level="voquelonia", seed=seed, think_time=0.05)
        assert move in m.legal_moves()
        again = choose_move(view_for(m, seat), level="voquelonia", seed=seed, think_time=0.05)
        assert again == move
        found += 1
        if found == 5:
            break
    assert found == 5


def test_a_table_with_tiles_still_to_draw_is_left_to_the_playouts() -> None:
    """The exact search waits for the boneyard to run out (``hard_exact.DRAW_WORLDS``)."""
    rules = Rules.from_preset("draw", 2, goal=100)
    m = Match(rules, seed=5)
    m.push(m.legal_moves()[0])
    view = view_for(m, m.turn)
    assert view.boneyard > 0 and _tiles_in_hands(m) <= EXACT_TILES
    k = knowledge_from(view)
    assert exact_solver(k) is None
    assert _solver(rules, k.scores, view) is not None  # (the solvers themselves can draw)


def test_short_think_times_wait_for_fewer_tiles() -> None:
    """Under load the server's bot pool shortens budgets: the exact search then starts
    later in the round, where a few worlds still fit."""
    assert exact_tiles(0.5) == EXACT_TILES
    assert exact_tiles(0.02) < exact_tiles(0.1) < exact_tiles(0.2) < exact_tiles(0.5)
    m = _endgame(Rules.from_preset("classic", 4, goal=100), 3, EXACT_TILES)
    assert m is not None and _tiles_in_hands(m) > exact_tiles(0.02)
    view = view_for(m, m.turn)
    k = knowledge_from(view)
    assert exact_solver(k, 0.02) is None
    assert exact_solver(k, 0.5) is not None
