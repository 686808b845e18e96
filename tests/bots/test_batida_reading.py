"""Reading the other seats' plays by batida (``bots/batida_reading.py``): the habits it
scores plays with are Nino's, and weighing sampled worlds by them places the hidden
tiles better than the sampling alone."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from domino_core import Match, Rules, view_for
from domino_core.bots import choose_move, medium, to_move
from domino_core.bots.batida_reading import option_scores, past_plays, play_chance, weight
from domino_core.bots.batida_search import PAIR_ID, mask_of_pairs
from domino_core.bots.knowledge import Knowledge, knowledge_from
from domino_core.bots.sampling import Sampler


def _hand_mask(match: Match, seat: int) -> int:
    return mask_of_pairs([(t.high, t.low) for t in match.hand(seat)])


def _nino_turns(rules: Rules, seed: int, games: int) -> Iterator[tuple[Match, int, Knowledge]]:
    """Every turn of ``games`` matches Nino plays at every seat: the match, the seat on
    turn and its knowledge, before Nino's move (made when the caller asks for the next)."""
    for g in range(games):
        match = Match(rules, seed=seed + g)
        while not match.over:
            if match.round_over:
                match.start_next_round()
                continue
            seat = match.turn
            assert seat is not None
            k = knowledge_from(view_for(match, seat))
            yield match, seat, k
            match.push(to_move(medium.choose(k)))


def test_a_play_nino_made_is_the_one_the_reading_finds_most_likely() -> None:
    """Nino's own plays in 4-seat batida matches, read from the next seat's view with the
    player's true hand: the play made is the likeliest of its options in nearly all."""
    rules = Rules.from_preset("batida", seats=4)
    likeliest = total = 0
    for match, seat, k in _nino_turns(rules, 500, 12):
        option = medium.choose(k)
        if option.kind != "play" or option.end is None:
            continue
        after = match.copy()
        after.push(to_move(option))
        read = past_plays(knowledge_from(view_for(after, (seat + 1) % 4)))[-1]
        assert (read.seat, read.tile) == (seat, PAIR_ID[option.tile or (0, 0)])
        hand = _hand_mask(after, seat)
        scores, made = option_scores(read, hand, True, rules.batida_points)
        if len(scores) == 1:
            assert play_chance(read, hand, True, rules.batida_points) == 1.0
            continue  # the only play it had
        total += 1
        top = max(range(len(scores)), key=lambda i: scores[i])
        likeliest += top == made
        assert play_chance(read, hand, True, rules.batida_points) > (
            1 / len(scores) if top == made else 0.0)
    assert total > 300
    assert likeliest / total > 0.97


def test_the_seat_reading_sees_nothing_of_its_own_plays_or_openings() -> None:
    """Only other seats' plays onto open ends are read, each from what was public then."""
    rules = Rules.from_preset("batida", seats=4)
    match = Match(rules, seed=3)
    for _ in range(9):
        seat = match.turn
        assert seat is not None
        match.push(choose_move(view_for(match, seat), level="medium"))
        if match.round_over:
            break
    me = match.turn if match.turn is not None else 0
    k = knowledge_from(view_for(match, me))
    plays = [e for e in k.log if e.get("type") == "play"]
    read = past_plays(k)
    assert read and all(p.seat != me for p in read)
    assert len(read) == sum(1 for e in plays[1:] if int(e["seat"]) != me)
    for p in read:
        assert not p.board & (1 << p.tile)  # the table before the play, without it
        assert not p.later & (1 << p.tile)


@pytest.mark.parametrize("seats", [2, 4])
def test_weighing_worlds_by_the_reading_places_hidden_tiles_better(seats: int) -> None:
    """At Nino's decisions in Nino-played matches, worlds weighed by how likely the other
    seats' plays were in them put each hidden tile with its true holder (a seat or the
    sleeping tiles) clearly more often than the same worlds unweighed."""
    rules = Rules.from_preset("batida", seats=seats)
    rng = random.Random(seats)
    plain: list[float] = []
    read_: list[float] = []
    for match, seat, k in _nino_turns(rules, 900, 20):
        if len(plain) == 60:
            break
        if len(k.legal) < 2 or len(past_plays(k)) < 3:
            continue
        truth = {t.id: s for s in range(seats) if s != seat for t in match.hand(s)}
        sampler = Sampler(k)
        worlds = [[mask_of_pairs(h) for h in sampler.sample(rng).hands] for _ in range(150)]
        ws = [weight(past_plays(k), w, k.teams, rules.batida_points) for w in worlds]

        def placed(wt: list[float], truth: dict[int, int] = truth,
                   worlds: list[list[int]] = worlds) -> float:
            hits = sum(
                w for t, s in truth.items() for w, h in zip(wt, worlds, strict=True)
                if h[s] >> t & 1
            )
            return hits / sum(wt) / len(truth)

        plain.append(placed([1.0] * len(worlds)))
        read_.append(placed(ws))
    assert len(plain) == 60
    assert sum(read_) / 60 > sum(plain) / 60 + 0.03


@pytest.mark.parametrize(
    ("seats", "knobs"),
    [(2, {}), (3, {}), (4, {}), (2, {"drawing": True}), (4, {"drawing": True, "teams": False})],
)
def test_every_play_read_is_rebuilt_from_the_hand_its_seat_held(
    seats: int, knobs: dict[str, bool]
) -> None:
    """Read with the true hands (a world the sampler may draw), every play the reading
    scores is rebuilt from the hand its seat really held then (and so is among the
    options found), and the plays of a seat that drew after them are left out."""
    rules = Rules.from_preset("batida", seats=seats, **knobs)
    held: dict[tuple[int, int, int], int] = {}  # (round, table, seat) -> hand as it played
    read_ = drew = 0
    for match, seat, k in _nino_turns(rules, 40 + seats, 6):
        table = mask_of_pairs(k.played)
        held[(match.round_no, table, seat)] = _hand_mask(match, seat)
        true = [_hand_mask(match, s) for s in range(seats)]
        plays = past_plays(k)
        for p in plays:
            assert held[(match.round_no, p.board, p.seat)] == true[p.seat] | p.later | 1 << p.tile
            _, made = option_scores(p, true[p.seat], k.teams, rules.batida_points)
            assert made >= 0
            assert 0.0 < play_chance(p, true[p.seat], k.teams, rules.batida_points) <= 1.0
        read_ += len(plays)
        drew += any(e.get("type") == "draw" for e in k.log)
    assert read_ > 100
    assert drew or not knobs.get("drawing")
