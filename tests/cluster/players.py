"""Websocket players that live through servers dying: :class:`Player` reconnects through
HAProxy, resumes from its last sequence number and resends the command it was waiting
on with the same id, and records what it was told (accepted moves, every event seen,
which server answered, how long each outage lasted)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from websockets.exceptions import WebSocketException

from server.harness import Client, move_frame

#: What a lost connection looks like to the client.
GONE = (WebSocketException, OSError, TimeoutError, EOFError)


class Player(Client):
    """One human seat, played with the first legal move, through any outage."""

    def __init__(self, front: Any, table_id: str, token: str) -> None:
        super().__init__(front, table_id, token)
        self.accepted: dict[str, int] = {}  # move command id → the seq it was accepted at
        self.servers: list[str] = []  # the instance behind each socket opened
        self.outages: list[float] = []  # seconds from a socket lost to the next answer
        self.closes: list[int | None] = []  # close codes of lost sockets
        self._lost_at: float | None = None

    async def open(self, deadline: float) -> None:
        """Connect (resuming after the last event seen), retrying until ``deadline``."""
        pause = 0.05
        while True:
            try:
                if self.view is None and self.seq == 0:
                    await self.connect()
                else:
                    await self.connect(last_seq=self.seq)
                self.servers.append(self.ws.response.headers.get("X-Domino-Server", "?"))
                return
            except GONE:
                with contextlib.suppress(Exception):
                    await self.close()
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(pause)  # reconnect backoff, as the web client does
                pause = min(pause * 2, 0.5)

    def _lost(self) -> None:
        code = getattr(self.ws, "close_code", None) if self.ws is not None else None
        self.closes.append(code)
        if self._lost_at is None:
            self._lost_at = time.monotonic()

    def _back(self) -> None:
        if self._lost_at is not None:
            self.outages.append(time.monotonic() - self._lost_at)
            self._lost_at = None

    async def play(self, moves: int, timeout: float) -> None:
        """Make ``moves`` moves of its own (or play until the match is over)."""
        deadline = time.monotonic() + timeout
        await self.open(deadline)
        pending: dict[str, Any] | None = None
        while len(self.accepted) < moves:
            if time.monotonic() > deadline:
                raise TimeoutError(f"table {self.table_id}: {len(self.accepted)} moves made")
            try:
                v = self.view
                if pending is None:
                    if v is not None and v["over"]:
                        return
                    if self.my_turn():
                        assert v is not None
                        pending = {**move_frame(v["legal"][0]), "id": self.next_id()}
                    elif v is not None and v["round_over"]:
                        pending = {"type": "next_round", "id": self.next_id()}
                    else:
                        seq = self.seq
                        await self.recv(timeout=8)
                        if self.seq > seq:
                            self._back()
                        continue
                await self.send(pending)
                cid = pending["id"]
                ans = await self.until(
                    lambda f, cid=cid: f["type"] in ("accepted", "rejected") and f.get("id") == cid,
                    timeout=8,
                )
                self._back()
                if ans["type"] == "accepted" and pending["type"] in ("play", "draw", "pass"):
                    self.accepted[pending["id"]] = ans["seq"]
                elif ans["type"] == "rejected":
                    assert ans["code"] in ("duplicate_id", "not_your_turn", "not_allowed"), ans
                pending = None
            except GONE:
                self._lost()
                with contextlib.suppress(Exception):
                    await self.close()
                await self.open(deadline)  # then the pending command goes again, same id


def latency_summary(values: list[float]) -> dict[str, float]:
    """p50, p99 and the largest of ``values`` (seconds), rounded to milliseconds."""
    if not values:
        return {"n": 0}
    xs = sorted(values)

    def q(p: float) -> float:
        return round(xs[min(len(xs) - 1, int(p * len(xs)))], 3)

    return {"n": len(xs), "p50": q(0.5), "p99": q(0.99), "max": round(xs[-1], 3)}
