"""Error answers that can always be sent, and are always valid JSON: request validation
errors as 422, every ``HTTPException`` (the routes' own, 404s, 413) as ``{"detail": ...}``,
a body that cannot be read as JSON as a typed 422 like any other bad JSON.

The offending input is echoed with JSON escapes (``\\ud800``, ``\\u0000``), never as raw
text that cannot be encoded; a long one is cut short, a number JSON cannot write
(``Infinity``, ``NaN``) is written as a string, and only what the client needs (where,
what, why) is kept, for the first :data:`MAX_ERRORS` errors."""

from __future__ import annotations

import json
import math
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from .body_limit import BodyTooLarge

__all__ = ["AsciiJSONResponse", "install_error_handlers", "validation_error"]

_SCALAR = (str, int, float, bool, type(None))

#: The most characters of an input (or of a key in ``loc``) an error echoes.
MAX_ECHO = 64
#: The most characters of a message an error says.
MAX_MESSAGE = 500
#: The most errors one answer lists.
MAX_ERRORS = 20


class AsciiJSONResponse(Response):
    """JSON with every non-ASCII character escaped (a lone surrogate included), and never
    a bare ``NaN`` or ``Infinity`` (not JSON: a ValueError here, never sent)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return json.dumps(
            content, ensure_ascii=True, allow_nan=False, separators=(",", ":")
        ).encode("ascii")


#: Clearer words for some of pydantic's messages, by error type.
CLEARER = {
    "string_unicode": "must be valid Unicode text: a lone UTF-16 surrogate is not",
}


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[:most] + "…"


def _echo(value: Any) -> tuple[bool, Any]:
    """Whether to echo ``value`` as an error's ``input``, and as what."""
    if isinstance(value, float) and not math.isfinite(value):
        return True, "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, str):
        return True, _cut(value, MAX_ECHO)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_ECHO:
        return False, None  # a number that long says nothing more than its error does
    return isinstance(value, _SCALAR), value


def _shown(err: dict[str, Any]) -> dict[str, Any]:
    msg = CLEARER.get(err.get("type", ""), err.get("msg", "invalid"))
    if err.get("type") == "json_invalid" and (err.get("ctx") or {}).get("error"):
        msg = f"{msg}: {err['ctx']['error']}"
    loc = [_cut(p, MAX_ECHO) if isinstance(p, str) else p for p in err.get("loc", ())]
    out: dict[str, Any] = {"loc": loc, "msg": _cut(str(msg), MAX_MESSAGE)}
    out["type"] = err.get("type", "value_error")
    if "input" in err:
        echo, value = _echo(err["input"])
        if echo:
            out["input"] = value
    return out


def typed(errors: list[dict[str, Any]], status_code: int = 422) -> AsciiJSONResponse:
    """``{"detail": [{"loc", "msg", "type", "input"?}, ...]}``."""
    return AsciiJSONResponse(
        {"detail": [_shown(e) for e in errors[:MAX_ERRORS]]}, status_code=status_code
    )


#: What a body sent as another media type than JSON (curl's ``-d`` sends a form) is told.
NOT_JSON = "the body must be JSON, sent with Content-Type: application/json"


async def validation_error(request: Request, exc: Exception) -> Response:
    """422 ``{"detail": [{"loc", "msg", "type", "input"?}, ...]}``; a whole body that
    is not a JSON object because it was not sent as JSON says so (``json_invalid``)."""
    assert isinstance(exc, RequestValidationError)
    errors = list(exc.errors())
    sent_as = request.headers.get("content-type", "")
    if sent_as and "json" not in sent_as and any(tuple(e.get("loc", ())) == ("body",)
                                                  for e in errors):
        return typed([{"loc": ("body",), "msg": NOT_JSON, "type": "json_invalid"}])
    return typed(errors)


def _unreadable(exc: StarletteHTTPException) -> str | None:
    """Why the body could not be read as JSON, when ``exc`` is FastAPI's plain 400 for a
    body its JSON decoder did not take (not UTF-8, nested too deep, a number too long)."""
    cause = exc.__cause__
    if exc.status_code != 400 or not isinstance(cause, ValueError | RecursionError):
        return None
    if isinstance(cause, UnicodeDecodeError):
        return "the body is not UTF-8 text"
    if isinstance(cause, RecursionError):
        return "the JSON is nested too deeply"
    if "digits" in str(cause):
        return "a number has too many digits"
    return "the body cannot be read as JSON"


async def http_error(_request: Request, exc: Exception) -> Response:
    """``{"detail": "..."}`` with the exception's status and headers (the detail cut
    short if long); a body over its limit or not readable as JSON: a typed error."""
    assert isinstance(exc, StarletteHTTPException)
    too_large = exc if isinstance(exc, BodyTooLarge) else exc.__cause__
    if isinstance(too_large, BodyTooLarge):
        return AsciiJSONResponse(too_large.body(), status_code=413)
    why = _unreadable(exc)
    if why is not None:
        return typed([{"loc": ("body",), "msg": why, "type": "json_invalid"}])
    detail = _cut(exc.detail, MAX_MESSAGE) if isinstance(exc.detail, str) else exc.detail
    if exc.status_code in (204, 304):
        return Response(status_code=exc.status_code, headers=exc.headers)
    return AsciiJSONResponse({"detail": detail}, status_code=exc.status_code, headers=exc.headers)


def install_error_handlers(app: FastAPI) -> None:
    """Answer request validation errors with :func:`validation_error`, HTTP exceptions
    with :func:`http_error`."""
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
