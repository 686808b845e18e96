"""The view (docs/DESIGN.md §1, RULES.md §10 Privacy): what a seat and a spectator see."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from core_helpers import make_deal, make_match, play

from domino_core import ALL_TILES, Deal, Match, Move, Rules, Tile, View, view_for, views_for
from domino_core.board import Board
from domino_core.round import Round

KEYS = {"seat", "rules", "round", "opener", "turn", "hand", "hand_counts", "boneyard",
        "sleeping", "board", "ends", "count", "log", "scores", "legal", "round_over",
        "result", "rounds", "over", "winner", "end_reason"}


def tile_strings_in(view: dict[str, Any]) -> set[str]:
    """Every tile string in a view, past rounds' results left out."""
    text = json.dumps({k: v for k, v in view.items() if k != "rounds"})
    return {str(t) for t in ALL_TILES if f'"{t}"' in text}


def on_table(view: dict[str, Any]) -> set[str]:
    return {e["tile"].split()[0] for e in view["log"] if e["type"] == "play"}


def normal(s: str) -> str:
    a, b = s.split("-")
    return f"{max(a, b)}-{min(a, b)}"


def test_view_has_exactly_the_fields_of_the_contract() -> None:
    match = Match(Rules.from_preset("fives", seats=4), seed=2)
    for seat in (None, 0, 1, 2, 3):
        assert set(view_for(match, seat).to_dict()) == KEYS


def test_seat_view_holds_its_own_hand_and_no_other_tile() -> None:
    match = make_match("draw", ["6-6 6-5 1-1", "5-5 5-1 2-0"], boneyard="4-4 6-1")
    play(match, "6-6")  # seat 1 draws 4-4 and 6-1
    for seat in (0, 1):
        view = view_for(match, seat).to_dict()
        hand = [str(t) for t in match.hand(seat)]
        assert sorted(view["hand"]) == sorted(hand)
        seen = {normal(s) for s in tile_strings_in(view)}
        assert seen <= set(hand) | {normal(t) for t in on_table(view)}
    view1 = view_for(match, 1).to_dict()
    assert "4-4" in view1["hand"] and "6-1" in view1["hand"]
    assert "4-4" not in tile_strings_in(view_for(match, 0).to_dict())


def test_view_counts_hands_and_boneyard_but_never_shows_them() -> None:
    match = make_match("draw", ["6-6 6-5 1-1", "5-5 5-1 2-0"], boneyard="4-4 6-1")
    play(match, "6-6")
    view = view_for(match, 0).to_dict()
    assert view["hand_counts"] == [2, 5] and view["boneyard"] == 28 - 6 - 2
    assert {"type": "draw", "seat": 1, "count": 2, "ends": [6]} in view["log"]


def test_block_sleeping_tiles_are_counted_never_shown() -> None:
    match = make_match("block", ["6-6 6-5 1-1", "5-5 5-1 2-0"])
    for seat in (None, 0, 1):
        view = view_for(match, seat).to_dict()
        assert view["sleeping"] == 22 and view["boneyard"] == 0
        own = set(view["hand"] or [])
        assert tile_strings_in(view) <= own


def test_spectator_has_no_hand_and_no_legal_moves() -> None:
    match = Match(Rules.from_preset("classic", seats=4), seed=9)
    view = view_for(match, None).to_dict()
    assert view["seat"] is None and view["hand"] is None and view["legal"] == []
    assert tile_strings_in(view) == set()
    assert view["turn"] == match.turn


def test_legal_moves_only_in_the_view_of_the_seat_on_turn() -> None:
    match = Match(Rules.from_preset("classic", seats=4), seed=9)
    for seat in range(4):
        legal = view_for(match, seat).to_dict()["legal"]
        if seat == match.turn:
            assert legal == [{"type": "play", "tile": "6-6", "end": None, "points": 0}]
        else:
            assert legal == []


def test_fives_legal_moves_carry_the_points_they_would_score() -> None:
    match = make_match("fives", ["5-5 3-1 2-1", "5-0 5-3 2-0"], drawing=False)
    play(match, "5-5")
    legal = view_for(match, 1).to_dict()["legal"]
    by_move = {(m["tile"], m["end"]): m["points"] for m in legal}
    assert by_move == {("5-0", "L"): 10, ("5-0", "R"): 10, ("5-3", "L"): 0, ("5-3", "R"): 0}
    assert view_for(match, 1).to_dict()["count"] == 10


def test_caribbean_legal_draw_and_pass_appear_in_the_view() -> None:
    match = make_match("caribbean", ["6-6 5-5 4-4", "1-0 2-1 3-1"], boneyard="1-1",
                       hand_size=3)
    match.push(Move.play("6-6"))
    assert view_for(match, 1).to_dict()["legal"] == [{"type": "draw"}]
    # one tile per move (1-1, then the rest in id order) until 6-0 comes and fits
    while view_for(match, 1).to_dict()["legal"] == [{"type": "draw"}]:
        match.push(Move.draw())
    assert view_for(match, 1).to_dict()["legal"] == [{"type": "play", "tile": "6-0", "end": e,
                                                      "points": 0} for e in ("L", "R")]


def test_after_the_round_ends_every_hand_is_shown_until_the_next_round() -> None:
    hands = ["6-6 5-5 4-4 5-3", "0-0 1-0 2-0 3-0"]
    match = make_match("fives", hands, drawing=False)
    play(match, "6-6")
    for seat in (None, 0, 1):
        view = view_for(match, seat).to_dict()
        assert view["round_over"] is True
        result = view["result"]
        assert result["result"] == "blocked"
        assert [sorted(h) for h in result["hands"]] == [sorted(["5-5", "4-4", "5-3"]),
                                                         sorted(["0-0", "1-0", "2-0", "3-0"])]
        assert len(result["boneyard"]) == 28 - 8
    match.start_next_round(make_deal(hands))
    view = view_for(match, 0).to_dict()
    assert view["result"] is None and view["round_over"] is False
    assert len(view["rounds"]) == 1 and view["rounds"][0]["result"] == "blocked"
    assert view["round"] == 2
    assert tile_strings_in(view) <= set(view["hand"]) | on_table(view)


def test_match_end_shows_winner_and_reason() -> None:
    match = Match(Rules.from_preset("classic", seats=2), seed=4)
    match.resign(1)
    view = view_for(match, 0).to_dict()
    assert (view["over"], view["winner"], view["end_reason"]) == (True, 0, "resign")
    assert view["turn"] is None and view["legal"] == []


def reachable(obj: object) -> tuple[set[Tile], set[type]]:
    """Every Tile and every type reachable from ``obj`` through its attributes and items."""
    seen: set[int] = set()
    stack: list[object] = [obj]
    tiles: set[Tile] = set()
    types: set[type] = set()
    while stack:
        o = stack.pop()
        if id(o) in seen or isinstance(o, (str, int, float, type(None), type)):
            continue
        seen.add(id(o))
        types.add(type(o))
        if isinstance(o, Tile):
            tiles.add(o)
            continue
        if isinstance(o, dict):
            stack += list(o.keys()) + list(o.values())
        elif isinstance(o, (list, tuple, set, frozenset)):
            stack += list(o)
        else:
            for cls in type(o).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    stack.append(getattr(o, name, None))
            stack += list(getattr(o, "__dict__", {}).values())
    return tiles, types


@pytest.mark.parametrize(("preset", "seats"), [("block", 3), ("draw", 3), ("caribbean", 2),
                                               ("fives", 4)])
def test_view_object_reaches_no_hidden_tile_through_any_attribute(preset: str, seats: int) -> None:
    """RULES.md §10 Privacy holds for the View object itself, not only its JSON: no
    attribute leads to another hand, the boneyard, the sleeping tiles, the Match or its
    Round, nor to a RoundResult of the round being played."""
    match = Match(Rules.from_preset(preset, seats=seats), seed=11)
    rng = random.Random(2)
    for step in range(60):
        if match.over:
            break
        if match.round_over:
            match.start_next_round()
        for seat in (None, *range(seats)):
            view = view_for(match, seat)
            fields = [getattr(view, f) for f in View.__slots__ if f != "rounds"]
            tiles, types = reachable(fields)
            _, past_types = reachable(view.rounds)
            types |= past_types
            if not view.round_over:
                # past rounds are public; everything else shows own hand and table only
                assert tiles <= set(view.hand or ()) | set(view.played), step
                assert all(r.round_no < view.round_no for r in view.rounds), step
                assert view.result is None
            assert not types & {Match, Round, Board, Deal}
        moves = match.legal_moves()
        if moves:
            match.push(moves[int(rng.random() * len(moves))])


@pytest.mark.parametrize("preset", ["classic", "fives", "caribbean"])
def test_view_comes_back_from_its_json(preset: str) -> None:
    """``View.from_dict(v.to_dict())`` is ``v`` (past rounds' ``winner_seat`` aside, which
    the JSON does not carry), at every moment of a match with several rounds and its end."""
    rng = random.Random(4)
    match = Match(Rules.from_preset(preset, seats=4, goal=50), seed=4)
    checked = 0
    while True:
        for seat in (None, 0, 1, 2, 3):
            view = view_for(match, seat)
            back = View.from_dict(json.loads(json.dumps(view.to_dict())))
            assert back.to_dict() == view.to_dict()
            assert back.legal == view.legal and back.hand == view.hand
            assert back.rules == view.rules and back.log == view.log
            checked += 1
        if match.over:
            break
        if match.round_over:
            match.start_next_round()
        else:
            match.push(rng.choice(match.legal_moves()))
    assert match.results and checked > 100


@pytest.mark.parametrize(
    ("preset", "knobs"),
    [("classic", {}), ("draw", {"auto_draw": False}), ("fives", {}), ("caribbean", {})],
)
def test_every_view_holds_the_log_as_it_is_now_in_copies_of_its_own(
    preset: str, knobs: dict[str, Any]
) -> None:
    """After every move, merged draw, round start and copy, each view's log equals the
    round's log, and none of its entries is the core's own dict (views share copies made
    once per entry, so changing one could never reach the core)."""
    rng = random.Random(f"log{preset}")
    match = Match(Rules.from_preset(preset, seats=3, **knobs), seed=7)
    merged = 0
    copies = 0
    while not match.over:
        if match.round_over:
            match.start_next_round()
        else:
            before = len(match.round.log)
            match.push(rng.choice(match.legal_moves()))
            merged += len(match.round.log) == before  # a draw added to the last entry
        for m in (match, match.copy()) if rng.random() < 0.1 else (match,):
            copies += m is not match
            core = m.round.log
            for seat in (None, *range(3)):
                log = view_for(m, seat).log
                assert list(log) == core
                assert not any(a is b for a, b in zip(log, core, strict=True))
    if knobs.get("auto_draw") is False:
        assert merged > 0
    assert copies > 0


@pytest.mark.parametrize("preset", ["classic", "fives", "caribbean"])
def test_views_for_several_seats_are_each_seats_own_view(preset: str) -> None:
    """``views_for`` makes the shared parts once, yet each seat's view is exactly the one
    it gets alone: its own hand, legal moves only for the seat on turn, nothing of another
    seat's; the order and repeats of the seats asked for change nothing."""
    rng = random.Random(f"views{preset}")
    match = Match(Rules.from_preset(preset, seats=4), seed=3)
    everyone: list[int | None] = [None, 0, 1, 2, 3]
    while not match.over:
        together = views_for(match, [3, None, 1, 0, 2, 1])
        assert list(together) == [3, None, 1, 0, 2]
        for seat in everyone:
            alone = views_for(match, [seat])[seat]
            assert together[seat] == alone == view_for(match, seat)
            assert together[seat].to_dict() == alone.to_dict()
        if match.round_over:
            match.start_next_round()
        else:
            match.push(rng.choice(match.legal_moves()))
    with pytest.raises(ValueError):
        views_for(match, [0, 4])
