"""Who may end a match for absence (RULES.md §10 Absence): a person of another side, once
the seat on turn has had its turn for more than the absence time; never a partner (their
own side would lose), and nobody at a table where the only person is the one on turn."""

from __future__ import annotations

from domino_server.table import Rejection
from domino_server.table import commands as mc
from domino_server.table.deadlines import absence, public

from .machine import T0, TIMING, Table, new_table


def _to_a_person_on_turn(t: Table, people: set[int]) -> int:
    """Moves are made (bots answer, people play their first move) until a person is on turn."""
    n = 0
    while t.turn() not in people:
        if t.state.bot_controlled(t.turn()):
            t.bot_moves()
        else:
            n += 1
            t.person_moves(f"p{n}")
    return t.turn()


def test_with_teams_only_the_other_team_may_claim() -> None:
    t = Table(new_table("classic", seats=4, pace="correspondence", teams=True,
                        partner="friend", bots=[None, None, None, "nino"]))
    caio = t.join("Caio", 2)  # the partner (seat 2)
    bia = t.join("Bia", 1)
    assert (caio, bia) == (2, 1)
    t.start(4)
    away = _to_a_person_on_turn(t, {0, 2})
    partner = 2 - away
    start = t.state.turn_started_at
    assert start is not None and absence(t.state) == start + TIMING.absence
    late = start + TIMING.absence + 1
    refused = t.try_(mc.Claim(partner, "c1"), late)
    assert isinstance(refused, Rejection) and refused.code == "not_allowed", refused
    assert "partner" in refused.reason
    claimed = t.try_(mc.Claim(bia, "c2"), late)
    assert not isinstance(claimed, Rejection), claimed
    m = t.state.match
    assert m is not None and m.over and m.winner == 1  # Bia's team


def test_alone_with_bots_nobody_can_claim_so_no_clock_runs() -> None:
    t = Table(new_table("classic", seats=2, pace="correspondence", bots=[None, "nino"]))
    t.start(2)
    _to_a_person_on_turn(t, {0})
    assert absence(t.state) is None and public(t.state) is None
    assert t.state.turn_started_at is not None and t.state.turn_started_at >= T0
