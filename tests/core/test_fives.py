"""RULES.md §7 (fives: the spinner, in-round scoring) and the fives lines of §6 and §8."""

from __future__ import annotations

from core_helpers import last_result, make_deal, make_match, play, public, put

from domino_core import Move, Tile


def fives(hands: list[str], goal: int = 100, **knobs: object):  # type: ignore[no-untyped-def]
    knobs.setdefault("drawing", False)
    return make_match("fives", hands, goal=goal, **knobs)


def ends_for(match, tile: str) -> list[str]:  # type: ignore[no-untyped-def]
    t = Tile.parse(tile)
    return sorted(str(m.end) for m in match.legal_moves() if m.tile == t)


def test_fives_example_5_5_opens_scores_10() -> None:
    match = fives(["5-5 3-1 2-1", "5-3 1-0 2-0"])
    log = play(match, "5-5")
    assert log[:2] == [{"type": "play", "seat": 0, "tile": "5-5", "end": None, "points": 10},
                       {"type": "score", "side": 0, "points": 10}]
    assert match.scores == [10, 0]
    view = public(match)
    assert view["board"]["center"] == [5, 5] and view["board"]["spinner"] is True
    assert view["count"] == 10


def test_fives_example_6_4_opens_10_then_4_1_on_its_4_ends_6_and_1_nothing() -> None:
    match = fives(["6-4 3-2 2-0", "4-1 3-0 1-0"])
    play(match, "6-4")
    assert match.scores == [10, 0]
    log = put(match, "4-1", on=4)
    assert log[0]["points"] == 0 and public(match)["count"] == 7
    assert match.scores == [10, 0]


def test_fives_example_spinner_5_5_with_5_3_on_one_long_side_counts_13() -> None:
    match = fives(["5-5 3-1 2-1", "5-3 1-0 2-0"])
    log = play(match, "5-5", "5-3 L")
    assert public(match)["count"] == 13
    assert [e for e in log if e["type"] == "score"] == [{"type": "score", "side": 0, "points": 10}]


def test_fives_spinner_counts_both_halves_while_a_long_side_is_free() -> None:
    match = fives(["5-5 3-1 2-1", "5-0 1-0 2-0"])
    play(match, "5-5", "5-0 L")  # 0 + 10
    assert match.scores == [10, 10]


def test_fives_short_sides_open_only_once_both_long_sides_are_taken() -> None:
    match = fives(["5-5 5-2 3-1", "5-3 5-1 4-0"])
    play(match, "5-5", "5-3 L")
    assert ends_for(match, "5-2") == ["R"]
    assert set(public(match)["ends"]) == {"L", "R"}
    log = play(match, "5-2 R")  # both long sides taken: the spinner no longer counts
    assert log[0]["points"] == 5 and public(match)["count"] == 3 + 2
    assert public(match)["ends"] == {"L": 3, "R": 2, "U": 5, "D": 5}
    assert ends_for(match, "5-1") == ["D", "U"]


def test_fives_up_to_four_ends_are_open_and_counted() -> None:
    match = fives(["5-5 5-2 5-4", "5-3 5-1 4-0"])
    play(match, "5-5", "5-3 L", "5-2 R", "5-1 U")
    assert public(match)["ends"] == {"L": 3, "R": 2, "U": 1, "D": 5}
    assert public(match)["count"] == 3 + 2 + 1
    play(match, "5-4 D")
    assert public(match)["ends"] == {"L": 3, "R": 2, "U": 1, "D": 4}
    assert public(match)["count"] == 10
    assert match.scores == [10 + 5 + 10 + 5, 0]  # and seat 0 is out: 4-0 left, 4 → 5


def test_fives_double_laid_crosswise_at_an_end_counts_both_halves() -> None:
    match = fives(["5-5 5-1 3-2", "5-3 1-1 4-0"])
    log = play(match, "5-5", "5-3 L", "5-1 R", "1-1 R")
    assert public(match)["count"] == 3 + 2
    assert log[-1] == {"type": "score", "side": 1, "points": 5}


def test_fives_first_double_played_later_becomes_the_spinner() -> None:
    # round 1 blocks at once (seat 1 wins: 26 - 6 = 20); seat 1 opens round 2 with 6-4
    match = fives(["6-6 5-5 4-4 5-3", "0-0 1-0 2-0 3-0"])
    play(match, "6-6")
    assert match.scores == [0, 20]
    match.start_next_round(make_deal(["4-4 4-2 1-0 3-0", "6-4 4-1 2-0 2-1"]))
    assert match.opener == 1
    play(match, "6-4")
    assert match.scores == [0, 30]
    put(match, "4-4", on=4)
    view = public(match)
    assert view["board"]["center"] == [4, 4] and view["board"]["spinner"] is True
    assert view["count"] == 6 + 8  # a long side of the spinner is still free
    put(match, "4-1", on=4)
    assert set(public(match)["ends"]) == {"L", "R", "U", "D"}
    assert public(match)["count"] == 6 + 1


def test_fives_in_round_points_go_to_the_side_of_the_player_who_played() -> None:
    match = make_match("fives", ["5-5 1-0", "5-0 2-1", "5-3 1-1", "5-2 4-1"], teams=True,
                       drawing=False)
    play(match, "5-5", "5-0 L", "5-3 R", "5-2 U")  # 10, 0 + 10, 0 + 3, 0 + 3 + 2
    assert match.scores == [10, 10 + 5]
    assert [e for e in public(match)["log"] if e["type"] == "score"] == [
        {"type": "score", "side": 0, "points": 10}, {"type": "score", "side": 1, "points": 10},
        {"type": "score", "side": 1, "points": 5}]


def test_fives_going_out_scores_in_round_points_first_then_the_award() -> None:
    match = fives(["6-5 5-3 3-4", "6-1 6-4 2-0"])
    play(match, "6-5")
    put(match, "6-1", on=6)
    put(match, "5-3", on=5)  # seat 1 holds no 1 or 3: passes
    log = put(match, "4-3", on=3)  # ends 1 and 4 = 5, and out
    assert [(e["type"], e.get("points")) for e in log] == [
        ("play", 5), ("score", 5), ("round_end", 10)]  # 6-4 + 2-0 = 12 → 10
    assert match.scores == [15, 0]
    assert last_result(match)["fives"] == [[0, 5]]


def test_fives_match_ends_at_the_goal_mid_round() -> None:
    # round 1: seat 0 goes out, 19 + 20 = 39 → 40; round 2: seat 0 opens 5-5 → 50
    match = make_match("fives", ["6-5 5-3 3-2", "6-1 6-4 5-4", "6-2 6-0 4-2"], goal=50,
                       drawing=False)
    play(match, "6-5")
    put(match, "6-1", on=6)
    put(match, "5-3", on=5)
    put(match, "3-2", on=3)
    assert last_result(match)["points"] == 40 and match.scores == [40, 0, 0]
    assert not match.over
    match.start_next_round(make_deal(["5-5 1-0 2-0", "4-4 2-1 3-0", "3-3 3-1 4-1"]))
    assert match.opener == 0
    log = match.push(Move.play(Tile(5, 5)))
    assert match.over and match.winner == 0 and match.end_reason == "goal"
    assert match.turn is None and match.legal_moves() == []
    assert log[-1]["type"] == "round_end" and log[-1]["result"] == "goal"
    assert last_result(match) == {"opener": 0, "result": "goal", "winner": 0, "points": 0,
                                  "pips": [3, 14, 15], "fives": [[0, 10]]}
    assert match.scores == [50, 0, 0]


def test_fives_goal_reached_by_the_play_that_goes_out_ends_with_goal_no_domino_award() -> None:
    """RULES.md §6: a play that brings a side to the goal ends the match at once (round
    result "goal"); the domino award of the same play is not added on top."""
    match = make_match("fives", ["6-5 5-3 3-2", "6-1 6-4 5-4", "6-2 6-0 4-2"], goal=50,
                       drawing=False)
    play(match, "6-5")
    put(match, "6-1", on=6)
    put(match, "5-3", on=5)
    put(match, "3-2", on=3)
    assert match.scores == [40, 0, 0]
    match.start_next_round(make_deal(["6-1 3-1 4-3", "5-5 5-2 2-2", "5-0 2-0 0-0"]))
    play(match, "6-1")  # 7: nothing; seats 1 and 2 hold no 6 or 1
    put(match, "3-1", on=1)  # 6 + 3 = 9: nothing
    log = put(match, "4-3", on=3)  # 6 + 4 = 10 → 50, and seat 0 is out
    assert [(e["type"], e.get("points")) for e in log] == [
        ("play", 10), ("score", 10), ("round_end", 0)]
    assert match.over and match.winner == 0 and match.end_reason == "goal"
    assert last_result(match) == {"opener": 0, "result": "goal", "winner": 0, "points": 0,
                                  "pips": [0, 21, 7], "fives": [[0, 10]]}
    assert match.scores == [50, 0, 0]
