"""Request body size limits: a body over its route's limit is refused with 413 and a
typed JSON error, before the app has read (or kept) more than the limit of it.

A ``Content-Length`` over the limit is refused before the app runs; a body sent in chunks
is counted as the app reads it (:class:`BodyTooLarge` stops the read; the error handlers
of :mod:`.errors` answer it, or this middleware does when it gets here)."""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["DEFAULT_LIMIT", "LIMITS", "RECORD_LIMIT", "BodyLimit", "BodyTooLarge"]

KIB = 1024
#: Any request body but those of :data:`LIMITS`: the API's bodies (a table's settings, a
#: name, a push subscription) take a few hundred bytes, 2 KiB with every text escaped.
DEFAULT_LIMIT = 16 * KIB
#: ``POST /api/replay``, a record file. The largest legitimate one (64 rounds, every tile
#: of every round played, fair-deal proofs with four 64-character client seeds of emoji
#: written as ``\\ud83d\\ude00`` escapes, pretty-printed with 4-space indents) takes
#: 364 kB; a real 30-round match downloaded from a table, 50 kB. Almost 3 times headroom.
RECORD_LIMIT = 1024 * KIB
#: The limit of each (method, path) that has its own.
LIMITS: dict[tuple[str, str], int] = {("POST", "/api/replay"): RECORD_LIMIT}


class BodyTooLarge(HTTPException):
    """The request body went over ``limit`` bytes."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is larger than this route takes ({limit} bytes)")
        self.limit = limit

    def body(self) -> dict[str, object]:
        """The 413 reply: the shape of every typed error (:mod:`.errors`)."""
        return {"detail": [{"loc": ["body"], "msg": self.detail, "type": "body_too_large",
                            "ctx": {"limit": self.limit}}]}


def _declared(scope: Scope) -> int | None:
    value = Headers(scope=scope).get("content-length")
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None  # the server (uvicorn) refuses such a request before the app sees it


class BodyLimit:
    """ASGI middleware: the body limit of :data:`LIMITS` (else ``default``) per request."""

    def __init__(
        self, app: ASGIApp, default: int = DEFAULT_LIMIT,
        limits: dict[tuple[str, str], int] | None = None,
    ) -> None:
        self.app = app
        self.default = default
        self.limits = LIMITS if limits is None else limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limits.get((scope["method"], scope["path"]), self.default)
        declared = _declared(scope)
        if declared is not None and declared > limit:
            await _refuse(scope, receive, send, BodyTooLarge(limit))
            return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit)
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, watched_send)
        except BodyTooLarge as exc:
            if started:
                raise
            await _refuse(scope, receive, send, exc)


async def _refuse(scope: Scope, receive: Receive, send: Send, exc: BodyTooLarge) -> None:
    # Connection: close, as the rest of the body is left unread
    response = JSONResponse(exc.body(), status_code=413, headers={"Connection": "close"})
    await response(scope, receive, send)
