"""Test harness: a real ``domino serve`` subprocess on a loopback port, its database, and
(from :mod:`.ws_client`, imported here too) real websocket clients that record every
frame they receive."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

from .ws_client import Client, move_frame, play_out, pump, started_with_a_friend, subprotocols

__all__ = [
    "FAST",
    "Client",
    "Server",
    "TableApi",
    "free_port",
    "fresh_database_url",
    "move_frame",
    "new_postgres_database",
    "play_out",
    "postgres_url",
    "pump",
    "started_with_a_friend",
    "subprotocols",
    "wait_ready",
]

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
    "DOMINO_CLIENT_SEED_SECONDS": "0",  # deal at once (tests/server/test_fair_deals.py waits)
    # PostgreSQL runs own tables by lease: a server killed and started again waits for
    # its previous process's leases to run out, so keep them short in tests
    "DOMINO_LEASE_SECONDS": "2",
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
    return new_postgres_database(base, f"domino_test_{uuid.uuid4().hex[:12]}")


def new_postgres_database(base: str, name: str) -> str:
    """Create the database ``name`` on the PostgreSQL server of ``base`` (an asyncpg
    URL); its URL."""
    import asyncpg  # type: ignore[import-untyped]

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


def post_from(server: Server, path: str, body: Any, ip: str, token: str | None = None) -> Any:
    """POST as a client at address ``ip`` (``X-Forwarded-For``: the server trusts its
    loopback proxy) with the seat ``token``, if any; the JSON of a 200 or 201."""
    headers = {"X-Forwarded-For": ip}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    r = httpx.post(f"{server.http}{path}", json=body, headers=headers, timeout=10)
    assert r.status_code in (200, 201), r.text
    return r.json()


class TableApi:
    """Creating and joining tables over HTTP, for anything with :meth:`post` (a server,
    or the cluster's HAProxy front)."""

    def post(self, path: str, body: Any = None, token: str | None = None) -> httpx.Response:
        raise NotImplementedError

    def create(self, **body: Any) -> dict[str, Any]:
        r = self.post("/api/tables", body)
        assert r.status_code == 201, r.text
        return dict(r.json())

    def join(self, table_id: str, name: str) -> dict[str, Any]:
        r = self.post(f"/api/tables/{table_id}/join", {"name": name})
        assert r.status_code == 200, r.text
        return dict(r.json())


class Server(TableApi):
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
