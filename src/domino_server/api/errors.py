"""Request validation errors as 422 answers that can always be sent: the offending input
is echoed with JSON escapes (``\\ud800``, ``\\u0000``), never as raw text that cannot be
encoded, and only what the client needs (where, what, why) is kept."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response

_SCALAR = (str, int, float, bool, type(None))


class AsciiJSONResponse(Response):
    """JSON with every non-ASCII character escaped (a lone surrogate included)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, separators=(",", ":")).encode("ascii")


#: Clearer words for some of pydantic's messages, by error type.
CLEARER = {
    "string_unicode": "must be valid Unicode text: a lone UTF-16 surrogate is not",
}


def _shown(err: dict[str, Any]) -> dict[str, Any]:
    msg = CLEARER.get(err.get("type", ""), err.get("msg", "invalid"))
    out: dict[str, Any] = {"loc": list(err.get("loc", ())), "msg": msg}
    out["type"] = err.get("type", "value_error")
    if isinstance(err.get("input"), _SCALAR):
        out["input"] = err["input"]
    return out


async def validation_error(_request: Request, exc: Exception) -> Response:
    """422 ``{"detail": [{"loc", "msg", "type", "input"?}, ...]}``."""
    assert isinstance(exc, RequestValidationError)
    return AsciiJSONResponse({"detail": [_shown(e) for e in exc.errors()]}, status_code=422)


def install_error_handlers(app: FastAPI) -> None:
    """Answer request validation errors with :func:`validation_error`."""
    app.add_exception_handler(RequestValidationError, validation_error)
