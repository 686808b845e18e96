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
from domino_core.record import RecordError, read_record
from domino_core.record_replay import walk

__all__ = ["RecordError", "replay_steps"]


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


def replay_steps(record: Mapping[str, Any]) -> dict[str, Any]:
    """``{"rules": {...}, "steps": [...]}`` for a record: per round a step for the deal
    (``move`` 0) and one after each move (``events``: the public log entries it added,
    ``hands``: every seat's tiles then, ``board``/``ends``/``scores``: the table then,
    ``result`` once the round is over), and once the match is over ``outcome``: its
    ``winner``, ``end_reason``, ``scores`` and the ``seat`` that left, if one did
    (a record's ``end``: the moves alone do not say a match was resigned or annulled).

    Raises :class:`~domino_core.record.RecordError` for an invalid record: the steps are
    those of ``domino replay``'s own walk (``domino_core.record_replay.walk``).
    """
    steps: list[dict[str, Any]] = []
    match: Match | None = None
    for step in walk(read_record(record)):
        match = step.match
        steps.append(_step(match, step.round_no, step.move_no, step.events))
    assert match is not None  # (a record has a round: read_record says so)
    out: dict[str, Any] = {"rules": match.rules.to_dict(), "steps": steps}
    # a resignation, an annulment...: the steps stay the moves; ``outcome`` says it
    if match.over:
        out["outcome"] = {"winner": match.winner, "end_reason": match.end_reason,
                          "scores": list(match.scores), "seat": match.end_seat}
    return out
