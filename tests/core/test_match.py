"""RULES.md §8 (the match: points accumulate to the goal) and §10 Leaving (resign),
plus annulment."""

from __future__ import annotations

import pytest
from core_helpers import make_deal, make_match, play

from domino_core import IllegalMove, Match, Move, Rules, Tile, view_for

# 3 seats, drawing off: the 6-6 holder opens and nobody can follow; pips 39 / 31 / 25
BLOCK3 = ["6-6 2-2 3-2 4-2 4-3 5-4 4-4", "1-1 2-0 3-1 4-0 5-0 5-1 5-3",
          "0-0 1-0 2-1 3-0 4-1 5-2 3-3"]


def rotate(hands: list[str], k: int) -> list[str]:
    return hands[-k:] + hands[:-k] if k else list(hands)


def test_round_points_accumulate_and_the_first_side_to_reach_the_goal_wins() -> None:
    match = make_match("classic", BLOCK3, goal=100, drawing=False)
    history = []
    for r in range(4):
        if r:
            match.start_next_round(make_deal(rotate(BLOCK3, r % 3)))
        play(match, "6-6")
        history.append(list(match.scores))
    assert history == [[0, 0, 70], [70, 0, 70], [70, 70, 70], [70, 70, 140]]
    assert match.over and match.winner == 2 and match.end_reason == "goal"
    with pytest.raises(IllegalMove):
        match.start_next_round(make_deal(BLOCK3))


def test_match_is_not_over_below_the_goal_and_the_next_round_waits() -> None:
    match = make_match("classic", BLOCK3, goal=100, drawing=False)
    play(match, "6-6")
    assert match.round_over and not match.over and match.winner is None
    assert match.turn is None and match.legal_moves() == []
    with pytest.raises(IllegalMove):
        match.push(Move.play(Tile(1, 1)))
    match.start_next_round(make_deal(rotate(BLOCK3, 1)))
    assert match.round_no == 2 and not match.round_over


def test_next_round_cannot_start_while_the_round_is_played() -> None:
    match = Match(Rules.from_preset("classic", seats=2), seed=1)
    with pytest.raises(IllegalMove):
        match.start_next_round()


def test_reaching_the_goal_exactly_wins() -> None:
    match = make_match("caribbean", BLOCK3, goal=70, drawing=False)
    play(match, "6-6")
    assert match.over and match.winner == 2 and match.scores == [0, 0, 70]


# --------------------------------------------------------------------------- resign


def test_resign_at_2_seats_the_other_seat_wins() -> None:
    match = Match(Rules.from_preset("draw", seats=2), seed=3)
    log = match.resign(0)
    assert match.over and match.winner == 1 and match.end_reason == "resign"
    assert log[-1]["type"] == "match_end" and log[-1]["winner"] == 1
    assert match.results[-1].result == "unfinished"
    with pytest.raises(IllegalMove):
        match.push(Move.pass_())


@pytest.mark.parametrize(("seat", "winner"), [(0, 1), (1, 0), (2, 1), (3, 0)])
def test_resign_at_4_seats_with_teams_the_partners_lose_too(seat: int, winner: int) -> None:
    match = Match(Rules.from_preset("classic", seats=4), seed=3)
    match.resign(seat)
    assert match.over and match.winner == winner


def test_resign_at_3_seats_the_remaining_player_with_most_points_wins() -> None:
    match = make_match("classic", BLOCK3, goal=100, drawing=False)
    play(match, "6-6")  # seat 2 has 70
    match.start_next_round(make_deal(rotate(BLOCK3, 1)))
    match.resign(0)
    assert match.winner == 2
    match = make_match("classic", BLOCK3, goal=100, drawing=False)
    play(match, "6-6")
    match.start_next_round(make_deal(rotate(BLOCK3, 1)))
    match.resign(2)
    assert match.winner in (0, 1)  # both on 0 points: the tie rule decides (next test)


def test_resign_at_3_seats_tie_goes_to_the_one_whose_turn_comes_first() -> None:
    hands = ["6-6 1-0 2-0", "6-1 3-0 3-1", "6-2 4-0 4-1"]
    match = make_match("classic", hands, drawing=False)
    assert match.turn == 0
    match.resign(1)  # seats 0 and 2 on 0 points; seat 0 is on turn
    assert match.winner == 0
    match = make_match("classic", hands, drawing=False)
    play(match, "6-6")
    assert match.turn == 1
    match.resign(0)  # seats 1 and 2 on 0 points; seat 1 is on turn
    assert match.winner == 1
    match = make_match("classic", hands, drawing=False)
    play(match, "6-6")
    match.resign(1)  # seats 0 and 2: from seat 1's turn, seat 2 comes first
    assert match.winner == 2


def test_resign_between_rounds_tie_goes_to_the_next_rounds_opener_first() -> None:
    """§10 decision, between rounds: "whose turn comes first" is counted from the seat
    that opens the next round (rotate: seat 1 here; winner: the round's winner)."""
    match = make_match("classic", BLOCK3, drawing=False)
    play(match, "6-6")  # seat 2 takes 70; rotate: seat 1 opens next
    match.resign(2)  # seats 0 and 1 on 0 points
    assert match.winner == 1
    match = make_match("classic", BLOCK3, drawing=False, next_opener="winner")
    play(match, "6-6")  # seat 2 would open next: from it, seat 0 comes first
    match.resign(2)
    assert match.winner == 0


# 4 seats, no teams, 3 tiles each: 6-6 opens and nobody follows; seat 2 holds least
BLOCK4 = ["6-6 2-2 3-2", "1-1 2-0 3-1", "0-0 1-0 2-1", "4-4 5-5 5-4"]


def test_resign_at_4_seats_without_teams_the_remaining_seat_with_most_points_wins() -> None:
    """§10 names 3 seats; at 4 seats without teams the same rule holds (decision):
    the remaining player with the most points, tie → whose turn comes first."""
    match = make_match("block", BLOCK4, drawing=False)
    play(match, "6-6")
    assert match.scores == [0, 0, 40, 0]
    match.resign(0)
    assert match.winner == 2 and match.end_reason == "resign"
    match = make_match("block", BLOCK4, drawing=False)
    play(match, "6-6")
    match.resign(2)  # 0, 1, 3 tied on 0: from seat 2 (the next opener), seat 3 first
    assert match.winner == 3


@pytest.mark.parametrize(("preset", "seats", "absent", "winner"), [
    ("draw", 2, 1, 0), ("fives", 4, 3, 0), ("classic", 4, 2, 1)])
def test_absence_the_absent_seat_loses_as_if_it_had_left(preset: str, seats: int, absent: int,
                                                         winner: int) -> None:
    match = Match(Rules.from_preset(preset, seats=seats, **({"teams": True} if seats == 4
                                                             else {})), seed=5)
    log = match.resign(absent, "absence")
    assert match.over and match.winner == winner and match.end_reason == "absence"
    assert log == [{"type": "match_end", "reason": "absence", "winner": winner,
                    "seat": absent}]


def test_resign_after_the_match_is_over_is_refused() -> None:
    match = Match(Rules.from_preset("draw", seats=2), seed=3)
    match.resign(1)
    with pytest.raises(IllegalMove):
        match.resign(0)


def test_annulment_ends_the_match_with_no_winner() -> None:
    match = Match(Rules.from_preset("fives", seats=3), seed=3)
    log = match.annul()
    assert match.over and match.winner is None and match.end_reason == "annulled"
    assert log == [{"type": "match_end", "reason": "annulled", "winner": None}]
    assert match.turn is None


def test_an_idle_table_is_abandoned_and_unknown_reasons_are_refused() -> None:
    match = Match(Rules.from_preset("fives", seats=3), seed=3)
    with pytest.raises(ValueError, match="reason"):
        match.resign(0, "bored")
    with pytest.raises(ValueError, match="reason"):
        match.annul("resign")
    assert not match.over
    assert match.annul("abandoned") == [{"type": "match_end", "reason": "abandoned",
                                         "winner": None}]
    assert match.end_reason == "abandoned" and match.winner is None


# --------------------------------------------------------------------------- copies


def test_copy_is_independent_a_draw_on_the_copy_leaves_the_original_log_alone() -> None:
    """Match.copy() is for search: moves on the copy never show in the real match. A
    second manual draw in a row (caribbean) adds to the draw entry's count; on a copy
    it must not change the count the real table shows."""
    match = make_match("caribbean", ["6-6 5-5 4-4", "1-0 2-1 3-1"], boneyard="2-2 3-3 6-0")
    match.push(Move.play(Tile(6, 6)))
    match.push(Move.draw())
    before = view_for(match, None).to_dict()
    copy = match.copy()
    copy.push(Move.draw())
    assert view_for(copy, None).to_dict()["log"][-1]["count"] == 2
    assert view_for(match, None).to_dict() == before


def test_log_entries_returned_by_push_are_not_changed_by_later_moves() -> None:
    match = make_match("caribbean", ["6-6 5-5 4-4", "1-0 2-1 3-1"], boneyard="2-2 3-3 6-0")
    match.push(Move.play(Tile(6, 6)))
    first = match.push(Move.draw())
    assert first == [{"type": "draw", "seat": 1, "count": 1, "ends": [6]}]
    match.push(Move.draw())
    assert first == [{"type": "draw", "seat": 1, "count": 1, "ends": [6]}]
    assert view_for(match, None).to_dict()["log"][-1]["count"] == 2


def test_copy_dealing_a_round_leaves_the_seeded_deals_of_the_original_unchanged() -> None:
    """A seeded match deals the same rounds whether or not a copy of it (for search)
    went on to deal a round of its own."""
    rules = Rules.from_preset("draw", seats=3)
    a, b = Match(rules, seed=9), Match(rules, seed=9)
    copy = a.copy()
    for m in (a, b, copy):
        while not m.round_over:
            m.push(m.legal_moves()[0])
    copy.start_next_round()
    a.start_next_round()
    b.start_next_round()
    assert a.deal == b.deal


def test_results_read_only_after_the_match_hold_every_round_in_order() -> None:
    # "draw": the winner of a round opens the next (RULES.md §3), read before any result is
    for preset in ("classic", "draw"):
        match = Match(Rules.from_preset(preset, 2, goal=100), seed=7)
        openers = []
        while not match.over:
            if match.round_over:
                match.start_next_round()
            openers.append(match.opener)
            while not match.round_over:
                match.push(match.legal_moves()[0])
        results = match.results
        assert [r.round_no for r in results] == list(range(1, len(openers) + 1))
        assert len(results) > 2 and [r.opener for r in results] == openers
        for prev, opener in zip(results, openers[1:], strict=False):
            seat = prev.winner_seat if preset == "draw" else None
            assert opener == ((prev.opener + 1) % 2 if seat is None else seat)
        for side in (0, 1):
            assert sum(r.points for r in results if r.winner == side) == match.scores[side]
        assert [r.to_replay() for r in results] == match.replay_summary()["rounds"]
