"""Real websocket clients (the ``websockets`` package) for a test server: :class:`Client`
validates and records every frame it receives; helpers play matches through them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import uuid
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import websockets

from domino_server.protocol.events import server_message_adapter
from domino_server.tables.patches import apply_patch

if TYPE_CHECKING:
    from .harness import Server

__all__ = ["Client", "move_frame", "play_out", "pump", "started_with_a_friend", "subprotocols"]


def subprotocols(token: str | None) -> list[str]:
    """What a client offers as ``Sec-WebSocket-Protocol``: the protocol, and the seat
    token when it has one (tokens never go in the URL)."""
    return ["domino.v1", *([f"domino.token.{token}"] if token else [])]


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
