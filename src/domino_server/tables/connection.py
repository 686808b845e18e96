"""One websocket as the table actor sees it: a seat and a bounded outbound queue.

The actor never awaits a socket: it drops frames into :attr:`Connection.queue`.
When a slow client lets the queue fill up, the connection is marked
:attr:`Connection.overflowed` and closed; the client can reconnect and resume by seq.
"""

from __future__ import annotations

import asyncio
from typing import Any

from domino_core import View

from ..core.jsontext import encode

CLOSE = None


def dumps(frame: dict[str, Any]) -> str:
    """Compact JSON text of one frame."""
    return encode(frame)


class Connection:
    """A socket speaking for ``seat`` (None: a spectator)."""

    def __init__(self, seat: int | None, max_queue: int, *, patch: bool = False) -> None:
        self.seat = seat
        #: Asked for ``view=patch``: after the first whole view, an event's view comes as
        #: a patch of the last one this socket was sent (:meth:`.views.Patcher.patch_text`).
        self.patch = patch
        #: The last view this socket was sent (kept for patches only).
        self.last_view: View | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=max_queue)
        self.overflowed = False
        self.closed = False
        self.close_code = 1000
        self.close_reason = ""
        #: Commands handed to the table and not answered yet (see :meth:`retire`).
        self.unanswered = 0
        #: Replaced by a newer socket for the seat: closes once its commands are answered.
        self.retiring: tuple[int, str] | None = None

    def send(self, frame: dict[str, Any]) -> None:
        """Queue ``frame``; a full queue closes this connection instead of waiting."""
        self.send_text(dumps(frame))

    def send_text(self, text: str) -> None:
        """Queue already-encoded JSON ``text``."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.overflowed = True
            self.close(4008, "slow consumer: outbound queue full, reconnect with last_seq")

    def close(self, code: int, reason: str) -> None:
        """Stop sending: the socket's writer sends what is queued, then closes it with
        ``code`` (a full queue, a slow consumer's, is dropped first)."""
        if self.closed:
            return
        self.closed = True
        self.close_code, self.close_reason = code, reason
        if self.queue.full():
            while not self.queue.empty():
                self.queue.get_nowait()
        self.queue.put_nowait(CLOSE)

    def retire(self, code: int, reason: str) -> None:
        """A newer socket took this one's seat: once the commands this socket sent are
        answered (their ``accepted`` or ``rejected`` delivered), close it with ``code``."""
        if self.retiring is None:
            self.retiring = (code, reason)
        if self.unanswered <= 0:
            self.close(code, reason)

    def answered(self) -> None:
        """One of this socket's commands got its answer."""
        self.unanswered -= 1
        if self.retiring is not None and self.unanswered <= 0:
            self.close(*self.retiring)
