"""Patches: what turns a seat's last view into its new one (DESIGN.md §2, ``view=patch``).

A patch holds the view's top-level keys whose value changed, with their new values; a log
or ``rounds`` list that only grew comes as ``log_append`` / ``rounds_append``. The server
makes each from two views of one seat by the core's view function (:class:`Patcher`);
clients fold it in as :func:`apply_patch` does.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from domino_core import View

from ..core.jsontext import encode as _encode
from .views import CACHED, SEAT_KEYS, ViewCache

__all__ = ["APPENDS", "FIELDS", "Patcher", "apply_patch"]

#: View lists a patch may extend (``<key>_append``) instead of sending them whole.
APPENDS = ("log", "rounds")

#: A missing value (None is a value).
_MISSING = object()

#: ``View`` attribute → (its key in ``View.to_dict``, its JSON value there), for
#: :class:`Patcher`; ``log`` is handled on its own (it grows by appending). The keys of
#: :data:`CACHED` take their text from the table's :class:`ViewCache` instead (their
#: functions here say what that text holds).
FIELDS: tuple[tuple[str, str, Callable[[Any], Any]], ...] = (
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
_SHARED_FIELDS = tuple(f for f in FIELDS if f[1] not in SEAT_KEYS)
_SHARED_VALUES = operator.attrgetter(*(attr for attr, _, _ in _SHARED_FIELDS))
#: The fields that differ between seats, and the getter of their values.
_SEAT_FIELDS = tuple(f for f in FIELDS if f[1] in SEAT_KEYS)
_SEAT_VALUES = operator.attrgetter(*(attr for attr, _, _ in _SEAT_FIELDS))


class Patcher:
    """Patches between views of one match, all to the same moment (one event). What the
    seats share (every key but ``seat``, ``hand`` and ``legal``) is compared and made once
    for all the seats whose old and new views come from the same two calls of the core's
    view function (``views_for`` makes the shared values once per call: views of one call
    hold the very same objects), and a shared value that changed is made into plain JSON
    values once for the event; each patch is then encoded in one go. The texts of
    ``rules``, ``rounds`` and ``result`` come from the table's :class:`ViewCache`
    (``rounds`` grows all match long)."""

    __slots__ = ("_cache", "_encoded", "_shared")

    def __init__(self, cache: ViewCache | None = None) -> None:
        self._cache = cache or ViewCache()
        # (id of the old view's board, id of the new one's) → (those two boards, kept so
        # that the ids stay theirs; the cached texts; the changed shared values)
        self._shared: dict[tuple[int, int], tuple[object, object, list[str], dict[str, Any]]]
        self._shared = {}
        # a shared key → its new value as plain JSON values (every view is of one moment)
        self._encoded: dict[str, Any] = {}

    def _shared_changes(self, old: View, new: View) -> tuple[list[str], dict[str, Any]]:
        """The ``'"key":value'`` texts from the :class:`ViewCache` and the plain values of
        the shared keys that changed from ``old`` to ``new``, made once per pair of calls
        of the view function the two views come from (told apart by their boards)."""
        ob, nb = old.board, new.board
        key = (id(ob), id(nb))
        made = self._shared.get(key)  # (the boards are kept with it: the ids stay theirs)
        if made is not None:
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
            elif name in CACHED:
                cached.append(f'"{name}":{CACHED[name](self._cache, new)}')
            else:
                made_value = self._encoded.get(name, _MISSING)
                if made_value is _MISSING:
                    made_value = self._encoded[name] = encode(value)
                changed[name] = made_value
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
