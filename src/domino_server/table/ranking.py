"""Experience points for a finished match (RULES.md §10 Ranking).

A finished, non-annulled match with at least two people seated gives the winner
10 × seats points (with teams the two partners split them: 5 × seats each) and every
losing person 5. Bots earn nothing and take nothing away. No points at all when two of
the people seated joined from one address (the same IP), so nobody farms points
against a second window of their own; and none when a person's address is unknown
(the server could not read it), since two seats from one address cannot be ruled out.

Readings (decisions): "humans" are the seats a person holds at the end (a player played
by a bot while away still counts); a person's address is the one they created or
joined the table from. A person's address hash is None when the request that seated
them had no client address (``tables.tokens.address_hash``: the ASGI server reported no
peer, as over a Unix socket): "unknown_address", never "shared_address", which would
say something false. Two known addresses alike say "shared_address" even beside an
unknown one. (Seats stored before migration 0002 lack the player key too, so they are
not counted as people at all.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from domino_core import Match

from .state import SeatState

__all__ = ["Award", "Outcome", "outcome"]

NoPointsReason = Literal[
    "annulled", "fewer_than_two_people", "shared_address", "unknown_address"
]


@dataclass(frozen=True, slots=True)
class Award:
    """Points for the player of one seat."""

    seat: int
    player_hash: str
    name: str
    points: int
    won: bool


@dataclass(frozen=True, slots=True)
class Outcome:
    """The awards of a finished match, or why there are none."""

    awards: tuple[Award, ...]
    reason: NoPointsReason | None

    def event(self, seats: int) -> dict[str, Any]:
        """The public ``ranking`` table event: points per seat (null: none), the reason
        when nobody earned any. Never names a player key or an address."""
        points: list[int | None] = [None] * seats
        for a in self.awards:
            points[a.seat] = a.points
        return {"type": "ranking", "points": points, "reason": self.reason}


def outcome(match: Match, seats: Sequence[SeatState]) -> Outcome:
    """The awards of ``match`` (over) for the table's ``seats``."""
    if match.winner is None:
        return Outcome((), "annulled")
    people = [s for s in seats if s.kind == "human" and s.player_hash]
    if len(people) < 2:
        return Outcome((), "fewer_than_two_people")
    known = [s.ip_hash for s in people if s.ip_hash is not None]
    if len(set(known)) < len(known):
        return Outcome((), "shared_address")
    if len(known) < len(people):
        return Outcome((), "unknown_address")
    rules = match.rules
    n = rules.seats
    win_points = 10 * n // 2 if rules.teams else 10 * n
    awards = []
    for s in people:
        won = rules.side_of(s.seat) == match.winner
        awards.append(
            Award(
                seat=s.seat,
                player_hash=str(s.player_hash),
                name=s.name,
                points=win_points if won else 5,
                won=won,
            )
        )
    return Outcome(tuple(awards), None)
