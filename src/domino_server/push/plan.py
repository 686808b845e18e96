"""Which reminders a table's news calls for: a pure function of the news and two delays.

Per turn of a person at a correspondence table, at most one reminder of each kind:

- ``your_turn`` at once, when the turn passes to a seat with no socket open at the table
  (with a socket open it is stored as ``skipped``, so a restart does not send it);
- ``after_24h`` when the turn is ``after_seconds`` old;
- ``before_absence_claim`` ``notice_seconds`` before the absence claim opens.

When the match ends, one ``match_over`` to each person without a socket open. Anything
still pending for an earlier turn is cancelled once the turn has passed (playing is the
answer). Live tables get nothing. A reminder's payload holds the table, whose turn, the
last public move and the page to open: never a hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .news import TableNews, iso

__all__ = ["END_TURN", "KINDS", "Plan", "Wanted", "plan"]

KINDS = ("your_turn", "after_24h", "before_absence_claim", "match_over")

#: The ``turn`` of a ``match_over`` reminder.
END_TURN = "end"


@dataclass(frozen=True, slots=True)
class Wanted:
    """A reminder to store; one stored already (same table, seat, turn and kind) keeps its
    due time and state, and only a pending one takes this payload."""

    seat: int
    turn: str
    kind: str
    due_at: float
    state: str  # pending | skipped
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Plan:
    """What to store: ``wanted``, after cancelling the table's pending reminders other than
    those of ``keep`` (a seat and turn), or of every turn when ``keep`` is None."""

    wanted: tuple[Wanted, ...] = ()
    keep: tuple[int, str] | None = None
    touch: bool = True  # False: leave the table's reminders alone (a live table)


def _payload(news: TableNews, seat: int, kind: str) -> dict[str, Any]:
    last = news.last_move
    if last is not None and last.get("seat") is not None and last["seat"] < len(news.names):
        last = {**last, "name": news.names[last["seat"]]}
    return {
        "kind": kind,
        "table": news.table_id,
        "seat": seat,
        "turn": news.turn,
        "turn_name": None if news.turn is None else news.names[news.turn],
        "last": last,
        "claim_at": iso(news.claim_at),
        "winner": news.winner,
        "url": f"/t/{news.table_id}",
    }


def plan(news: TableNews, now: float, *, after_seconds: float, notice_seconds: float) -> Plan:
    """The reminders ``news`` calls for at ``now``."""
    if news.pace != "correspondence":
        return Plan(touch=False)
    if news.finished:
        return Plan(
            wanted=tuple(
                Wanted(
                    seat,
                    END_TURN,
                    "match_over",
                    now,
                    "skipped" if seat in news.connected else "pending",
                    _payload(news, seat, "match_over"),
                )
                for seat in news.humans
            ),
            keep=None,
        )
    seat, key = news.turn, news.turn_key
    if seat is None or key is None or not news.turn_human or news.status != "playing":
        return Plan(keep=None)
    since = news.turn_since if news.turn_since is not None else now
    wanted = [
        Wanted(
            seat,
            key,
            "your_turn",
            now,
            "skipped" if seat in news.connected else "pending",
            _payload(news, seat, "your_turn"),
        )
    ]
    notice = None if news.claim_at is None else max(since, news.claim_at - notice_seconds)
    after = since + after_seconds
    if notice is None or after < notice:
        wanted.append(
            Wanted(seat, key, "after_24h", after, "pending", _payload(news, seat, "after_24h"))
        )
    if notice is not None:
        wanted.append(
            Wanted(
                seat,
                key,
                "before_absence_claim",
                notice,
                "pending",
                _payload(news, seat, "before_absence_claim"),
            )
        )
    return Plan(wanted=tuple(wanted), keep=(seat, key))
