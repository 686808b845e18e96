"""A table's deadlines (seconds since the epoch), all derived from its state (RULES.md §10):

- turn timer (live, ``turn_seconds`` set): the turn's start + ``turn_seconds``, then the
  server plays the medium bot's move for the person on turn;
- grace (live): a person's seat without a socket since ``presence.since`` is played by
  its bot after ``timing.grace``;
- round pause (both paces): the next round starts ``timing.round_pause`` after the last
  one ended, unless the only person at the table is there to click "Next round" (at your
  own pace too, so that a match never stalls between rounds waiting for a click that
  nobody's clock asks for);
- absence (correspondence): once one seat's turn has lasted more than ``timing.absence``
  (the deadline itself not included), a person of another side may claim the match;
- idleness (both): no move for ``timing.idle`` ends the match with no winner.

A live table where no person holding a seat has a socket open stands still: no bot moves,
no turn timer, no round starts by itself (:func:`halted`); its grace periods and idleness
still run. When a person comes back, the turn timer and the round pause run again from
that moment. The times are stored (each event's ``at``), so a restored table finds every
deadline where it was.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import fairplay
from .state import TableState

__all__ = [
    "BotTurn",
    "absence",
    "bot_turn",
    "claimants",
    "grace",
    "halted",
    "idle",
    "lone_person",
    "next_wakeup",
    "public",
    "round_pause",
    "turn",
]


def halted(state: TableState) -> bool:
    """A live table with no person here: bots and clocks that move the match wait."""
    return state.live and not state.any_human_here()


def _clock_start(state: TableState) -> float:
    """Live: when the turn's (or the pause's) clock started: the turn's start, or the
    moment a person came back to the table that stood still since."""
    assert state.turn_started_at is not None
    resumed = state.presence.resumed
    return state.turn_started_at if resumed is None else max(state.turn_started_at, resumed)


def idle(state: TableState) -> float | None:
    """When the match ends for want of any move."""
    if not state.in_play() or state.moved_at is None:
        return None
    return state.moved_at + state.timing.idle


def turn(state: TableState) -> float | None:
    """When the live turn timer of the person on turn runs out."""
    secs = state.spec.turn_seconds
    if not state.in_play() or not state.live or not secs or state.turn_started_at is None:
        return None
    m = state.match
    assert m is not None
    if m.round_over or m.turn is None or state.bot_controlled(m.turn):
        return None
    return _clock_start(state) + float(secs)


def absence(state: TableState) -> float | None:
    """Correspondence: the moment after which (not at which) a person of another side may
    claim against the seat on turn; None where no such person sits (alone with bots, or
    only a partner: a claim would make their own side lose)."""
    if not state.in_play() or state.live or state.turn_started_at is None:
        return None
    m = state.match
    assert m is not None
    if m.round_over or m.turn is None or not claimants(state, m.turn):
        return None
    return state.turn_started_at + state.timing.absence


def claimants(state: TableState, seat: int) -> list[int]:
    """The seats of people who may claim against ``seat``'s absence: those of another side."""
    side = state.rules.side_of(seat)
    return [s for s in state.humans() if state.rules.side_of(s) != side]


def lone_person(state: TableState) -> bool:
    """One person's seat, played by them (not away) with a socket open: the only one who
    reads the round's result, so the next round waits for their click."""
    humans = [s for s in state.seats if s.kind == "human"]
    return len(humans) == 1 and not humans[0].away and state.connected(humans[0].seat)


def round_pause(state: TableState) -> float | None:
    """When the next round starts by itself (either pace)."""
    if not state.in_play() or state.turn_started_at is None:
        return None
    m = state.match
    assert m is not None
    if not m.round_over or lone_person(state) or fairplay.pending(state) is not None:
        return None  # (a committed deal goes on by itself: fairplay.deal_due)
    return _clock_start(state) + state.timing.round_pause


def grace(state: TableState) -> dict[int, float]:
    """Live: seat → when its bot takes over the seat of a person without a socket."""
    if not state.in_play() or not state.live:
        return {}
    out: dict[int, float] = {}
    for s in state.seats:
        since = state.presence.since[s.seat]
        if s.kind == "human" and not s.away and since is not None:
            out[s.seat] = since + state.timing.grace
    return out


def public(state: TableState) -> float | None:
    """The deadline the table summary shows: the turn timer (live, unless the table stands
    still) or the absence claim (correspondence); between rounds, the start of the next."""
    if not state.live:
        claim = absence(state)
        return claim if claim is not None else round_pause(state)
    if halted(state):
        return None
    t = turn(state)
    return t if t is not None else round_pause(state)


@dataclass(frozen=True, slots=True)
class BotTurn:
    """What the table wants of the bot pool now: a move for ``seat`` by ``level``, for the
    state at ``seq``; ``timeout``: for a person whose turn timer ran out."""

    seat: int
    level: str
    seq: int
    timeout: bool


def bot_turn(state: TableState, now: float) -> BotTurn | None:
    """The bot move the table waits for at ``now``, if any."""
    m = state.match
    if not state.in_play() or halted(state):
        return None
    assert m is not None
    if m.round_over or m.turn is None:
        return None
    seat = state.seats[m.turn]
    if state.bot_controlled(m.turn):
        return BotTurn(m.turn, seat.bot or state.timing.timeout_bot, state.seq, False)
    t = turn(state)
    if t is not None and now >= t:
        return BotTurn(m.turn, state.timing.timeout_bot, state.seq, True)
    return None


def next_wakeup(state: TableState, *, turn_asked: bool = False) -> float | None:
    """The earliest deadline the table acts on by itself (a turn timer's move is asked of
    the bot pool, the others are :class:`~.commands.Tick`); ``turn_asked``: leave out the
    turn timer, its move being asked for already."""
    # a committed deal goes on even at a table that stands still: dealing moves nothing,
    # and a first round left undealt would leave the table with no deadline at all
    times = [idle(state), *grace(state).values(), fairplay.deal_due(state)]
    if not halted(state):
        times += [round_pause(state), None if turn_asked else turn(state)]
    present = [t for t in times if t is not None]
    return min(present) if present else None
