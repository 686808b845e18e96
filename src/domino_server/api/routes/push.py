"""Web Push reminders: the server's VAPID public key, and a seat's browsers subscribing
and unsubscribing (the seat token in ``Authorization: Bearer`` proves the seat).

A subscription is checked before anything is stored (:mod:`...push.subscriptions`): its
endpoint is where the server will connect, so only an https URL of a push service's host
is taken, and its ``p256dh`` must be a P-256 point; else 422 naming the field, with a
``type`` saying what is wrong and never the endpoint itself. Every endpoint in a body is
plain text (a NUL or other control character is a 422, before any query)."""

from __future__ import annotations

import base64
import binascii
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Request, status
from fastapi.exceptions import RequestValidationError
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from ...core.config import Settings
from ...push import Reminders
from ...push.subscriptions import EndpointRules, endpoint_problem, is_p256_point
from ..deps import SeatDep, SettingsDep, TableDep
from ..fields import plain_text

router = APIRouter(tags=["push"])


def get_reminders(request: Request) -> Reminders:
    """The app's reminders service."""
    reminders: Reminders = request.app.state.reminders
    return reminders


RemindersDep = Annotated[Reminders, Depends(get_reminders)]

ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "Missing or unknown seat token"},
    404: {"description": "No such table"},
    409: {"description": "Not a correspondence table"},
    422: {"description": "Not a valid push subscription"},
}

Endpoint = Annotated[
    str,
    Field(
        min_length=8,
        max_length=1024,
        description="The push service URL of the browser's subscription (keep it secret)",
    ),
    AfterValidator(plain_text),
]


def _decoded(value: str, size: int, what: str) -> bytes:
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError) as exc:
        raise ValueError(f"{what} is not base64url") from exc
    if len(raw) != size:
        raise ValueError(f"{what} must be {size} bytes")
    return raw


class SubscriptionKeys(BaseModel):
    """``PushSubscription.toJSON().keys``."""

    p256dh: str = Field(max_length=128, description="The browser's P-256 key (65 bytes)")
    auth: str = Field(max_length=64, description="The browser's auth secret (16 bytes)")

    @field_validator("p256dh")
    @classmethod
    def _point(cls, v: str) -> str:
        if not is_p256_point(_decoded(v, 65, "p256dh")):
            raise ValueError("p256dh must be an uncompressed point on the P-256 curve")
        return v.rstrip("=")

    @field_validator("auth")
    @classmethod
    def _secret(cls, v: str) -> str:
        _decoded(v, 16, "auth")
        return v.rstrip("=")


class Subscribe(BaseModel):
    """A browser's push subscription (``PushSubscription.toJSON()``) and its language."""

    model_config = ConfigDict(extra="ignore")

    endpoint: Endpoint
    keys: SubscriptionKeys
    lang: Literal["pt-BR", "en"] = "pt-BR"


class Unsubscribe(BaseModel):
    """Which browser stops getting reminders; no endpoint: every browser of the seat."""

    endpoint: Endpoint | None = None


class Subscribed(BaseModel):
    """Whether the browser gets reminders for this seat now."""

    subscribed: bool


class PublicKey(BaseModel):
    """The VAPID public key: the ``applicationServerKey`` to subscribe with."""

    public_key: str = Field(description="base64url uncompressed P-256 point")


def _check_endpoint(endpoint: str, settings: Settings) -> None:
    """422 (as a request validation error: ``loc``, ``msg``, ``type``; no ``input``, the
    endpoint is a secret) unless the server may send to ``endpoint``."""
    rules = EndpointRules.of(settings.push_hosts, settings.push_allow_http)
    problem = endpoint_problem(endpoint, rules)
    if problem is not None:
        kind, msg = problem
        raise RequestValidationError([{"loc": ("body", "endpoint"), "msg": msg, "type": kind}])


@router.get("/api/push/key", summary="The server's VAPID public key")
async def public_key(reminders: RemindersDep) -> PublicKey:
    """The key browsers subscribe with (the same on every instance)."""
    assert reminders.keys is not None
    return PublicKey(public_key=reminders.keys.public)


@router.put("/api/tables/{table_id}/push", summary="Remind this seat", responses=ERRORS)
async def subscribe(
    body: Subscribe,
    actor: TableDep,
    seat: SeatDep,
    reminders: RemindersDep,
    settings: SettingsDep,
) -> Subscribed:
    """Send this seat's reminders (its turn, a day later, before the absence claim, the
    end) to this browser's push subscription. Correspondence tables only."""
    _check_endpoint(body.endpoint, settings)
    if actor.summary()["pace"] != "correspondence":
        raise HTTPException(
            status.HTTP_409_CONFLICT, "reminders exist only at correspondence tables"
        )
    await reminders.subscribe(
        actor.id, seat, body.endpoint, body.keys.p256dh, body.keys.auth, body.lang
    )
    # a table's reminders are stored only once someone is subscribed: now, as it stands
    await reminders.table_subscribed(actor.id, actor.standing)
    return Subscribed(subscribed=True)


@router.delete("/api/tables/{table_id}/push", summary="Stop reminding", responses=ERRORS)
async def unsubscribe(
    actor: TableDep, seat: SeatDep, reminders: RemindersDep, body: Unsubscribe | None = None
) -> Subscribed:
    """This browser (or, without an endpoint, every browser) gets no more reminders for
    this seat."""
    await reminders.unsubscribe(actor.id, seat, body.endpoint if body else None)
    return Subscribed(subscribed=False)


@router.post(
    "/api/tables/{table_id}/push/status", summary="Is this browser reminded?", responses=ERRORS
)
async def subscription_status(
    body: Unsubscribe, actor: TableDep, seat: SeatDep, reminders: RemindersDep
) -> Subscribed:
    """Whether the browser with this endpoint gets this seat's reminders (POST: the
    endpoint stays out of URLs and logs)."""
    if body.endpoint is None:
        return Subscribed(subscribed=False)
    return Subscribed(subscribed=await reminders.subscribed(actor.id, seat, body.endpoint))
