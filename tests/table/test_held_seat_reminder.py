"""A reminder says a move as the page does: Bia takes Nino's seat while he is on turn at a
correspondence table, Nino plays, and Ana's "your turn" reminder carries that the move was
the computer's in Bia's seat (``by``: ``"held"``), so her phone reads "O computador jogou
5-5 no lugar de Bia", not "Bia jogou 5-5" (found by a review: the reminder is planned
after the seat is hers)."""

from __future__ import annotations

from domino_core import view_for
from domino_server.push import news_from
from domino_server.push.plan import plan
from domino_server.table.summary import summary

from .machine import Table, new_table
from .test_held_seat import _play, _seat_moves


def _reminder_last(t: Table) -> dict[str, object]:
    assert t.state.match is not None
    news = news_from("t1", summary(t.state), view_for(t.state.match, None), absence_seconds=60)
    [wanted, *_] = plan(news, 0.0, after_seconds=10, notice_seconds=5).wanted
    last = wanted.payload["last"]
    assert isinstance(last, dict)
    return last


def test_the_reminder_after_the_bots_move_in_a_taken_seat_says_the_computer() -> None:
    t = Table(new_table(seats=2, pace="correspondence"))
    t.came(0)
    t.start(1)
    while not (_seat_moves(t, 1) and t.turn() == 1):
        _play(t, 1)
    t.join("Bia", 1)  # Nino on turn: Bia takes the seat right after his move
    t.bot_moves()
    assert t.state.seats[1].kind == "human" and t.turn() == 0
    last = _reminder_last(t)
    assert last["seat"] == 1 and last["name"] == "Bia" and last["by"] == "held", last
    # Bia's own move next is hers: Ana's next reminder says it plainly
    t.person_moves("ana.1")
    assert t.turn() == 1  # (this deal's round goes on)
    t.person_moves("bia.1")
    last = _reminder_last(t)
    assert last["seat"] == 1 and last["name"] == "Bia" and "by" not in last, last


def test_a_bots_own_move_is_said_by_the_bots_name_with_no_mark() -> None:
    t = Table(new_table(seats=2, pace="correspondence", bots=[None, "nino"]))
    t.came(0)
    t.start(1)
    while t.turn() != 0 or not _seat_moves(t, 1):
        _play(t, 1)
    last = _reminder_last(t)
    assert last["seat"] == 1 and last["name"] == "Nino" and "by" not in last, last
