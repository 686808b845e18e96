"""Conversions between a table's stored or wire values and the core's: deal texts, log
entry copies, times."""

from __future__ import annotations

import datetime as dt
from typing import Any

from domino_core import Deal, Tile

__all__ = ["copy_entry", "deal_from_json", "deal_to_json", "iso"]


def copy_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A copy of a core log entry for the table's events: what is stored and sent never
    shares a dict (or list) with the core's log, so neither side can change the other."""
    return {k: list(v) if isinstance(v, list) else v for k, v in entry.items()}


def iso(ts: float | None) -> str | None:
    """ISO 8601 UTC text of ``ts`` (None stays None)."""
    if ts is None:
        return None
    return dt.datetime.fromtimestamp(ts, dt.UTC).isoformat(timespec="milliseconds")


def deal_to_json(deal: Deal) -> tuple[list[list[str]], list[str]]:
    """A deal as stored: hands and boneyard as tile texts."""
    return [[str(t) for t in hand] for hand in deal.hands], [str(t) for t in deal.boneyard]


def deal_from_json(hands: list[list[str]], boneyard: list[str]) -> Deal:
    """The stored deal back as a :class:`domino_core.Deal`."""
    return Deal(
        hands=tuple(tuple(Tile.parse(t) for t in hand) for hand in hands),
        boneyard=tuple(Tile.parse(t) for t in boneyard),
    )
