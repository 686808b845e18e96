"""RULES.md §1 (seats, teams) and the §9 preset table, row by row."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

import pytest
from core_helpers import tiles

from domino_core import ALL_TILES, PRESETS, Deal, IllegalDeal, Match, RoundResult, Rules, view_for


def rules(preset: str, seats: int, **knobs: object) -> Rules:
    return Rules.from_preset(preset, seats=seats, **knobs)


def test_presets_are_the_six_of_the_rule_book() -> None:
    assert tuple(PRESETS) == ("classic", "draw", "block", "fives", "caribbean", "batida")


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "fives", "caribbean", "batida"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_preset_row_seats_every_preset_plays_at_2_3_and_4(preset: str, seats: int) -> None:
    """A round deals ``seats`` hands and the turn goes round every seat in order (§1)."""
    for round_seen in _random_rounds(rules(preset, seats), games=2):
        assert len(round_seen.deal.hands) == seats
        turns = [e["seat"] for e in round_seen.log if e["type"] in ("play", "draw", "pass")]
        movers = [s for i, s in enumerate(turns) if i == 0 or turns[i - 1] != s]
        assert movers == [(round_seen.opener + i) % seats for i in range(len(movers))]


@pytest.mark.parametrize("seats", [1, 5, 0])
def test_seats_outside_2_to_4_are_refused(seats: int) -> None:
    with pytest.raises(ValueError):
        rules("classic", seats)


def test_preset_row_teams_at_4() -> None:
    assert rules("classic", 4).teams is True  # always
    assert rules("draw", 4).teams is False  # off (option)
    assert rules("block", 4).teams is False
    assert rules("fives", 4).teams is False
    assert rules("caribbean", 4).teams is True  # on (option off)
    assert rules("batida", 4).teams is True  # on (option off)
    assert rules("batida", 4, teams=False).teams is False
    assert rules("draw", 4, teams=True).teams is True
    assert rules("block", 4, teams=True).teams is True
    assert rules("fives", 4, teams=True).teams is True
    assert rules("caribbean", 4, teams=False).teams is False


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "fives", "caribbean", "batida"])
@pytest.mark.parametrize("seats", [2, 3])
def test_teams_need_four_seats(preset: str, seats: int) -> None:
    assert rules(preset, seats).teams is False
    with pytest.raises(ValueError):
        rules(preset, seats, teams=True)


def test_teams_are_seats_0_2_and_1_3() -> None:
    r = rules("classic", 4)
    assert r.sides == 2
    assert [r.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    solo = rules("draw", 4)
    assert solo.sides == 4 and [solo.side_of(s) for s in range(4)] == [0, 1, 2, 3]


@pytest.mark.parametrize(("preset", "sizes"), [
    ("classic", (7, 7, 7)), ("draw", (7, 5, 5)), ("block", (7, 7, 7)),
    ("fives", (7, 5, 5)), ("caribbean", (7, 7, 7)), ("batida", (7, 7, 6)),
])
def test_preset_row_hand_size(preset: str, sizes: tuple[int, int, int]) -> None:
    assert tuple(rules(preset, s).hand_size for s in (2, 3, 4)) == sizes


def test_preset_row_drawing() -> None:
    assert rules("classic", 2).drawing and rules("classic", 3).drawing
    assert all(rules("draw", s).drawing for s in (2, 3, 4))
    assert not any(rules("block", s).drawing for s in (2, 3, 4))  # extra tiles sleep
    assert all(rules("fives", s).drawing for s in (2, 3, 4))
    assert rules("caribbean", 2).drawing and rules("caribbean", 3).drawing
    assert not any(rules("batida", s).drawing for s in (2, 3, 4))  # extra tiles sleep


def test_preset_row_redeal_doubles() -> None:
    assert rules("classic", 4).redeal_doubles == 4
    assert all(rules("batida", s).redeal_doubles == 5 for s in (2, 3, 4))
    for preset in ("draw", "block", "fives", "caribbean"):
        assert rules(preset, 4).redeal_doubles is None


def test_preset_row_next_opener() -> None:
    assert {p: rules(p, 2).next_opener for p in PRESETS} == {
        "classic": "rotate", "draw": "winner", "block": "winner", "fives": "winner",
        "caribbean": "rotate", "batida": "winner"}


def test_preset_row_closed_table() -> None:
    assert {p: rules(p, 2).closed_table for p in PRESETS} == {
        "classic": "all_pass", "draw": "all_pass", "block": "all_pass", "fives": "all_pass",
        "caribbean": "at_once", "batida": "all_pass"}


def test_preset_row_auto_draw() -> None:
    assert rules("classic", 2).auto_draw and rules("draw", 2).auto_draw
    assert rules("fives", 2).auto_draw
    assert rules("caribbean", 2).auto_draw is False  # the player clicks the boneyard


def test_scoring_column_of_each_preset() -> None:
    assert {p: rules(p, 2).scoring for p in PRESETS} == {
        "classic": "classic", "draw": "standard", "block": "standard", "fives": "fives",
        "caribbean": "caribbean", "batida": "batida"}


@pytest.mark.parametrize("goal", [50, 100])
def test_preset_row_goal_classic_offers_50_and_100(goal: int) -> None:
    assert rules("classic", 2, goal=goal).goal == goal


@pytest.mark.parametrize("preset", ["draw", "block", "fives", "caribbean"])
@pytest.mark.parametrize("goal", [50, 150, 300])
def test_preset_row_goal_others_take_50_to_300(preset: str, goal: int) -> None:
    assert rules(preset, 2, goal=goal).goal == goal


def test_default_goal_is_100() -> None:
    assert rules("fives", 2).goal == 100


@pytest.mark.parametrize(("preset", "goal"), [
    ("classic", 75), ("classic", 150), ("draw", 40), ("fives", 310), ("caribbean", 0)])
def test_goal_outside_the_preset_choices_is_refused(preset: str, goal: int) -> None:
    """RULES.md §8/§9: classic 50 or 100; elsewhere 50..300."""
    with pytest.raises(ValueError):
        rules(preset, 2, goal=goal)


# -- every knob may be set on its own (§9): the classic preset at 2 seats with one knob
# changed plays as that knob says, and still scores as classic.


@dataclass
class RoundSeen:
    """One round of a random match: its deal, opener, public log, result, and the move
    kinds the rules offered along the way."""

    deal: Deal
    opener: int
    log: list[dict[str, Any]]
    result: RoundResult
    offered: set[str]


def _random_rounds(r: Rules, games: int = 12) -> list[RoundSeen]:
    """Every round of ``games`` seeded matches played with random legal moves."""
    out: list[RoundSeen] = []
    for g in range(games):
        match = Match(r, seed=g)
        rng = random.Random(g)
        while not match.over:
            if match.round_over:
                match.start_next_round()
            deal, opener, offered = match.deal, match.opener, set()
            while not match.round_over:
                legal = match.legal_moves()
                offered |= {m.kind for m in legal}
                match.push(rng.choice(legal))
            out.append(RoundSeen(deal, opener, list(match.round.log), match.results[-1], offered))
    return out


CLASSIC_2 = rules("classic", 2)


def test_knob_hand_size_deals_that_many_tiles() -> None:
    for seen in _random_rounds(rules("classic", 2, hand_size=6), games=3):
        assert [len(h) for h in seen.deal.hands] == [6, 6] and len(seen.deal.boneyard) == 16


def test_knob_drawing_off_puts_the_rest_to_sleep() -> None:
    assert any(e["type"] == "draw" for seen in _random_rounds(CLASSIC_2) for e in seen.log)
    no_drawing = rules("classic", 2, drawing=False)
    assert not any(e["type"] == "draw" for seen in _random_rounds(no_drawing) for e in seen.log)
    view = view_for(Match(no_drawing, seed=1), 0)
    assert (view.boneyard, view.sleeping) == (0, 14)


def test_knob_redeal_doubles_off_keeps_a_hand_of_four_doubles() -> None:
    hands = (tiles("6-6 5-5 4-4 3-3 2-1 3-1 4-1"), tiles("6-0 5-0 4-0 3-0 2-0 1-0 5-1"))
    rest = tuple(t for t in ALL_TILES if t not in hands[0] + hands[1])
    deal = Deal(hands, rest)
    with pytest.raises(IllegalDeal):
        Match(CLASSIC_2, deals=[deal])
    kept = Match(rules("classic", 2, redeal_doubles=None), deals=[deal])
    assert set(kept.hand(0)) == set(hands[0])


def test_knob_next_opener_winner_gives_the_next_round_to_the_winner() -> None:
    def openers(r: Rules) -> list[tuple[int, int | None, int]]:
        """(opener, previous winner seat, previous opener) of every round after a first."""
        seen = _random_rounds(r)
        return [(b.opener, a.result.winner_seat, a.opener) for a, b in itertools.pairwise(seen)
                if b.result.round_no > 1]

    rotate = openers(CLASSIC_2)
    assert all(o == (prev + 1) % 2 for o, _, prev in rotate)
    winner = openers(rules("classic", 2, next_opener="winner"))
    assert all(o == (w if w is not None else (prev + 1) % 2) for o, w, prev in winner)
    # Winners open again: the rule shows, not only a rotation that happens to agree.
    assert any(o == prev for o, _, prev in winner)


def test_knob_closed_table_at_once_blocks_without_anyone_passing() -> None:
    def last_moves(r: Rules) -> list[str]:
        """The move before the end of every blocked round."""
        out = []
        for seen in _random_rounds(r, games=30):
            if seen.result.result == "blocked":
                moves = [e for e in seen.log if e["type"] in ("play", "draw", "pass")]
                out.append(moves[-1]["type"])
        return out

    all_pass = last_moves(CLASSIC_2)
    at_once = last_moves(rules("classic", 2, closed_table="at_once"))
    assert all_pass and set(all_pass) == {"pass"}
    assert at_once and set(at_once) == {"play"}


def test_knob_auto_draw_off_lets_the_player_draw_and_still_passes_for_them() -> None:
    assert not any({"draw", "pass"} & s.offered for s in _random_rounds(CLASSIC_2, games=3))
    manual = _random_rounds(rules("classic", 2, auto_draw=False), games=3)
    assert any("draw" in s.offered for s in manual)
    # RULES.md §4: a forced pass is made for the seat even where drawing is by hand.
    assert not any("pass" in s.offered for s in manual)
    assert any(e["type"] == "pass" for s in manual for e in s.log)
    # One tile per draw: the player clicks for each.
    assert all(e["count"] >= 1 for s in manual for e in s.log if e["type"] == "draw")


@pytest.mark.parametrize("knob", [
    {"hand_size": 6}, {"drawing": False}, {"redeal_doubles": None}, {"next_opener": "winner"},
    {"closed_table": "at_once"}, {"auto_draw": False}])
def test_a_knob_set_on_its_own_keeps_the_classic_scoring(knob: dict[str, Any]) -> None:
    blocked = 0
    for seen in _random_rounds(rules("classic", 2, **knob), games=12):
        r = seen.result
        if r.winner is not None:
            # classic (§6): the winner takes the opponent's pips, its own never subtracted
            assert r.points == sum(r.pips) - r.pips[r.winner]
            blocked += r.result == "blocked" and r.pips[r.winner] > 0
    assert blocked


def test_rules_round_trip_through_the_record_object() -> None:
    r = rules("fives", 4, goal=150, teams=True, drawing=False)
    assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_dict({"preset": "fives", "seats": 4, "goal": 150, "teams": True,
                            "drawing": False}) == r


def test_unknown_preset_and_knob_are_refused_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="poker"):
        rules("poker", 2)
    with pytest.raises(ValueError, match="speed"):
        rules("classic", 2, speed=3)
    with pytest.raises(ValueError):
        rules("classic", 4, hand_size=8)  # 32 tiles


@pytest.mark.parametrize("knob", [
    {"teams": "false"}, {"teams": 1}, {"drawing": "no"}, {"auto_draw": 0},
    {"hand_size": 5.0}, {"hand_size": "5"}, {"hand_size": True}, {"redeal_doubles": True},
    {"redeal_doubles": 4.0}])
def test_knob_of_the_wrong_type_is_refused_not_taken_for_truthy(knob: dict[str, object]) -> None:
    """A record's ``"teams": "false"`` must not switch teams on: on/off knobs are JSON
    booleans and counts are integers, or the rules are refused with ValueError."""
    with pytest.raises(ValueError, match=next(iter(knob))):
        rules("fives", 4, **knob)


@pytest.mark.parametrize(("seats", "goal"), [(True, 100), (4, 100.0), (4, "100")])
def test_seats_and_goal_must_be_integers(seats: object, goal: object) -> None:
    with pytest.raises(ValueError):
        Rules.from_preset("classic", seats=seats, goal=goal)  # type: ignore[arg-type]


@pytest.mark.parametrize(("seats", "hand_size", "redeal"), [(4, 7, 1), (4, 7, 2), (4, 6, 1)])
def test_redeal_doubles_that_would_deal_again_forever_is_refused(
        seats: int, hand_size: int, redeal: int) -> None:
    """RULES.md §2 redeals a hand with that many doubles; when every possible deal has
    one (7 doubles in 28 dealt tiles leave some hand of 4 with 2), the knob is refused
    instead of shuffling for ever."""
    with pytest.raises(ValueError, match="redeal_doubles"):
        rules("classic", seats, hand_size=hand_size, redeal_doubles=redeal, teams=False)


def test_redeal_doubles_that_some_deal_passes_is_accepted() -> None:
    assert rules("classic", 4, redeal_doubles=3).redeal_doubles == 3
    assert rules("classic", 2, redeal_doubles=1).redeal_doubles == 1
