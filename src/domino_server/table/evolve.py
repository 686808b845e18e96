"""``evolve(state, event) -> state``: a table's state after one event; restoring a table
is folding its stored events (:func:`fold`), exactly what live play does after each commit.

``evolve`` takes over the state it is given: the match and the command-id map are updated
in place (see :mod:`.state`); keep no other reference to the old state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from domino_core import Match, Move

from . import fairplay, standin
from .events import MATCH_KINDS, Event, Presence, Reacted, Stored
from .state import BOT_NAMES, REACTION_IDS_KEPT, Pending, SeatState, TableState
from .state import Presence as PresenceState

__all__ = ["evolve", "fold"]

def evolve(state: TableState, event: Event) -> TableState:
    """The state after ``event``."""
    if isinstance(event, Stored):
        return _stored(state, event)
    if isinstance(event, Presence):
        return _presence(state, event)
    return _reacted(state, event)


def fold(state: TableState, events: Iterable[Event]) -> TableState:
    """``state`` after every one of ``events`` in order."""
    for ev in events:
        state = evolve(state, ev)
    return state


def _presence(state: TableState, ev: Presence) -> TableState:
    here = state.any_human_here()
    sockets = list(state.presence.sockets)
    since = list(state.presence.since)
    sockets[ev.seat] = ev.sockets
    if ev.sockets:
        since[ev.seat] = None
    elif since[ev.seat] is None:
        since[ev.seat] = ev.at
    state.presence = PresenceState(tuple(sockets), tuple(since), state.presence.resumed)
    if not here and state.any_human_here():  # the table stood still until now
        state.presence = replace(state.presence, resumed=ev.at)
    return state


def _reacted(state: TableState, ev: Reacted) -> TableState:
    times = list(state.reacted_at or (float("-inf"),) * len(state.seats))
    times[ev.seat] = ev.at
    state.reacted_at = tuple(times)
    ids = state.reaction_ids
    ids[(ev.seat, ev.cmd_id)] = None
    if len(ids) > REACTION_IDS_KEPT:  # only a reaction sent again soon is a duplicate
        del ids[next(iter(ids))]
    return state


def _seat(state: TableState, seat: int, **changes: object) -> None:
    seats = list(state.seats)
    seats[seat] = seats[seat].with_(**changes)
    state.seats = tuple(seats)


def _stored(state: TableState, ev: Stored) -> TableState:
    p = ev.payload
    kind = ev.kind
    # the seat on turn before a tile drawn by hand (the only move that may leave it on turn)
    turn_before = state.match.turn if ev.move == "draw" and state.match is not None else None
    # the round's log before a move: the entries it adds are the rest (``standin``)
    logged = len(state.match.round.log) if kind == "move" and state.match is not None else 0
    if p.get("type") in standin.MOVES and isinstance(p.get("seat"), int):
        mover = state.seats[p["seat"]]
        if mover.away:  # its bot moved for a person away (or a pass was forced on it)
            _seat(state, mover.seat, away_moves=mover.away_moves + 1)
    if ev.made is not None and ev.made[0] is state.match:
        state.match = ev.made[1]  # decide played it already, on a copy of this very match
    elif kind == "move":
        assert state.match is not None and ev.move is not None
        state.match.push(Move.parse(ev.move))
    elif kind == "round":
        assert ev.secret is not None
        deal = ev.secret["deal"]
        if state.match is None:
            state.match = Match(state.rules, deals=[deal])
        else:
            state.match.start_next_round(deal)
    elif kind == "resign":
        assert state.match is not None
        state.match.resign(p["seat"], p.get("reason", "resign"))
    elif kind == "annul":
        assert state.match is not None
        state.match.annul(p["reason"])
        state.annulment = None
    else:
        _info(state, ev)
    if kind == "move":
        state.stand_ins = standin.marks_after(state, logged, p)
    elif kind == "round":
        state.stand_ins = ()  # a new round's log starts empty (its opener is on turn)
    fairplay.apply(state, ev)
    if kind in MATCH_KINDS:
        state.moved_at = ev.at
        state.moved_seq = ev.seq
        if not _same_turn(state, ev, turn_before):
            state.turn_started_at = ev.at
    state.seq = ev.seq
    if ev.cmd_id is not None and ev.seat is not None:
        state.cmd_ids[(ev.seat, ev.cmd_id)] = ev.seq
    return state


def _same_turn(state: TableState, ev: Stored, turn_before: int | None) -> bool:
    """Whether ``ev`` was a tile drawn by hand (caribbean) by the seat on turn, which is on
    turn still: its turn goes on, and so do its clocks. Any other move starts a new turn,
    even one that comes back to the same seat (everyone else passed). (A round or match
    that ended has no seat on turn.)"""
    m = state.match
    return (
        ev.kind == "move"
        and turn_before is not None
        and m is not None
        and m.turn == turn_before
    )


def _info(state: TableState, ev: Stored) -> None:
    p = ev.payload
    t = p.get("type")
    if t == "started":
        state.status = "playing"
        since = tuple(  # a person not here at the start: their grace period begins now
            None if n else ev.at for n in state.presence.sockets
        )
        state.presence = replace(state.presence, since=since)
    elif t == "seat_joined":
        secret = ev.secret or {}
        joined = Pending(
            name=p["name"],
            token_hash=secret.get("token_hash", ""),
            player_hash=secret.get("player_hash"),
            ip_hash=secret.get("ip_hash"),
        )
        if p.get("pending"):  # the bot plays on under the friend's name
            _seat(state, p["seat"], pending=joined, name=joined.name)
        else:
            _take(state, p["seat"], joined, ev.at)
    elif t == "seat_human":
        s = state.seats[p["seat"]]
        if s.pending is not None:
            _take(state, s.seat, s.pending, ev.at)
        else:
            _seat(state, s.seat, away=False, away_moves=0, away_round=0)
    elif t == "seat_bot":
        if p["reason"] == "start":
            _seat(state, p["seat"], kind="bot", bot=p["bot"], name=BOT_NAMES[p["bot"]])
        else:
            rnd = 0 if state.match is None else state.match.round.round_no
            _seat(state, p["seat"], away=True, bot=p["bot"], away_moves=0, away_round=rnd)
    elif t == "annulment_proposed":
        state.annulment = {"by": p["seat"], "votes": {str(p["seat"]): True}}
    elif t == "annulment_vote" and state.annulment is not None:
        if p["agree"]:
            votes = {**state.annulment["votes"], str(p["seat"]): True}
            state.annulment = {**state.annulment, "votes": votes}
        else:
            state.annulment = None
    elif t == "match_end":
        state.status = "finished"
        state.annulment = None
    elif t == "ranking":
        state.ranking = {"points": p["points"], "reason": p["reason"]}
    elif t == "rematch":
        state.rematch = {"table": p["table"], "by": p["seat"]}


def _take(state: TableState, seat: int, who: Pending, at: float) -> None:
    """The person ``who`` holds ``seat`` from ``at`` on (their grace period runs from then
    while they have no socket)."""
    old: SeatState = state.seats[seat]
    state.stand_ins = standin.taken(state, seat)  # the bot's moves there were not theirs
    _seat(
        state,
        seat,
        kind="human",
        name=who.name,
        bot=old.bot,
        token_hash=who.token_hash,
        player_hash=who.player_hash,
        ip_hash=who.ip_hash,
        away=False,
        pending=None,
    )
    if not state.connected(seat):
        since = list(state.presence.since)
        since[seat] = at
        state.presence = replace(state.presence, since=tuple(since))
