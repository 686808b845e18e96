"""The heartbeat's visits (api/heartbeat.py), on stand-ins for uvicorn's protocol: a socket
that spoke lately is not pinged, a quiet one is, one that neither answers nor speaks for a
whole interval is closed, one that speaks while its pong is late is kept."""

from __future__ import annotations

from typing import Any

from domino_server.api.heartbeat import Heartbeat
from domino_server.tables.connection import Connection

T = 4.0  # the interval


class FakeConn:
    """websockets' connection as the heartbeat uses it: pings sent, bytes to write."""

    def __init__(self) -> None:
        self.pings: list[bytes] = []

    def send_ping(self, payload: bytes) -> None:
        self.pings.append(payload)

    def data_to_send(self) -> list[bytes]:
        return [b"ping"]


class FakeTransport:
    def __init__(self) -> None:
        self.written = 0

    def write(self, data: bytes) -> None:
        self.written += 1

    def is_closing(self) -> bool:
        return False


class FakeProto:
    """uvicorn's sans-I/O protocol, the parts the heartbeat reads and calls."""

    def __init__(self) -> None:
        self.conn = FakeConn()
        self.transport = FakeTransport()
        self.disconnected = False
        self.close_sent = False
        self.ping_interval = None  # uvicorn's own keepalive off
        self.pending_ping_payload: bytes | None = None
        self.ping_sent_at = 0.0
        self.timed_out = False

    def keepalive_timeout(self) -> None:
        self.timed_out = True
        self.close_sent = True

    def pong(self) -> None:
        """The peer answers the ping (what uvicorn's handle_pong does with it)."""
        self.pending_ping_payload = None


def _watched(heartbeat: Heartbeat) -> dict[Connection, Any]:
    (watched,) = [w for w in heartbeat._slices if w]
    return watched


async def test_a_socket_that_spoke_lately_gets_no_ping_and_a_quiet_one_does() -> None:
    hb = Heartbeat(T, server_pings=False)
    talker, quiet = Connection(0, 8), Connection(1, 8)
    p_talker, p_quiet = FakeProto(), FakeProto()
    hb.watch(talker, p_talker)
    hb.watch(quiet, p_quiet)
    now = 1000.0
    talker.heard_at = now - 0.5
    quiet.heard_at = now - T
    for w in hb._slices:
        hb.visit(w, now)
    assert p_talker.conn.pings == [] and len(p_quiet.conn.pings) == 1
    assert p_quiet.pending_ping_payload == p_quiet.conn.pings[0]


async def test_no_answer_and_no_frame_for_an_interval_closes_the_socket() -> None:
    hb = Heartbeat(T, server_pings=False)
    conn, proto = Connection(0, 8), FakeProto()
    hb.watch(conn, proto)
    watched = _watched(hb)
    hb.visit(watched, 1000.0)  # pinged
    assert len(proto.conn.pings) == 1 and not proto.timed_out
    hb.visit(watched, 1000.0 + T)  # no pong came, nothing heard: closed
    assert proto.timed_out and hb.dropped == 1


async def test_a_socket_that_answers_or_speaks_is_kept() -> None:
    hb = Heartbeat(T, server_pings=False)
    conn, proto = Connection(0, 8), FakeProto()
    hb.watch(conn, proto)
    watched = _watched(hb)
    hb.visit(watched, 1000.0)
    proto.pong()
    hb.visit(watched, 1000.0 + T)  # answered: pinged again (still quiet), not closed
    assert not proto.timed_out and len(proto.conn.pings) == 2
    conn.heard_at = 1000.0 + 2 * T - 1  # its pong is late, but it sends a move
    hb.visit(watched, 1000.0 + 2 * T)
    assert not proto.timed_out and hb.dropped == 0
    assert len(proto.conn.pings) == 2  # spoke within half an interval: no ping needed


async def test_a_socket_dead_after_its_last_frame_is_closed_within_two_intervals() -> None:
    hb = Heartbeat(T, server_pings=False)
    conn, proto = Connection(0, 8), FakeProto()
    hb.watch(conn, proto)
    watched = _watched(hb)
    last_frame = 1000.0
    conn.heard_at = last_frame
    visit = last_frame + 0.01  # the worst case: a visit just after the last frame
    while not proto.timed_out:
        hb.visit(watched, visit)
        visit += T
    assert visit - T - last_frame <= 2 * T + 0.01


async def test_sockets_pinged_by_their_own_server_are_left_alone() -> None:
    hb = Heartbeat(T)
    conn, proto = Connection(0, 8), FakeProto()
    proto.ping_interval = 20.0  # uvicorn's keepalive on (the app run by plain uvicorn)
    hb.watch(conn, proto)
    assert not any(hb._slices)
