"""What a table actor receives and answers: requests, socket notices."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .. import metrics
from ..table.commands import Join
from .connection import Connection, dumps

__all__ = ["Answer", "Attach", "Detach", "Join", "Look", "Reply", "Resync"]


@dataclass(slots=True)
class Reply:
    """The answer to one request: ``seq`` of its last event, or a rejection."""

    seq: int = 0
    code: str | None = None
    reason: str = ""
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Whether the request was applied."""
        return self.code is None


@dataclass(slots=True)
class Look:
    """A request for the table's listing (``table.summary.listing``), answered in turn, so
    it never shows a change that is not yet stored."""


@dataclass(slots=True)
class Attach:
    """A socket opened for a seat; ``last_seq`` None asks for a snapshot."""

    conn: Connection
    last_seq: int | None


@dataclass(slots=True)
class Resync:
    """A socket's ``sync`` command: resend what it missed, then accept ``cmd_id``."""

    conn: Connection
    last_seq: int
    cmd_id: str


@dataclass(slots=True)
class Detach:
    """A socket closed, or its send loop died."""

    conn: Connection


@dataclass(slots=True)
class Answer:
    """Where the reply to a socket's command goes: straight to that socket, as
    ``accepted {id, seq}`` or ``rejected {id, code, reason}``, queued right after the
    events the command produced. Quacks like the future :meth:`TableActor.ask` awaits."""

    conn: Connection
    cmd_id: str
    answered: bool = False
    started: float = field(default_factory=time.perf_counter)

    def done(self) -> bool:
        """Whether the reply was sent."""
        return self.answered

    def set_result(self, reply: Reply) -> None:
        """Send ``reply`` to the socket (then a retiring socket may close)."""
        self.answered = True
        metrics.answered(reply.ok, reply.code, self.started)
        if reply.ok:
            frame: dict[str, Any] = {"type": "accepted", "id": self.cmd_id, "seq": reply.seq}
        else:
            frame = {
                "type": "rejected",
                "id": self.cmd_id,
                "code": reply.code or "not_allowed",
                "reason": reply.reason,
            }
        self.conn.send_text(dumps(frame))
        self.conn.answered()
