"""FastAPI dependencies: the app's registry and settings, the table in the path, the
seat proved by a bearer token."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, HTTPException, Path, Request, status
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from ..core.config import Settings
from ..store.repo import Store
from ..tables.actor import TableActor
from ..tables.registry import Registry
from ..tables.tokens import hash_token, is_table_id

__all__ = [
    "RegistryDep", "SeatDep", "SettingsDep", "StoreDep", "TableDep", "TableId", "bearer",
    "get_registry", "get_seat", "get_settings", "get_store", "get_table", "is_table_id",
]

bearer = HTTPBearer(
    auto_error=False,
    scheme_name="SeatToken",
    description="The seat token (`token`) that create or join returned for this table "
    "(not the player token)",
)


def get_registry(request: Request) -> Registry:
    """The app's table registry."""
    registry: Registry = request.app.state.registry
    return registry


def get_settings(request: Request) -> Settings:
    """The app's settings."""
    settings: Settings = request.app.state.settings
    return settings


def get_store(request: Request) -> Store:
    """The app's store."""
    store: Store = request.app.state.store
    return store


RegistryDep = Annotated[Registry, Depends(get_registry)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
StoreDep = Annotated[Store, Depends(get_store)]

TableId = Annotated[
    str,
    Path(
        min_length=1,
        max_length=32,
        description="The table id from the invite link",
        examples=["Qk3n1v5oXb0tq0sH2c9m1A"],
    ),
]


async def get_table(table_id: TableId, registry: RegistryDep) -> TableActor:
    """The table in the path, or 404 (at once, without a query, for an id that no table
    can have: :func:`is_table_id`, which the websocket route may use too)."""
    if not is_table_id(table_id):
        raise HTTPException(status.HTTP_404_NOT_FOUND, "no such table")
    actor = await registry.get(table_id)
    if actor is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "no such table")
    return actor


TableDep = Annotated[TableActor, Depends(get_table)]


def get_seat(
    actor: TableDep,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> int:
    """The seat whose token is in ``Authorization: Bearer``, or 401."""
    if creds is None or not creds.credentials:
        raise HTTPException(
            status.HTTP_401_UNAUTHORIZED,
            "missing seat token (Authorization: Bearer TOKEN)",
            headers={"WWW-Authenticate": "Bearer"},
        )
    seat = actor.seat_for_token(hash_token(creds.credentials))
    if seat is None:
        raise HTTPException(
            status.HTTP_401_UNAUTHORIZED,
            "this token holds no seat at this table",
            headers={"WWW-Authenticate": "Bearer"},
        )
    return seat


SeatDep = Annotated[int, Depends(get_seat)]
