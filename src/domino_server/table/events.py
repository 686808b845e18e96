"""What the machine's decisions consist of: events.

A :class:`Stored` event is numbered (``seq``) and written to the database before anyone
hears of it; its ``payload`` is the public entry every socket receives, its other fields are
what replaying it needs and are never sent (``secret``: the deal of a ``round`` event, the
hashes of a friend who joined, the experience points of a ``ranking`` event). The other
events change only what lives in memory (presence, reactions) and are not stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domino_core import Match

__all__ = ["MATCH_KINDS", "Event", "Presence", "Reacted", "Stored"]

#: Stored kinds that change the match (the rest only inform): ``round`` starts one from
#: its stored deal, ``move`` replays a move, ``resign`` and ``annul`` end the match.
MATCH_KINDS = ("move", "round", "resign", "annul")


@dataclass(frozen=True, slots=True)
class Stored:
    """One numbered table event (RULES.md §10 and DESIGN.md §2 "Table entries")."""

    seq: int
    kind: str  # "move" | "round" | "resign" | "annul" | "info"
    payload: dict[str, Any]  # the public entry
    at: float  # seconds since the epoch
    seat: int | None = None  # the command's seat (first event of a command only)
    cmd_id: str | None = None  # the command's id (first event of a command only)
    move: str | None = None  # a ``move`` event's move text, as Move.parse reads it
    secret: dict[str, Any] | None = None  # stored beside the event, never sent
    #: The match before and after this event, as ``decide`` already made it (a ``move`` or
    #: ``round`` event of a live decision): ``evolve`` takes the after when the state's
    #: match is exactly the before, instead of playing the event again. Never stored,
    #: compared or sent; a restored event has none and is replayed.
    made: tuple[Match, Match] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Presence:
    """``seat`` has ``sockets`` sockets open now (``at``: when it changed). Not stored."""

    seat: int
    sockets: int
    at: float


@dataclass(frozen=True, slots=True)
class Reacted:
    """``seat`` showed a quick reaction (command ``cmd_id``). Not stored, not numbered."""

    seat: int
    reaction: str
    cmd_id: str
    at: float


Event = Stored | Presence | Reacted
