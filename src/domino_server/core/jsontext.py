"""Compact JSON text of the frames sent to sockets: orjson (about ten times
``json.dumps``), with the standard library as the fallback for what orjson refuses
(non-text keys, integers past 64 bits, a lone surrogate). Both give the same text:
``,``/``:`` separators, non-ASCII as itself, tuples as arrays."""

from __future__ import annotations

import json
from typing import Any

import orjson

__all__ = ["encode"]

_std = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def encode(value: Any) -> str:
    """``value`` as compact JSON text."""
    try:
        return orjson.dumps(value).decode()
    except (TypeError, orjson.JSONEncodeError):
        return _std(value)
