"""What a table's reminders need to know after an event, and how to read it from the
public summary and a spectator's view (never from a seat's view: no hand is in it)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domino_core import View

from ..table import bot_name

__all__ = ["TableNews", "iso", "news_from", "public_move"]

#: Log entries that are moves.
MOVES = ("play", "draw", "pass")

#: Log entry keys that may go into a reminder (all public: the board shows them).
_MOVE_KEYS = ("type", "seat", "tile", "end", "count")


@dataclass(frozen=True, slots=True)
class TableNews:
    """One table's state as far as reminders go.

    ``turn`` is the seat to move (None between rounds, before the start or after the end);
    ``turn_human`` whether a person plays it now (not a bot); ``turn_key`` names that turn
    (the same for the whole turn, different for the next; stable across restarts);
    ``turn_since`` when it began and ``claim_at`` when the absence claim against it opens
    (seconds since the epoch); ``connected`` the seats with a socket open; ``humans`` the
    seats held by people; ``names`` every seat's name; ``last_move`` the last public move of
    another seat than the one on turn (its own forced draws come after it), with ``by``
    when the computer made it for a person (:func:`_by`).
    """

    table_id: str
    pace: str
    status: str
    turn: int | None = None
    turn_human: bool = False
    turn_key: str | None = None
    turn_since: float | None = None
    claim_at: float | None = None
    connected: frozenset[int] = frozenset()
    humans: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    last_move: dict[str, Any] | None = None
    finished: bool = False
    winner: int | None = None


def public_move(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The reminder's copy of a public log entry: its type, seat, tile and end only."""
    return {k: entry[k] for k in _MOVE_KEYS if k in entry}


def iso(ts: float | None) -> str | None:
    """ISO 8601 UTC text of ``ts`` (None stays None), as the table summary writes times."""
    if ts is None:
        return None
    return dt.datetime.fromtimestamp(ts, dt.UTC).isoformat(timespec="milliseconds")


def _epoch(text: str | None) -> float | None:
    if not text:
        return None
    return dt.datetime.fromisoformat(text).timestamp()


def _name(seat: Mapping[str, Any]) -> str:
    """A seat's name in a reminder, as the page says it: a seat its bot plays goes by its
    bot's name (``bot_name``: Nino, Nina, Nico...), also while the bot keeps it for the
    friend who is taking it (whose name the seat already bears)."""
    bot = seat.get("bot")
    named = bot_name(bot, int(seat["seat"])) if seat.get("kind") != "human" and bot else ""
    return named or str(seat["name"])


def _by(summary: Mapping[str, Any], view: View, entry: int) -> str | None:
    """Why the computer made the move at ``entry`` of the view's round for a person (the
    summary's ``stand_in``: "away", "timeout", "held"), or None: a reminder then says it
    as the computer's, as the page does."""
    marks = summary.get("stand_in")
    if not marks or marks.get("round") != view.round_no:
        return None
    return next((str(m["reason"]) for m in marks["moves"] if m["entry"] == entry), None)


def news_from(
    table_id: str, summary: Mapping[str, Any], view: View | None, *, absence_seconds: float
) -> TableNews:
    """The news of a table from its public summary (``TableState.summary()``: pace,
    status, seats with ``kind``/``bot``/``connected``, and ``deadline``, which at a
    correspondence table with a seat on turn is when the absence claim opens, null where
    nobody could claim; between rounds, no seat is on turn and it is not read) and
    ``view``, the spectator's view (``view_for(match, None)``; None before the start).
    The turn began ``absence_seconds`` before the claim opens."""
    seats = list(summary["seats"])
    claim_at = _epoch(summary.get("deadline"))
    turn: int | None = None
    key: str | None = None
    last: dict[str, Any] | None = None
    over = summary["status"] == "finished"
    winner: int | None = None
    if view is not None:
        over = over or view.over
        winner = view.winner
        if not (view.over or view.round_over):
            turn = view.turn
        # the turn began after the last move of another seat: the forced draws of the seat
        # on turn (the core makes them at once) and its own draws belong to its turn
        moves = [(i, e) for i, e in enumerate(view.log) if e.get("type") in MOVES]
        others = [(i, e) for i, e in moves if e.get("seat") != turn]
        begun = others[-1] if others else (moves[-1] if moves else None)
        last = None if begun is None else public_move(begun[1])
        by = None if begun is None else _by(summary, view, begun[0])
        if last is not None and by is not None:
            last["by"] = by
        if turn is not None:
            key = f"{view.round_no}.{0 if begun is None else begun[0] + 1}"
    human = turn is not None and seats[turn]["kind"] == "human" and seats[turn].get("bot") is None
    return TableNews(
        table_id=table_id,
        pace=str(summary["pace"]),
        status=str(summary["status"]),
        turn=turn,
        turn_human=human,
        turn_key=key,
        turn_since=None if claim_at is None else claim_at - absence_seconds,
        claim_at=claim_at,
        connected=frozenset(int(s["seat"]) for s in seats if s.get("connected")),
        humans=tuple(int(s["seat"]) for s in seats if s["kind"] == "human"),
        names=tuple(_name(s) for s in seats),
        last_move=last,
        finished=over,
        winner=winner,
    )
