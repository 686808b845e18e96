"""Tables: create, join, look, start, resign, annul, claim absence."""

from __future__ import annotations

import math
import time
import uuid
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request, status

from domino_core import Rules
from domino_core.rules import KNOBS

from ... import metrics
from ...core.config import Settings
from ...protocol import commands as c
from ...protocol.events import TableSummary
from ...table.convert import iso
from ...tables.actor import TableActor
from ...tables.messages import Join, Reply
from ...tables.tokens import address_hash, hash_token, new_token
from ..answers import ActionDone, CreatedTable, JoinedTable, TableList, TableListing
from ..database_away import UNREADABLE
from ..deps import RegistryDep, SeatDep, SettingsDep, TableDep, is_table_id
from ..limits import AddressLimiter
from ..requests import AnnulmentVote, CreateTable, JoinTable, RematchTable

router = APIRouter(prefix="/api/tables", tags=["tables"])

#: Most tables one list request may ask for.
MAX_LISTED = 50

STATUS_OF_CODE = {
    "not_allowed": status.HTTP_403_FORBIDDEN,
    "not_your_turn": status.HTTP_409_CONFLICT,
    "match_over": status.HTTP_409_CONFLICT,
    "not_started": status.HTTP_409_CONFLICT,
    "duplicate_id": status.HTTP_409_CONFLICT,
    "stale": status.HTTP_409_CONFLICT,
    "illegal_move": status.HTTP_422_UNPROCESSABLE_CONTENT,
    "bad_command": status.HTTP_422_UNPROCESSABLE_CONTENT,
    "unavailable": status.HTTP_503_SERVICE_UNAVAILABLE,
}

ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "Missing or unknown seat token"},
    403: {"description": "Not allowed for this seat now"},
    404: {"description": "No such table"},
    409: {"description": "Not possible in the table's current state"},
}


def _check(reply: Reply) -> Reply:
    if not reply.ok:
        assert reply.code is not None
        raise HTTPException(STATUS_OF_CODE.get(reply.code, 409), f"{reply.code}: {reply.reason}")
    return reply


def _summary(actor: TableActor) -> TableSummary:
    return TableSummary.model_validate(actor.summary())


def _address(request: Request) -> str | None:
    """The client's address (behind a proxy: the one it forwarded, see ``proxy_headers``)."""
    return request.client.host if request.client else None


def _creation_limiter(request: Request, settings: Settings) -> AddressLimiter:
    """The app's per-address limiter of table creation (made on first use)."""
    limiter = getattr(request.app.state, "creation_limiter", None)
    if limiter is None:
        limiter = AddressLimiter(settings.create_per_minute, settings.create_burst)
        request.app.state.creation_limiter = limiter
    return limiter


def _invite_url(request: Request, base: str, table_id: str) -> str:
    root = base.rstrip("/") if base else str(request.base_url).rstrip("/")
    return f"{root}/t/{table_id}"


def _unused(body: CreateTable, rules: Rules) -> str | None:
    """Why a setting given would have no effect at this table (a strict body says so
    rather than drop it), or None."""
    if body.partner is not None and not (rules.seats == 4 and rules.teams):
        return "partner is only for 4 seats in teams"
    if body.turn_seconds is not None and body.pace != "live":
        return "turn_seconds is only for live tables: a table at your own pace has no turn timer"
    batida_knobs = {"batida_points", "blocked_points"} & body.model_fields_set
    if batida_knobs and not rules.batida:
        return f"{' and '.join(sorted(batida_knobs))}: only for batida scoring"
    return None


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    summary="Create a table",
    responses={
        422: {"description": "Invalid settings (e.g. a goal the preset does not offer)"},
        429: {"description": "Too many tables created from this address: wait Retry-After"},
    },
)
async def create_table(
    body: CreateTable, request: Request, registry: RegistryDep, settings: SettingsDep
) -> CreatedTable:
    """Create a table; the creator gets seat 0, its token and the invite link to share.
    One client address may create ``DOMINO_CREATE_BURST`` tables at once and
    ``DOMINO_CREATE_PER_MINUTE`` sustained; beyond that the answer is 429."""
    wait = _creation_limiter(request, settings).take(_address(request) or "?")
    if wait is not None:
        metrics.TABLES_REFUSED.inc()
        raise HTTPException(
            status.HTTP_429_TOO_MANY_REQUESTS,
            "too many tables created from this address; try again later",
            headers={"Retry-After": str(max(1, math.ceil(min(wait, 3600))))},
        )
    # Every knob given (redeal_doubles may be given as null: off); the rest keep the preset's.
    overrides: dict[str, Any] = {
        k: getattr(body, k) for k in KNOBS
        if k in body.model_fields_set and (getattr(body, k) is not None or k == "redeal_doubles")
    }
    try:
        rules = Rules.from_preset(body.preset, seats=body.seats, goal=body.goal, **overrides)
    except (ValueError, TypeError) as exc:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, str(exc)) from exc
    if len(body.bots) > body.seats:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, "more bots than seats")
    unused = _unused(body, rules)
    if unused is not None:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, unused)
    turn_seconds = body.turn_seconds
    if turn_seconds is not None and turn_seconds < settings.min_turn_seconds:
        raise HTTPException(
            status.HTTP_422_UNPROCESSABLE_CONTENT,
            f"turn_seconds must be at least {settings.min_turn_seconds}",
        )
    player = body.player_token or new_token()
    actor, token = await registry.create(
        rules=rules.to_dict(),
        pace=body.pace,
        turn_seconds=turn_seconds,
        bots=list(body.bots),
        partner=body.partner,
        name=body.name,
        player_hash=hash_token(player),
        address=_address(request),
    )
    metrics.TABLES_CREATED.inc()
    return CreatedTable(
        table_id=actor.id,
        seat=0,
        token=token,
        invite_url=_invite_url(request, settings.public_url, actor.id),
        table=_summary(actor),
        player_token=player,
    )


@router.post(
    "/{table_id}/join",
    summary="Join a table by its link",
    responses={**ERRORS, 422: {"description": "A bad name, or a seat the table does not have"}},
)
async def join_table(body: JoinTable, request: Request, actor: TableDep) -> JoinedTable:
    """Take a free seat, or a bot's seat (during a match: from the next turn on)."""
    token = new_token()
    player = body.player_token or new_token()
    join = Join(
        name=body.name,
        token_hash=hash_token(token),
        player_hash=hash_token(player),
        ip_hash=address_hash(actor.id, _address(request)),
        seat=body.seat,
    )
    reply = await actor.ask(None, join)
    if not reply.ok:  # a seat the table does not have: 422; the table's state refuses: 409
        code = STATUS_OF_CODE["bad_command"] if reply.code == "bad_command" else 409
        raise HTTPException(code, f"{reply.code}: {reply.reason}")
    return JoinedTable(
        seat=reply.data["seat"], token=token, table=_summary(actor), player_token=player
    )


@router.get(
    "",
    summary="Several tables at once: a player's list",
    responses={503: {"description": "The database cannot be read now (nothing is left out)"}},
)
async def list_tables(
    registry: RegistryDep,
    ids: Annotated[
        list[str],
        Query(
            alias="id",
            max_length=MAX_LISTED,
            description="Table ids (repeat the parameter); unknown ids are left out",
            examples=[["Qk3n1v5oXb0tq0sH2c9m1A"]],
        ),
    ],
) -> TableList:
    """For each known table: its summary, the round, the seat on turn, the scores and the
    winner, as a spectator sees them (the browser's list of the tables it holds seats at).
    Never a hand or a token."""
    out: list[TableListing] = []
    for table_id in dict.fromkeys(ids):
        if not is_table_id(table_id):
            continue  # no table has such an id: left out, like any unknown one
        try:
            listed = await registry.listing(table_id)
        except UNREADABLE as exc:  # the database is away: say so rather than leave tables out
            raise HTTPException(
                status.HTTP_503_SERVICE_UNAVAILABLE, "tables cannot be read now; try again"
            ) from exc
        if listed is not None:
            out.append(TableListing.model_validate(listed))
    return TableList(tables=out, now=iso(time.time()))


@router.get("/{table_id}", summary="The table's summary", responses={404: ERRORS[404]})
async def get_table(actor: TableDep) -> TableSummary:
    """Seats, status, rules and deadlines; never a hand or a token."""
    return _summary(actor)


async def _act(actor: TableActor, seat: int, command: Any) -> ActionDone:
    reply = _check(await actor.ask(seat, command))
    return ActionDone(seq=reply.seq, table=_summary(actor))


def _cid() -> str:
    return f"http-{uuid.uuid4().hex}"


@router.post("/{table_id}/start", summary="Start the match", responses=ERRORS)
async def start(actor: TableDep, seat: SeatDep) -> ActionDone:
    """The creator starts; bots take every seat no friend holds."""
    return await _act(actor, seat, c.Start(type="start", id=_cid()))


@router.post("/{table_id}/resign", summary="Resign", responses=ERRORS)
async def resign(actor: TableDep, seat: SeatDep) -> ActionDone:
    """Leave for good: this seat's side loses the match."""
    return await _act(actor, seat, c.Resign(type="resign", id=_cid()))


@router.post("/{table_id}/annulment", summary="Propose to annul", responses=ERRORS)
async def propose_annulment(actor: TableDep, seat: SeatDep) -> ActionDone:
    """Open an annulment proposal; it passes when every human seat agrees."""
    return await _act(actor, seat, c.ProposeAnnulment(type="propose_annulment", id=_cid()))


@router.post("/{table_id}/annulment/vote", summary="Vote on the annulment", responses=ERRORS)
async def vote_annulment(body: AnnulmentVote, actor: TableDep, seat: SeatDep) -> ActionDone:
    """Agree or refuse; one refusal closes the proposal."""
    return await _act(
        actor, seat, c.VoteAnnulment(type="vote_annulment", id=_cid(), agree=body.agree)
    )


@router.post("/{table_id}/claim-absence", summary="Claim the match for absence", responses=ERRORS)
async def claim_absence(actor: TableDep, seat: SeatDep) -> ActionDone:
    """Correspondence: after 2 days on one seat's turn, that seat loses as if it had left."""
    return await _act(actor, seat, c.ClaimAbsence(type="claim_absence", id=_cid()))


@router.post("/{table_id}/rematch", summary="Offer the new table after the match", responses=ERRORS)
async def offer_rematch(
    body: RematchTable, actor: TableDep, seat: SeatDep, registry: RegistryDep
) -> ActionDone:
    """Once the match is over, name the new table where the same players go on: every
    page at this table then offers it (``table.rematch`` in the summary). The new table
    must be one this seat's player opened and not over; the first offer stands."""
    target = await registry.load_state(body.table)
    creator = None if target is None else next((s for s in target.seats if s.creator), None)
    mine = actor.state.seats[seat].player_hash
    if (
        target is None or target.status == "finished" or creator is None or mine is None
        or creator.player_hash != mine
    ):
        raise HTTPException(
            status.HTTP_403_FORBIDDEN, "not_allowed: offer a table you opened, not yet over"
        )
    return await _act(actor, seat, c.OfferRematch(type="rematch", id=_cid(), table=body.table))
