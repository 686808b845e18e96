"""The outbound queue of one socket is bounded: a slow consumer is dropped, not waited for."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from prometheus_client import REGISTRY

from domino_server.api.ws import _writer
from domino_server.tables.connection import BATCH_FRAMES, CLOSE, Connection


def test_full_queue_closes_the_connection_with_4008() -> None:
    conn = Connection(seat=1, max_queue=3)
    for i in range(3):
        conn.send({"type": "pong", "id": str(i)})
    assert not conn.closed
    conn.send({"type": "pong", "id": "one too many"})
    assert conn.closed and conn.overflowed and conn.close_code == 4008
    # what is left is only the order to close; nothing else is queued any more
    assert conn.queue.get_nowait() is CLOSE
    conn.send({"type": "pong", "id": "late"})
    assert conn.queue.empty()


async def _next_turn() -> None:
    """Let the loop run the callbacks scheduled so far (the connection's flush)."""
    await asyncio.sleep(0)


async def test_frames_of_one_turn_of_the_loop_leave_together_as_one_message() -> None:
    conn = Connection(seat=0, max_queue=8)
    written: list[str] = []
    conn.direct = lambda text: written.append(text) is None
    conn.send({"type": "pong", "id": "a"})
    conn.send({"type": "pong", "id": "b"})
    assert written == []  # not before the end of this turn
    await _next_turn()
    assert [json.loads(m) for m in written] == [
        [{"type": "pong", "id": "a"}, {"type": "pong", "id": "b"}]
    ]
    conn.send({"type": "pong", "id": "c"})
    await _next_turn()
    assert json.loads(written[-1]) == {"type": "pong", "id": "c"}
    assert conn.queue.empty()


async def test_a_socket_that_takes_no_more_gets_its_frames_through_the_queue_in_order() -> None:
    conn = Connection(seat=0, max_queue=8)
    room = [True]
    written: list[str] = []

    def direct(text: str) -> bool:
        if room[0]:
            written.append(text)
        return room[0]

    conn.direct = direct
    room[0] = False  # the peer reads slowly: its buffer is full
    conn.send({"type": "pong", "id": "a"})
    await _next_turn()
    room[0] = True
    conn.send({"type": "pong", "id": "b"})  # must not overtake "a", still queued
    await _next_turn()
    assert written == []
    assert [json.loads(conn.queue.get_nowait() or "")["id"] for _ in range(2)] == ["a", "b"]


async def test_closing_sends_what_was_sent_before_the_close() -> None:
    conn = Connection(seat=0, max_queue=8)
    written: list[str] = []
    conn.direct = lambda text: written.append(text) is None
    conn.send({"type": "pong", "id": "last words"})
    conn.close(1000, "bye")
    assert json.loads(written[0])["id"] == "last words"
    assert conn.queue.get_nowait() is CLOSE


async def test_a_write_that_fails_closes_the_connection_with_1011() -> None:
    conn = Connection(seat=0, max_queue=8)

    def broken(text: str) -> bool:
        text.encode("utf-8")  # a frame with a lone surrogate cannot be sent
        return True

    conn.direct = broken
    conn.send_text('{"type":"pong","id":"\ud800"}')
    await _next_turn()
    assert conn.closed and conn.close_code == 1011
    assert conn.queue.get_nowait() is CLOSE


# The slow reader's path: what its socket cannot take at once waits in its bounded queue
# and leaves through the writer task (domino_server.api.ws._writer), in the order sent.


def _frames(messages: list[str | None]) -> list[dict[str, object]]:
    """The frames the messages carry, in order (a message is a frame or an array of them)."""
    frames: list[dict[str, object]] = []
    for message in messages:
        assert message is not None, "the close order is not a message"
        got = json.loads(message)
        frames.extend(got if isinstance(got, list) else [got])
    return frames


def _queued(conn: Connection) -> list[str | None]:
    """Everything ``conn`` has queued, taken out of its queue."""
    out: list[str | None] = []
    while not conn.queue.empty():
        out.append(conn.queue.get_nowait())
    return out


async def _until(cond: Callable[[], bool], turns: int = 100) -> None:
    """Run the loop, a turn at a time, until ``cond()`` holds (at most ``turns`` turns)."""
    for _ in range(turns):
        if cond():
            return
        await asyncio.sleep(0)
    raise AssertionError(f"not true after {turns} turns of the loop")


class SlowReader:
    """The socket of a client that reads slowly, as ``Connection.direct`` sees it: it takes
    messages (onto ``wire``, what the client will read) while ``room`` is on, and refuses
    them (False) once it is off; ``room_for`` messages fill it and turn ``room`` off."""

    def __init__(self, wire: list[str], room_for: int | None = None) -> None:
        self.wire = wire
        self.room = True
        self.room_for = room_for

    def __call__(self, text: str) -> bool:
        if not self.room:
            return False
        self.wire.append(text)
        if self.room_for is not None:
            self.room_for -= 1
            self.room = self.room_for > 0
        return True


class WriterSocket:
    """The websocket the writer task sends through: its messages go onto ``wire`` too, once
    ``gate`` is open (a send that waits for the client to read)."""

    def __init__(self, wire: list[str]) -> None:
        self.wire = wire
        self.sent: list[str] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.closed_with: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        await self.gate.wait()
        self.sent.append(text)
        self.wire.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = (code, reason)


def _pong(i: int) -> dict[str, object]:
    return {"type": "pong", "id": str(i)}


def _queued_messages() -> float:
    return REGISTRY.get_sample_value("domino_socket_messages_total", {"path": "queued"}) or 0.0


async def test_frames_a_full_socket_refuses_are_queued_none_lost_reordered_or_doubled() -> None:
    conn = Connection(seat=0, max_queue=1000)
    wire: list[str] = []
    reader = SlowReader(wire)
    conn.direct = reader
    for i in range(10):  # the socket takes these at once
        conn.send(_pong(i))
    await _next_turn()
    assert _frames(wire) == [_pong(i) for i in range(10)] and conn.queue.empty()
    # a burst of several messages in one turn: the socket takes the first, then is full
    reader.room_for = 1
    for i in range(10, 10 + 2 * BATCH_FRAMES + 20):
        conn.send(_pong(i))
    await _next_turn()
    assert not reader.room
    for i in range(10 + 2 * BATCH_FRAMES + 20, 10 + 2 * BATCH_FRAMES + 25):  # still full
        conn.send(_pong(i))
    await _next_turn()
    sent = [_pong(i) for i in range(10 + 2 * BATCH_FRAMES + 25)]
    taken, queued = _frames(wire), _frames(_queued(conn))
    assert taken == sent[: 10 + BATCH_FRAMES]  # up to where the socket refused
    assert queued == sent[10 + BATCH_FRAMES :]  # from the first refused frame on
    assert taken + queued == sent
    assert not conn.closed


async def test_a_frame_sent_while_the_writer_still_sends_waits_behind_it() -> None:
    conn = Connection(seat=0, max_queue=16)
    wire: list[str] = []
    reader = SlowReader(wire)
    conn.direct = reader
    ws = WriterSocket(wire)
    ws.gate.clear()  # the writer's send waits for the client to read
    reader.room = False
    conn.send(_pong(0))
    await _next_turn()
    writer = asyncio.get_running_loop().create_task(_writer(ws, conn, "T1"))  # type: ignore[arg-type]
    await _until(lambda: conn.sending and conn.queue.empty())  # "0" is being sent
    reader.room = True  # the socket would take a message now
    conn.send(_pong(1))  # must not overtake "0", still being sent
    await _next_turn()
    assert wire == [] and conn.queue.qsize() == 1
    ws.gate.set()  # the client reads
    conn.close(1000, "bye")
    await asyncio.wait_for(writer, 5)
    assert _frames(wire) == [_pong(0), _pong(1)]
    assert ws.closed_with == (1000, "bye")


async def test_a_slow_socket_overfilling_its_queue_is_closed_with_4008_and_sent_no_more() -> None:
    conn = Connection(seat=0, max_queue=4)
    wire: list[str] = []
    reader = SlowReader(wire)
    conn.direct = reader
    reader.room = False  # the client stopped reading
    for i in range(3):
        conn.send(_pong(i))
    await _next_turn()
    assert not conn.closed and conn.queue.qsize() == 3
    for i in range(3, 8):  # one turn's frames overfill the queue
        conn.send(_pong(i))
    await _next_turn()
    assert conn.overflowed and conn.closed and conn.close_code == 4008
    conn.send(_pong(8))  # too late: nothing is queued after the close
    await _next_turn()
    assert conn.queue.qsize() == 1  # the close order alone: stale frames are dropped
    ws = WriterSocket(wire)
    await asyncio.wait_for(_writer(ws, conn, "T1"), 5)  # type: ignore[arg-type]
    assert wire == []  # the client resumes by seq after reconnecting
    assert ws.closed_with is not None and ws.closed_with[0] == 4008
    assert "reconnect" in ws.closed_with[1]


async def test_the_writer_sends_queued_frames_in_order_and_counts_them_as_queued() -> None:
    conn = Connection(seat=0, max_queue=1000)
    wire: list[str] = []
    reader = SlowReader(wire, room_for=1)
    conn.direct = reader
    conn.send(_pong(0))  # taken at once; then the socket is full
    await _next_turn()
    for i in range(1, 2 * BATCH_FRAMES + 11):
        conn.send(_pong(i))
    await _next_turn()
    conn.close(1000, "bye")
    before = _queued_messages()
    ws = WriterSocket(wire)
    await asyncio.wait_for(_writer(ws, conn, "T1"), 5)  # type: ignore[arg-type]
    assert _frames(wire) == [_pong(i) for i in range(2 * BATCH_FRAMES + 11)]
    assert len(ws.sent) == 3  # at most BATCH_FRAMES frames a message
    assert _queued_messages() - before == len(ws.sent)
    assert ws.closed_with == (1000, "bye")


async def test_an_answer_to_a_frame_read_after_the_close_goes_before_the_close_frame() -> None:
    """A frame the reader read while its socket was closing (a newer socket took the seat)
    is answered before the close frame, never after it (nothing may follow it) and never
    dropped while the close frame has not gone."""
    conn = Connection(seat=0, max_queue=10)
    conn.send(_pong(0))
    conn.retire(4001, "replaced")  # nothing unanswered: closes at once
    assert conn.closed
    conn.send(_pong(1))  # the table's own frames stop at the close
    assert conn.send_last(_pong(2))  # the answer to a frame read now still goes
    wire: list[str] = []
    ws = WriterSocket(wire)
    await asyncio.wait_for(_writer(ws, conn, "T1"), 5)  # type: ignore[arg-type]
    assert _frames(wire) == [_pong(0), _pong(2)] and ws.closed_with == (4001, "replaced")
    assert conn.close_sent and not conn.send_last(_pong(3))  # too late now: said so
