"""RULES.md §1 (the double-six set) and the Tile / Move values of docs/DESIGN.md §1."""

from __future__ import annotations

import pytest
from core_helpers import make_match

from domino_core import ALL_TILES, IllegalMove, Match, Move, Rules, Tile, view_for


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


@pytest.mark.parametrize("text", ["６-4", "6-٤", "6-4\n5", " 6 - 4", "+6-4"])
def test_tile_text_takes_only_ascii_digits_0_to_6(text: str) -> None:
    """RECORD.md: a tile is "a-b" with a and b in 0..6: other digits (full-width,
    Arabic-Indic) or signs are not tiles."""
    with pytest.raises(ValueError, match="not a tile"):
        Tile.parse(text)


def test_move_of_an_unknown_kind_or_end_is_refused_not_taken_for_a_pass() -> None:
    """A Move built by hand with a kind other than play/draw/pass, or a play without a
    tile, is an illegal move (and changes nothing), never read as a pass."""
    match = Match(Rules.from_preset("caribbean", seats=2), seed=4)
    match.push(match.legal_moves()[0])
    before = view_for(match, None).to_dict()
    for bad in (Move("resign"), Move("play"), Move("play", Tile(6, 6), "X")):  # type: ignore[arg-type]
        with pytest.raises(IllegalMove):
            match.push(bad)
    assert view_for(match, None).to_dict() == before


def test_an_opening_tile_written_either_way_is_the_same_legal_move() -> None:
    # No double dealt: seat 0 opens with its heaviest tile, 6-4, laid either way round.
    match = make_match("block", ["6-4 2-1 3-0", "5-3 1-0 2-0"], drawing=False)
    assert Move.play("4-6") == Move.play("6-4") == Move.play(Tile(6, 4))
    assert hash(Move.play("4-6")) == hash(Move.play("6-4"))
    assert (str(Move.play("4-6")), str(Move.play("6-4"))) == ("4-6", "6-4")
    assert match.legal_moves() == [Move.play("6-4")]
    assert Move.play("4-6") in match.legal_moves()
    assert Move.play("4-6") in {lm.move for lm in view_for(match, 0).legal}
    match.push(Move.play("4-6"))  # laid as written: 4 on the left
    assert view_for(match, 1).ends == {"L": 4, "R": 6}
    # Different ends stay different moves.
    assert Move.play("6-4", "L") != Move.play("6-4", "R") != Move.play("6-4")
