"""What the reminders service needs from the server around it: a way to run a transaction
and a way to read a table as it stands (small interfaces, so the service is tested with
plain functions)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol, TypeVar

from sqlalchemy import Connection

from domino_core import Match

__all__ = ["Standing", "Transact"]

T = TypeVar("T")

#: Gives a table's public summary and match as they stand (None: no longer this instance's).
Standing = Callable[[], tuple[Mapping[str, Any], Match | None] | None]


class Transact(Protocol):
    """Runs a function of a connection in a transaction; its result once committed (the
    store's :meth:`~domino_server.store.repo.Store.transact`: on SQLite, through the one
    writing connection, so that reminders never hold the file's lock apart from the
    table writes)."""

    def __call__(self, run: Callable[[Connection], T], /) -> Awaitable[T]: ...
