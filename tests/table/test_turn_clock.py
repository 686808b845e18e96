"""When a turn begins, for the clocks that count from it (RULES.md §10 Pace and Absence):
a tile drawn by hand (caribbean) goes on with the same turn, so it restarts neither the
live turn timer nor the correspondence absence clock; a play after which everyone else
passes gives the same seat a new turn; the idle end counts from the last move of any kind,
and a table left before its first deal still deals, so that it can end."""

from __future__ import annotations

from dataclasses import replace

from domino_server.table import Rejection
from domino_server.table import commands as mc
from domino_server.table.deadlines import absence, bot_turn, idle, next_wakeup, turn

from .machine import T0, TIMING, Table, deal, new_table

DAY = 86400.0


def _must_draw(pace: str, turn_seconds: float | None = None) -> Table:
    """A 2-seat caribbean table where the seat on turn must draw by hand, and its first
    tile drawn does not fit (so the turn goes on after it)."""
    for seed in range(1, 300):
        t = Table(new_table("caribbean", seats=2, pace=pace, turn_seconds=turn_seconds))
        t.join("Bia", 1)
        t.came(0)
        t.came(1)
        t.start(seed)
        for n in range(60):
            m = t.state.match  # (each move leaves a new match object in the state)
            assert m is not None
            if m.round_over:
                break
            if [str(x) for x in m.legal_moves()] == ["draw"]:
                trial = m.copy()
                trial.push(trial.legal_moves()[0])
                if trial.turn == m.turn and [str(x) for x in trial.legal_moves()] == ["draw"]:
                    return t
            t.person_moves(f"m{n}")
    raise AssertionError("no deal where a seat draws a tile by hand that does not fit")


def test_the_absence_claim_counts_from_the_start_of_the_turn_not_from_a_tile_drawn() -> None:
    t = _must_draw("correspondence")
    away = t.turn()
    start = t.state.turn_started_at
    assert start is not None and absence(t.state) == start + 2 * DAY
    t.do(mc.Play(away, "d1", "draw"), start + 1.5 * DAY)  # one tile, then nothing more
    assert t.turn() == away and absence(t.state) == start + 2 * DAY
    refused = t.try_(mc.Claim(1 - away, "c0"), start + 1.9 * DAY)
    assert isinstance(refused, Rejection)
    claimed = t.try_(mc.Claim(1 - away, "c1"), start + 2.5 * DAY)
    assert not isinstance(claimed, Rejection), claimed
    m = t.state.match
    assert m is not None and m.over and m.winner == 1 - away


def test_a_tile_drawn_by_hand_does_not_restart_the_turn_timer() -> None:
    t = _must_draw("live", turn_seconds=30)
    seat = t.turn()
    start = t.state.turn_started_at
    assert start is not None and turn(t.state) == start + 30
    t.do(mc.Play(seat, "d1", "draw"), start + 25)
    assert t.turn() == seat and turn(t.state) == start + 30
    assert bot_turn(t.state, start + 29) is None


def test_once_the_timer_ran_out_the_server_plays_the_whole_turn() -> None:
    t = _must_draw("live", turn_seconds=30)
    seat = t.turn()
    start = t.state.turn_started_at
    assert start is not None
    wanted = bot_turn(t.state, start + 30)
    assert wanted is not None and wanted.timeout and wanted.seat == seat
    t.do(mc.BotMoved(seat, t.state.seq, "draw", True), start + 30)
    assert t.turn() == seat  # the tile did not fit: still this turn, its time still up
    again = bot_turn(t.state, start + 30)
    assert again is not None and again.timeout and again.seat == seat


def test_the_idle_end_counts_from_the_last_move_a_tile_drawn_included() -> None:
    t = _must_draw("correspondence")
    seat = t.turn()
    start = t.state.turn_started_at
    assert start is not None and idle(t.state) == start + 7 * DAY
    t.do(mc.Play(seat, "d1", "draw"), start + DAY)
    assert idle(t.state) == start + 8 * DAY


def test_a_play_that_everyone_else_passes_gives_the_same_seat_a_new_turn() -> None:
    for seed in range(1, 300):
        t = Table(new_table("block", seats=2, pace="live", turn_seconds=30))
        t.join("Bia", 1)
        t.came(0)
        t.came(1)
        t.start(seed)
        at = t.now
        while not _round_over(t):
            seat = t.turn()
            at += 10
            t.now = at
            t.person_moves(f"m{at}")
            if not _round_over(t) and t.turn() == seat:  # the other seat passed
                assert t.state.turn_started_at == at
                assert turn(t.state) == at + 30
                return
    raise AssertionError("no deal where a seat plays twice in a row")


def _round_over(t: Table) -> bool:
    m = t.state.match
    assert m is not None
    return m.round_over


def test_a_table_left_while_its_first_deal_waits_still_deals_and_can_end() -> None:
    t = Table(new_table(seats=2, bots=[None, "nino"], timing=replace(TIMING, seed_window=2.0)))
    t.came(0)
    t.do(mc.Start(0, "s", deal(t.state)), T0)
    assert t.state.status == "playing" and t.state.match is None  # waiting for Ana's seed
    t.do(mc.SocketWent(0), T0 + 1)  # her tab closes before her seed comes: nobody here
    assert next_wakeup(t.state) == T0 + 2  # the deal goes on at the window's end
    t.do(mc.Tick(b"\x00" * 32), T0 + 2)
    assert t.state.match is not None and idle(t.state) == T0 + 2 + 7 * DAY
    assert next_wakeup(t.state) == T0 + 1 + TIMING.grace  # her grace period, as ever
    t.do(mc.Tick(b"\x00" * 32), T0 + 1 + TIMING.grace)
    assert next_wakeup(t.state) == T0 + 2 + 7 * DAY  # then it stands still until it ends
