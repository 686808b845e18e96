"""RULES.md §1 (seats, teams) and the §9 preset table, row by row."""

from __future__ import annotations

import pytest

from domino_core import PRESETS, Rules


def rules(preset: str, seats: int, **knobs: object) -> Rules:
    return Rules.from_preset(preset, seats=seats, **knobs)


def test_presets_are_the_five_of_the_rule_book() -> None:
    assert tuple(PRESETS) == ("classic", "draw", "block", "fives", "caribbean")


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "fives", "caribbean"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_preset_row_seats_every_preset_plays_at_2_3_and_4(preset: str, seats: int) -> None:
    assert rules(preset, seats).seats == seats


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
    assert rules("draw", 4, teams=True).teams is True
    assert rules("block", 4, teams=True).teams is True
    assert rules("fives", 4, teams=True).teams is True
    assert rules("caribbean", 4, teams=False).teams is False


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "fives", "caribbean"])
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
    ("fives", (7, 5, 5)), ("caribbean", (7, 7, 7)),
])
def test_preset_row_hand_size(preset: str, sizes: tuple[int, int, int]) -> None:
    assert tuple(rules(preset, s).hand_size for s in (2, 3, 4)) == sizes


def test_preset_row_drawing() -> None:
    assert rules("classic", 2).drawing and rules("classic", 3).drawing
    assert all(rules("draw", s).drawing for s in (2, 3, 4))
    assert not any(rules("block", s).drawing for s in (2, 3, 4))  # extra tiles sleep
    assert all(rules("fives", s).drawing for s in (2, 3, 4))
    assert rules("caribbean", 2).drawing and rules("caribbean", 3).drawing


def test_preset_row_redeal_doubles() -> None:
    assert rules("classic", 4).redeal_doubles == 4
    for preset in ("draw", "block", "fives", "caribbean"):
        assert rules(preset, 4).redeal_doubles is None


def test_preset_row_next_opener() -> None:
    assert {p: rules(p, 2).next_opener for p in PRESETS} == {
        "classic": "rotate", "draw": "winner", "block": "winner", "fives": "winner",
        "caribbean": "rotate"}


def test_preset_row_closed_table() -> None:
    assert {p: rules(p, 2).closed_table for p in PRESETS} == {
        "classic": "all_pass", "draw": "all_pass", "block": "all_pass", "fives": "all_pass",
        "caribbean": "at_once"}


def test_preset_row_auto_draw() -> None:
    assert rules("classic", 2).auto_draw and rules("draw", 2).auto_draw
    assert rules("fives", 2).auto_draw
    assert rules("caribbean", 2).auto_draw is False  # the player clicks the boneyard


def test_scoring_column_of_each_preset() -> None:
    assert {p: rules(p, 2).scoring for p in PRESETS} == {
        "classic": "classic", "draw": "standard", "block": "standard", "fives": "fives",
        "caribbean": "caribbean"}


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


@pytest.mark.parametrize("knob", [
    {"hand_size": 6}, {"drawing": False}, {"redeal_doubles": None}, {"next_opener": "winner"},
    {"closed_table": "at_once"}, {"auto_draw": False}])
def test_every_knob_may_be_set_on_its_own(knob: dict[str, object]) -> None:
    r = rules("classic", 2, **knob)
    (name, value), = knob.items()
    assert getattr(r, name) == value
    assert r.preset == "classic" and r.scoring == "classic"


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
