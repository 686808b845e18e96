"""The engine's fast paths for search and benchmarks, against the rule book:
``Round.shuffled`` (a deal without :class:`Deal` objects) and ``Round.playout`` (the
bitmask loop outside fives, the general loop in fives).

Hypothesis draws a configuration (every preset at 2, 3 and 4 seats, teams, and the
knobs the fast loop reads: ``closed_table``, ``drawing``), a seed, and how many
random moves to push before the playout, so that it starts from the opening and from
positions inside the round. The award is compared with ``tests/core/reference_rules``,
the plain second reading of RULES.md §6, as well as with the engine's scoring functions.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from reference_rules import BATIDA_ROW, first_opener, norm, round_award

from domino_core import ALL_TILES, Move, Rules
from domino_core.round import Round
from domino_core.scoring import score_blocked, score_domino
from domino_core.tiles import DOUBLES_MASK, ids_of

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    (p, s, {}) for p in ("classic", "draw", "block", "fives", "caribbean", "batida")
    for s in (2, 3, 4)]
CONFIGS += [
    ("draw", 4, {"teams": True}), ("block", 4, {"teams": True}), ("fives", 4, {"teams": True}),
    ("caribbean", 4, {"teams": False}), ("classic", 3, {"closed_table": "at_once"}),
    ("block", 3, {"closed_table": "at_once"}), ("caribbean", 2, {"closed_table": "all_pass"}),
    ("draw", 2, {"drawing": False}), ("classic", 2, {"redeal_doubles": 2}),
    ("caribbean", 4, {"next_opener": "winner"}), ("batida", 4, {"teams": False}),
    ("caribbean", 4, {"scoring": "batida"}), ("draw", 3, {"scoring": "batida"}),
]
FULL = (1 << 28) - 1


def _rules(config: tuple[str, int, dict[str, Any]]) -> Rules:
    preset, seats, knobs = config
    if preset == "batida" or knobs.get("scoring") == "batida":
        goal = 12  # the longest batida match (RULES.md §6b)
    else:
        goal = 300 if preset != "classic" else 100
    return Rules.from_preset(preset, seats=seats, goal=goal, **knobs)


def _pairs(mask: int) -> set[tuple[int, int]]:
    return {norm(ALL_TILES[t].high, ALL_TILES[t].low) for t in ids_of(mask)}


def check_deal(r: Round) -> None:
    """RULES.md §2-§3 on a freshly shuffled round."""
    rules = r.rules
    k = rules.hand_size
    assert [h.bit_count() for h in r.hands] == [k] * rules.seats
    assert len(r.bone) == 28 - rules.seats * k and r.bone_pos == 0
    dealt = 0
    for h in r.hands:
        assert dealt & h == 0
        dealt |= h
    assert dealt | sum(1 << t for t in r.bone) == FULL
    if rules.redeal_doubles is not None:
        assert all((h & DOUBLES_MASK).bit_count() < rules.redeal_doubles for h in r.hands)
    seat, tile = first_opener([_pairs(h) for h in r.hands])
    assert (r.opener, r.turn) == (seat, seat)
    assert r.forced is not None and (ALL_TILES[r.forced].high, ALL_TILES[r.forced].low) == tile
    assert [m.tile for m in r.legal_moves()] == [ALL_TILES[r.forced]]


def check_end(r: Round, scores_before: list[int], fives_before: int) -> None:
    """A round finished by a playout ends in a state RULES.md allows, scored by §6;
    the scores grew by the fives scored after the first ``fives_before`` and the award."""
    assert r.over and r.turn is None and r.award is not None and r.end is not None
    rules = r.rules
    left = r.bone[r.bone_pos:] if rules.drawing else r.bone
    seen = 0
    for mask in [*r.hands, r.board.placed, sum(1 << t for t in left)]:
        assert seen & mask == 0, "a tile is in two places"
        seen |= mask
    assert seen == FULL, "a tile went missing"
    playable = r.board.playable_mask()
    hands = [_pairs(h) for h in r.hands]
    out_seat = None
    if r.end == "domino":
        out_seat = r.award.seat
        assert out_seat is not None and r.hands[out_seat] == 0
        if rules.batida:
            # which batida needs the last tile, gone from the state: check it is one
            assert r.award.batida is not None and r.award.points == rules.batida_points[
                BATIDA_ROW[r.award.batida]]
        else:
            assert r.award == score_domino(rules, r.hands, out_seat)
    elif r.end == "blocked":
        assert all(r.hands), "blocked, yet a hand is empty"
        if rules.closed_table == "all_pass":
            assert not any(h & playable for h in r.hands), "blocked, yet a seat could play"
            assert not rules.drawing or r.bone_pos == len(r.bone), "blocked, yet tiles to draw"
            assert r.passes == rules.seats, "blocked before everyone passed"
        else:
            asleep = 0 if rules.drawing else sum(1 << t for t in r.bone)
            assert playable & ~(r.board.placed | asleep) == 0, "blocked, yet a tile could fit"
            assert r.passes == 0, "blocked only after passes, not at the play that closed it"
        assert r.award == score_blocked(rules, r.hands, r.opener)
    else:
        assert r.end == "goal" and rules.fives and max(r.scores) >= rules.goal
        return
    ref = round_award(rules, hands, r.end, out_seat, r.opener, r.award.batida)
    assert (r.award.side, r.award.points, r.award.seat) == (ref.side, ref.points, ref.seat)
    gained = [a - b for a, b in zip(r.scores, scores_before, strict=True)]
    in_round = [0] * rules.sides
    for side, pts in r.fives[fives_before:]:
        in_round[side] += pts
    if r.award.side is not None:
        in_round[r.award.side] += r.award.points
    assert gained == in_round


@settings(max_examples=250, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1),
       before=st.integers(0, 12))
def test_shuffled_deals_by_the_rules_and_playout_ends_the_round_by_the_rules(
        config: tuple[str, int, dict[str, Any]], seed: int, before: int) -> None:
    rules = _rules(config)
    rng = random.Random(seed)
    r = Round.shuffled(rules, rng)
    check_deal(r)
    for _ in range(before):  # random moves through the full engine first
        if r.over:
            break
        r.push(rng.choice(r.legal_moves()))
    if r.over:
        return
    scores_before = list(r.scores)
    fives_before = list(r.fives)
    r.playout(rng)
    assert r.fives[: len(fives_before)] == fives_before
    check_end(r, scores_before, len(fives_before))


def _plain_deal(rules: Rules, rng: random.Random) -> tuple[list[int], list[int]]:
    """``deal_masks``' documented draw, step by step: Fisher-Yates over the 28 ids read
    from one ``getrandbits(128)`` in mixed radix 28, 27, ..., 2, dealt again while a
    hand holds ``redeal_doubles`` doubles."""
    n, k = rules.seats, rules.hand_size
    while True:
        ids = list(range(28))
        r = rng.getrandbits(128)
        for i in range(27, 0, -1):
            r, j = divmod(r, i + 1)
            ids[i], ids[j] = ids[j], ids[i]
        hands = [sum(1 << t for t in ids[s * k:(s + 1) * k]) for s in range(n)]
        redeal = rules.redeal_doubles
        if redeal is None or all((h & DOUBLES_MASK).bit_count() < redeal for h in hands):
            return hands, ids[n * k:]


@settings(max_examples=60, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_shuffled_deals_as_the_plain_draw_does_at_every_hand_size(
        config: tuple[str, int, dict[str, Any]], seed: int) -> None:
    base = _rules(config)
    for hand_size in range(1, 28 // base.seats + 1):
        with contextlib.suppress(ValueError):  # a redeal rule no deal of this size meets
            rules = base.with_(hand_size=hand_size)
            fast, plain = random.Random(seed), random.Random(seed)
            for _ in range(3):
                r = Round.shuffled(rules, fast)
                assert (r.hands, r.bone) == _plain_deal(rules, plain)
            assert fast.getstate() == plain.getstate()


@settings(max_examples=150, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_legal_moves_follow_legal_plays_and_a_shared_move_pushes_as_an_equal_one(
        config: tuple[str, int, dict[str, Any]], seed: int) -> None:
    """The tables behind ``legal_moves`` and ``push``'s fast paths (shared moves) give the
    plays of ``legal_plays`` in its order, and the same log, record and state as the same
    move made elsewhere (``Move.parse``), which takes the general path."""
    rules = _rules(config)
    rng = random.Random(seed)
    r = Round.shuffled(rules, rng)
    while not r.over:
        moves = r.legal_moves()
        plays = r.legal_plays()
        if plays:
            assert [(m.tile, m.end) for m in moves] == [
                (ALL_TILES[t], None if e is None else "LRUD"[e]) for t, e in plays]
        move = moves[int(rng.random() * len(moves))]
        other = r.copy()
        events = r.push(move)
        assert other.push(Move.parse(str(move))) == events
        assert (other.log, other.plays, other.hands, other.turn, other.passes, other.end,
                other.award, other.board.ends, other.board.arms, other.board.placed) == (
            r.log, r.plays, r.hands, r.turn, r.passes, r.end, r.award, r.board.ends,
            r.board.arms, r.board.placed)
