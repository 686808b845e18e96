"""How a match ends otherwise than at the goal (RULES.md §10 Leaving): the reasons a
match may end for, and who wins when a seat leaves."""

from __future__ import annotations

from typing import Literal, cast

from .rules import Rules

__all__ = ["ANNUL_REASONS", "RESIGN_REASONS", "EndReason", "end_reason", "resign_winner"]

EndReason = Literal["goal", "resign", "absence", "annulled", "abandoned"]
"""Why a match ended: a side reached the goal, a seat resigned or lost by absence, the
players annulled it, or it was abandoned (idle too long)."""

RESIGN_REASONS = ("resign", "absence")
ANNUL_REASONS = ("annulled", "abandoned")


def end_reason(reason: str, allowed: tuple[str, ...]) -> EndReason:
    """``reason`` if it is one of ``allowed``, else :class:`ValueError`."""
    if reason not in allowed:
        raise ValueError(f"unknown reason {reason!r} (one of {', '.join(allowed)})")
    return cast(EndReason, reason)


def resign_winner(rules: Rules, scores: list[int], seat: int, start: int) -> int:
    """The side that wins when ``seat`` leaves: of the other sides, the one with the most
    points, a tie going to the one whose turn comes first counted from seat ``start``."""
    loser = rules.side_of(seat)
    order = [(start + i) % rules.seats for i in range(rules.seats)]
    candidates = [rules.side_of(s) for s in order if rules.side_of(s) != loser]
    best = max(scores[c] for c in candidates)
    return next(c for c in candidates if scores[c] == best)
