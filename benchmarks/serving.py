"""Helpers of the flood and soak benchmarks: a ``domino serve`` subprocess on a free
loopback port, its memory, and a websocket client for one seat that plays the first
legal move (the seat token goes in ``Sec-WebSocket-Protocol``, as the web client does)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    """A free loopback TCP port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    """``python -m domino_server.cli`` with ``env`` (``DOMINO_*`` names) on SQLite."""

    def __init__(self, env: dict[str, str]) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="domino-bench-"))
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        full = {**os.environ, "DOMINO_LOG_LEVEL": "warning", **env}
        self.log = (self.tmp / "server.log").open("wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "domino_server.cli", "--host", "127.0.0.1",
             "--port", str(self.port),
             "--database-url", f"sqlite+aiosqlite:///{self.tmp / 'bench.sqlite3'}"],
            env=full, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/readyz", timeout=1).status_code == 200:
                    return
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError((self.tmp / "server.log").read_text()[-2000:])
            time.sleep(0.1)

    def rss_mib(self) -> tuple[float, float]:
        """Resident memory (MiB) of the server process, and of its bot workers together."""
        main = _rss_kib(self.proc.pid)
        kids = 0
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{self.proc.pid}/task").iterdir():
                for child in (task / "children").read_text().split():
                    kids += _rss_kib(int(child))
        return main / 1024, kids / 1024

    def stop(self) -> None:
        """Stop the server and everything it started; delete its files."""
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(15)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()
        subprocess.run(["rm", "-rf", str(self.tmp)], check=False)


def _rss_kib(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Seat:
    """One seat's socket: frames folded into the latest view (full views, no patches)."""

    def __init__(self, base: str, table_id: str, token: str) -> None:
        self.url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        self.token = token
        self.ws: Any = None
        self.view: dict[str, Any] | None = None
        self.n = 0

    async def connect(self) -> None:
        self.ws = await websockets.connect(
            self.url, subprotocols=["domino.v1", f"domino.token.{self.token}"],  # type: ignore[list-item]
            max_size=2**22, close_timeout=1,
        )  # fmt: skip

    async def frames(self, timeout: float) -> list[dict[str, Any]]:
        """The frames of the next message (folding every view)."""
        msg = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        out = msg if isinstance(msg, list) else [msg]
        for f in out:
            if f.get("view") is not None and f["type"] in ("snapshot", "event"):
                self.view = f["view"]
        return out

    def my_turn(self) -> bool:
        v = self.view
        return bool(v and not v["over"] and not v["round_over"] and v["turn"] == v["seat"]
                    and v["legal"])  # fmt: skip

    async def send(self, frame: dict[str, Any]) -> None:
        self.n += 1
        await self.ws.send(json.dumps({**frame, "id": f"b{self.n}"}))

    async def play_first_legal(self) -> None:
        assert self.view is not None
        legal = self.view["legal"][0]
        frame = ({"type": "play", "tile": legal["tile"], "end": legal["end"]}
                 if legal["type"] == "play" else {"type": legal["type"]})  # fmt: skip
        await self.send(frame)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
