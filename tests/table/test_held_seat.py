"""A bot keeps a friend's seat until they come (RULES.md §10 Seats and bots): once the friend
takes it during a round, the moves the bot made there are the computer's, not theirs
(``stand_in`` ``"held"`` in the summary, and in the events of the moves made while the friend
was on the way), also for a table restored from its stored events; a bot's seat nobody
has taken is the bot's own and gets no mark."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domino_server.table import Stored, fold
from domino_server.table.standin import MOVES
from domino_server.table.summary import summary

from .machine import Table, new_table


def _created() -> Any:
    """Ana's live table for two, seat 1 kept by Nino for a friend she invited."""
    return new_table(seats=2)


def _started(seed: int = 1) -> Table:
    """Ana here, the match started: Nino holds seat 1."""
    t = Table(_created())
    t.came(0)
    t.start(seed)
    return t


def _play(t: Table, moves: int) -> None:
    """``moves`` moves, Ana's by hand, Nino's by the bot (fewer if the round ends)."""
    for i in range(moves):
        m = t.state.match
        if m is None or m.round_over or m.over:
            return
        if t.turn() == 0:
            t.person_moves(f"a{t.state.seq}.{i}")
        else:
            t.bot_moves()


def _marks(t: Table) -> list[tuple[str, int, str]]:
    """The summary's marks as (entry type, seat, reason), in log order."""
    shown = summary(t.state)["stand_in"]
    log = t.state.match.round.log  # type: ignore[union-attr]
    return [(log[m["entry"]]["type"], log[m["entry"]]["seat"], m["reason"]) for m in shown["moves"]]


def _seat_moves(t: Table, seat: int) -> list[tuple[str, int]]:
    """The (type, seat) of ``seat``'s moves in the round's log."""
    log = t.state.match.round.log  # type: ignore[union-attr]
    return [(e["type"], e["seat"]) for e in log if e.get("seat") == seat and e["type"] in MOVES]


def _restored_same(t: Table) -> None:
    """A page opened later reads the same marks from the table rebuilt from its events."""
    again = fold(_created(), t.stored)
    assert again.stand_ins == t.state.stand_ins
    assert summary(again)["stand_in"] == summary(t.state)["stand_in"]


def test_the_moves_nino_made_before_bia_took_his_seat_are_the_computers() -> None:
    t = _started()
    while not (_seat_moves(t, 1) and t.turn() == 0):
        _play(t, 1)
    before = _seat_moves(t, 1)
    assert _marks(t) == []  # while Nino holds the seat, his moves are his own
    t.join("Bia", 1)  # not Nino's turn: she takes the seat at once
    assert t.state.seats[1].kind == "human"
    assert _marks(t) == [(kind, seat, "held") for kind, seat in before]
    _restored_same(t)
    # her own moves from then on are hers
    t.person_moves("ana")
    while t.turn() != 1:
        t.person_moves(f"a{t.state.seq}")
    own = [e.payload for e in t.person_moves("bia") if isinstance(e, Stored)]
    assert own[0]["seat"] == 1 and "stand_in" not in own[0]
    assert _marks(t) == [(kind, seat, "held") for kind, seat in before]
    _restored_same(t)


def test_the_move_nino_finishes_while_bia_waits_for_the_seat_says_so() -> None:
    t = _started()
    while not (_seat_moves(t, 1) and t.turn() == 1):
        _play(t, 1)
    t.join("Bia", 1)  # Nino is thinking: she takes the seat right after his move
    assert t.state.seats[1].pending is not None
    moved = [e.payload for e in t.bot_moves() if isinstance(e, Stored)]
    ninos = [p for p in moved if p["type"] in MOVES and p["seat"] == 1]
    assert ninos and all(p["stand_in"] == "held" for p in ninos)
    assert moved[-1] == {"type": "seat_human", "seat": 1}
    assert _marks(t) == [(kind, seat, "held") for kind, seat in _seat_moves(t, 1)]
    _restored_same(t)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(1, 40), moves=st.integers(0, 14), after=st.integers(0, 10))
def test_held_marks_are_exactly_the_bots_moves_before_the_friend_came(
    seed: int, moves: int, after: int
) -> None:
    """Whenever in the match Bia comes, the round's marks are the seat's moves made before
    she took it; every later move of hers is unmarked; a fold rebuilds them."""
    t = _started(seed)
    _play(t, moves)
    if t.state.match is None or t.state.match.over:
        return
    assert _marks(t) == []  # a bot's seat nobody took is the bot's own
    t.join("Bia", 1)
    if t.state.seats[1].pending is not None:
        t.bot_moves()  # Nino's move on turn: then the seat is hers
        if t.state.match is not None and t.state.match.over:
            return  # (his move ended the match: nobody takes a seat then)
    assert t.state.seats[1].kind == "human"
    before = _seat_moves(t, 1)
    for i in range(after):  # both play by hand now
        m = t.state.match
        if m is None or m.round_over:
            break
        t.person_moves(f"p{i}")
    assert _marks(t) == [(kind, seat, "held") for kind, seat in before]
    _restored_same(t)
