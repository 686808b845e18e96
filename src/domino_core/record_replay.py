"""Replaying a record through the engine, move by move (``docs/RECORD.md``).

One walk serves every replay: :func:`replay` (what ``domino replay`` and ``domino verify``
print) and the server's steps for the replay page both follow :func:`walk`, so a record
is checked, and its forced draws and passes made again, one way only.

Usage::

    for step in walk(read_record(record)):
        print(step.round_no, step.move_no, step.events)
    out = replay(record)           # the object ``domino replay`` prints

Every problem with a record raises :class:`~domino_core.record.RecordError`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .match import Match
from .moves import IllegalMove, Move
from .record import ParsedRecord, RecordError, read_record
from .record_end import apply_ending

__all__ = ["Step", "check_forced", "forced_after_plays", "replay", "walk"]

_MAX_FORCED = 200  # forced draws in a row: more than a round can ever hold


@dataclass(frozen=True, slots=True)
class Step:
    """The match just after one step of a replay: a round's deal (``move_no`` 0) or a
    move, a written play or a forced draw or pass (``move_no`` 1, 2, ... in its round).

    ``match`` is the replay's own match, which the next step changes: read it before
    asking for the next. ``events`` are the public log entries the move added (none for
    a deal)."""

    match: Match
    round_no: int
    move_no: int
    events: list[dict[str, Any]]


def _forced(match: Match, limit: int = _MAX_FORCED) -> Iterator[list[dict[str, Any]]]:
    """Push the forced draws and passes while nothing else is legal (``auto_draw`` off:
    draws; passes always), at most ``limit``: the log entries of each."""
    for _ in range(limit):
        if match.turn is None or match.over:
            return
        legal = match.legal_moves()
        if not legal or any(m.kind == "play" for m in legal):
            return
        yield match.push(legal[0])


def forced_after_plays(parsed: ParsedRecord, round_no: int) -> int:
    """How many forced draws a replay makes after round ``round_no``'s last play: every
    one the rules force, except where the record's ``end`` says how many the seat on turn
    drew before the match ended there (``Ending.draws``, its last round only)."""
    end = parsed.end
    if end is None or end.draws is None or round_no != len(parsed.rounds):
        return _MAX_FORCED
    return end.draws


def check_forced(parsed: ParsedRecord, round_no: int, made: int) -> None:
    """:class:`RecordError` unless the replay could make the draws the ``end`` says were
    made (``made``: how many it did, after :func:`forced_after_plays`)."""
    want = forced_after_plays(parsed, round_no)
    if want != _MAX_FORCED and made != want:
        raise RecordError(round_no, 0, f'"end" says {want} tiles were drawn after the last '
                                       "play, more than were there to draw")


def _deal(match: Match | None, parsed: ParsedRecord, round_no: int) -> Match:
    """The match with round ``round_no`` dealt (the first: a new match)."""
    rnd = parsed.rounds[round_no - 1]
    if match is not None and match.over:
        raise RecordError(round_no, 0, f"the match was already over after round {round_no - 1}")
    if match is not None and not match.round_over:
        raise RecordError(round_no, 0, f"round {round_no - 1} had not ended")
    try:
        if match is None:
            return Match(parsed.rules, deals=[rnd.deal])
        match.start_next_round(rnd.deal)
        return match
    except ValueError as exc:  # IllegalDeal, IllegalMove
        raise RecordError(round_no, 0, str(exc)) from exc


def _play(match: Match, move: Move, round_no: int, play_no: int) -> list[dict[str, Any]]:
    """Push one written play (its log entries), or raise :class:`RecordError` saying why
    it is illegal."""
    seat = match.turn
    if match.over:
        raise RecordError(round_no, play_no, "the match is already over")
    if seat is None:
        raise RecordError(round_no, play_no, "the round is already over")
    if move.tile not in match.hand(seat):
        raise RecordError(round_no, play_no, f"seat {seat}, on turn, does not hold {move.tile}")
    try:
        return match.push(move)
    except IllegalMove as exc:
        raise RecordError(round_no, play_no, str(exc)) from exc


def walk(parsed: ParsedRecord) -> Iterator[Step]:
    """Every step of the record's match, in order: each round's deal, then its moves (the
    forced draws and passes made again). Once the last step is taken, the match (the last
    step's ``match``) is ended as the record's ``end`` says, if it says. Raises
    :class:`RecordError` where the record goes wrong."""
    match: Match | None = None
    for round_no, rnd in enumerate(parsed.rounds, start=1):
        match = _deal(match, parsed, round_no)
        yield Step(match, round_no, 0, [])
        move_no = 0
        for play_no, move in enumerate(rnd.plays, start=1):
            for events in _forced(match):
                move_no += 1
                yield Step(match, round_no, move_no, events)
            events = _play(match, move, round_no, play_no)
            move_no += 1
            yield Step(match, round_no, move_no, events)
        made = 0
        for events in _forced(match, forced_after_plays(parsed, round_no)):
            made += 1
            move_no += 1
            yield Step(match, round_no, move_no, events)
        check_forced(parsed, round_no, made)
    if match is not None and parsed.end is not None:
        try:
            apply_ending(match, parsed.end)
        except ValueError as exc:  # (the record's header: "end" is a key of the record)
            raise RecordError(0, 0, str(exc)) from None


def replay(record: Mapping[str, Any]) -> dict[str, Any]:
    """Replay a record through the engine and return the ``domino replay`` object.

    ``{"rounds": [{"opener", "result", "winner", "points", "pips", "fives"}, ...],
    "score": [...], "winner": side | None, "over": bool}`` as in RECORD.md; a round
    the record stops inside is ``"unfinished"``. A record with an ``end`` ends the match
    that way after its plays (the output then has ``"end"`` too). Raises
    :class:`RecordError` for any invalid record.
    """
    parsed = read_record(record)
    match: Match | None = None
    for step in walk(parsed):
        match = step.match
    assert match is not None  # (a record has a round: read_record says so)
    out = match.replay_summary()
    if parsed.end is not None:
        out["end"] = parsed.end.to_dict()
    return out
