"""What a table shows to everyone: its summary (DESIGN.md §2 ``table``) and the line a
player's list of tables shows. Pure functions of the state."""

from __future__ import annotations

from typing import Any

from domino_core import view_for

from . import fairplay
from .convert import iso
from .deadlines import public
from .seating import open_seats
from .state import TableState

__all__ = ["listing", "summary", "summary_key"]


def summary(state: TableState) -> dict[str, Any]:
    """The public table summary: never a token, a key or an address."""
    joinable = open_seats(state) if state.status != "finished" else []
    return {
        "id": state.spec.table_id,
        "status": state.status,
        "rules": state.spec.rules,
        "pace": state.spec.pace,
        "turn_seconds": state.spec.turn_seconds,
        "deadline": iso(public(state)),
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "kind": s.kind,
                "bot": s.bot if state.bot_controlled(s.seat) or s.kind == "empty" else None,
                "connected": state.connected(s.seat),
                "creator": s.creator,
                "open": s.seat in joinable,
                "away": {"moves": s.away_moves, "since_round": s.away_round}
                if s.away and s.kind == "human" else None,
            }
            for s in state.seats
        ],
        "annulment": state.annulment,
        "ranking": state.ranking,
        "rematch": state.rematch,
        "fair": fairplay.public(state),
        "stand_in": _stand_in(state),
    }


def _stand_in(state: TableState) -> dict[str, Any] | None:
    """The moves of the round (its number, as the views give it) that the computer made
    for a person, by their entry's number in the round's log (null before the first deal)."""
    if state.match is None:
        return None
    moves = [{"entry": i, "reason": why} for i, why in state.stand_ins]
    return {"round": state.match.round_no, "moves": moves}


def summary_key(state: TableState) -> tuple[Any, ...]:
    """Everything :func:`summary` reads but the deadline, as one comparable value: two
    states with equal keys have summaries that differ at most in ``deadline``."""
    p = state.presence
    rnd = None if state.match is None else state.match.round_no
    return (state.status, state.seats, p.sockets, state.annulment, state.ranking,
            state.rematch, fairplay.public_key(state), rnd, state.stand_ins)


def listing(state: TableState) -> dict[str, Any]:
    """The summary with where the match stands, as a spectator sees it (``round``,
    ``turn``, ``scores``, ``winner``; null before the start)."""
    out: dict[str, Any] = {"table": summary(state)}
    if state.match is None:
        return out | {"round": None, "turn": None, "scores": None, "winner": None}
    v = view_for(state.match, None)
    turn = None if v.round_over or v.over else v.turn
    return out | {"round": v.round_no, "turn": turn, "scores": list(v.scores), "winner": v.winner}
