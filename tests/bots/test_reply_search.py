"""Two plies in a sampled world (``bots/reply_search.py``): a candidate is worth the least
value among the other seat's replies, each played out on the same luck."""

from __future__ import annotations

import random

from domino_core import Match, Rules
from domino_core.bots.playout import greedy_fives_playout
from domino_core.bots.reply_search import reply_values


def _value(m: Match) -> float:
    return m.scores[0] - m.scores[1] + 1000.0 * (m.winner == 0) if m.over else float(
        m.scores[0] - m.scores[1])


def test_each_candidate_is_worth_its_worst_reply_on_the_same_luck() -> None:
    checked = answered = 0
    for g in range(40):
        match = Match(Rules.from_preset("fives", seats=2, goal=100), seed=g)
        rng = random.Random(g)
        for _ in range(g % 7):
            if match.round_over:
                break
            match.push(rng.choice(match.legal_moves()))
        if match.round_over:
            continue
        moves = match.legal_moves()
        got, playouts = reply_values(match, moves, _value, seed=g, greed=0.75)
        spent = 0
        for move, value in zip(moves, got, strict=True):
            after = match.copy()
            after.push(move)
            replies = [] if after.round_over else after.legal_moves()
            if after.turn == match.turn or len(replies) < 2:
                greedy_fives_playout(after, random.Random(g), 0.75)
                assert value == _value(after)
                spent += 1
                continue
            values = []
            for reply in replies:
                r = after.copy()
                r.push(reply)
                greedy_fives_playout(r, random.Random(g), 0.75)
                values.append(_value(r))
            assert value == min(values)
            answered += len(set(values)) > 1
            spent += len(replies)
            checked += 1
        assert playouts == spent
    assert checked >= 20 and answered >= 5
