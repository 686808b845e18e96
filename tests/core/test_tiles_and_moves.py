"""RULES.md §1 (the double-six set) and the Tile / Move values of docs/DESIGN.md §1."""

from __future__ import annotations

import pytest

from domino_core import ALL_TILES, Move, Tile


def test_double_six_set_has_28_tiles_each_pair_once_and_7_doubles() -> None:
    assert len(ALL_TILES) == 28 == len(set(ALL_TILES))
    assert {(t.high, t.low) for t in ALL_TILES} == {(a, b) for a in range(7) for b in range(a + 1)}
    assert sum(t.is_double for t in ALL_TILES) == 7


@pytest.mark.parametrize("n", range(7))
def test_each_number_appears_on_7_tiles(n: int) -> None:
    assert sum(t.has(n) for t in ALL_TILES) == 7


def test_tile_value_is_the_sum_of_its_pips() -> None:
    assert Tile.parse("6-4").value == 10 and Tile.parse("0-0").value == 0
    assert sum(t.value for t in ALL_TILES) == 168


def test_tile_text_either_order_and_ids() -> None:
    assert Tile.parse("2-6") == Tile(6, 2) and str(Tile.parse("2-6")) == "6-2"
    assert [t.id for t in ALL_TILES] == list(range(28))
    assert all(Tile.from_id(t.id) == t for t in ALL_TILES)
    assert Tile(6, 2).other(2) == 6 and Tile(3, 3).other(3) == 3
    with pytest.raises(ValueError):
        Tile.parse("7-1")
    with pytest.raises(ValueError):
        Tile.parse("six-one")


def test_move_text_round_trips() -> None:
    for text in ("6-4 L", "6-4 R", "5-5 U", "3-1 D", "6-4", "draw", "pass"):
        assert str(Move.parse(text)) == text
    assert Move.parse("6-4 L") == Move.play(Tile(6, 4), "L")
    assert Move.parse("draw") == Move.draw() and Move.parse("pass") == Move.pass_()
    assert str(Move.parse("2-6")) == "2-6"  # an opening tile keeps its written order
    with pytest.raises(ValueError):
        Move.parse("6-4 X")
