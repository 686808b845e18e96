"""The outbound queue of one socket is bounded: a slow consumer is dropped, not waited for."""

from __future__ import annotations

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
