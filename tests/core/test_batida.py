"""RULES.md §6b, row by row on hand-built deals: the four batidas (at both ends), the
blocked round solo and with teams, the tie; and the §9 column of the ``batida`` preset
(deal sizes, sleeping tiles, redeal on 5 doubles, the winner opens, goal 6 in 3..12)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from core_helpers import make_deal, play, public, tiles

from domino_core import ALL_TILES, Deal, IllegalDeal, Match, Rules, view_for
from domino_core.record import write_record
from domino_core.record_replay import replay


def batida_match(hands: list[str], *more: list[str], **knobs: Any) -> Match:
    """A batida match dealt ``hands`` (then ``more`` rounds), hand size from the first."""
    knobs.setdefault("hand_size", len(hands[0].split()))
    rules = Rules.from_preset("batida", seats=len(hands), **knobs)
    return Match(rules, deals=[make_deal(h) for h in (hands, *more)])


def result(match: Match) -> dict[str, Any]:
    """The last round as ``domino replay`` prints it."""
    return match.results[-1].to_replay()


# Each row: the deal, the plays (seat 0 opens with its double), what the last play is.
SIMPLES = (["6-6 3-2", "6-3 5-5"], ["6-6", "6-3 {e}", "3-2 {e}"])
CARROCA = (["6-6 3-3", "6-3 5-1"], ["6-6", "6-3 {e}", "3-3 {e}"])
# ends 3 and 5, then the last tile 5-3 could go on either
LA_E_LO = (["6-6 6-5 5-3", "6-3 5-5 0-0"], ["6-6", "6-3 L", "6-5 R", "5-5 R", "5-3 {e}"])
# ends 4 and 4 (the opening double), then 4-1: both ends carry its 4
LA_E_LO_EQUAL = (["4-4 4-1", "6-5 0-0"], ["4-4", "4-1 {e}"])
# ends 4 and 4, then the double 4-4: a cruzada
CRUZADA = (["6-6 6-2 4-4", "6-4 4-2 1-0"], ["6-6", "6-4 L", "6-2 R", "4-2 R", "4-4 {e}"])


@pytest.mark.parametrize("end", ["L", "R"])
@pytest.mark.parametrize(("row", "kind", "points"), [
    (SIMPLES, "simples", 1), (CARROCA, "carroca", 2), (LA_E_LO, "la-e-lo", 3),
    (LA_E_LO_EQUAL, "la-e-lo", 3), (CRUZADA, "cruzada", 4),
])
def test_each_batida_scores_its_points_at_either_end(
        row: tuple[list[str], list[str]], kind: str, points: int, end: str) -> None:
    hands, plays = row
    match = batida_match(hands)
    play(match, *(p.format(e=end) for p in plays))
    out = result(match)
    assert (out["result"], out["winner"], out["points"], out["batida"]) == (
        "domino", 0, points, kind)
    assert match.scores == [points, 0]


def test_pips_left_do_not_count() -> None:
    """Seat 1 is left with 5-5 (10 pips), yet the simples is worth 1."""
    hands, plays = SIMPLES
    match = batida_match(hands)
    play(match, *(p.format(e="L") for p in plays))
    assert (result(match)["pips"], result(match)["points"]) == ([0, 10], 1)


def test_a_double_that_fits_one_end_of_two_different_numbers_is_a_carroca() -> None:
    """Ends 3 and 5 and the last tile 5-5: it only goes on the 5 (not a cruzada)."""
    match = batida_match(["6-6 6-5 5-5", "6-3 0-0 1-0"])
    play(match, "6-6", "6-3 L", "6-5 R")
    # seat 1 has nothing for 3 or 5 and passes; seat 0 goes out on the 5
    assert public(match)["ends"] == {"L": 3, "R": 5} and match.turn == 0
    play(match, "5-5 R")
    assert (result(match)["batida"], result(match)["points"]) == ("carroca", 2)


def test_the_team_of_the_seat_that_goes_out_takes_the_batida() -> None:
    """4 seats in teams: seat 1 goes out with a lá-e-lô (ends 2 and 5, last tile 5-2)."""
    match = batida_match(["6-6 1-0", "6-5 5-2", "6-2 0-0", "4-4 3-3"])
    play(match, "6-6", "6-5 R", "6-2 L")
    # seats 3 and 0 hold nothing for 2 or 5 and pass
    assert public(match)["ends"] == {"L": 2, "R": 5} and match.turn == 1
    play(match, "5-2 L")
    out = result(match)
    assert (out["winner"], out["points"], out["batida"]) == (1, 3, "la-e-lo")
    assert match.scores == [0, 3]


def test_blocked_round_solo_goes_to_the_lowest_pips_for_one_point() -> None:
    match = batida_match(["6-6 1-0", "2-3 5-4"])
    play(match, "6-6")
    out = result(match)
    assert (out["result"], out["winner"], out["points"], out["pips"]) == (
        "blocked", 0, 1, [1, 14])
    assert "batida" not in out
    assert match.scores == [1, 0]


def test_blocked_round_with_teams_counts_team_totals() -> None:
    """Seat 1 holds the lowest hand (1), but team 0 holds 8 + 5 = 13 against 1 + 17."""
    match = batida_match(["6-6 5-3", "0-0 1-0", "2-1 2-0", "5-5 4-3"],
                         ["1-1 0-0", "2-2 3-0", "3-3 4-0", "4-4 5-0"])
    play(match, "6-6")
    out = result(match)
    assert (out["result"], out["winner"], out["points"], out["pips"]) == (
        "blocked", 0, 1, [8, 1, 5, 17])
    assert match.scores == [1, 0]
    # the winning team's seat with the lower hand opens the next round
    match.start_next_round()
    assert match.opener == 2


def test_blocked_round_tie_scores_nothing_teams() -> None:
    match = batida_match(["6-6 2-1", "0-0 1-0", "3-3 2-0", "4-4 1-1"])
    play(match, "6-6")
    out = result(match)
    assert (out["result"], out["winner"], out["points"]) == ("blocked", None, 0)
    assert match.scores == [0, 0]


def test_blocked_round_tie_scores_nothing_solo_even_with_a_worse_third_seat() -> None:
    match = batida_match(["6-6 2-1", "3-0 0-0", "5-5 4-4"], ["1-1 0-0", "2-2 3-0", "3-3 4-0"])
    play(match, "6-6")
    out = result(match)
    assert (out["result"], out["winner"], out["points"], out["pips"]) == (
        "blocked", None, 0, [3, 3, 18])
    assert match.scores == [0, 0, 0]
    # nobody took the round: the seat after its opener opens the next
    match.start_next_round()
    assert match.opener == 1


def test_blocked_points_knob_sets_the_award() -> None:
    match = batida_match(["6-6 1-0", "2-3 5-4"], blocked_points=2)
    play(match, "6-6")
    assert result(match)["points"] == 2


def test_batida_points_knob_sets_the_award_of_each_kind() -> None:
    """Some houses give a cruzada 6."""
    hands, plays = CRUZADA
    match = batida_match(hands, batida_points=[1, 2, 3, 6])
    play(match, *(p.format(e="L") for p in plays))
    assert (result(match)["batida"], result(match)["points"]) == ("cruzada", 6)


def test_the_winner_opens_the_next_round_with_any_tile() -> None:
    # seat 1 wins round 1 with a simples; round 2 it opens with any tile it likes
    match = batida_match(["6-6 5-1", "6-3 3-2"], ["6-6 1-1", "5-4 2-0"])
    play(match, "6-6", "6-3 L")
    assert match.turn == 1 and not match.round_over
    play(match, "3-2 L")
    assert result(match)["winner"] == 1
    match.start_next_round()
    assert match.opener == 1
    assert {str(m.tile) for m in match.legal_moves()} == {"5-4", "2-0"}


def test_the_match_goes_to_six_points() -> None:
    """A cruzada (4), then a lá-e-lô (3): 7 points pass the goal of 6 and end the match."""
    cruz, cruz_plays = CRUZADA
    lael, lael_plays = LA_E_LO
    match = batida_match(cruz, lael)
    assert match.rules.goal == 6
    play(match, *(p.format(e="R") for p in cruz_plays))
    assert match.scores == [4, 0] and not match.over
    match.start_next_round()
    play(match, *(p.format(e="L") for p in lael_plays))
    assert match.scores == [7, 0]
    assert (match.over, match.winner) == (True, 0)


@pytest.mark.parametrize(("seats", "hand", "sleeping"), [(2, 7, 14), (3, 7, 7), (4, 6, 4)])
def test_deal_sizes_and_sleeping_tiles(seats: int, hand: int, sleeping: int) -> None:
    """§9: 7 tiles each at 2-3 seats, 6 at 4; the rest sleep (no drawing)."""
    match = Match(Rules.from_preset("batida", seats=seats), seed=seats)
    view = view_for(match, 0)
    assert len(view.hand) == hand and view.hand_counts == (hand,) * seats
    assert (view.boneyard, view.sleeping) == (0, sleeping)


def test_a_hand_of_five_doubles_is_dealt_again_four_are_kept() -> None:
    five = tiles("6-6 5-5 4-4 3-3 2-2 1-0")
    rest = [t for t in ALL_TILES if t not in five]
    others = (tuple(rest[0:6]), tuple(rest[6:12]), tuple(rest[12:18]))
    rules = Rules.from_preset("batida", seats=4)
    with pytest.raises(IllegalDeal):
        Match(rules, deals=[Deal((five, *others), tuple(rest[18:]))])
    four = tiles("6-6 5-5 4-4 3-3 2-1 1-0")
    rest = [t for t in ALL_TILES if t not in four]
    kept = Match(rules, deals=[Deal((four, tuple(rest[0:6]), tuple(rest[6:12]),
                                     tuple(rest[12:18])), tuple(rest[18:]))])
    assert set(kept.hand(0)) == set(four)


def test_shuffled_deals_never_give_a_hand_five_doubles() -> None:
    rules = Rules.from_preset("batida", seats=2)  # 7 tiles each: 5 doubles come up
    for seed in range(300):
        deal = Match(rules, seed=seed).deal
        assert all(sum(t.is_double for t in h) < 5 for h in deal.hands)


@pytest.mark.parametrize("goal", [3, 6, 12])
def test_goal_takes_3_to_12(goal: int) -> None:
    assert Rules.from_preset("batida", seats=2, goal=goal).goal == goal


@pytest.mark.parametrize("goal", [2, 13, 50, 100])
def test_goal_outside_3_to_12_is_refused(goal: int) -> None:
    with pytest.raises(ValueError, match=r"3\.\.12"):
        Rules.from_preset("batida", seats=2, goal=goal)


@pytest.mark.parametrize("knobs", [
    {"batida_points": [1, 2, 3]}, {"batida_points": [1, 2, 3, 0]},
    {"batida_points": [1, 2, 3, "4"]}, {"blocked_points": -1}, {"blocked_points": 1.0},
    {"scoring": "fives"}, {"scoring": "sum"},
])
def test_bad_batida_knobs_are_refused(knobs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Rules.from_preset("batida", seats=4, **knobs)


def test_batida_scoring_does_not_go_with_fives() -> None:
    with pytest.raises(ValueError, match="fives"):
        Rules.from_preset("fives", seats=2, goal=6, scoring="batida")


def test_scoring_knob_set_on_its_own() -> None:
    """Any other preset scored by batida plays to 6; the batida preset scored by pips
    counts like block and plays to 100."""
    classic = Rules.from_preset("classic", seats=4, scoring="batida")
    assert (classic.scoring, classic.goal, classic.hand_size) == ("batida", 6, 7)
    pips = Rules.from_preset("batida", seats=4, scoring="pips")
    assert (pips.scoring, pips.goal) == ("standard", 100)
    match = Match(pips.with_(hand_size=2),
                  deals=[make_deal(["6-6 1-0", "2-3 5-4", "0-0 2-1", "4-4 2-2"])])
    play(match, "6-6")
    # §6 standard with teams: the other team's pips less the winners' (14 + 12) - (1 + 3)
    assert result(match)["points"] == 22


def test_view_log_record_and_replay_carry_the_batida() -> None:
    hands, plays = LA_E_LO
    match = batida_match(hands)
    play(match, *(p.format(e="L") for p in plays))
    view = view_for(match, 1).to_dict()
    assert view["result"]["batida"] == "la-e-lo"
    assert view["log"][-1] == {"type": "round_end", "result": "domino", "winner": 0,
                               "points": 3, "pips": [0, 0], "batida": "la-e-lo"}
    record = json.loads(json.dumps(write_record(match)))
    assert record["rules"] == {"preset": "batida", "seats": 2, "goal": 6, "hand_size": 3}
    assert replay(record)["rounds"][0]["batida"] == "la-e-lo"
    assert replay(record)["score"] == [3, 0]


def test_record_of_knobs_replays_with_them() -> None:
    hands, plays = CRUZADA
    match = batida_match(hands, batida_points=[1, 2, 3, 6], goal=12)
    play(match, *(p.format(e="L") for p in plays))
    record = json.loads(json.dumps(write_record(match)))
    assert record["rules"]["batida_points"] == [1, 2, 3, 6]
    assert replay(record)["score"] == [6, 0]
    classic = Match(Rules.from_preset("classic", seats=2, scoring="batida"), seed=3)
    assert write_record(classic)["rules"]["scoring"] == "batida"


def test_random_batida_matches_end_at_six_with_only_batida_awards() -> None:
    """Every round of random play awards 1..4 (a batida) or 1 / nothing (blocked)."""
    for seats in (2, 3, 4):
        for seed in range(5):
            match = Match(Rules.from_preset("batida", seats=seats), seed=seed)
            rng = random.Random(seed)
            while not match.over:
                if match.round_over:
                    match.start_next_round()
                match.push(rng.choice(match.legal_moves()))
            for r in match.results:
                kind = r.to_replay().get("batida")
                if r.result == "domino":
                    assert r.points == {"simples": 1, "carroca": 2, "la-e-lo": 3,
                                        "cruzada": 4}[kind]
                else:
                    assert kind is None and r.points == (0 if r.winner is None else 1)
            assert match.winner is not None and match.scores[match.winner] >= 6


def test_search_playout_names_the_same_batida_as_the_full_engine() -> None:
    """The fast playout of search (which keeps no log) scores a going-out play as the
    engine does: at every position where the seat on turn goes out with its last tile,
    both agree on the batida."""
    checked = set()
    for seats in (2, 3, 4):
        for seed in range(40):
            match = Match(Rules.from_preset("batida", seats=seats), seed=seed)
            rng = random.Random(seed)
            while not match.round_over:
                r = match.round
                moves = [m for m in match.legal_moves() if m.kind == "play"]
                if r.turn is not None and len(match.hand(r.turn)) == 1 and moves \
                        and r.board.center is not None:
                    fast = r.copy()
                    fast.playout(rng)
                    full = r.copy()
                    full.push(moves[0])
                    assert fast.award is not None and full.award is not None
                    assert (fast.end, fast.award) == (full.end, full.award)
                    checked.add(full.award.batida)
                match.push(rng.choice(match.legal_moves()))
    assert checked == {"simples", "carroca", "la-e-lo", "cruzada"}
