"""Which of a round's moves the computer made for a person (RULES.md §10 Seats and bots,
Absence, Pace).

A person's seat is played by its bot while they are away, and the server plays the move of
a person whose live turn timer ran out. Those moves are the seat's in the core's log, like
its person's own; this module tells them apart, so that every page can say who made each
one ("O computador jogou 6-4 por Bia"), at the time and in the round's history:

- ``decide`` marks the public entries of such a move (``stand_in`` in the event's payload:
  ``"away"`` or ``"timeout"``), as every socket hears them;
- ``evolve`` keeps, for the round being played, the numbers of those entries in the round's
  log with the same reason (:attr:`~.state.TableState.stand_ins`), rebuilt by folding the
  stored events like the rest of the state; the table summary shows them (``stand_in``).

Both go by :func:`reasons`: one rule. A move of a bot's own seat is no stand-in's. Draws in
a row by one seat are one entry of the log: such an entry bears the reason of its last draw
(a person who drew one tile by hand before their timer ran out reads "o computador comprou 2
pedras por você"), as no log entry can be told apart in parts.

A bot's seat a friend takes during the match (RULES.md §10 Seats and bots) was the bot's
until then: once a person is on the way to it (``pending``), its bot's moves are marked
``"held"``, and when they take it, :func:`taken` marks ``"held"`` the moves the bot made
there earlier in the round, which no event could mark (nobody knew a person would come).
The page says those as the computer's, made before its person came ("O computador jogou
6-4 no lugar de Bia, antes de Bia chegar"), and names the bot while the bot still has the
seat. A bot's seat nobody takes (a table against the computer) gets no mark.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .state import TableState

__all__ = ["MOVES", "marks_after", "reasons", "taken"]

#: The log entries that are a seat's move.
MOVES = ("play", "draw", "pass")


def reasons(
    state: TableState, entries: Sequence[dict[str, Any]], mover: int | None, timeout: bool
) -> list[str | None]:
    """For each of ``entries`` (the log entries one move or deal added, in order), why the
    computer made it for a person, or None: ``"away"``, a move of a seat its bot plays while
    its person is away (forced ones included, as its person's page counts them);
    ``"held"``, a move of a bot's seat a friend is on the way to; or ``"timeout"``, the move
    the server made for ``mover``, whose turn timer ran out, with what its turn still held
    (a pass after the last tile drawn by hand)."""
    out: list[str | None] = []
    own = timeout  # the timed-out seat's turn goes on until another seat's entry
    for e in entries:
        seat = e.get("seat")
        if e.get("type") not in MOVES or not isinstance(seat, int):
            out.append(None)
            continue
        own = own and seat == mover
        holder = state.seats[seat]
        if holder.away:
            out.append("away")
        elif holder.kind == "bot" and holder.pending is not None:
            out.append("held")
        else:
            out.append("timeout" if own else None)
    return out


def marks_after(
    state: TableState, logged: int, move: dict[str, Any]
) -> tuple[tuple[int, str], ...]:
    """The round's marks once ``move`` (a move event's payload) is played, the round's log
    having had ``logged`` entries before it: those of the entries it added, and of the
    entry a second draw by hand in a row was merged into (the last one before them)."""
    assert state.match is not None
    log = state.match.round.log
    start = logged
    added = list(log[start:])
    mover = move.get("seat")
    drew = any(e.get("type") == "draw" and e.get("seat") == mover for e in added)
    if move.get("type") == "draw" and not drew and start > 0:
        start -= 1
        added.insert(0, log[start])
    marks = dict(state.stand_ins)
    timeout = move.get("stand_in") == "timeout"
    for i, why in enumerate(reasons(state, added, mover, timeout), start):
        if why is not None:
            marks[i] = why
    return tuple(sorted(marks.items()))


def taken(state: TableState, seat: int) -> tuple[tuple[int, str], ...]:
    """The round's marks once a person takes ``seat`` (before it changes hands): if its bot
    held it, every move of the seat in the round's log so far was that bot's, ``"held"``
    (a bot's seat has been its bot's since the start: a person who takes one keeps it)."""
    m = state.match
    if m is None or state.seats[seat].kind != "bot":
        return state.stand_ins
    marks = dict(state.stand_ins)
    for i, e in enumerate(m.round.log):
        if e.get("seat") == seat and e.get("type") in MOVES:
            marks.setdefault(i, "held")
    return tuple(sorted(marks.items()))
