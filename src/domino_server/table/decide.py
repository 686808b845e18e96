"""``decide(state, command, now) -> list[Event] | Rejection``: the table's rules.

Pure: it reads ``state`` and changes nothing; a rejected command leaves no trace. Its
events, stored in order and folded with :func:`~.evolve.evolve`, are the table's whole
history. The rules of RULES.md §10 live here and in the modules it calls:
:mod:`.seating` (joining, late takeover, the seat-holder rule, grace), :mod:`.endings`
(resign and the 3-seat rule, absence, annulment, idle end, ranking), :mod:`.deadlines`
(when each clock runs out).
"""

from __future__ import annotations

from typing import Any

from domino_core import IllegalMove, Match, Move, view_for

from . import commands as c
from . import endings, fairplay, seating, standin
from .convert import copy_entry
from .deadlines import bot_turn, halted, round_pause
from .decision import Outbox, Refused, Rejection
from .events import Event, Reacted
from .state import TableState

__all__ = ["REACTION_GAP", "decide"]

#: Seconds a seat waits between two quick reactions.
REACTION_GAP = 1.5


def decide(state: TableState, command: c.Command, now: float) -> list[Event] | Rejection:
    """The events ``command`` produces at ``now``, or why it is refused."""
    try:
        return _decide(state, command, now)
    except Refused as r:
        return r.rejection


def _decide(state: TableState, cmd: c.Command, now: float) -> list[Event]:
    if isinstance(cmd, c.Tick):
        return _tick(Outbox(state, now), state, cmd.seed)
    if isinstance(cmd, c.BotMoved):
        return _bot_moved(state, cmd, now)
    if isinstance(cmd, c.Join):
        out = Outbox(state, now)
        seating.join(out, state, cmd)
        return out.events
    if isinstance(cmd, c.SocketCame | c.SocketWent):
        out = Outbox(state, now)
        (seating.socket_came if isinstance(cmd, c.SocketCame) else seating.socket_went)(
            out, state, cmd.seat
        )
        return out.events
    seat = cmd.seat
    if seat is None:
        raise Refused("not_allowed", "spectators cannot act; join the table first")
    key = (seat, cmd.cmd_id)
    if key in state.cmd_ids:
        seq = state.cmd_ids[key]
        raise Refused("duplicate_id", f"command {cmd.cmd_id!r} was already applied (event {seq})")
    if key in state.reaction_ids:  # a reaction is no event: it has no number to name
        raise Refused("duplicate_id", f"reaction {cmd.cmd_id!r} was already shown")
    out = Outbox(state, now, seat=seat, cmd_id=cmd.cmd_id)
    if isinstance(cmd, c.React):
        return _react(out, state, seat, cmd)
    if isinstance(cmd, c.Start):
        _start(out, state, seat, cmd.seed)
        return out.events
    if isinstance(cmd, c.Rematch):
        endings.offer_rematch(out, state, seat, cmd.table)
        return out.events
    if state.status == "waiting":
        raise Refused("not_started", "the match has not started yet")
    if state.status == "finished":
        raise Refused("match_over", "the match is over")
    if isinstance(cmd, c.ClientSeed):
        fairplay.client_seed(out, state, seat, cmd.round, cmd.seed)
        return out.events
    if state.match is None:
        raise Refused("not_started", "the first deal waits for the players' seeds")
    if isinstance(cmd, c.Play):
        _person_moves(out, state, seat, cmd)
    elif isinstance(cmd, c.NextRound):
        endings.require_human(state, seat)  # a friend still waiting for a bot's seat may not
        _next_round(out, state, cmd.seed)
    elif isinstance(cmd, c.Resign):
        endings.require_human(state, seat)
        endings.resign(out, state, seat, "resign", by=seat)
    elif isinstance(cmd, c.Propose):
        endings.propose(out, state, seat)
    elif isinstance(cmd, c.Vote):
        endings.vote(out, state, seat, cmd.agree)
    elif isinstance(cmd, c.Claim):
        endings.claim(out, state, seat)
    return out.events


def _react(out: Outbox, state: TableState, seat: int, cmd: c.React) -> list[Event]:
    """A quick reaction, at any stage of the match, one per seat every REACTION_GAP s."""
    endings.require_human(state, seat)
    if state.reacted_at and out.now - state.reacted_at[seat] < REACTION_GAP:
        raise Refused(
            "rate_limited", f"one reaction every {REACTION_GAP:g} seconds; try again soon"
        )
    return [Reacted(seat, cmd.reaction, cmd.cmd_id, out.now)]


def _start(out: Outbox, state: TableState, seat: int, seed: bytes) -> None:
    """The creator starts: every empty seat gets its bot, round 1 is committed to ``seed``
    (and dealt, at once or once the people's seeds are in: :mod:`.fairplay`)."""
    if state.status != "waiting":
        raise Refused("not_allowed", "the match has already started")
    if not state.seats[seat].creator:
        raise Refused("not_allowed", "only the table's creator can start the match")
    out.info({"type": "started", "seat": seat})
    for s in state.seats:
        if s.kind == "empty":
            level = s.bot or "nino"
            out.info({"type": "seat_bot", "seat": s.seat, "bot": level, "reason": "start"})
    fairplay.commit(out, state, 1, seed)


def _next_round(out: Outbox, state: TableState, seed: bytes) -> None:
    """Commit the next round to ``seed`` (dealt at once or once the seeds are in)."""
    assert state.match is not None
    if not state.match.round_over or state.match.over:
        raise Refused("not_allowed", "the round is still being played")
    n = state.match.round_no + 1
    if n in state.fair:
        raise Refused("not_allowed", f"round {n} is being dealt")
    fairplay.commit(out, state, n, seed)


def _person_moves(out: Outbox, state: TableState, seat: int, cmd: c.Play) -> None:
    m = state.match
    assert m is not None
    if cmd.at is not None and cmd.at < state.moved_seq:
        raise Refused(
            "stale",
            f"the match moved on (event {state.moved_seq}) since this move was chosen "
            f"(event {cmd.at}); look at the board and choose again",
        )
    if m.round_over:
        raise Refused("not_allowed", "the round is over; start the next round")
    if m.turn != seat:
        raise Refused("not_your_turn", f"it is seat {m.turn}'s turn")
    if state.bot_controlled(seat):
        raise Refused("not_your_turn", "a bot is playing this seat right now")
    try:
        move = cmd.to_move()
    except ValueError as exc:
        raise Refused("illegal_move", str(exc)) from exc
    _apply_move(out, state, seat, move)


def _apply_move(
    out: Outbox, state: TableState, seat: int, move: Move, timeout: bool = False
) -> Match:
    """The events of ``move`` by the seat on turn (``timeout``: the server's, its person's
    turn timer having run out); the match after it (a copy). The entries of the moves the
    computer made for a person say so (``stand_in``: :mod:`.standin`)."""
    assert state.match is not None
    m = state.match.copy()
    try:
        # copies: the events stored and sent share nothing with the core's log
        entries = [copy_entry(e) for e in m.push(move)]
    except IllegalMove as exc:
        raise Refused("illegal_move", str(exc)) from exc
    drew = any(e.get("type") == "draw" and e.get("seat") == seat for e in entries)
    if not entries or (move.kind == "draw" and not drew):
        # the core folded it into its previous entry (a second manual draw), perhaps with
        # entries after it (the pass that follows drawing the last tile by hand)
        entries.insert(0, _merged_entry(m, seat, move))
    for e, why in zip(entries, standin.reasons(state, entries, seat, timeout), strict=True):
        if why is not None:
            e["stand_in"] = why
    out.add("move", entries[0], move=str(move), made=(state.match, m))
    for e in entries[1:]:
        out.info(e)
    endings.close_match(out, state, m, entries)
    return m


def _merged_entry(m: Match, seat: int, move: Move) -> dict[str, Any]:
    """The event of a move the core merged into its last log entry (a second manual draw
    in a row adds to the first one's count); ``m``: the match after it."""
    log = view_for(m, None).log
    draws = [e for e in log if e.get("type") == "draw" and e.get("seat") == seat]
    last: dict[str, Any] = draws[-1] if draws else {}
    if move.kind == "draw":
        return {"type": "draw", "seat": seat, "count": 1, "ends": list(last.get("ends", []))}
    return {"type": str(move.kind), "seat": seat}


def _bot_moved(state: TableState, cmd: c.BotMoved, now: float) -> list[Event]:
    """A bot's answer: applied if the table still waits for exactly it, then the seats
    whose people are ready change hands (the turn boundary after a bot's move)."""
    wanted = bot_turn(state, now)
    if (
        wanted is None
        or cmd.seq != state.seq
        or wanted.seat != cmd.seat
        or wanted.timeout != cmd.timeout
    ):
        raise Refused("stale", "the table moved on since this bot move was asked for")
    out = Outbox(state, now, seat=cmd.seat)
    try:
        move = Move.parse(cmd.move)
    except ValueError as exc:
        raise Refused("illegal_move", str(exc)) from exc
    m = _apply_move(out, state, cmd.seat, move, cmd.timeout)
    if not cmd.timeout:
        seating.handovers(out, state, m)
    return out.events


def _tick(out: Outbox, state: TableState, seed: bytes) -> list[Event]:
    """The first deadline passed, in order: a committed deal, the idle end, grace periods,
    the round pause. (A turn timer's move is asked of the bot pool:
    :func:`~.deadlines.bot_turn`.) The caller ticks again until nothing is due."""
    if fairplay.deal(out, state) or not state.in_play():
        return out.events
    if endings.idle_end(out, state) or seating.grace_ends(out, state):
        return out.events
    pause = round_pause(state)
    if pause is not None and out.now >= pause and not halted(state):
        _next_round(out, state, seed)
    return out.events
