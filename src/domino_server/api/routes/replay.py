"""Replays: a finished table's match, or a record file, as steps to show one by one
(:func:`domino_server.replay.replay_steps`)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, Body, HTTPException, status
from fastapi.responses import JSONResponse

from ...replay import RecordError, replay_steps
from ..deps import TableDep

router = APIRouter(prefix="/api", tags=["records"])
log = logging.getLogger(__name__)

#: The most rounds a record sent to be replayed may hold (a match to 300 in fives has
#: about 30): replaying costs the server about 1 ms per move.
MAX_RECORD_ROUNDS = 64


@router.get(
    "/tables/{table_id}/replay",
    summary="The finished match as replay steps",
    responses={404: {"description": "No such table"}, 409: {"description": "Not over yet"}},
)
async def table_replay(actor: TableDep) -> dict[str, Any]:
    """Every move of the finished match with the table and every hand after it, and the
    seats (their names, and who held each)."""
    if actor.status != "finished" or actor.match is None:
        raise HTTPException(
            status.HTTP_409_CONFLICT, "the replay is available once the match is over"
        )
    # off the event loop: a long match takes tens of milliseconds to step through
    out = await asyncio.to_thread(replay_steps, actor.match.to_record())
    seats = actor.summary()["seats"]
    out["names"] = [s["name"] or "" for s in seats]
    # who held each seat at the end, as the table showed it: the page names them alike
    out["seats"] = [{k: s[k] for k in ("seat", "name", "kind", "bot")} for s in seats]
    out["table_id"] = actor.id
    # how it ended, as the table itself has it (a record's `end` replays to the same)
    m = actor.match
    out["outcome"] = {"winner": m.winner, "end_reason": m.end_reason,
                      "scores": list(m.scores), "seat": m.end_seat}
    return out


@router.post(
    "/replay",
    summary="A record file as replay steps",
    responses={422: {"description": "Not a valid record: ``detail`` says why in English, "
                          "``round`` and ``play`` where (1-based; 0: the header, the deal)"}},
    response_model=None,
)
async def record_replay(
    record: dict[str, Any] = Body(...),  # noqa: B008
) -> dict[str, Any] | JSONResponse:
    """Replay a ``domino-record/1`` or ``/2`` object (a downloaded record file)."""
    rounds = record.get("rounds")
    if isinstance(rounds, list) and len(rounds) > MAX_RECORD_ROUNDS:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, "too many rounds")
    try:
        out = await asyncio.to_thread(replay_steps, record)
    except RecordError as exc:
        # where, apart, so that a page can say it in its own language; the words are English
        return JSONResponse(
            {"detail": str(exc), "round": exc.round_no, "play": exc.play_no},
            status_code=status.HTTP_422_UNPROCESSABLE_CONTENT,
        )
    except (ValueError, TypeError) as exc:
        # the core refusing what the record reader let through: still the record's fault
        # (a 422), but logged with its traceback, as the reader should have said it itself
        log.warning("a posted record failed to replay outside RecordError", exc_info=True)
        raise HTTPException(
            status.HTTP_422_UNPROCESSABLE_CONTENT, f"record: {type(exc).__name__}: {exc}"
        ) from exc
    out["names"] = None
    out["seats"] = None
    return out
