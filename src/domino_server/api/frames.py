"""Reading one websocket frame into a command, or the typed refusal it gets.

Every frame is metered first (the caller's token bucket): a frame over the rate limit is
answered ``rate_limited`` and nothing else is done with it but, for a frame the server
could answer by id (text within the frame limit), finding its id. Then, in order: the
frame's size, UTF-8, JSON, the numbers in it (at most :data:`MAX_DIGITS` digits), text
the server could not send back (a lone UTF-16 surrogate or a NUL from a JSON escape),
and the command's own fields (strict: ``"3"`` or ``true`` is not a number).

Also the check of the socket URL's ``last_seq`` parameter.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from ..protocol import commands as c

__all__ = [
    "MAX_DIGITS",
    "Refusal",
    "parse_last_seq",
    "read_frame",
]

#: The most digits a JSON integer in a frame may have (a ``seq`` needs at most 19).
MAX_DIGITS = 32

_LAST_SEQ = re.compile(r"-?[0-9]{1,19}")


@dataclass(frozen=True, slots=True)
class Refusal:
    """A frame's answer when it is no command to run: ``rejected {id, code, reason}``
    when it has a usable ``cid``, else ``error {code, detail}``."""

    cid: str | None
    code: str
    detail: str


class _TooManyDigits(ValueError):
    pass


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooManyDigits
    return int(text)


def _loads(raw: str) -> Any:
    return json.loads(raw, parse_int=_int)


def _usable_id(obj: Any) -> str | None:
    if isinstance(obj, dict):
        cid = obj.get("id")
        if isinstance(cid, str) and 1 <= len(cid) <= 64 and not _unsendable(cid):
            return cid
    return None


def _unsendable(value: Any) -> bool:
    """Whether ``value`` (parsed JSON) holds text that cannot be stored or sent back:
    a lone UTF-16 surrogate, or a NUL."""
    if isinstance(value, str):
        if "\x00" in value:
            return True
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_unsendable(k) or _unsendable(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_unsendable(v) for v in value)
    return False


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ())) or "frame"
    return f"{where}: {err.get('msg', 'invalid')}"


#: How much of a frame over the rate limit is looked at for its id (it is not parsed).
ID_HEAD = 256
_ID_FIELD = re.compile(r'"id"\s*:\s*("(?:[^"\\]|\\.)*")')


def _byte_length_over(raw: str, max_bytes: int) -> bool:
    """Whether ``raw`` is more than ``max_bytes`` bytes of UTF-8 (encoded only when its
    length in characters cannot tell)."""
    if len(raw) > max_bytes:
        return True
    if 4 * len(raw) <= max_bytes:
        return False
    return len(raw.encode("utf-8", "surrogatepass")) > max_bytes


def _limited_id(raw: str | None, max_bytes: int) -> str | None:
    """The id of a text frame over the rate limit, as a command's rejection names it:
    looked for in the frame's first :data:`ID_HEAD` characters only (never the whole
    frame parsed), and none for a frame over ``max_bytes`` bytes."""
    if raw is None or _byte_length_over(raw, max_bytes):
        return None
    head = raw[:ID_HEAD]
    try:
        if len(raw) <= ID_HEAD:
            return _usable_id(_loads(raw))
        found = _ID_FIELD.search(head)
        return None if found is None else _usable_id({"id": json.loads(found[1])})
    except (ValueError, RecursionError):
        return None


def read_frame(msg: Mapping[str, Any], max_bytes: int, allowed: bool) -> c.ClientCommand | Refusal:
    """The command in the websocket message ``msg`` (``text`` or ``bytes``), or its
    refusal. ``allowed``: the frame was within the rate limit (the bucket was taken
    first, for every frame, whatever it holds)."""
    raw: str | None = msg.get("text")
    if not allowed:
        return Refusal(_limited_id(raw, max_bytes), "rate_limited", "too many commands; slow down")
    data = (msg.get("bytes") or b"") if raw is None else raw.encode("utf-8")
    if len(data) > max_bytes:
        return Refusal(None, "frame_too_large", f"frames are limited to {max_bytes} bytes")
    if raw is None:
        try:
            raw = data.decode("utf-8")
        except UnicodeDecodeError:
            return Refusal(None, "bad_json", "frames must be UTF-8 JSON text")
    try:
        obj = _loads(raw)
    except _TooManyDigits:
        return Refusal(
            None, "bad_command", f"a number in the frame has more than {MAX_DIGITS} digits"
        )
    except (ValueError, RecursionError):
        return Refusal(None, "bad_json", "the frame is not valid JSON")
    if "\\u" in raw and _unsendable(obj):
        return Refusal(
            None,
            "bad_json",
            "the frame holds a lone UTF-16 surrogate or a NUL (\\u0000) in its text",
        )
    try:
        return c.client_command_adapter.validate_python(obj)
    except ValidationError as exc:
        return Refusal(_usable_id(obj), "bad_command", _first_error(exc))


def parse_last_seq(value: str | None) -> tuple[int | None, str | None]:
    """The socket's ``last_seq`` parameter: ``(last_seq, None)``, None when absent or
    negative (a snapshot), or ``(None, what is wrong)`` when it is no whole number."""
    if value is None or value == "":
        return None, None
    if _LAST_SEQ.fullmatch(value) is None:
        return None, "last_seq must be a whole number (the last event seq seen)"
    seq = int(value)
    return (seq if seq >= 0 else None), None
