"""Vó Quelônia's batida search (``bots/batida_search.py``, RULES.md §6b): its bitmask
playouts follow the rules (the engine replays them to the same award), and the hard
player goes for the higher batida where shedding the heavier tile would not."""

from __future__ import annotations

import random

import pytest

from domino_core import Match, Move, Tile, view_for
from domino_core.bots import choose_move
from domino_core.bots.batida_race import batida_win_chance
from domino_core.bots.batida_search import PAIR_ID, batida_fast, batida_table, mask_of_pairs
from domino_core.bots.knowledge import knowledge_from
from domino_core.bots.sampling import Sampler
from domino_core.determinize import board_from_view, match_from_view
from domino_core.moves import END_INDEX
from domino_core.tiles import ALL_TILES

from .helpers import position, positions


def _engine_value(match: Match, side: int, goal: int) -> float:
    if match.over:
        return 1.0 if match.winner == side else 0.0
    rules = match.rules
    return batida_win_chance(
        match.scores, goal, side, rules.batida_points, rules.blocked_points, rules.seats
    )


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_search_playout_is_a_legal_round_the_engine_values_alike(seats: int) -> None:
    """Sampled worlds of real positions, each play of the seat on turn played out by the
    search: the engine, given the same hidden tiles, accepts every move of the playout
    (passes where it finds no play) and ends the round with the value the search gave."""
    checked = 0
    for match, view in positions("batida", 60, seed=seats, seats=(seats,)):
        k = knowledge_from(view)
        if len(k.legal) > 1 and batida_fast(k):
            board = board_from_view(view)
            table = batida_table(k, board)
            assert table is not None
            rng = random.Random(checked)
            world = Sampler(k).sample(rng)
            hands = [mask_of_pairs(h) for h in world.hands]
            bone = [PAIR_ID[t] for t in world.boneyard]
            for o in k.legal:
                assert o.tile is not None
                play = (PAIR_ID[o.tile], None if o.end is None else END_INDEX[o.end])
                trace: list[tuple[int, int, int]] = []
                value = table.play_out(hands, bone, play, checked, trace)
                replay = match_from_view(
                    view,
                    [[Tile(a, b) for a, b in h] for h in world.hands],
                    [Tile(a, b) for a, b in world.boneyard],
                )
                replay.push(Move.play(Tile.parse(f"{o.tile[0]}-{o.tile[1]}"), o.end))
                for seat, t, pip in trace:
                    while replay.turn != seat:
                        assert [m.kind for m in replay.legal_moves()] == ["pass"]
                        replay.push(Move.pass_())
                    ends = replay.round.board.ends
                    end = "L" if ends[0] == pip else "R"
                    assert ends[END_INDEX[end]] == pip
                    replay.push(Move.play(ALL_TILES[t], end))
                while not replay.round_over:
                    assert [m.kind for m in replay.legal_moves()] == ["pass"]
                    replay.push(Move.pass_())
                assert value == pytest.approx(_engine_value(replay, k.my_side, k.goal))
                checked += 1
        match.push(choose_move(view, level="nino"))
    assert checked > 40


def test_hard_keeps_the_double_to_go_out_for_a_carroca_where_nino_sheds_it() -> None:
    # Batida, 2 seats, 0 - 0 to 6. Seat 0 holds 3-1 and 4-4, the ends are 4 and 1; seat 1
    # holds 2-2 3-3 5-2. Laying the heavy double 4-4 (what a pip-shedder and Nino do) leaves
    # 3-1 to go out as a simples (1 point); laying 3-1 keeps 4-4 for a batida de carroça (2).
    hands = ["2-1 3-1 4-0 4-3 4-4 6-0 6-3", "1-1 2-2 3-3 5-2 6-2 6-4 6-6"]
    held = set(" ".join(hands).split())
    asleep = " ".join(str(t) for t in ALL_TILES if str(t) not in held)
    match = position(
        "batida",
        hands,
        asleep,
        "6-6, 6-3 L, 6-2 R, 4-3 L, 6-4 L, 2-1 R, 1-1 R, 6-0 L, 4-0 L",
        goal=6,
    )
    assert match.turn == 0 and sorted(str(t) for t in match.hand(0)) == ["3-1", "4-4"]
    view = view_for(match, 0)
    assert choose_move(view, level="nino") == Move.play(Tile(4, 4), "L")
    keep = Move.play(Tile(3, 1), "R")
    for seed in range(3):
        assert choose_move(view, level="hard", seed=seed, think_time=0.1) == keep
    # and the carroça is what the round then gives: seat 1 answers 3-3, seat 0 goes out
    match.push(keep)
    match.push(Move.play(Tile(3, 3), "R"))
    match.push(Move.play(Tile(4, 4), "L"))
    result = match.results[-1]
    assert result.batida == "carroca" and result.points == 2


def test_hard_by_batida_is_the_same_move_for_the_same_seed() -> None:
    for match, view in positions("batida", 12, seed=5, seats=(4,)):
        first = choose_move(view, level="hard", seed=3, think_time=0.02)
        assert choose_move(view, level="hard", seed=3, think_time=0.02) == first
        assert first in match.legal_moves()
        match.push(first)
