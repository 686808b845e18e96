"""What a table actor receives and answers: requests, socket notices, bot answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .connection import Connection, dumps


class Rejection(Exception):
    """A command that cannot be applied; nothing changed."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


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
    """A request for the table's listing (``TableState.listing``), answered in turn, so it
    never shows a change that is not yet stored."""


@dataclass(slots=True)
class Join:
    """A friend arriving by the link."""

    name: str
    token_hash: str
    player_hash: str | None = None
    ip_hash: str | None = None
    seat: int | None = None  # the seat chosen on the invitation (seating.choose_seat)


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
    """A socket closed."""

    conn: Connection


@dataclass(slots=True)
class BotAnswer:
    """A bot's move for ``seat``, computed for state ``version``."""

    seat: int
    version: int
    move: str
    timeout: bool


@dataclass(slots=True)
class Answer:
    """Where the reply to a socket's command goes: straight to that socket, as
    ``accepted {id, seq}`` or ``rejected {id, code, reason}``, queued right after the
    events the command produced. Quacks like the future :meth:`TableActor.ask` awaits."""

    conn: Connection
    cmd_id: str
    answered: bool = False

    def done(self) -> bool:
        """Whether the reply was sent."""
        return self.answered

    def set_result(self, reply: Reply) -> None:
        """Send ``reply`` to the socket."""
        self.answered = True
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
