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

__all__ = ["APPENDS", "SEAT_KEYS", "Patcher", "ViewCache", "apply_patch", "view_texts"]

#: View lists a patch may extend (``<key>_append``) instead of sending them whole.
APPENDS = ("log", "rounds")

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
_CACHED: dict[str, Callable[[ViewCache, View], str]] = {
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
        if k in SEAT_KEYS or k in _CACHED:
            if run:
                members.append(_encode(run)[1:-1])
                run = {}
            members.append(k if k in SEAT_KEYS else f'"{k}":{_CACHED[k](cache, v)}')
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


#: ``View`` attribute → (its key in ``View.to_dict``, its JSON value there), for
#: :class:`Patcher`; ``log`` is handled on its own (it grows by appending). The keys of
#: :data:`_CACHED` take their text from the table's :class:`ViewCache` instead (their
#: functions here say what that text holds).
_FIELDS: tuple[tuple[str, str, Callable[[Any], Any]], ...] = (
    ("seat", "seat", lambda x: x),
    ("rules", "rules", lambda x: x.to_dict()),
    ("round_no", "round", lambda x: x),
    ("opener", "opener", lambda x: x),
    ("turn", "turn", lambda x: x),
    ("hand", "hand", lambda x: None if x is None else [str(t) for t in x]),
    ("hand_counts", "hand_counts", list),
    ("boneyard", "boneyard", lambda x: x),
    ("sleeping", "sleeping", lambda x: x),
    ("board", "board", lambda x: x.to_dict()),
    ("ends", "ends", dict),
    ("count", "count", lambda x: x),
    ("scores", "scores", list),
    ("legal", "legal", lambda x: [lm.to_dict() for lm in x]),
    ("round_over", "round_over", lambda x: x),
    ("result", "result", lambda x: None if x is None else x.to_dict()),
    ("rounds", "rounds", lambda x: [r.to_dict() for r in x]),
    ("over", "over", lambda x: x),
    ("winner", "winner", lambda x: x),
    ("end_reason", "end_reason", lambda x: x),
)


#: The fields every seat of one event shares (all but :data:`SEAT_KEYS`), and the
#: getter of their values as one tuple.
_SHARED_FIELDS = tuple(f for f in _FIELDS if f[1] not in SEAT_KEYS)
_SHARED_VALUES = operator.attrgetter(*(attr for attr, _, _ in _SHARED_FIELDS))
#: The fields that differ between seats, and the getter of their values.
_SEAT_FIELDS = tuple(f for f in _FIELDS if f[1] in SEAT_KEYS)
_SEAT_VALUES = operator.attrgetter(*(attr for attr, _, _ in _SEAT_FIELDS))


class Patcher:
    """Patches between views of one match, all to the same moment (one event). What the
    seats share (every key but ``seat``, ``hand`` and ``legal``) is compared and made once
    for all the seats whose old and new views come from the same two calls of the core's
    view function (``views_for`` makes the shared values once per call: views of one call
    hold the very same objects); each patch is then encoded in one go. The texts of
    ``rules``, ``rounds`` and ``result`` come from the table's :class:`ViewCache`
    (``rounds`` grows all match long)."""

    __slots__ = ("_cache", "_shared")

    def __init__(self, cache: ViewCache | None = None) -> None:
        self._cache = cache or ViewCache()
        # (id of the old view's board, id of the new one's) → (those two boards, kept so
        # that the ids stay theirs; the cached texts; the changed shared values)
        self._shared: dict[tuple[int, int], tuple[object, object, list[str], dict[str, Any]]]
        self._shared = {}

    def _shared_changes(self, old: View, new: View) -> tuple[list[str], dict[str, Any]]:
        """The ``'"key":value'`` texts from the :class:`ViewCache` and the plain values of
        the shared keys that changed from ``old`` to ``new``, made once per pair of calls
        of the view function the two views come from (told apart by their boards)."""
        ob, nb = old.board, new.board
        key = (id(ob), id(nb))
        made = self._shared.get(key)
        if made is not None and made[0] is ob and made[1] is nb:
            return made[2], made[3]
        changed: dict[str, Any] = {}
        cached: list[str] = []
        pairs = zip(_SHARED_FIELDS, _SHARED_VALUES(new), _SHARED_VALUES(old), strict=True)
        for (_, name, encode), value, before in pairs:
            if value is before or value == before:
                continue
            if name == "rounds" and _grew(before, value):
                added = self._cache.round_texts(new)[len(before) :]
                cached.append(f'"rounds_append":[{",".join(added)}]')
            elif name in _CACHED:
                cached.append(f'"{name}":{_CACHED[name](self._cache, new)}')
            else:
                changed[name] = encode(value)
        before, after = old.log, new.log
        if after is not before:
            if _grew(before, after):
                changed["log_append"] = after[len(before) :]
            elif after != before:
                changed["log"] = after
        self._shared[key] = (ob, nb, cached, changed)
        return cached, changed

    def patch_text(self, old: View, new: View) -> str:
        """The compact JSON text of what turns ``old.to_dict()`` into ``new.to_dict()``
        (two views of one seat): the top-level keys whose value changed, with their new
        value; a log that only grew comes as ``log_append`` (the entries to add at its
        end) instead of a whole ``log``, and a ``rounds`` list that only grew as
        ``rounds_append``. :func:`apply_patch` folds it in; ``{}`` means
        nothing this seat sees changed."""
        cached, shared = self._shared_changes(old, new)
        changed: dict[str, Any] = {}
        pairs = zip(_SEAT_FIELDS, _SEAT_VALUES(new), _SEAT_VALUES(old), strict=True)
        for (_, name, encode), value, before in pairs:
            if value is not before and value != before:
                changed[name] = encode(value)
        text = _encode({**changed, **shared} if changed else shared)
        if cached:
            text = "{" + ",".join(cached) + ("}" if text == "{}" else "," + text[1:])
        return text


def _grew(before: tuple[Any, ...], after: tuple[Any, ...]) -> bool:
    """``after`` is ``before`` with more items at its end (the same objects first: the
    core's view shares each log entry's copy with every later view, so that is the cheap
    test; equal items are compared only where they are not the same)."""
    n = len(before)
    if len(after) <= n:
        return False
    return all(map(operator.is_, before, after)) or after[:n] == before


def apply_patch(view: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """``view`` (a view's JSON) with ``patch`` folded in, as a client does (DESIGN.md §2;
    ``applyPatch`` in web/state.js): the patch's keys replace the view's, its
    ``log_append`` entries go at the end of the log and its ``rounds_append`` results at
    the end of ``rounds``. A new dict; ``view`` is unchanged."""
    out = {**view, **patch}
    for key in APPENDS:
        added = out.pop(f"{key}_append", None)
        if added is not None:
            out[key] = [*view[key], *added]
    return out
