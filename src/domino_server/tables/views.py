"""The JSON text of every seat's view after one event, with the shared parts encoded once.

A view (``domino_core.view_for(match, seat).to_dict()``) differs between seats only in
``seat``, ``hand`` and ``legal``; everything else (rules, board, log, scores, results...)
is the same for every seat. :func:`view_texts` encodes those shared parts once per event
and splices each seat's own three values in, so that each text is byte for byte
``dumps(view_for(match, seat).to_dict())`` at a fraction of the cost when several seats
(and spectators) watch one table.

A :class:`ViewCache` (one per table) also keeps the encoded parts that change only between
rounds: the rules, the results of the rounds played, the result of the round just ended.
Those are immutable values in the core, so the cache is keyed by the objects themselves.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from domino_core import Match, View, views_for

from ..core.jsontext import encode as _encode

__all__ = ["CACHED", "SEAT_KEYS", "ViewCache", "view_texts"]

#: The only view keys whose values depend on the seat.
SEAT_KEYS = frozenset(("seat", "hand", "legal"))


class ViewCache:
    """Encoded view parts that outlive one event: the rules, the results of the rounds
    played (each encoded once) and the result of the round just ended."""

    __slots__ = ("_result", "_rounds", "_rules")

    def __init__(self) -> None:
        self._rules: tuple[object, str] | None = None
        self._rounds: tuple[tuple[object, ...], tuple[str, ...], str] | None = None
        self._result: tuple[object, str] | None = None

    def rules(self, v: View) -> str:
        """The ``rules`` value's text (a table's rules never change)."""
        if self._rules is None or self._rules[0] is not v.rules:
            self._rules = (v.rules, _encode(v.rules.to_dict()))
        return self._rules[1]

    def _rounds_of(self, v: View) -> tuple[tuple[object, ...], tuple[str, ...], str]:
        """The ``rounds`` results, each one's text and the list's text (it grows by one
        result per round: only the new one is encoded)."""
        key = v.rounds
        cached = self._rounds
        if cached is not None:
            n = len(cached[0])
            if n <= len(key) and all(map(operator.is_, cached[0], key[:n])):
                if n == len(key):
                    return cached
                texts = cached[1] + tuple(_encode(r.to_dict()) for r in key[n:])
                self._rounds = cached = (key, texts, "[" + ",".join(texts) + "]")
                return cached
        texts = tuple(_encode(r.to_dict()) for r in key)
        self._rounds = cached = (key, texts, "[" + ",".join(texts) + "]")
        return cached

    def round_texts(self, v: View) -> tuple[str, ...]:
        """The text of each result in the ``rounds`` list."""
        return self._rounds_of(v)[1]

    def rounds(self, v: View) -> str:
        """The ``rounds`` list's text."""
        return self._rounds_of(v)[2]

    def result(self, v: View) -> str:
        """The ``result`` value's text (null while the round is played)."""
        if v.result is None:
            return "null"
        if self._result is None or self._result[0] is not v.result:
            self._result = (v.result, _encode(v.result.to_dict()))
        return self._result[1]


#: Keys whose text the :class:`ViewCache` keeps between events.
CACHED: dict[str, Callable[[ViewCache, View], str]] = {
    "rules": ViewCache.rules,
    "result": ViewCache.result,
    "rounds": ViewCache.rounds,
}


def _shared(v: View) -> dict[str, Any]:
    """The view's keys in ``to_dict`` order: the values every seat shares, as plain JSON
    values (tuples encode as lists), with None in place of the seat and cached keys."""
    board = v.board
    return {
        "seat": None,
        "rules": None,
        "round": v.round_no,
        "opener": v.opener,
        "turn": v.turn,
        "hand": None,
        "hand_counts": v.hand_counts,
        "boneyard": v.boneyard,
        "sleeping": v.sleeping,
        "board": {"center": board.center, "spinner": board.spinner, "arms": board.arms},
        "ends": v.ends,
        "count": v.count,
        "log": v.log,
        "scores": v.scores,
        "legal": None,
        "round_over": v.round_over,
        "result": None,
        "rounds": None,
        "over": v.over,
        "winner": v.winner,
        "end_reason": v.end_reason,
    }


def _seat_values(v: View) -> dict[str, str]:
    """``seat``, ``hand`` and ``legal`` encoded exactly as ``View.to_dict`` gives them."""
    return {
        "seat": "null" if v.seat is None else str(v.seat),
        "hand": "null" if v.hand is None else _encode([str(t) for t in v.hand]),
        "legal": _encode([lm.to_dict() for lm in v.legal]),
    }


def _template(v: View, cache: ViewCache) -> Callable[[dict[str, str]], str]:
    """A function of one seat's encoded values giving that seat's whole view text: runs
    of shared keys are encoded together, cached keys come from ``cache``."""
    members: list[str] = []  # '"key":value' texts; a seat key stands alone as its name
    run: dict[str, Any] = {}
    for k, val in _shared(v).items():
        if k in SEAT_KEYS or k in CACHED:
            if run:
                members.append(_encode(run)[1:-1])
                run = {}
            members.append(k if k in SEAT_KEYS else f'"{k}":{CACHED[k](cache, v)}')
        else:
            run[k] = val
    if run:
        members.append(_encode(run)[1:-1])
    parts: list[str] = []  # the text before each seat key's value
    keys: list[str] = []
    text = "{"
    for i, member in enumerate(members):
        text += "," if i else ""
        if member in SEAT_KEYS:
            parts.append(f'{text}"{member}":')
            keys.append(member)
            text = ""
        else:
            text += member
    tail = text + "}"

    def fill(own: dict[str, str]) -> str:
        return "".join([*(p + own[k] for p, k in zip(parts, keys, strict=True)), tail])

    return fill


def view_texts(
    match: Match,
    seats: Iterable[int | None],
    cache: ViewCache | None = None,
    views: Mapping[int | None, View] | None = None,
) -> dict[int | None, str]:
    """Seat → the compact JSON text of its view of ``match`` now (None: a spectator).
    ``views``: those views, when the caller has made them already (``views_for``)."""
    cache = cache or ViewCache()
    wanted = list(dict.fromkeys(seats))
    if views is None or any(seat not in views for seat in wanted):
        views = views_for(match, wanted)
    out: dict[int | None, str] = {}
    fill: Callable[[dict[str, str]], str] | None = None
    for seat in wanted:
        v = views[seat]
        if fill is None:
            fill = _template(v, cache)
        out[seat] = fill(_seat_values(v))
    return out
