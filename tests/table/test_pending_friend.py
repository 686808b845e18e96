"""A friend still waiting for a bot's seat (RULES.md §10 Seats and bots: they joined a
match under way and take the seat at the next turn boundary) holds no seat yet: the
commands of a seat's holder are refused to them with a typed reason, ``next_round``
among them."""

from __future__ import annotations

from domino_server.table import Rejection
from domino_server.table import commands as mc
from domino_server.table.state import Pending

from .machine import Table, deal, new_table

#: What a waiting friend is told (``endings.require_human``).
NO_SEAT_YET = "a bot plays this seat until the next turn"


def _waiting_friend() -> Table:
    """Ana alone with two bots, the one of seat 1 on turn; Bia joins for seat 1 and waits
    for its bot to move."""
    for seed in range(50):
        t = Table(new_table("block", seats=3))
        t.came(0)
        t.start(seed)
        while t.turn() == 0:
            t.person_moves(f"m{t.state.seq}")
        if t.turn() == 1:
            t.do(mc.Join("Bia", "tok1", "k1", "a1"))
            assert t.state.seats[1].pending is not None
            return t
    raise AssertionError("no such deal")


def test_a_waiting_friend_is_refused_next_round_as_one_without_a_seat() -> None:
    t = _waiting_friend()
    refused = t.try_(mc.NextRound(1, "n1", deal(t.state, 2)))
    # not "the round is still being played": they may not send it at any point yet
    assert refused == Rejection("not_allowed", NO_SEAT_YET)
    resigned = t.try_(mc.Resign(1, "r1"))  # as any other command of a seat's holder
    assert resigned == Rejection("not_allowed", NO_SEAT_YET)


def test_between_rounds_next_round_is_a_seat_holders_not_a_waiting_friends() -> None:
    """A friend waiting when a round is over (today the seat is handed over at once then;
    the rule does not hang on that) may not deal the next round; Ana may."""
    t = Table(new_table("block", seats=3))
    t.came(0)
    t.start()
    while (m := t.state.match) is not None and not m.round_over:
        if t.turn() == 0:
            t.person_moves(f"m{t.state.seq}")
        else:
            t.bot_moves()
    seats = list(t.state.seats)
    seats[1] = seats[1].with_(pending=Pending("Bia", "tok1", "k1", "a1"))
    t.state.seats = tuple(seats)
    refused = t.try_(mc.NextRound(1, "n1", deal(t.state, 2)))
    assert refused == Rejection("not_allowed", NO_SEAT_YET)
    dealt = t.do(mc.NextRound(0, "n2", deal(t.state, 2)))
    assert t.types(dealt)[:1] == ["fair_commit"]
