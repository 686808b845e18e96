"""Property tests over random deals and random legal play, every preset at 2, 3 and 4
seats (and teams at 4): tiles accounted for, rounds end, only legal moves offered and
accepted, no view leaks a hidden tile, and a written record replays to the same result."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino_core import ALL_TILES, IllegalMove, Match, Move, Rules, Tile, view_for
from domino_core.record import write_record
from domino_core.record_replay import replay

CONFIGS = [(p, s, None) for p in ("classic", "draw", "block", "fives", "caribbean", "batida")
           for s in (2, 3, 4)]
CONFIGS += [("draw", 4, True), ("block", 4, True), ("fives", 4, True), ("caribbean", 4, False),
            ("batida", 4, False)]
IDS = [f"{p}-{s}{'' if t is None else ('-teams' if t else '-solo')}" for p, s, t in CONFIGS]

#: What a round's result says (``batida`` only under batida scoring, on a domino).
RESULT_KEYS = ("result", "winner", "points", "pips", "fives", "batida")
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
MAX_PUSHES_PER_ROUND = 200  # a round has at most 28 plays and as many passes/draws
ALL_MOVES = ([Move.play(t, e) for t in ALL_TILES for e in ("L", "R", "U", "D")]
             + [Move.draw(), Move.pass_()])


def make_rules(preset: str, seats: int, teams: bool | None) -> Rules:
    knobs = {} if teams is None else {"teams": teams}
    # batida plays to 6 (RULES.md §6b), the others to 100
    return Rules.from_preset(preset, seats=seats, goal=None if preset == "batida" else 100,
                             **knobs)


def norm(text: str) -> str:
    return str(Tile.parse(text.split()[0]))


def snapshot(match: Match) -> str:
    seats: list[int | None] = [None, *range(match.rules.seats)]
    return json.dumps([view_for(match, s).to_dict() for s in seats], sort_keys=True)


def tile_strings(view: dict[str, Any]) -> set[str]:
    text = json.dumps({k: v for k, v in view.items() if k != "rounds"})
    return {s for s in (str(t) for t in ALL_TILES) if f'"{s}"' in text
            or f'"{s[::-1]}"' in text}


def check_position(match: Match, rng: random.Random) -> None:
    """Every invariant that must hold at any moment of a round being played."""
    n = match.rules.seats
    views = [view_for(match, s).to_dict() for s in range(n)]
    public = view_for(match, None).to_dict()
    table = [norm(e["tile"]) for e in public["log"] if e["type"] == "play"]
    hands = [list(v["hand"]) for v in views]
    # the 28 tiles: hands + table + boneyard (+ sleeping), each exactly once
    held = [t for h in hands for t in h] + table
    assert len(held) == len(set(held))
    assert len(held) + public["boneyard"] + public["sleeping"] == 28
    assert public["hand_counts"] == [len(h) for h in hands]
    arms = public["board"]["arms"]
    assert sum(len(a) for a in arms.values()) + (public["board"]["center"] is not None) \
        == len(table)
    # no view holds a tile it must not see
    assert tile_strings(public) <= set(table)
    for seat, view in enumerate(views):
        assert tile_strings(view) <= set(hands[seat]) | set(table), seat
    # only legal moves are offered, and each offered one is accepted
    legal = match.legal_moves()
    assert legal and match.turn is not None
    in_view = sorted(f"{m['type']} {m.get('tile')} {m.get('end')}"
                     for m in views[match.turn]["legal"])
    assert in_view == sorted(f"{m.kind} {m.tile} {m.end}" for m in legal)
    for move in legal:
        match.copy().push(move)
    for s in range(n):
        if s != match.turn:
            assert views[s]["legal"] == []
    # a move not offered is refused and changes nothing
    offered = set(legal)
    opening = public["board"]["center"] is None
    pool = [m for m in ALL_MOVES if m not in offered]
    if opening:
        pool += [Move.play(t) for t in ALL_TILES if Move.play(t) not in offered]
    bad = rng.choice(pool)
    before = snapshot(match)
    with pytest.raises(IllegalMove):
        match.push(bad)
    assert snapshot(match) == before


def play_round(match: Match, rng: random.Random, check: bool) -> dict[str, Any]:
    for _ in range(MAX_PUSHES_PER_ROUND):
        if match.round_over:
            break
        if check:
            check_position(match, rng)
        match.push(rng.choice(match.legal_moves()))
    assert match.round_over, "the round did not end"
    result = view_for(match, None).to_dict()["result"]
    # after the round every hand is shown: the hands and the table hold all tiles
    shown = [t for h in result["hands"] for t in h] + result["boneyard"]
    assert len(shown) == len(set(shown))
    return {k: result.get(k) for k in RESULT_KEYS}


def play_match(rules: Rules, deal_seed: int, play_seed: int, max_rounds: int,
               check: bool) -> tuple[Match, list[dict[str, Any]]]:
    match = Match(rules, seed=deal_seed)
    rng = random.Random(play_seed)
    results = []
    while True:
        results.append(play_round(match, rng, check))
        if match.over or len(results) >= max_rounds:
            break
        match.start_next_round()
    return match, results


def assert_replays_to(match: Match, results: list[dict[str, Any]]) -> None:
    record = write_record(match)
    out = replay(json.loads(json.dumps(record)))
    assert out["score"] == match.scores
    assert out["winner"] == match.winner and out["over"] == match.over
    assert [{k: r.get(k) for k in RESULT_KEYS} for r in out["rounds"]] == results


@pytest.mark.parametrize(("preset", "seats", "teams"), CONFIGS, ids=IDS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal_seed=SEEDS, play_seed=SEEDS)
def test_random_play_invariants_hold_at_every_move(preset: str, seats: int, teams: bool | None,
                                                   deal_seed: int, play_seed: int) -> None:
    rules = make_rules(preset, seats, teams)
    match, results = play_match(rules, deal_seed, play_seed, max_rounds=2, check=True)
    assert_replays_to(match, results)


@pytest.mark.parametrize(("preset", "seats", "teams"), CONFIGS, ids=IDS)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal_seed=SEEDS, play_seed=SEEDS)
def test_random_whole_match_ends_and_its_record_replays_to_the_same_result(
        preset: str, seats: int, teams: bool | None, deal_seed: int, play_seed: int) -> None:
    rules = make_rules(preset, seats, teams)
    match, results = play_match(rules, deal_seed, play_seed, max_rounds=60, check=False)
    assert match.over and match.winner is not None
    assert max(match.scores) >= rules.goal
    assert match.scores[match.winner] == max(match.scores)
    assert_replays_to(match, results)
