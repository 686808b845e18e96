"""The outbound queue of one socket is bounded: a slow consumer is dropped, not waited for."""

from __future__ import annotations

import asyncio
import json

from domino_server.tables.connection import CLOSE, Connection


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
