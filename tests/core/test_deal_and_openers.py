"""RULES.md §2 (the deal, redeal_doubles) and §3 (who opens)."""

from __future__ import annotations

import random

import pytest
from core_helpers import (
    SIXES_LINE,
    line_tiles,
    make_deal,
    make_match,
    make_rules,
    play,
    public,
    tiles,
)

from domino_core import ALL_TILES, IllegalMove, Match, Move, Rules, Tile


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "fives", "caribbean"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_deal_hand_size_tiles_each_rest_boneyard_or_sleeping(preset: str, seats: int) -> None:
    match = Match(make_rules(preset, seats), seed=seats)
    rules = match.rules
    deal = match.deal
    assert [len(h) for h in deal.hands] == [rules.hand_size] * seats
    assert len(deal.boneyard) == 28 - seats * rules.hand_size
    assert len({t for h in deal.hands for t in h} | set(deal.boneyard)) == 28
    view = public(match)
    if rules.drawing:
        assert (view["boneyard"], view["sleeping"]) == (len(deal.boneyard), 0)
    else:
        assert (view["boneyard"], view["sleeping"]) == (0, len(deal.boneyard))


def test_block_extra_tiles_sleep_and_are_never_drawn() -> None:
    # seat 1 cannot follow 6-6: in block it passes instead of drawing the sleeping 6-5
    match = make_match("block", ["6-6 1-0", "2-0 3-0"], boneyard="6-5")
    log = play(match, "6-6")
    assert [e["type"] for e in log[1:]] == ["pass", "pass", "round_end"]
    assert match.results[-1].result == "blocked"
    assert public(match)["sleeping"] == 24


def test_redeal_doubles_classic_never_deals_a_hand_of_4_doubles() -> None:
    for seed in range(150):
        deal = Match(make_rules("classic", 2), seed=seed).deal
        assert all(sum(t.is_double for t in h) < 4 for h in deal.hands), seed


def test_redeal_doubles_off_a_hand_of_4_doubles_is_kept() -> None:
    counts = [max(sum(t.is_double for t in h) for h in Match(make_rules("draw", 2), seed=s)
                  .deal.hands) for s in range(150)]
    assert max(counts) >= 4


def test_redeal_doubles_explicit_deal_the_preset_would_deal_again_is_refused() -> None:
    hands = ["6-6 5-5 4-4 3-3 2-1 3-1 4-1", "6-0 5-0 4-0 3-0 2-0 1-0 5-1"]
    with pytest.raises(ValueError, match="4 doubles"):
        Match(make_rules("classic", 2), deals=[make_deal(hands)])
    assert Match(make_rules("draw", 2), deals=[make_deal(hands)]).opener == 0


def test_seeded_deals_repeat_and_differ_between_seeds() -> None:
    rules = make_rules("fives", 4)
    assert Match(rules, seed=42).deal == Match(rules, seed=42).deal
    assert Match(rules, seed=42).deal != Match(rules, seed=43).deal
    assert Match(rules).deal != Match(rules).deal  # secrets, unseeded


# --------------------------------------------------------------------------- first round


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "fives", "caribbean"])
def test_first_round_highest_double_opens_and_must_be_played(preset: str) -> None:
    # 6-6 is in the boneyard; seat 1's 5-5 is the highest double dealt
    match = make_match(preset, ["4-4 3-3 6-1 2-0", "5-5 6-0 1-0 2-1"], boneyard="6-6",
                       drawing=False)
    assert match.opener == 1 and match.turn == 1
    assert [str(m) for m in match.legal_moves()] == ["5-5"]
    with pytest.raises(IllegalMove):
        match.push(Move.play(Tile(6, 0)))
    assert match.turn == 1


def test_first_round_at_4_seats_with_28_tiles_6_6_always_opens() -> None:
    for seed in range(30):
        match = Match(make_rules("classic", 4), seed=seed)
        assert Tile(6, 6) in match.deal.hands[match.opener]
        assert [str(m) for m in match.legal_moves()] == ["6-6"]


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "fives", "caribbean"])
def test_first_round_no_double_heaviest_tile_opens_and_must_be_played(preset: str) -> None:
    match = make_match(preset, ["5-3 2-1 4-0", "6-4 2-0 1-0"], drawing=False)
    assert match.opener == 1
    assert [m.tile for m in match.legal_moves()] == [Tile(6, 4)]


@pytest.mark.parametrize("preset", ["classic", "draw", "block", "fives", "caribbean"])
def test_first_round_no_double_equal_values_higher_number_wins(preset: str) -> None:
    # 5-4 and 6-3 are both worth 9: 6-3 has the higher number
    match = make_match(preset, ["5-4 2-1 3-0", "6-3 2-0 1-0"], drawing=False)
    assert match.opener == 1
    assert [m.tile for m in match.legal_moves()] == [Tile(6, 3)]


# --------------------------------------------------------------------------- later rounds

# 3 seats, drawing off: seat 0 opens 6-6 and nobody holds another 6, so the round is
# blocked at once. Pips left: seat 0 39, seat 1 31, seat 2 25 (seat 2 wins the block).
BLOCK3 = ["6-6 2-2 3-2 4-2 4-3 5-4 4-4", "1-1 2-0 3-1 4-0 5-0 5-1 5-3",
          "0-0 1-0 2-1 3-0 4-1 5-2 3-3"]


def rotate(hands: list[str], k: int) -> list[str]:
    """The hands moved ``k`` seats on: seat ``k`` gets seat 0's hand."""
    return hands[-k:] + hands[:-k] if k else list(hands)


def quick_blocked(preset: str, hands: list[str], **knobs: object) -> Match:
    match = make_match(preset, hands, drawing=False, **knobs)
    play(match, "6-6")
    assert match.round_over and match.results[-1].result == "blocked"
    return match


def test_later_round_rotate_opener_is_the_seat_after_the_previous_opener() -> None:
    match = quick_blocked("classic", BLOCK3)
    assert match.results[-1].winner == 2  # the winner does not matter in classic
    openers = [match.opener]
    for r in (1, 2, 3):
        hands = rotate(BLOCK3, r % 3)  # the next opener holds the 6-6 hand
        match.start_next_round(make_deal(hands))
        openers.append(match.opener)
        # any tile may open a later round: every tile of the hand is legal
        assert {m.tile for m in match.legal_moves()} == set(tiles(hands[match.opener]))
        play(match, "6-6")
        assert match.round_over
    assert openers == [0, 1, 2, 0]


def test_later_round_winner_opens_with_any_tile() -> None:
    match = quick_blocked("draw", BLOCK3, hand_size=7)
    assert match.results[-1].winner == 2  # rotate would give seat 1
    match.start_next_round(make_deal(BLOCK3))
    assert match.opener == 2 and match.turn == 2
    assert {m.tile for m in match.legal_moves()} == set(tiles(BLOCK3[2]))


def test_later_round_winner_nobody_scored_seat_after_previous_opener() -> None:
    # seats 1 and 2 tie on 12 pips: in draw nobody scores
    hands = ["6-6 5-5 5-4 5-3", "1-0 2-1 3-1 4-0", "5-0 4-1 2-0 0-0"]
    match = quick_blocked("draw", hands)
    assert match.results[-1].winner is None and match.results[-1].points == 0
    match.start_next_round(make_deal(hands))
    assert match.opener == 1


# 4 seats, 7 tiles each: the all-sixes line blocks the round; seat i plays line_tiles(i, 4).
def line4(rest: list[str]) -> list[str]:
    return [f"{line_tiles(s, 4)} {rest[s]}" for s in range(4)]


def blocked_line4(preset: str, hands: list[str], **knobs: object) -> Match:
    match = make_match(preset, hands, **knobs)
    opener = match.opener
    assert Tile(6, 6) in match.deal.hands[opener]
    play(match, *SIXES_LINE)
    assert match.round_over and match.results[-1].result == "blocked"
    return match


def test_later_round_winner_teams_block_winning_team_seat_with_lower_hand() -> None:
    # team 0 holds 7 (seat 0) + 20 (seat 2) against 33 + 30
    hands = line4(["0-0 1-1 2-0 3-0", "5-5 4-4 5-3 4-3", "2-1 3-1 4-0 2-2 5-0",
                   "3-3 4-1 5-1 4-2 5-2"])
    match = blocked_line4("block", hands, teams=True)
    assert match.results[-1].winner == 0
    match.start_next_round(make_deal(line4(["0-0 1-1 2-0 3-0", "5-5 4-4 5-3 4-3",
                                            "2-1 3-1 4-0 2-2 5-0", "3-3 4-1 5-1 4-2 5-2"])))
    assert match.opener == 0
    # now seat 2 holds less than seat 0 within the winning team
    hands = line4(["2-1 3-1 4-0 2-2", "5-5 4-4 5-3 4-3", "0-0 1-1 2-0 3-0 5-0",
                   "3-3 4-1 5-1 4-2 5-2"])
    match = blocked_line4("block", hands, teams=True)
    assert match.results[-1].winner == 0
    match.start_next_round(make_deal(hands))
    assert match.opener == 2


@pytest.mark.parametrize(("shift", "expected"), [(0, 0), (2, 2)])
def test_later_round_winner_teams_block_equal_hands_earlier_from_the_opener(
        shift: int, expected: int) -> None:
    # seats 0 and 2 both hold 14; the 6-6 holder (seat `shift`) opened
    hands = rotate(line4(["1-1 2-2 3-0 5-0", "5-5 4-4 4-0 5-1", "0-0 2-0 2-1 3-1 4-1",
                          "3-3 4-2 5-2 4-3 5-3"]), shift)
    match = blocked_line4("block", hands, teams=True)
    assert match.opener == shift
    assert match.results[-1].winner == 0
    match.start_next_round(make_deal(hands))
    assert match.opener == expected


def test_later_round_winner_teams_domino_the_seat_that_went_out() -> None:
    # hand 2, drawing off: seats 0 and 1 pass, seat 2 goes out with 2-4
    match = make_match("block", ["6-6 5-5", "6-1 4-4", "2-1 4-2", "6-3 3-3"], teams=True)
    log = play(match, "6-6", "6-1 R", "2-1 R", "6-3 L", "4-2 R")
    assert [e["seat"] for e in log if e["type"] == "pass"] == [0, 1]
    assert match.results[-1].result == "domino" and match.results[-1].winner == 0
    match.start_next_round(make_deal(["6-6 5-5", "6-1 4-4", "2-1 4-2", "6-3 3-3"]))
    assert match.opener == 2



def _shuffled(rules: Rules, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """The deal as random.shuffle of the 28 tiles makes it: hands in turn, then the
    boneyard, shuffled again while a hand holds ``redeal_doubles`` doubles."""
    tiles = list(ALL_TILES)
    k = rules.hand_size
    while True:
        rng.shuffle(tiles)
        hands = [tiles[s * k:(s + 1) * k] for s in range(rules.seats)]
        redeal = rules.redeal_doubles
        if redeal is None or all(sum(t.is_double for t in h) < redeal for h in hands):
            return hands, tiles[rules.seats * k:]


@pytest.mark.parametrize(("preset", "seats"), [("classic", 4), ("draw", 2), ("fives", 3),
                                               ("batida", 4)])
def test_a_seeded_match_deals_each_round_by_random_shuffle_of_its_seed(preset: str,
                                                                       seats: int) -> None:
    # records made from a seed can be dealt again by any reader that shuffles the same way
    rules = Rules.from_preset(preset, seats)
    for seed in range(40):
        match = Match(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(3):
            hands, boneyard = _shuffled(rules, rng)
            assert match.deal.hands == tuple(map(tuple, hands))
            assert match.deal.boneyard == tuple(boneyard)
            while not match.round_over:
                match.push(match.legal_moves()[0])
            if match.over:
                break
            match.start_next_round()
