"""Random whole matches played through the engine and through ``reference_rules`` (a
second, plain implementation of RULES.md §3-§8), compared after every move: whose
turn, the legal moves, every hand, the open ends, the fives count, the scores, and
each round's result, winner, points and next opener."""

from __future__ import annotations

import random

import pytest
from reference_rules import RefRound, TileT, first_opener, side_of

from domino_core import ALL_TILES, Deal, Match, Move, Rules, Tile, view_for

CONFIGS = [(p, s, {}) for p in ("classic", "draw", "block", "fives", "caribbean", "batida")
           for s in (2, 3, 4)]
CONFIGS += [
    ("draw", 4, {"teams": True}), ("block", 4, {"teams": True}), ("fives", 4, {"teams": True}),
    ("caribbean", 4, {"teams": False}), ("classic", 4, {"teams": False}),
    ("caribbean", 3, {"auto_draw": True}), ("classic", 3, {"auto_draw": False}),
    ("caribbean", 2, {"closed_table": "all_pass"}), ("draw", 3, {"closed_table": "at_once"}),
    ("block", 3, {"next_opener": "rotate"}), ("classic", 3, {"next_opener": "winner"}),
    ("caribbean", 4, {"next_opener": "winner"}), ("fives", 3, {"hand_size": 3}),
    ("caribbean", 3, {"drawing": False}), ("fives", 2, {"drawing": False}),
    ("fives", 3, {"next_opener": "rotate"}),
    ("block", 4, {"teams": True, "closed_table": "at_once"}),
    ("batida", 4, {"teams": False}), ("batida", 3, {"batida_points": [1, 2, 3, 6]}),
    ("caribbean", 4, {"scoring": "batida"}), ("draw", 3, {"scoring": "batida"}),
    ("batida", 2, {"scoring": "pips"}), ("batida", 4, {"blocked_points": 0}),
]
IDS = [f"{p}-{s}-{'-'.join(f'{k}={v}' for k, v in kn.items())}" for p, s, kn in CONFIGS]
MATCHES = 4


def shuffled_deal(rules: Rules, rng: random.Random) -> Deal:
    tiles = list(ALL_TILES)
    k = rules.hand_size
    while True:
        rng.shuffle(tiles)
        hands = [tiles[i * k:(i + 1) * k] for i in range(rules.seats)]
        if rules.redeal_doubles is None or all(
                sum(t.is_double for t in h) < rules.redeal_doubles for h in hands):
            return Deal(tuple(tuple(h) for h in hands), tuple(tiles[rules.seats * k:]))


def ref_round(rules: Rules, deal: Deal, opener: int, forced: TileT | None,
              scores: list[int]) -> RefRound:
    return RefRound(rules, [{(t.high, t.low) for t in h} for h in deal.hands],
                    [(t.high, t.low) for t in deal.boneyard], opener, forced, scores)


def engine_hands(match: Match) -> list[set[TileT]]:
    return [{(t.high, t.low) for t in match.hand(s)} for s in range(match.rules.seats)]


def compare(match: Match, ref: RefRound, where: str) -> None:
    view = view_for(match, None)
    assert match.turn == ref.turn, where
    assert engine_hands(match) == ref.hands, where
    assert view.ends == ref.ends(), where
    if match.rules.fives:
        assert view.count == (ref.count() if ref.line else 0), where
    assert list(match.scores) == ref.scores, where
    assert match.round_over == (ref.result is not None), where
    if match.rules.drawing:
        assert view.boneyard == len(ref.boneyard), where
    if match.turn is not None:
        assert sorted(str(m) for m in match.legal_moves()) == sorted(ref.legal()), where


def play_both(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    deal = shuffled_deal(rules, rng)
    match = Match(rules, deals=[deal])
    scores = [0] * rules.sides
    opener, forced = first_opener(ref_round(rules, deal, 0, None, scores).hands)
    ref = ref_round(rules, deal, opener, forced, scores)
    for round_no in range(1, 40):
        where = f"seed {seed} round {round_no}"
        assert match.opener == ref.opener, where
        compare(match, ref, where)
        while match.turn is not None:
            moves = sorted(match.legal_moves(), key=str)
            move = moves[int(rng.random() * len(moves))]
            if move.kind == "play" and move.end is None and rng.random() < 0.5:
                assert move.tile is not None
                move = Move.play(f"{move.tile.low}-{move.tile.high}")
            here = f"{where} after {move} (turn {match.turn})"
            match.push(move)
            if move.kind == "draw":
                ref.draw()
                ref.auto()  # a pass the draw leaves is made for the seat
            elif move.kind == "pass":
                ref.pass_()
            else:
                assert move.tile is not None
                ref.play((move.tile.high, move.tile.low), move.end, move.left)
            compare(match, ref, here)
        got = match.results[-1]
        assert ref.award is not None and ref.result is not None
        assert (got.result, got.winner, got.points, got.batida) == (
            ref.result, ref.award.side, ref.award.points, ref.award.batida), where
        assert list(got.pips) == [sum(a + b for a, b in h) for h in ref.hands], where
        assert list(got.fives) == ref.fives_log, where
        reached = [x for x in range(rules.sides) if scores[x] >= rules.goal]
        assert match.over == bool(reached), where
        if match.over:
            assert match.winner == reached[0], where
            return
        if rules.next_opener == "winner" and ref.award.seat is not None:
            nxt = ref.award.seat
        else:
            nxt = (ref.opener + 1) % rules.seats
        deal = shuffled_deal(rules, rng)
        match.start_next_round(deal)
        ref = ref_round(rules, deal, nxt, None, scores)
    raise AssertionError(f"seed {seed}: no winner after 40 rounds")


@pytest.mark.parametrize(("preset", "seats", "knobs"), CONFIGS, ids=IDS)
def test_engine_agrees_with_the_reference_rules_move_by_move(preset: str, seats: int,
                                                             knobs: dict[str, object]) -> None:
    batida = preset == "batida" and knobs.get("scoring") != "pips"
    goal = 6 if batida or knobs.get("scoring") == "batida" else 100
    rules = Rules.from_preset(preset, seats=seats, goal=goal, **knobs)
    for seed in range(MATCHES):
        play_both(rules, seed * 7919 + seats)


def test_reference_side_of_matches_rules() -> None:
    rules = Rules.from_preset("fives", seats=4, teams=True)
    assert [side_of(rules, s) for s in range(4)] == [rules.side_of(s) for s in range(4)]
    assert Tile(6, 6).is_double
