"""One websocket as the table actor sees it: a seat and a bounded outbound queue.

The actor never awaits a socket. Frames sent in one turn of the event loop (one command's
events, the table summary and the answer) are gathered and, at the end of that turn, leave
together as one websocket message, a JSON array of the frames (a frame alone leaves as
itself). Where the server can write to the socket at once (:attr:`Connection.direct`, see
:mod:`domino_server.api.direct_send`) the message is written then, with no task woken per
socket; otherwise, or while the socket cannot take more (its peer reads slowly), the frames
wait in the bounded :attr:`Connection.queue` for the socket's writer task. When a slow
client lets that queue fill up, the connection is marked :attr:`Connection.overflowed` and
closed; the client can reconnect and resume by seq.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator
from typing import Any

from domino_core import View

from .. import metrics
from ..core.jsontext import encode

__all__ = [
    "BATCH_CHARS", "BATCH_FRAMES", "CLOSE", "Connection", "batches", "dumps", "joined"
]

log = logging.getLogger(__name__)

_DIRECT = metrics.SOCKET_MESSAGES.labels(path="direct")

CLOSE = None

#: Most frames, and characters, one websocket message carries.
BATCH_FRAMES = 64
BATCH_CHARS = 256 * 1024


def dumps(frame: dict[str, Any]) -> str:
    """Compact JSON text of one frame."""
    return encode(frame)


def joined(texts: list[str]) -> str:
    """One message of frames: the frame alone, or a JSON array of them."""
    return texts[0] if len(texts) == 1 else f"[{','.join(texts)}]"


def batches(texts: list[str]) -> Iterator[list[str]]:
    """``texts`` in order, cut into the frames of one message each: at most
    :data:`BATCH_FRAMES` frames, and a message is closed once it holds
    :data:`BATCH_CHARS` characters."""
    batch: list[str] = []
    size = 0
    for text in texts:
        batch.append(text)
        size += len(text)
        if len(batch) >= BATCH_FRAMES or size >= BATCH_CHARS:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


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
        #: Writes one message to the socket now; False when it cannot (the socket's buffer
        #: is full, or it is closing): the message then goes through :attr:`queue`.
        self.direct: Callable[[str], bool] | None = None
        #: The writer task holds a message it has not finished sending.
        self.sending = False
        #: When (``time.monotonic``) the last frame came from the client (:mod:`.api.heartbeat`).
        self.heard_at = 0.0
        self._pending: list[str] = []  # sent in this turn of the loop, not written yet
        self.overflowed = False
        self.closed = False
        self.close_code = 1000
        self.close_reason = ""
        #: Commands handed to the table and not answered yet (see :meth:`retire`).
        self.unanswered = 0
        #: Replaced by a newer socket for the seat: closes once its commands are answered.
        self.retiring: tuple[int, str] | None = None
        #: Answers to frames read after :meth:`close` (one at most: the frame the reader
        #: was waiting for), written right before the close frame (:meth:`send_last`).
        self.last_words: list[str] = []
        #: The close frame is on its way: nothing more can be sent on this socket.
        self.close_sent = False

    def send(self, frame: dict[str, Any]) -> None:
        """Send ``frame`` (see :meth:`send_text`)."""
        self.send_text(dumps(frame))

    def send_text(self, text: str) -> None:
        """Send already-encoded JSON ``text``: written at the end of this turn of the loop
        with what else was sent in it; a full queue closes this connection instead of
        waiting."""
        if self.closed:
            return
        if self.direct is None:
            self._enqueue(text)
            return
        self._pending.append(text)
        if len(self._pending) == 1:
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Write what was sent in this turn of the loop: straight to the socket when nothing
        waits before it and the socket takes it, else into the writer's queue."""
        pending, self._pending = self._pending, []
        if not pending:
            return
        direct = self.direct
        if direct is not None and not self.sending and self.queue.empty():
            written = 0
            try:
                for batch in batches(pending):
                    if not direct(joined(batch)):
                        break
                    written += len(batch)
                    _DIRECT.inc()
            except Exception:
                log.exception("writing to a socket failed; closing it")
                self.close(1011, "server error")
                return
            pending = pending[written:]
        self._enqueue_all(pending)

    def _enqueue_all(self, texts: list[str]) -> None:
        for text in texts:
            if self.overflowed:
                return
            self._enqueue(text)

    def _enqueue(self, text: str) -> None:
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
        if self.overflowed:
            self._pending = []
        else:
            self.flush()  # what was sent before the close goes first
            if self.closed:  # (the flush closed it)
                return
        self.closed = True
        self.close_code, self.close_reason = code, reason
        if self.queue.full():
            while not self.queue.empty():
                self.queue.get_nowait()
        self.queue.put_nowait(CLOSE)

    def send_last(self, frame: dict[str, Any]) -> bool:
        """Send ``frame``, the answer to a frame the client sent, even when this connection
        is closing: then it goes right before the close frame, if that is not on its way
        yet (False: too late, the client sends its command again on its next socket)."""
        if not self.closed:
            self.send(frame)
            return True
        if self.close_sent:
            return False
        self.last_words.append(dumps(frame))
        return True

    def final_words(self) -> list[str]:
        """What :meth:`send_last` left for the close; nothing may be sent after (the
        writer calls this right before it sends the close frame)."""
        self.close_sent = True
        words, self.last_words = self.last_words, []
        return words

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
