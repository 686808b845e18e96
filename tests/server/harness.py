"""Test harness: a real ``domino serve`` subprocess on a loopback port, and real
websocket clients (the ``websockets`` package) that record every frame they receive."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import websockets

from domino_server.protocol.events import server_message_adapter
from domino_server.tables.views import apply_patch

FAST = {
    "DOMINO_BOT_DELAY_SECONDS": "0",
    "DOMINO_ROUND_PAUSE_SECONDS": "0.05",
    "DOMINO_GRACE_SECONDS": "30",
    "DOMINO_BOT_THINK_SECONDS": "0.05",
    "DOMINO_RATE_PER_SECOND": "1000",
    "DOMINO_RATE_BURST": "1000",
    "DOMINO_CREATE_BURST": "100000",
    "DOMINO_LOG_LEVEL": "warning",
    # a test client busy for a few seconds on a loaded machine still answers in time
    # (test_heartbeat.py sets its own short ping)
    "DOMINO_WS_PING_SECONDS": "30",
}


def free_port() -> int:
    """A free loopback TCP port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(proc: subprocess.Popen[bytes], base: str, log: Path, timeout: float = 60) -> None:
    """Wait until the server ``proc`` at ``base`` answers ``/readyz`` with 200; fail with
    the tail of its ``log`` if it exits or does not get there within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/readyz", timeout=1).status_code == 200:
                return
        if proc.poll() is not None or time.monotonic() > deadline:
            tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
            raise RuntimeError(f"the server at {base} did not become ready:\n{tail}")
        time.sleep(0.1)


def postgres_url() -> str | None:
    """``DOMINO_TEST_POSTGRES_URL`` (an asyncpg URL) when the suite runs on PostgreSQL."""
    return os.environ.get("DOMINO_TEST_POSTGRES_URL") or None


def fresh_database_url(tmp: Path, backend: str = "sqlite") -> str:
    """A new empty database: a SQLite file under ``tmp``, or a new PostgreSQL database
    on the server of ``DOMINO_TEST_POSTGRES_URL``."""
    base = postgres_url()
    if backend == "sqlite" or base is None:
        return f"sqlite+aiosqlite:///{tmp / f'domino-{uuid.uuid4().hex[:8]}.sqlite3'}"
    import asyncpg  # type: ignore[import-untyped]

    name = f"domino_test_{uuid.uuid4().hex[:12]}"
    plain = base.replace("postgresql+asyncpg://", "postgresql://")

    async def create() -> None:
        conn = await asyncpg.connect(plain)
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()

    with ThreadPoolExecutor(1) as pool:  # the caller may be inside an event loop
        pool.submit(asyncio.run, create()).result()
    head, _, _ = base.rpartition("/")
    return f"{head}/{name}"


def subprotocols(token: str | None) -> list[str]:
    """What a client offers as ``Sec-WebSocket-Protocol``: the protocol, and the seat
    token when it has one (tokens never go in the URL)."""
    return ["domino.v1", *([f"domino.token.{token}"] if token else [])]


class Server:
    """``python -m domino_server.cli`` (what ``domino serve`` runs) in a subprocess."""

    def __init__(
        self, database_url: str, env: dict[str, str] | None = None, log_path: Path | None = None
    ) -> None:
        self.database_url = database_url
        self.port = free_port()
        self.env = {**os.environ, **FAST, **(env or {})}
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = log_path
        self._log: Any = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, table_id: str, last_seq: int | None = None, patch: bool = False) -> str:
        """The table's websocket URL (the seat token goes in :func:`subprotocols`)."""
        q = []
        if last_seq is not None:
            q.append(f"last_seq={last_seq}")
        if patch:
            q.append("view=patch")
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}" + ("?" + "&".join(q) if q else "")

    def restart(self) -> None:
        """Start again on the same port and database (a server still running is stopped
        first: two on one port would leave the first one behind)."""
        if self.proc is not None and self.proc.poll() is None:
            self.stop()
        self.start()

    def start(self, timeout: float = 30.0) -> None:
        cmd = [
            sys.executable,
            "-m",
            "domino_server.cli",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
        ]
        self._log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            cmd, env=self.env, stdout=self._log, stderr=self._log, start_new_session=True
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"server exited with {self.proc.returncode}: see {self.log_path}"
                )
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.http}/readyz", timeout=1).status_code == 200:
                    return
            time.sleep(0.1)
        raise RuntimeError("server did not become ready")

    def kill(self) -> None:
        """SIGKILL: no shutdown at all."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)  # the server and its bot workers, at once
        self.proc.wait(10)
        self._kill_orphans()

    def stop(self) -> None:
        """SIGTERM and wait (then SIGKILL if it hangs)."""
        if self.proc is None or self.proc.poll() is not None:
            self._kill_orphans()
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        self._kill_orphans()

    def _kill_orphans(self) -> None:
        """Make sure nothing of this server's process group is left running."""
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        if self._log not in (None, subprocess.DEVNULL):
            self._log.close()
            self._log = None

    # HTTP helpers -------------------------------------------------------------
    def post(self, path: str, body: Any = None, token: str | None = None) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.post(f"{self.http}{path}", json=body, headers=headers, timeout=10)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(f"{self.http}{path}", timeout=10)

    def create(self, **body: Any) -> dict[str, Any]:
        r = self.post("/api/tables", body)
        assert r.status_code == 201, r.text
        return dict(r.json())

    def join(self, table_id: str, name: str) -> dict[str, Any]:
        r = self.post(f"/api/tables/{table_id}/join", {"name": name})
        assert r.status_code == 200, r.text
        return dict(r.json())


class Client:
    """A websocket client for one seat that validates and records every frame."""

    def __init__(
        self, server: Server, table_id: str, token: str | None, *, patch: bool = False
    ) -> None:
        self.server = server
        self.table_id = table_id
        self.token = token
        self.patch = patch  # ask for view patches (``view=patch``) and fold them
        self.ws: Any = None
        self.frames: list[dict[str, Any]] = []  # every frame ever received
        self.seq = 0
        self.view: dict[str, Any] | None = None
        self.seat: int | None = None
        self.table: dict[str, Any] | None = None
        self.events: dict[int, dict[str, Any]] = {}  # seq → event seen
        self._n = 0
        self._prefix = uuid.uuid4().hex[:6]  # ids stay unique across this seat's clients
        self._inbox: deque[dict[str, Any]] = deque()  # frames of a message not yet read

    async def connect(self, last_seq: int | None = None) -> dict[str, Any]:
        self._inbox.clear()
        self.ws = await websockets.connect(
            self.server.ws_url(self.table_id, last_seq, self.patch),
            subprotocols=subprotocols(self.token),  # type: ignore[arg-type]
            max_size=2**22,
            close_timeout=1,
        )
        welcome = await self.recv()
        assert welcome["type"] == "welcome", welcome
        if last_seq is None:
            assert (await self.recv())["type"] == "snapshot"
        return welcome

    async def reconnect(self) -> dict[str, Any]:
        """Open a new socket asking for every event after the last one seen."""
        with contextlib.suppress(Exception):
            await self.close()
        return await self.connect(last_seq=self.seq)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    def _absorb(self, f: dict[str, Any]) -> None:
        self.frames.append(f)
        t = f["type"]
        if t == "welcome":
            self.seat = f["seat"]
            self.table = f["table"]
        elif t == "snapshot":
            self.seq = f["seq"]
            self.view = f["view"]
            self.table = f["table"]
        elif t == "event":
            assert f["seq"] == self.seq + 1, f"gap: had {self.seq}, got {f['seq']}"
            self.seq = f["seq"]
            self.events[f["seq"]] = f["event"]
            if f.get("patch") is not None:
                assert self.patch and self.view is not None, "a patch to a socket with no view"
                assert "view" not in f
                self.view = apply_patch(self.view, f["patch"])
            elif f["view"] is not None:
                self.view = f["view"]
        elif t == "table":
            self.table = f["table"]

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next frame (a message may hold several: an array of frames ready together)."""
        if not self._inbox:
            raw = await asyncio.wait_for(self.ws.recv(), timeout)
            msg = json.loads(raw)
            server_message_adapter.validate_python(msg)  # every message follows the schema
            self._inbox.extend(msg if isinstance(msg, list) else [msg])
        f = self._inbox.popleft()
        self._absorb(f)
        return dict(f)

    async def send(self, frame: dict[str, Any] | str | bytes) -> None:
        await self.ws.send(frame if isinstance(frame, str | bytes) else json.dumps(frame))

    def next_id(self) -> str:
        self._n += 1
        return f"{self._prefix}{self._n}"

    async def until(
        self, pred: Callable[[dict[str, Any]], bool], timeout: float = 15.0
    ) -> dict[str, Any]:
        """Receive until a frame satisfies ``pred``; that frame."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching frame")
            f = await self.recv(left)
            if pred(f):
                return f

    async def command(self, cmd: dict[str, Any], timeout: float = 15.0) -> dict[str, Any]:
        """Send ``cmd`` (an id is added) and return its accepted/rejected answer."""
        cid = cmd.get("id") or self.next_id()
        await self.send({**cmd, "id": cid})
        return await self.until(
            lambda f: f["type"] in ("accepted", "rejected") and f.get("id") == cid, timeout
        )

    def my_turn(self) -> bool:
        v = self.view
        return bool(
            v and not v["over"] and not v["round_over"] and v["turn"] == v["seat"] and v["legal"]
        )


async def started_with_a_friend(server: Server, **body: Any) -> list[Client]:
    """A table created with ``body``, Bia joined at seat 1, both connected, started."""
    t = server.create(**body)
    j = server.join(t["table_id"], "Bia")
    clients = [Client(server, t["table_id"], t["token"]), Client(server, t["table_id"], j["token"])]
    for cl in clients:
        await cl.connect()
    assert (await clients[0].command({"type": "start"}))["type"] == "accepted"
    await pump(clients)
    return clients


async def pump(clients: list[Client], quiet: float = 0.1) -> None:
    """Read every client's frames until each has been quiet for ``quiet`` seconds."""

    async def drain(cl: Client) -> None:
        with contextlib.suppress(TimeoutError):
            while True:
                await cl.recv(timeout=quiet)

    await asyncio.gather(*(drain(c) for c in clients))


def move_frame(legal: dict[str, Any]) -> dict[str, Any]:
    """The command for a legal-move entry of a view."""
    if legal["type"] == "play":
        return {"type": "play", "tile": legal["tile"], "end": legal["end"]}
    return {"type": legal["type"]}


async def play_out(
    clients: list[Client],
    pick: Callable[[list[dict[str, Any]]], dict[str, Any]] | None = None,
    timeout: float = 120.0,
) -> None:
    """Play every human seat with ``pick`` (default: the first legal move) until the match
    is over, starting rounds as they end."""
    pick = pick or (lambda legal: legal[0])
    end = time.monotonic() + timeout

    async def seat_loop(cl: Client) -> None:
        while time.monotonic() < end:
            v = cl.view
            if v is not None and v["over"]:
                return
            if cl.my_turn():
                assert v is not None
                ans = await cl.command(move_frame(pick(v["legal"])))
                if ans["type"] == "rejected":
                    assert ans["code"] in ("not_your_turn", "not_allowed"), ans
                    # a bot is moving for this seat (back from away, or a friend waiting
                    # for the turn boundary): wait for what the table does next
                    with contextlib.suppress(TimeoutError):
                        await cl.recv(timeout=max(0.05, min(5.0, end - time.monotonic())))
                continue
            if v is not None and v["round_over"] and not v["over"]:
                ans = await cl.command({"type": "next_round"})
                continue
            with contextlib.suppress(TimeoutError):
                await cl.recv(timeout=max(0.05, min(5.0, end - time.monotonic())))
        raise TimeoutError("match did not end in time")

    await asyncio.gather(*(seat_loop(c) for c in clients))
