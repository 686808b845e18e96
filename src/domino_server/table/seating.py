"""Who holds each seat (RULES.md §10 "Seats and bots", "Pace").

The seat-holder rule: a seat is held by its person (``kind`` human, not ``away``), by a
bot (``kind`` bot, or a person's seat while ``away``), or by nobody yet (``empty``, before
the start). It changes hands only by a stored event:

- ``seat_joined``: a friend takes an empty seat before the start, or, mid-match, waits for
  a bot's seat (``pending``);
- ``seat_bot``: at the start every empty seat gets its bot (``reason`` start); live, a
  person without a socket for the grace period is played by their seat's bot (``away``);
- ``seat_human``: a waiting friend, or a person back from being away *with a socket
  open*, takes the seat from its bot at a turn boundary: at once, unless the seat is on
  turn in a round being played (its bot is thinking), then right after that bot's move.
  Each return is one event; a person who does not come back never gets a seat handed
  back.
"""

from __future__ import annotations

from domino_core import Match

from .commands import Join
from .deadlines import grace
from .decision import Outbox, Refused
from .events import Presence
from .state import TableState

__all__ = [
    "free_seat", "grace_ends", "handovers", "join", "open_seats", "socket_came", "socket_went",
]


def _boundary(m: Match | None, seat: int) -> bool:
    """Whether ``seat`` may change hands now: it is not on turn in a round being played."""
    return m is None or m.over or m.round_over or m.turn != seat


def handovers(out: Outbox, state: TableState, m: Match | None) -> None:
    """``seat_human`` for every seat whose person may take it from its bot now, with the
    match as ``m`` (after the decision's moves): a waiting friend, or a person back from
    being away whose socket is open."""
    if state.status == "finished" or (m is not None and m.over):
        return
    for s in state.seats:
        ready = s.pending is not None or (s.kind == "human" and s.away and state.connected(s.seat))
        if ready and _boundary(m, s.seat):
            out.info({"type": "seat_human", "seat": s.seat})


def open_seats(state: TableState) -> list[int]:
    """The seats a friend arriving now may take, the table's choice first: empty seats,
    then bots' seats, none that a person holds or a friend is on the way to. At 4 with
    teams, ``partner`` "friend" puts seat 2 first; with "bot", seat 2 is its bot's: before
    the start it is open only once every other seat is taken, and never after."""
    order = list(range(len(state.seats)))
    teams = bool(state.spec.rules.get("teams")) and len(state.seats) == 4
    partner = state.spec.partner if teams else None
    if partner == "friend":
        order.remove(2)
        order.insert(0, 2)
    out = [
        i
        for kind in ("empty", "bot")
        for i in order
        if (s := state.seats[i]).kind == kind and s.token_hash is None and s.pending is None
    ]
    if partner == "bot" and 2 in out and (len(out) > 1 or state.status != "waiting"):
        out.remove(2)
    return out


def free_seat(state: TableState) -> int | None:
    """Where a friend arriving now sits without a choice (:func:`open_seats`' first)."""
    seats = open_seats(state)
    return seats[0] if seats else None


def join(out: Outbox, state: TableState, req: Join) -> int:
    """A friend arrives by the link; the seat they get."""
    if state.status == "finished":
        raise Refused("match_over", "the match is over")
    if req.seat is not None and not 0 <= req.seat < len(state.seats):
        raise Refused(
            "bad_command",
            f"seat {req.seat} is not at this table (it would be chair {req.seat + 1}; the "
            f"table has {len(state.seats)})",
        )
    seats = open_seats(state)
    # the seat chosen on the invitation while it is open, else the table's choice
    seat = req.seat if req.seat in seats else (seats[0] if seats else None)
    if seat is None:
        raise Refused("not_allowed", "every seat is taken by a person")
    payload: dict[str, object] = {"type": "seat_joined", "seat": seat, "name": req.name}
    if state.status != "waiting":
        payload["pending"] = True  # a bot keeps the seat until the next turn boundary
    secret = {"token_hash": req.token_hash, "player_hash": req.player_hash, "ip_hash": req.ip_hash}
    out.info(payload, secret=secret)
    if state.status == "playing" and _boundary(state.match, seat):
        out.info({"type": "seat_human", "seat": seat})
    return seat


def socket_came(out: Outbox, state: TableState, seat: int) -> None:
    """A socket for ``seat`` opened: a person back from being away takes the seat from
    its bot at the turn boundary."""
    out.other(Presence(seat, state.presence.sockets[seat] + 1, out.now))
    s = state.seats[seat]
    if state.in_play() and s.kind == "human" and s.away and _boundary(state.match, seat):
        out.info({"type": "seat_human", "seat": seat})


def socket_went(out: Outbox, state: TableState, seat: int) -> None:
    """A socket for ``seat`` closed (or stopped sending): the seat keeps its holder; once
    it has no socket, its grace period runs (live)."""
    out.other(Presence(seat, max(0, state.presence.sockets[seat] - 1), out.now))


def grace_ends(out: Outbox, state: TableState) -> bool:
    """Live: every person whose grace period ran out is played by their seat's bot.
    Whether any was."""
    due = [seat for seat, when in grace(state).items() if out.now >= when]
    for seat in due:
        level = state.seats[seat].bot or state.timing.timeout_bot
        out.info({"type": "seat_bot", "seat": seat, "bot": level, "reason": "away"})
    return bool(due)
