"""Websocket players that live through servers dying: :class:`Player` reconnects through
HAProxy, resumes from its last sequence number and resends the command it was waiting
on with the same id, and records what it was told (accepted moves, every event seen,
which server answered, how long each outage lasted)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import time
from collections import Counter
from collections.abc import Callable
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
        self.unavailable = 0  # commands answered `unavailable` (then sent again)
        self._lost_at: float | None = None
        self.done = False  # set by whoever runs play() when it has returned

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

    def _between_rounds(self) -> bool:
        v = self.view
        return bool(v and v["round_over"] and not v["over"])

    async def _drain(self) -> None:
        """Read every frame already here (waiting at most a few milliseconds)."""
        with contextlib.suppress(TimeoutError):
            while True:
                await self.recv(timeout=0.005)

    def _bot_played_me_since(self, seq: int) -> bool:
        """Whether a bot held this seat at some event after ``seq``."""
        return any(
            e.get("type") in ("seat_bot", "seat_human") and e.get("seat") == self.seat
            for s, e in self.events.items()
            if s > seq
        )

    def _absorb(self, f: dict[str, Any]) -> None:
        if f["type"] == "snapshot":  # a server behind what we saw would be a fork
            assert f["seq"] >= self.seq, f"{self.table_id}: snapshot {f['seq']} after {self.seq}"
        super()._absorb(f)

    def _story(self) -> str:
        """The last frames and sockets, for a failure message."""
        brief = [
            (f["type"], f.get("seq"), (f.get("event") or {}).get("type"), f.get("id"))
            for f in self.frames[-25:]
        ]
        return f"seq={self.seq} servers={self.servers} closes={self.closes} frames={brief}"

    def _lost(self) -> None:
        code = getattr(self.ws, "close_code", None) if self.ws is not None else None
        self.closes.append(code)
        if self._lost_at is None:
            self._lost_at = time.monotonic()

    def _back(self) -> None:
        if self._lost_at is not None:
            self.outages.append(time.monotonic() - self._lost_at)
            self._lost_at = None

    async def play(
        self,
        moves: int,
        timeout: float,
        more: Callable[[], bool] = lambda: False,
        think: float = 0.0,
    ) -> None:
        """Make ``moves`` moves of its own, and more while ``more()`` says so (or play
        until the match is over), thinking about ``think`` seconds before each (a
        person's pace; 0: at once)."""
        deadline = time.monotonic() + timeout
        await self.open(deadline)
        pending: dict[str, Any] | None = None
        resent = False
        decided_at = 0
        while len(self.accepted) < moves or more():
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"table {self.table_id}: {len(self.accepted)} moves made; {self._story()}"
                )
            try:
                if pending is None:
                    if think and (self.my_turn() or self._between_rounds()):
                        await asyncio.sleep(think * random.uniform(0.5, 1.5))
                    await self._drain()  # decide on the newest view, not one from before
                    v = self.view
                    if v is not None and v["over"]:
                        return
                    decided_at = self.seq
                    if self.my_turn():
                        assert v is not None
                        pending = {**move_frame(v["legal"][0]), "id": self.next_id()}
                    elif self._between_rounds():
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
                elif ans["type"] == "rejected" and ans["code"] == "unavailable":
                    # not applied: the table is moving (its socket closes next) or could
                    # not store it; the same command goes again, same id, as the web does
                    self.unavailable += 1
                    resent = True
                    await asyncio.sleep(0.2)  # the retry's pause (the web client waits 1 s)
                    continue
                elif ans["type"] == "rejected":
                    allowed = ("duplicate_id", "not_your_turn", "not_allowed")
                    # overtaken: sent again after an outage, or a bot played the seat after
                    # the view the move was chosen on (its player away, or not yet back)
                    if resent or self._bot_played_me_since(decided_at):
                        allowed += ("illegal_move",)
                    if ans["code"] not in allowed:
                        dump = os.environ.get("DOMINO_PLAYER_DUMP")
                        if dump:
                            with open(f"{dump}-{self.table_id}.json", "w") as fh:
                                json.dump(self.frames, fh)
                    assert ans["code"] in allowed, (ans, self._story())
                pending = None
                resent = False
            except GONE:
                self._lost()
                with contextlib.suppress(Exception):
                    await self.close()
                await self.open(deadline)  # then the pending command goes again, same id
                resent = pending is not None


def latency_summary(values: list[float]) -> dict[str, float]:
    """p50, p99 and the largest of ``values`` (seconds), rounded to milliseconds."""
    if not values:
        return {"n": 0}
    xs = sorted(values)

    def q(p: float) -> float:
        return round(xs[min(len(xs) - 1, int(p * len(xs)))], 3)

    return {"n": len(xs), "p50": q(0.5), "p99": q(0.99), "max": round(xs[-1], 3)}


def audit(cluster: Any, players: list[Any]) -> dict[str, int]:
    """Check the stored history of every player's table against what the players were
    told: numbered 1..N without a gap, every event a player saw is the stored one at its
    number (the history never forked), every move a player was told was accepted is
    stored exactly once, and no human move is stored that no player sent. Counts."""
    counts = {"accepted": 0, "found": 0, "human_moves_stored": 0, "events": 0}
    seats_done: dict[str, set[int | None]] = {}
    for p in players:
        rows = cluster.query(
            "SELECT seq, kind, seat, cmd_id, payload FROM events WHERE table_id = $1 ORDER BY seq",
            p.table_id,
        )
        seqs = [r["seq"] for r in rows]
        assert seqs == list(range(1, len(seqs) + 1)), f"{p.table_id}: gaps in {seqs}"
        stored = {r["seq"]: json.loads(r["payload"]) for r in rows}
        for seq, event in p.events.items():
            assert stored.get(seq) == event, f"{p.table_id}: seq {seq} forked: {event}"
        mine = Counter(
            r["cmd_id"]
            for r in rows
            if r["kind"] == "move" and r["seat"] == p.seat and r["cmd_id"] is not None
        )
        accepted = getattr(p, "accepted", {})  # a plain Client is told of no moves
        for cid in accepted:
            assert mine[cid] == 1, f"{p.table_id}: accepted move {cid} stored {mine[cid]} times"
        sent = {  # every command any player of this seat sent
            f"{q._prefix}{n}"
            for q in players
            if q.table_id == p.table_id and q.seat == p.seat
            for n in range(1, q._n + 1)
        }
        assert set(mine) <= sent, f"{p.table_id}: a stored move nobody sent"
        counts["accepted"] += len(accepted)
        counts["found"] += sum(1 for cid in accepted if mine[cid] == 1)
        if p.seat not in seats_done.setdefault(p.table_id, set()):  # once per seat
            counts["human_moves_stored"] += sum(mine.values())
        if not seats_done[p.table_id]:  # once per table
            counts["events"] += len(rows)
        seats_done[p.table_id].add(p.seat)
    return counts
