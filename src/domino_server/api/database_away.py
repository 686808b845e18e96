"""Answers while the database cannot be reached (a restart, a failover, a full disk).

Any route whose work needs the database answers **503** with a JSON ``detail`` and a
``Retry-After``, never a bare 500 with a traceback in the log; the log gets one warning
line naming the route's path and the error's kind (never a token: tokens travel in
headers and bodies, not in paths). The table socket answers an ``error`` frame with code
``unavailable`` and closes with 1013 (try again later), as it does for a table busy
elsewhere. Once the database is back, everything answers as before: nothing is kept.
"""

from __future__ import annotations

import logging
import socket

import asyncpg.exceptions as pg
from fastapi import FastAPI
from fastapi.requests import HTTPConnection
from fastapi.responses import Response
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from ..tables.registry import TableUnreadable
from .errors import AsciiJSONResponse

__all__ = ["DETAIL", "UNREADABLE", "install_database_away", "log_away"]

log = logging.getLogger("domino_server.database")

#: What a route may raise when the database cannot be reached now: the driver's connection
#: errors (as SQLAlchemy wraps them, or raw from a connect: refused, reset, timed out, a
#: name that does not resolve, a server starting or full), the pool's timeout, a live table
#: that could not answer. Anything else (an integrity or SQL error, a missing row, a file
#: error) is a bug, and answers 500 with its traceback logged, as bugs do.
UNREADABLE: tuple[type[Exception], ...] = (
    OperationalError, InterfaceError, PoolTimeout, ConnectionError, TimeoutError, socket.gaierror,
    pg.PostgresConnectionError, pg.CannotConnectNowError, pg.TooManyConnectionsError,
    TableUnreadable,
)

DETAIL = "the tables cannot be read or written now; try again in a moment"

#: Seconds a client is asked to wait before trying again.
RETRY_AFTER = "5"


def log_away(where: str, exc: Exception) -> None:
    """One warning line: ``where`` found the database away, and the error's kind (and the
    driver's), never its text: SQLAlchemy's holds the statement's parameters."""
    cause = getattr(exc, "orig", None)
    kind = type(exc).__name__ + (f" ({type(cause).__name__})" if cause is not None else "")
    log.warning("%s: the database is away (%s)", where, kind)


async def database_away(request: HTTPConnection, exc: Exception) -> Response:
    """503 ``{"detail": DETAIL}`` with ``Retry-After``, and one line in the log
    (:func:`log_away`)."""
    cause = getattr(exc, "orig", None)
    if isinstance(exc, OperationalError) and str(cause).startswith("no such "):
        raise exc  # SQLite's word for a missing table or column: a bug, not an outage (500)
    log_away(f"{getattr(request, 'method', 'WEBSOCKET')} {request.url.path}", exc)
    return AsciiJSONResponse({"detail": DETAIL}, status_code=503,
                             headers={"Retry-After": RETRY_AFTER})


def install_database_away(app: FastAPI) -> None:
    """Answer every error of :data:`UNREADABLE` a route raises with :func:`database_away`."""
    for kind in UNREADABLE:
        app.add_exception_handler(kind, database_away)
