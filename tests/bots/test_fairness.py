"""A bot is given a view and nothing else: it cannot reach hidden tiles."""

from __future__ import annotations

import dataclasses
import random

import pytest

from domino_core import Deal, Match, Move, Rules, Tile, view_for
from domino_core.bots import LEVELS, choose_move
from domino_core.bots.batida_reading import past_plays
from domino_core.bots.knowledge import knowledge_from, parse_pair
from domino_core.bots.sampling import Sampler


def _all_tiles() -> list[Tile]:
    return [Tile.from_id(i) for i in range(28)]


def _walk(value: object, seen: set[int]) -> list[object]:
    """Every value reachable from ``value`` through dataclass fields and containers."""
    if id(value) in seen:
        return []
    seen.add(id(value))
    out = [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out += _walk(getattr(value, f.name), seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            out += _walk(k, seen) + _walk(v, seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            out += _walk(v, seen)
    return out


def test_a_view_holds_no_match_and_no_hidden_tile() -> None:
    match = Match(Rules.from_preset("draw", seats=3, goal=100), seed=5)
    view = view_for(match, match.turn)
    reachable = _walk(view, set())
    assert not [v for v in reachable if isinstance(v, Match)]
    hidden = {t for s in range(3) if s != view.seat for t in match.hand(s)}
    hidden |= set(match.deal.boneyard)
    assert hidden
    assert not [v for v in reachable if isinstance(v, Tile) and v in hidden]
    assert not [v for v in reachable if isinstance(v, str) and v in {str(t) for t in hidden}]


def _deal_with_others_shuffled(seed: int) -> tuple[Deal, Deal]:
    """Two deals where seat 0 holds the same hand (6-6 and three other sixes), seat 1 no six,
    and the hidden tiles (seat 1's hand, the sleeping tiles) differ."""
    rng = random.Random(seed)
    tiles = _all_tiles()
    sixes = [t for t in tiles if 6 in t and t != Tile(6, 6)]
    others = [t for t in tiles if 6 not in t]
    mine = [Tile(6, 6), *rng.sample(sixes, 3), *rng.sample(others, 3)]
    deals = []
    for _ in range(2):
        pool = [t for t in others if t not in mine]
        rng.shuffle(pool)
        rest = [t for t in tiles if t not in mine and t not in pool[:7]]
        rng.shuffle(rest)
        deals.append(Deal((tuple(mine), tuple(pool[:7])), tuple(rest)))
    return deals[0], deals[1]


@pytest.mark.parametrize("preset", ["block", "batida"])
@pytest.mark.parametrize("level", LEVELS)
def test_the_move_depends_on_the_view_only(level: str, preset: str) -> None:
    """The same view over different hidden tiles gives the same move for the same seed
    (by batida too, where the hard player's search plays out on its own bitmasks)."""
    rules = Rules.from_preset(preset, seats=2, goal=6 if preset == "batida" else 100)
    compared = 0
    for seed in range(6):
        a, b = _deal_with_others_shuffled(seed)
        assert a.hands[1] != b.hands[1]
        ma, mb = Match(rules, deals=[a]), Match(rules, deals=[b])
        ma.push(ma.legal_moves()[0])  # 6-6, seat 0 on turn again only if seat 1 passes
        mb.push(mb.legal_moves()[0])
        # Walk both matches on, same moves for seat 0, until their views differ.
        while ma.turn == 0 and mb.turn == 0 and not ma.round_over:
            va, vb = view_for(ma, 0), view_for(mb, 0)
            if va.to_dict() != vb.to_dict():
                break
            move_a = choose_move(va, level=level, seed=seed, playouts=200)
            move_b = choose_move(vb, level=level, seed=seed, playouts=200)
            assert move_a == move_b
            compared += 1
            ma.push(move_a)
            mb.push(move_b)
    assert compared >= 6


def test_a_spectator_view_is_refused() -> None:
    match = Match(Rules.from_preset("classic", seats=2, goal=100), seed=1)
    with pytest.raises(ValueError, match="spectator"):
        choose_move(view_for(match, None), level="nino")


def test_the_hard_player_reading_plays_by_batida_sees_no_hidden_tile() -> None:
    """4-seat batida, round 1, positions where Vó Quelônia reads three or more plays of
    the others (``batida_reading``): the same public play over another deal of the hidden
    tiles (one its sampler could draw) gives the same view and the same move."""
    rules = Rules.from_preset("batida", seats=4)
    compared = 0
    for game in range(8):
        match = Match(rules, seed=70 + game)
        moves: list[Move] = []
        while not match.round_over and compared < 6:
            seat = match.turn
            assert seat is not None
            view = view_for(match, seat)
            k = knowledge_from(view)
            if len(past_plays(k)) >= 3 and len(k.legal) >= 2:
                world = Sampler(k).sample(random.Random(game))
                laid = {s: [parse_pair(str(e["tile"])) for e in k.log
                            if e.get("type") == "play" and e["seat"] == s] for s in range(4)}
                hands = tuple(tuple(Tile(*t) for t in (*world.hands[s], *laid[s]))
                              for s in range(4))
                other = Match(rules, deals=[Deal(hands, tuple(Tile(*t) for t in world.boneyard))])
                for m in moves:
                    other.push(m)
                twin = view_for(other, seat)
                assert twin.to_dict() == view.to_dict()
                if any(other.hand(s) != match.hand(s) for s in range(4) if s != seat):
                    a = choose_move(view, level="hard", seed=game, playouts=300)
                    assert choose_move(twin, level="hard", seed=game, playouts=300) == a
                    compared += 1
            move = choose_move(view, level="nino")
            moves.append(move)
            match.push(move)
    assert compared >= 6
