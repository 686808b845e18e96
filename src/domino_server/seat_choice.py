"""Where a friend arriving by the link sits: the seat they chose on the invitation when
it is still free, else the table's own choice. Pure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["choose_seat"]


def choose_seat(seats: Sequence[Any], wanted: int | None, fallback: int | None) -> int | None:
    """``wanted`` when no person holds that seat and no other friend is on the way to it
    (``kind`` not ``human``, no ``token_hash``, nothing ``pending``); otherwise
    ``fallback`` (the table's order: empty seats, then bots' seats, the partner's seat as
    the table was set up). ``seats`` are the table's seat states, in seat order."""
    if wanted is None or not 0 <= wanted < len(seats):
        return fallback
    s = seats[wanted]
    if s.kind != "human" and s.token_hash is None and getattr(s, "pending", None) is None:
        return wanted
    return fallback
