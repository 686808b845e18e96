"""A person's move carries the last event the page had seen (``at``): refused as ``stale``
when the match moved on since, so a move chosen on one board never lands on a later one
(the turn timer played for the seat meanwhile, and the turn came back); events that do
not change the match (a friend joining, a bot holding an away seat) leave it good."""

from __future__ import annotations

from domino_server.table import Rejection
from domino_server.table import commands as mc
from domino_server.table.deadlines import bot_turn

from .machine import Table, new_table


def _move(t: Table, cmd_id: str, at: int | None) -> mc.Play:
    """The seat on turn's first legal move as a person's command chosen at ``at``."""
    mv = t.first_move()
    if mv in ("draw", "pass"):
        return mc.Play(t.turn(), cmd_id, mv, at=at)
    tile, _, end = mv.partition(" ")
    return mc.Play(t.turn(), cmd_id, "play", tile, end or None, at)


def _ana_on_turn(t: Table) -> None:
    """Bots move until it is Ana's (seat 0's) turn in a round under way."""
    while t.turn() != 0:
        t.bot_moves()


def _timed_table() -> Table:
    t = Table(new_table("classic", seats=2, turn_seconds=20, bots=[None, "nino"]))
    t.came(0)
    t.start(3)
    _ana_on_turn(t)
    return t


def _timer_plays_for_ana(t: Table) -> None:
    """Ana's turn timer runs out: the server plays her turn."""
    start = t.state.turn_started_at
    assert start is not None
    wanted = bot_turn(t.state, start + 20)
    assert wanted is not None and wanted.timeout and wanted.seat == 0
    t.do(mc.BotMoved(0, t.state.seq, t.first_move(), True), start + 20)


def test_a_move_chosen_before_the_timer_played_for_the_seat_is_refused_on_its_next_turn() -> None:
    t = _timed_table()
    seen = t.state.seq
    chosen = _move(t, "late", seen)
    _timer_plays_for_ana(t)
    _ana_on_turn(t)
    before = t.state.durable()
    refused = t.try_(chosen)
    assert isinstance(refused, Rejection) and refused.code == "stale", refused
    assert f"event {seen}" in refused.reason
    assert t.state.durable() == before  # nothing applied, nothing recorded
    # the same move chosen on this board goes through, as does one that says nothing
    assert not isinstance(t.try_(_move(t, "now", t.state.seq)), Rejection)
    _ana_on_turn(t)
    assert not isinstance(t.try_(_move(t, "plain", None)), Rejection)


def test_a_move_is_good_after_events_that_do_not_change_the_match() -> None:
    t = Table(new_table("classic", seats=4, bots=[None, "nino", "nino", "nino"], teams=True,
                        partner="bot"))
    t.came(0)
    t.start(5)
    _ana_on_turn(t)
    seen = t.state.seq
    t.join("Bia", 1)  # a friend arrives for a bot's seat: an event, no move
    t.went(0)
    t.came(0)
    assert t.state.seq > seen
    assert not isinstance(t.try_(_move(t, "m1", seen)), Rejection)


def test_a_move_after_a_new_deal_is_refused_if_chosen_in_the_round_before() -> None:
    t = _timed_table()
    seen = t.state.seq
    chosen = _move(t, "old", seen)
    m = t.state.match
    assert m is not None
    while not m.round_over:  # the round is played out (the timer for Ana, the bot)
        if m.turn == 0:
            _timer_plays_for_ana(t)
        else:
            t.bot_moves()
        m = t.state.match
        assert m is not None
    t.do(mc.NextRound(0, "next", b"\x07" * 32))
    _ana_on_turn(t)
    refused = t.try_(chosen)
    assert isinstance(refused, Rejection) and refused.code == "stale", refused
