"""The moves the computer made for a person (RULES.md §10 Absence, Pace) are told apart
from their own: the moves' events say so (``stand_in``), and the table summary lists them
by their entry in the round's log, also for a table restored from its stored events (a
page opened later reads its history from the summary and the view)."""

from __future__ import annotations

from typing import Any

from domino_server.table import Stored, fold
from domino_server.table import commands as mc
from domino_server.table.standin import MOVES
from domino_server.table.summary import summary

from .machine import T0, TIMING, Table, both_here, deal, new_table


def _moves(events: list[Any]) -> list[dict[str, Any]]:
    return [e.payload for e in events if isinstance(e, Stored) and e.payload["type"] in MOVES]


def _created() -> Any:
    """Ana's live table for two with a turn timer, as created."""
    return new_table(seats=2, turn_seconds=20)


def _restored(t: Table) -> Any:
    """The table rebuilt from its stored events alone."""
    return fold(_created(), t.stored)


def _friends() -> Table:
    """Ana (seat 0) and Bia (seat 1) at a live table, both here, the match started."""
    return both_here(_created())


def test_the_moves_a_bot_made_for_a_person_away_are_said_to_be_the_computers() -> None:
    t = _friends()
    t.went(1)
    t.do(mc.Tick(deal(t.state)), T0 + TIMING.grace)  # Bia's seat goes to her bot
    assert t.state.seats[1].away
    log_before = len(t.state.match.round.log)  # type: ignore[union-attr]
    bots = []
    for i in range(6):
        if t.turn() == 1:
            events = t.bot_moves()
            bots += _moves(events)
        else:
            events = t.person_moves(f"a{i}")
            assert all("stand_in" not in p for p in _moves(events) if p["seat"] == 0)
    assert bots and all(p["stand_in"] == "away" for p in bots if p["seat"] == 1)
    shown = summary(t.state)["stand_in"]
    log = t.state.match.round.log  # type: ignore[union-attr]
    assert shown["round"] == 1
    marked = [log[m["entry"]] for m in shown["moves"]]
    assert all(m["reason"] == "away" for m in shown["moves"])
    assert [(e["type"], e["seat"]) for e in marked] == [
        (p["type"], p["seat"]) for p in bots if p["seat"] == 1
    ]
    assert all(m["entry"] >= log_before for m in shown["moves"])
    # Bia is back: from her seat's return on, her moves are her own again
    t.came(1)
    if t.state.bot_controlled(1):
        t.bot_moves()
    while t.turn() != 1:
        t.person_moves(f"b{t.state.seq}")
    entry = len(t.state.match.round.log)  # type: ignore[union-attr]
    own = _moves(t.person_moves("mine"))
    assert own[0]["seat"] == 1 and "stand_in" not in own[0]
    now_shown = summary(t.state)["stand_in"]["moves"]
    assert all(m in now_shown for m in shown["moves"])
    assert entry not in [m["entry"] for m in now_shown]
    # a page opened now reads the same from a table restored from what was stored
    assert _restored(t).stand_ins == t.state.stand_ins
    assert summary(_restored(t))["stand_in"] == summary(t.state)["stand_in"]


def test_the_move_the_server_made_when_a_turn_timer_ran_out_is_the_computers() -> None:
    t = _friends()
    seat = t.turn()
    t.now = T0 + 20
    events = t.bot_moves(timeout=True)
    played = _moves(events)[0]
    assert played["seat"] == seat and played["stand_in"] == "timeout"
    assert summary(t.state)["stand_in"]["moves"][0] == {"entry": 0, "reason": "timeout"}
    # the other player's own move, and later the timed-out player's own, are theirs
    t.person_moves("next")
    while t.turn() != seat:
        t.person_moves(f"c{t.state.seq}")
    t.person_moves("own")
    assert [m["entry"] for m in summary(t.state)["stand_in"]["moves"]] == [0]
    assert _restored(t).stand_ins == ((0, "timeout"),)


def test_a_new_round_starts_with_no_move_of_the_computers() -> None:
    t = _friends()
    t.now = T0 + 20
    t.bot_moves(timeout=True)
    assert t.state.stand_ins
    m = t.state.match
    assert m is not None
    while not m.round_over:
        t.person_moves(f"r{t.state.seq}")
        m = t.state.match
        assert m is not None
    t.do(mc.NextRound(0, "next", deal(t.state, 2)))
    assert t.state.match is not None and t.state.match.round_no == 2
    assert summary(t.state)["stand_in"] == {"round": 2, "moves": []}
    assert _restored(t).stand_ins == ()
