"""What a decision is made of: a typed :class:`Rejection`, or the events an
:class:`Outbox` numbers after the state's last one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domino_core import Match

from .events import Event, Stored
from .state import TableState

__all__ = ["Outbox", "Refused", "Rejection"]


@dataclass(frozen=True, slots=True)
class Rejection:
    """A command that cannot be applied, and why (DESIGN.md §2 rejection codes)."""

    code: str
    reason: str


class Refused(Exception):
    """Raised inside the rules to reject a command; ``decide`` returns its rejection."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.rejection = Rejection(code, reason)


class Outbox:
    """The events of one decision, numbered from the state's ``seq``; the first stored one
    carries the command's seat, id and move."""

    def __init__(
        self, state: TableState, now: float, *, seat: int | None = None, cmd_id: str | None = None
    ) -> None:
        self.state = state
        self.now = now
        self.seat = seat
        self.cmd_id = cmd_id
        self.events: list[Event] = []
        self.seq = state.seq

    def add(
        self,
        kind: str,
        payload: dict[str, Any],
        *,
        move: str | None = None,
        secret: dict[str, Any] | None = None,
        made: tuple[Match, Match] | None = None,
    ) -> Stored:
        """Append one stored event."""
        first = self.seq == self.state.seq
        self.seq += 1
        ev = Stored(
            seq=self.seq,
            kind=kind,
            payload=payload,
            at=self.now,
            seat=self.seat if first else None,
            cmd_id=self.cmd_id if first else None,
            move=move if first else None,
            secret=secret,
            made=made,
        )
        self.events.append(ev)
        return ev

    def info(self, payload: dict[str, Any], **kw: Any) -> Stored:
        """Append an ``info`` event (a table entry that does not change the match)."""
        return self.add("info", payload, **kw)

    def other(self, event: Event) -> None:
        """Append an event that is not stored (presence, reaction)."""
        self.events.append(event)
