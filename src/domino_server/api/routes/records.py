"""The match record (RECORD.md ``domino-record/2``, with every round's fair-deal proof;
``/3`` when it also says how the match ended) and the protocol's JSON Schema."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, status
from fastapi.responses import JSONResponse

from domino_core.record import write_record

from ...protocol.schema import protocol_schema
from ...table.fairplay import proofs
from ..deps import TableDep

router = APIRouter(prefix="/api", tags=["records"])


@router.get(
    "/tables/{table_id}/record",
    summary="Download the match record",
    responses={
        404: {"description": "No such table"},
        409: {"description": "The match is not over yet"},
    },
)
async def get_record(actor: TableDep) -> JSONResponse:
    """The finished match as a ``domino-record/2`` file (every deal, its fair-deal proof,
    and the plays); ``domino verify`` checks it."""
    if actor.status != "finished" or actor.match is None:
        raise HTTPException(
            status.HTTP_409_CONFLICT, "the record is available once the match is over"
        )
    match = actor.match
    record = write_record(match, proofs(actor.state, len(match.history)))
    return JSONResponse(
        record,
        headers={"Content-Disposition": f'attachment; filename="domino-{actor.id}.json"'},
    )


@router.get("/protocol.schema.json", summary="JSON Schema of the websocket protocol")
async def get_protocol_schema() -> dict[str, Any]:
    """``ClientCommand`` (client → server) and ``ServerEvent`` (server → client)."""
    return protocol_schema()
