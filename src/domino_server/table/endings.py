"""How a match ends (RULES.md §10): resigning (the 3-seat rule is the core's), a claim for
absence in correspondence, annulment by every person's vote, the idle end, and what every
end brings: the ``match_end`` entry and the ranking outcome."""

from __future__ import annotations

from typing import Any

from domino_core import Match

from . import fairplay
from .convert import copy_entry, iso
from .deadlines import absence, claimants, idle
from .decision import Outbox, Refused
from .ranking import outcome
from .state import TableState

__all__ = ["annul", "claim", "close_match", "idle_end", "propose", "resign", "vote"]


def close_match(out: Outbox, state: TableState, m: Match, entries: list[dict[str, Any]]) -> None:
    """After the match ``m`` (a changed copy) moved with ``entries``: the ``match_end``
    entry when it is over and ``entries`` lack one, the round's ``fair_reveal`` when the
    round is over, then the ``ranking`` event with the experience points (stored, as
    ``secret``, in the same write as the end)."""
    if m.over and not any(e.get("type") == "match_end" for e in entries):
        out.info({"type": "match_end", "reason": m.end_reason or "goal", "winner": m.winner})
    fairplay.reveal(out, state, m)
    if not m.over:
        return
    result = outcome(m, state.seats)
    awards = [
        {"key_hash": a.player_hash, "name": a.name, "points": a.points, "won": a.won}
        for a in result.awards
    ]
    out.info(result.event(len(state.seats)), secret={"awards": awards})


def require_human(state: TableState, seat: int) -> None:
    """Refuse unless a person holds ``seat`` (a friend still waiting does not)."""
    if state.seats[seat].kind != "human":
        raise Refused("not_allowed", "a bot plays this seat until the next turn")


def resign(out: Outbox, state: TableState, seat: int, reason: str, by: int) -> None:
    """``seat``'s side loses (``reason``: ``resign``, or ``absence`` claimed by ``by``)."""
    assert state.match is not None
    m = state.match.copy()
    entries = [copy_entry(e) for e in m.resign(seat, reason)]
    out.add("resign", {"type": "resign", "seat": seat, "reason": reason, "by": by})
    for e in entries:
        out.info(e)
    close_match(out, state, m, entries)


def annul(out: Outbox, state: TableState, reason: str) -> None:
    """End the match with no winner (``annulled`` by vote, ``abandoned`` when idle)."""
    assert state.match is not None
    m = state.match.copy()
    entries = [copy_entry(e) for e in m.annul(reason)]
    out.add("annul", {"type": "annulled", "reason": reason})
    for e in entries:
        out.info(e)
    close_match(out, state, m, entries)


def propose(out: Outbox, state: TableState, seat: int) -> None:
    """Propose to annul; a person alone at the table annuls at once."""
    require_human(state, seat)
    if state.annulment is not None:
        raise Refused("not_allowed", "an annulment proposal is already open")
    out.info({"type": "annulment_proposed", "seat": seat})
    if state.humans() == [seat]:
        annul(out, state, "annulled")


def vote(out: Outbox, state: TableState, seat: int, agree: bool) -> None:
    """Vote on the open proposal: the last person agreeing annuls, a refusal closes it.
    Bots do not vote."""
    require_human(state, seat)
    if state.annulment is None:
        raise Refused("not_allowed", "no annulment proposal is open")
    if str(seat) in state.annulment["votes"]:
        raise Refused("not_allowed", "this seat has already voted")
    out.info({"type": "annulment_vote", "seat": seat, "agree": agree})
    votes = {**state.annulment["votes"], str(seat): agree}
    if agree and all(votes.get(str(h)) for h in state.humans()):
        annul(out, state, "annulled")


def claim(out: Outbox, state: TableState, seat: int) -> None:
    """Correspondence: end the match against the person on turn for more than 2 days
    (``timing.absence``): at the deadline itself they may still play."""
    assert state.match is not None
    require_human(state, seat)
    if state.live:
        raise Refused("not_allowed", "absence claims exist only in correspondence tables")
    turn = state.match.turn
    if turn is None or turn == seat or state.seats[turn].kind != "human":
        raise Refused("not_allowed", "no absent player is holding up the game")
    if seat not in claimants(state, turn):
        raise Refused("not_allowed", "a partner cannot claim: your own side would lose")
    allowed_at = absence(state)
    if allowed_at is None or out.now <= allowed_at:
        raise Refused("not_allowed", f"seat {turn} may still play until {iso(allowed_at)}")
    resign(out, state, turn, "absence", by=seat)


def idle_end(out: Outbox, state: TableState) -> bool:
    """No move for the idle time: the match ends with no winner. Whether it did."""
    when = idle(state)
    if when is None or out.now < when:
        return False
    annul(out, state, "abandoned")
    return True


def offer_rematch(out: Outbox, state: TableState, seat: int, table: str) -> None:
    """Once the match is over, a person of the table names the new table where the same
    players go on (its creator made it): the others' pages offer it. The first offer
    stands; nothing of the finished match changes."""
    require_human(state, seat)
    if state.status != "finished":
        raise Refused("not_allowed", "a new table is offered once the match is over")
    if table == state.spec.table_id:
        raise Refused("not_allowed", "the new table must be another table")
    if state.rematch is not None:  # the first stands: everyone goes to one table
        raise Refused("not_allowed", f"a new table is already offered: {state.rematch['table']}")
    out.info({"type": "rematch", "seat": seat, "table": table})
