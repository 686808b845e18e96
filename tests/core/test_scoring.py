"""RULES.md §6: every cell of the round-scoring table, solo and teams, per column
(classic | draw/block/fives | caribbean), and fives rounding to 5."""

from __future__ import annotations

import pytest
from core_helpers import SIXES_LINE, last_result, line_tiles, make_match, play

from domino_core import Match


def line_hands(rest: list[str]) -> list[str]:
    """Hands that play the all-sixes block line from seat 0, plus ``rest``."""
    n = len(rest)
    return [f"{line_tiles(s, n)} {rest[s]}".strip() for s in range(n)]


def rotate(hands: list[str], k: int) -> list[str]:
    return hands[-k:] + hands[:-k] if k else list(hands)


def blocked(preset: str, hands: list[str], boneyard: str = "", **knobs: object) -> Match:
    match = make_match(preset, hands, boneyard, **knobs)
    play(match, *SIXES_LINE)
    assert match.results[-1].result == "blocked"
    return match


def quick_blocked(preset: str, hands: list[str], **knobs: object) -> Match:
    """Seat 0 opens 6-6 and nobody holds another 6 (drawing off): blocked at once."""
    match = make_match(preset, hands, drawing=False, **knobs)
    play(match, "6-6")
    assert match.results[-1].result == "blocked"
    return match


# --------------------------------------------------------------------------- domino

# 3 seats, hand 2: seat 0 goes out on its second play; seat 1 keeps 4-3 (7), seat 2 5-3 (8)
DOMINO3 = ["6-6 6-5", "6-1 4-3", "2-1 5-3"]
# 4 seats, hand 2: seat 0 goes out; seat 1 keeps 4-3 (7), partner seat 2 5-3 (8), seat 3 4-0 (4)
DOMINO4 = ["6-6 6-5", "6-1 4-3", "2-1 5-3", "3-2 4-0"]


def domino(preset: str, hands: list[str], **knobs: object) -> dict[str, object]:
    match = make_match(preset, hands, drawing=False, **knobs)
    plays = ["6-6", "6-1 R", "2-1 R"] + (["3-2 R"] if len(hands) == 4 else []) + ["6-5 L"]
    play(match, *plays)
    result = last_result(match)
    assert result["result"] == "domino"
    return result


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "caribbean"])
def test_domino_solo_winner_takes_all_other_hands_pips(preset: str) -> None:
    result = domino(preset, DOMINO3)
    assert (result["winner"], result["points"], result["pips"]) == (0, 15, [0, 7, 8])


def test_domino_solo_fives_winner_takes_all_other_hands_pips_rounded() -> None:
    assert domino("fives", DOMINO3)["points"] == 15
    assert domino("fives", ["6-6 6-5", "6-1 4-3", "2-1 5-0"])["points"] == 10  # 12


def test_domino_teams_classic_winner_takes_opponents_pips_never_the_partners() -> None:
    result = domino("classic", DOMINO4)
    assert (result["winner"], result["points"]) == (0, 7 + 4)


@pytest.mark.parametrize("preset", ["draw", "block"])
def test_domino_teams_draw_block_winner_takes_the_other_teams_pips(preset: str) -> None:
    """"All other hands" read with RULES §1 (player = team): the opponents' hands; the
    conformance record fives-4-teams (round 1: 6 pips → 5) reads it the same way."""
    result = domino(preset, DOMINO4, teams=True)
    assert (result["winner"], result["points"]) == (0, 7 + 4)


def test_domino_teams_fives_winner_takes_the_other_teams_pips_rounded() -> None:
    result = domino("fives", DOMINO4, teams=True)
    assert (result["winner"], result["points"]) == (0, 10)  # 11 → 10


def test_domino_teams_caribbean_all_four_hands_partner_included() -> None:
    result = domino("caribbean", DOMINO4)
    assert (result["winner"], result["points"]) == (0, 7 + 8 + 4)


# --------------------------------------------------------------------------- blocked, solo

# 2 seats after the line: seat 0 keeps 5-5 4-4 (18), seat 1 keeps 0-0 2-1 (3)
SOLO2 = line_hands(["5-5 4-4", "0-0 2-1"])


def test_blocked_solo_classic_lowest_pips_wins_opponents_pips() -> None:
    result = last_result(blocked("classic", SOLO2, drawing=False))
    assert (result["winner"], result["points"], result["pips"]) == (1, 18, [18, 3])


@pytest.mark.parametrize("preset", ["draw", "block"])
def test_blocked_solo_standard_lowest_pips_wins_others_minus_own(preset: str) -> None:
    result = last_result(blocked(preset, SOLO2, drawing=False, hand_size=7))
    assert (result["winner"], result["points"]) == (1, 18 - 3)


def test_blocked_solo_caribbean_lowest_pips_wins_all_other_hands() -> None:
    result = last_result(blocked("caribbean", SOLO2))
    assert (result["winner"], result["points"]) == (1, 18)


@pytest.mark.parametrize(("rest", "points"), [
    ("0-0 1-0 2-0 3-0", 20),  # 26 - 6 = 20
    ("5-0 4-1 2-0 1-1", 10),  # 26 - 14 = 12 → 10
    ("5-0 4-1 2-1 0-0", 15),  # 26 - 13 = 13 → 15
])
def test_blocked_solo_fives_others_minus_own_rounded_to_5(rest: str, points: int) -> None:
    result = last_result(quick_blocked("fives", ["6-6 5-5 4-4 5-3", rest]))
    assert (result["winner"], result["points"]) == (1, points)


def test_blocked_solo_3_seats_classic_winner_takes_both_opponents() -> None:
    # seat 0 keeps 19, seat 1 31, seat 2 45
    hands = ["6-6 0-0 1-0 2-1 3-0 4-1 5-2", "1-1 2-0 3-1 4-0 5-0 5-1 5-3",
             "2-2 3-2 4-2 4-3 5-4 3-3 4-4"]
    result = last_result(quick_blocked("classic", hands))
    assert (result["winner"], result["points"], result["pips"]) == (0, 31 + 45, [19, 31, 45])


# 3 seats after the line: seat 0 keeps 26; seats 1 and 2 tie on 14 with
# sorted values [2, 3, 4, 5] (seat 1) and [0, 3, 5, 6] (seat 2)
TIE3 = line_hands(["5-5 5-3 4-4", "1-1 2-1 3-1 4-1", "0-0 5-0 4-2 3-0"])
TIE3_BONE = "2-2 3-3 2-0 4-0 5-2 4-3 5-1"


def test_blocked_tie_solo_classic_lowest_sorted_tiles_wins() -> None:
    result = last_result(blocked("classic", TIE3, TIE3_BONE, drawing=False))
    assert (result["winner"], result["points"], result["pips"]) == (2, 26 + 14, [26, 14, 14])


def test_blocked_tie_solo_classic_lowest_first_tile_wins() -> None:
    # 16 each: seat 0 [1, 7, 8], seat 1 [0, 4, 6, 6]
    result = last_result(quick_blocked("classic", ["6-6 1-0 4-3 5-3", "0-0 4-0 5-1 3-3"]))
    assert (result["winner"], result["points"]) == (1, 16)


def test_blocked_tie_solo_classic_first_tiles_equal_next_tile_decides() -> None:
    # 14 each: seat 0 [2, 3, 9], seat 1 [2, 4, 4, 4]
    result = last_result(quick_blocked("classic", ["6-6 1-1 2-1 5-4", "2-0 2-2 4-0 3-1"]))
    assert (result["winner"], result["points"]) == (0, 14)


def test_blocked_tie_solo_classic_all_tiles_equal_nobody_scores() -> None:
    # seats 1 and 2: 14 each, both [2, 3, 4, 5]
    match = quick_blocked("classic", ["6-6 5-5 5-4 5-3", "1-1 2-1 3-1 3-2", "2-0 3-0 4-0 4-1"])
    result = last_result(match)
    assert (result["winner"], result["points"]) == (None, 0)
    assert match.scores == [0, 0, 0]


@pytest.mark.parametrize("preset", ["draw", "block"])
def test_blocked_tie_solo_standard_nobody_scores(preset: str) -> None:
    result = last_result(blocked(preset, TIE3, TIE3_BONE, drawing=False, hand_size=7))
    assert (result["winner"], result["points"]) == (None, 0)


def test_blocked_tie_solo_fives_nobody_scores() -> None:
    result = last_result(quick_blocked("fives", ["6-6 5-5 5-4 5-3", "1-0 2-1 3-1 4-0",
                                                 "5-0 4-1 2-0 0-0"]))
    assert (result["winner"], result["points"]) == (None, 0)


@pytest.mark.parametrize(("shift", "winner"), [(0, 1), (1, 2)])
def test_blocked_tie_solo_caribbean_earliest_in_turn_order_from_the_opener_wins(
        shift: int, winner: int) -> None:
    match = blocked("caribbean", rotate(TIE3, shift), TIE3_BONE)
    assert match.opener == shift
    result = last_result(match)
    assert (result["winner"], result["points"]) == (winner, 26 + 14)


# --------------------------------------------------------------------------- blocked, teams

# After the line: team 0 holds 7 + 20 = 27, team 1 33 + 30 = 63 (all four: 90)
TEAMS = line_hands(["0-0 1-1 2-0 3-0", "5-5 4-4 5-3 4-3", "2-1 3-1 4-0 2-2 5-0",
                    "3-3 4-1 5-1 4-2 5-2"])
# After the line: team 0 holds 7 + 38, team 1 15 + 30: 45 each
TEAMS_TIE = line_hands(["0-0 1-1 2-0 3-0", "3-1 4-0 2-2 2-1", "5-5 4-4 5-3 4-3 5-0",
                        "3-3 4-1 5-1 4-2 5-2"])


def test_blocked_teams_classic_lowest_team_wins_opponents_pips() -> None:
    result = last_result(blocked("classic", TEAMS))
    assert (result["winner"], result["points"], result["pips"]) == (0, 63, [7, 33, 20, 30])


@pytest.mark.parametrize("preset", ["draw", "block"])
def test_blocked_teams_standard_lowest_team_wins_others_minus_own(preset: str) -> None:
    result = last_result(blocked(preset, TEAMS, teams=True, hand_size=7))
    assert (result["winner"], result["points"]) == (0, 63 - 27)


def test_blocked_teams_caribbean_lowest_team_wins_all_four_hands() -> None:
    result = last_result(blocked("caribbean", TEAMS))
    assert (result["winner"], result["points"]) == (0, 90)


@pytest.mark.parametrize("preset", ["classic", "draw", "block"])
def test_blocked_tie_teams_classic_and_standard_nobody_scores(preset: str) -> None:
    match = blocked(preset, TEAMS_TIE, teams=True, hand_size=7)
    result = last_result(match)
    assert (result["winner"], result["points"]) == (None, 0)
    assert match.scores == [0, 0]


@pytest.mark.parametrize(("shift", "winner"), [(0, 0), (1, 1)])
def test_blocked_tie_teams_caribbean_the_openers_side_wins_all_four_hands(
        shift: int, winner: int) -> None:
    match = blocked("caribbean", rotate(TEAMS_TIE, shift))
    assert match.opener == shift
    result = last_result(match)
    assert (result["winner"], result["points"]) == (winner, 90)


def test_blocked_teams_fives_lowest_team_wins_others_minus_own_rounded() -> None:
    # hand 2, after 6-6: team 0 holds 1 + 4, team 1 18 + 15: 33 - 5 = 28 → 30
    match = quick_blocked("fives", ["6-6 1-0", "5-5 4-4", "2-0 1-1", "5-3 4-3"], teams=True)
    result = last_result(match)
    assert (result["winner"], result["points"]) == (0, 30)


def test_blocked_tie_teams_fives_nobody_scores() -> None:
    # team 0: 1 + 14, team 1: 5 + 10
    match = quick_blocked("fives", ["6-6 1-0", "2-0 3-0", "5-5 4-0", "5-0 4-1"], teams=True)
    result = last_result(match)
    assert (result["winner"], result["points"]) == (None, 0)


def test_round_points_are_added_to_the_winning_side() -> None:
    match = blocked("classic", TEAMS)
    assert match.scores == [63, 0]
