"""A finished match as steps to replay in the browser: every move of every round with
the table as it was after it, every hand face up (the record's deal, as it shrinks).

Pure: a ``domino-record/1`` object in (RECORD.md), JSON-ready steps out. The forced draws
and passes the record leaves out are made again by the engine, as ``domino replay``
does, and each is a step of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domino_core import Match, view_for
from domino_core.record import (
    RecordError,
    check_forced,
    end_match,
    forced_after_plays,
    read_record,
)

__all__ = ["RecordError", "replay_steps"]

#: Forced draws or passes in a row: more than any round can hold.
_MAX_FORCED = 200


def _step(
    match: Match, round_no: int, move_no: int, events: list[dict[str, Any]]
) -> dict[str, Any]:
    """The table after a move (``move_no`` 0: the deal), as a spectator sees it, plus
    every hand."""
    v = view_for(match, None).to_dict()
    seats = match.rules.seats
    return {
        "round": round_no,
        "move": move_no,
        "events": events,
        "turn": v["turn"],
        "board": v["board"],
        "ends": v["ends"],
        "count": v["count"],
        "boneyard": v["boneyard"],
        "sleeping": v["sleeping"],
        "scores": v["scores"],
        "hands": [[str(t) for t in match.hand(s)] for s in range(seats)],
        "round_over": v["round_over"],
        "result": v["result"],
        "over": v["over"],
        "winner": v["winner"],
    }


def _forced(match: Match, round_no: int, steps: list[dict[str, Any]], count: list[int],
            limit: int = _MAX_FORCED) -> int:
    """Push the forced draws and passes while nothing else is legal (at most ``limit``), a
    step each; how many."""
    for done in range(limit):
        if match.turn is None or match.over:
            return done
        legal = match.legal_moves()
        if not legal or any(m.kind == "play" for m in legal):
            return done
        events = match.push(legal[0])
        count[0] += 1
        steps.append(_step(match, round_no, count[0], events))
    return limit


def replay_steps(record: Mapping[str, Any]) -> dict[str, Any]:
    """``{"rules": {...}, "steps": [...]}`` for a record: per round a step for the deal
    (``move`` 0) and one after each move (``events``: the public log entries it added,
    ``hands``: every seat's tiles then, ``board``/``ends``/``scores``: the table then,
    ``result`` once the round is over), and once the match is over ``outcome``: its
    ``winner``, ``end_reason``, ``scores`` and the ``seat`` that left, if one did
    (a record's ``end``: the moves alone do not say a match was resigned or annulled).

    Raises :class:`~domino_core.record.RecordError` for an invalid record (the same
    checks as ``domino replay``).
    """
    parsed = read_record(record)
    steps: list[dict[str, Any]] = []
    match: Match | None = None
    for round_no, rnd in enumerate(parsed.rounds, start=1):
        try:
            if match is None:
                match = Match(parsed.rules, deals=[rnd.deal])
            elif match.over or not match.round_over:
                raise RecordError(round_no, 0, f"round {round_no - 1} had not ended, or the match")
            else:
                match.start_next_round(rnd.deal)
        except ValueError as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(round_no, 0, str(exc)) from exc
        count = [0]
        steps.append(_step(match, round_no, 0, []))
        for play_no, move in enumerate(rnd.plays, start=1):
            _forced(match, round_no, steps, count)
            if match.turn is None or move.tile not in match.hand(match.turn):
                raise RecordError(round_no, play_no, f"{move.tile} cannot be played now")
            try:
                events = match.push(move)
            except ValueError as exc:
                raise RecordError(round_no, play_no, str(exc)) from exc
            count[0] += 1
            steps.append(_step(match, round_no, count[0], events))
        made = _forced(match, round_no, steps, count, forced_after_plays(parsed, round_no))
        check_forced(parsed, round_no, made)
    assert match is not None
    out: dict[str, Any] = {"rules": match.rules.to_dict(), "steps": steps}
    # a resignation, an annulment...: the steps stay the moves; ``outcome`` says it
    end_match(match, parsed)
    if match.over:
        out["outcome"] = {"winner": match.winner, "end_reason": match.end_reason,
                          "scores": list(match.scores), "seat": match.end_seat}
    return out
