"""The JSON text of every seat's view after one event, with the shared parts encoded once.

A view (``domino_core.view_for(match, seat).to_dict()``) differs between seats only in
``seat``, ``hand`` and ``legal``; everything else (rules, board, log, scores, results...)
is the same for every seat. :func:`view_texts` encodes those shared parts once per event
and splices each seat's own three values in, so that each text is byte for byte
``dumps(view_for(match, seat).to_dict())`` at a fraction of the cost when several seats
(and spectators) watch one table.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from domino_core import Match, View, view_for

__all__ = ["SEAT_KEYS", "view_texts"]

#: The only view keys whose values depend on the seat.
SEAT_KEYS = frozenset(("seat", "hand", "legal"))

_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def _seat_values(v: View) -> dict[str, Any]:
    """``seat``, ``hand`` and ``legal`` exactly as ``View.to_dict`` gives them."""
    return {
        "seat": v.seat,
        "hand": None if v.hand is None else [str(t) for t in v.hand],
        "legal": [lm.to_dict() for lm in v.legal],
    }


def _template(d: dict[str, Any]) -> list[str]:
    """The view's text split around its seat keys: ``[text, key, text, key, ..., text]``,
    where each ``text`` is already-encoded JSON and each ``key`` is a seat key whose
    encoded value goes in its place."""
    parts: list[str] = []
    run: dict[str, Any] = {}
    chunk = "{"
    for k, val in d.items():
        if k in SEAT_KEYS:
            if run:
                chunk += _encode(run)[1:-1] + ","
                run = {}
            parts.append(chunk + _encode(k) + ":")
            parts.append(k)
            chunk = ","
        else:
            run[k] = val
    if run:
        chunk += _encode(run)[1:-1]
    parts.append(chunk + "}")
    return parts


def view_texts(match: Match, seats: Iterable[int | None]) -> dict[int | None, str]:
    """Seat → the compact JSON text of its view of ``match`` now (None: a spectator)."""
    out: dict[int | None, str] = {}
    template: list[str] | None = None
    for seat in seats:
        if seat in out:
            continue
        v = view_for(match, seat)
        if template is None:
            template = _template(v.to_dict())
        own = _seat_values(v)
        out[seat] = "".join(_encode(own[p]) if i % 2 else p for i, p in enumerate(template))
    return out
