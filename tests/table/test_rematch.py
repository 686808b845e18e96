"""After the match, a person names the new table where the same players go on: the
others' pages offer it (``table.rematch``) instead of each making a table of their own.
Only a person of the table, only once the match is over, and never this table itself."""

from __future__ import annotations

from domino_server.table import Rejection
from domino_server.table import commands as mc
from domino_server.table.summary import summary

from .machine import Table, new_table

NEW = "k3Jq9x0Zr8WcT1mBvYp4Aa"


def _finished() -> Table:
    """Ana and Bia at a 2-seat table; Bia resigned."""
    t = Table(new_table("classic", seats=2))
    bia = t.join("Bia", 1)
    t.start()
    t.do(mc.Resign(bia, "r"))
    assert t.state.status == "finished"
    return t


def test_a_person_offers_the_new_table_once_the_match_is_over() -> None:
    t = _finished()
    events = t.do(mc.Rematch(1, "m", NEW))
    assert t.types(events) == ["rematch"]
    assert summary(t.state)["rematch"] == {"table": NEW, "by": 1}
    # a second offer (Ana made one too at the same moment) is refused: the first stands,
    # so everyone goes to one table
    second = t.try_(mc.Rematch(0, "m2", "N" * 22))
    assert isinstance(second, Rejection) and NEW in second.reason
    assert summary(t.state)["rematch"] == {"table": NEW, "by": 1}
    # nothing of the match changed: still over, same winner and scores
    assert t.state.match is not None and t.state.match.over and t.state.match.winner == 0


def test_no_offer_before_the_end_from_a_spectator_or_of_this_table() -> None:
    t = Table(new_table("classic", seats=2))
    t.join("Bia", 1)
    t.start()
    early = t.try_(mc.Rematch(0, "m", NEW))
    assert isinstance(early, Rejection) and early.code == "not_allowed"
    t.do(mc.Resign(1, "r"))
    watching = t.try_(mc.Rematch(None, "m", NEW))
    assert isinstance(watching, Rejection) and watching.code == "not_allowed"
    itself = t.try_(mc.Rematch(0, "m", t.state.spec.table_id))
    assert isinstance(itself, Rejection) and itself.code == "not_allowed"
    assert summary(t.state)["rematch"] is None


def test_a_bot_seat_cannot_offer_one() -> None:
    t = Table(new_table("classic", seats=2, bots=[None, "nino"]))
    t.start()
    t.do(mc.Resign(0, "r"))
    refused = t.try_(mc.Rematch(1, "m", NEW))
    assert isinstance(refused, Rejection) and refused.code == "not_allowed"
