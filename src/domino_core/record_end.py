"""A record's ``end`` (RECORD.md): how a match ended when it did not end at the goal.

A resignation, a loss by absence, an annulment or an abandoned table ends a match that
its plays alone would leave running. The record says which, and for a seat that left,
which seat; replaying the record then ends the match the same way (RULES.md §10
Leaving), so an outsider holding only the file can check who won.

Written only for those four reasons: a match that ended at the goal, or one still being
played, has no ``end``, and its record is what it was before this key existed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .leaving import ANNUL_REASONS, RESIGN_REASONS

if TYPE_CHECKING:
    from .match import Match

__all__ = ["END_REASONS", "Ending", "apply_ending", "parse_ending", "trailing_draws"]

#: The reasons an ``end`` may give, in RECORD.md's order.
END_REASONS = RESIGN_REASONS + ANNUL_REASONS


@dataclass(frozen=True)
class Ending:
    """How a match ended otherwise than at the goal: ``reason`` one of
    :data:`END_REASONS`, and ``seat`` the seat that left for "resign" and "absence"
    (``None`` for the others)."""

    reason: str
    seat: int | None = None
    #: Drawing by hand (``auto_draw`` off), with the match ended inside a round: the tiles
    #: the seat on turn drew after the last play written; a replay makes exactly those,
    #: not every draw that was forced. ``None``: the round is replayed to where its forced
    #: moves lead (it had ended, or the draws are the engine's own).
    draws: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The record's ``end`` object."""
        out: dict[str, Any] = {"reason": self.reason}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.draws is not None:
            out["draws"] = self.draws
        return out


def parse_ending(obj: object, seats: int) -> Ending:
    """The ``end`` object of a record, checked; :class:`ValueError` saying what is wrong."""
    if not isinstance(obj, Mapping):
        raise ValueError('"end" must be an object like {"reason": "resign", "seat": 1}')
    for key in obj:
        if key not in ("reason", "seat", "draws"):
            raise ValueError(f'unknown key {key!r} in "end": it holds "reason", "seat" and '
                             '"draws"')
    draws = obj.get("draws")
    if draws is not None and (type(draws) is not int or not 0 <= draws <= 28):
        raise ValueError(f'"end" "draws" must be a number of tiles drawn, not {draws!r}')
    reason = obj.get("reason")
    if reason not in END_REASONS:
        raise ValueError(f'"end" "reason" must be one of {", ".join(END_REASONS)}, '
                         f"not {reason!r}")
    seat = obj.get("seat")
    if reason in RESIGN_REASONS:
        if type(seat) is not int or not 0 <= seat < seats:
            raise ValueError(f'"end" for {reason!r} needs the "seat" that left, '
                             f"0..{seats - 1}, not {seat!r}")
        return Ending(reason, seat, draws)
    if "seat" in obj:
        raise ValueError(f'"end" for {reason!r} has no "seat" (nobody left)')
    return Ending(reason, None, draws)


def apply_ending(match: Match, ending: Ending) -> list[dict[str, Any]]:
    """End ``match`` as ``ending`` says (its ``match_end`` log entries); :class:`ValueError`
    if the match is already over (its last round reached the goal)."""
    if match.over:
        raise ValueError(f"the match was already over at the goal, yet \"end\" says "
                         f"{ending.reason!r}")
    if ending.seat is not None:
        return match.resign(ending.seat, ending.reason)
    return match.annul(ending.reason)


def trailing_draws(log: list[dict[str, Any]]) -> int:
    """The tiles drawn by hand after the last play of a round's public ``log`` (one entry
    each, ``auto_draw`` off): what a record's ``end`` says as ``draws``."""
    n = 0
    for entry in reversed(log):
        if entry.get("type") == "play":
            break
        if entry.get("type") == "draw":
            n += int(entry.get("count") or 1)
    return n
