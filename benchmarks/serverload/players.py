"""Simulated players of real tables on a running ``domino serve``: every seat a person,
reading its views as patches as the web client does, moving when on turn."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import json
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import websockets

from domino_server.tables.patches import apply_patch

from .procs import cpu_seconds, rss_kib


def seen_view(view: dict[str, Any] | None, event: dict[str, Any]) -> dict[str, Any] | None:
    """A seat's view after the ``event`` frame: patched (``view=patch``) or whole."""
    if event.get("patch") is not None and view is not None:
        return apply_patch(view, event["patch"])
    return event["view"] if event.get("view") is not None else view


def first_move(view: dict[str, Any]) -> dict[str, Any]:
    """The command of the first legal move in ``view`` (the players' whole strategy)."""
    m = view["legal"][0]
    return (
        {"type": "play", "tile": m["tile"], "end": m["end"]}
        if m["type"] == "play"
        else {"type": m["type"]}
    )


class Seat:
    def __init__(self, ws: Any, seat: int) -> None:
        self.ws = ws
        self.seat = seat
        self.view: dict[str, Any] | None = None
        self.n = 0
        self.seed_for: int | None = None
        """A round whose fair deal awaits this seat's client seed (as the web client sends)."""
        self.next_asked: int | None = None
        """The round after which this seat asked for the next (asked once: until the new
        round is dealt, its view still shows the old one over)."""


async def run_game(
    port: int,
    tables: int,
    seats: int,
    seconds: float,
    server_pid: int,
    think: float = 0.0,
    pace: str = "correspondence",
    beside: Callable[[float, float], Awaitable[Any]] | None = None,
) -> dict[str, Any]:
    """Play ``tables`` tables of ``seats`` people; ``beside(measure_from, stop_at)`` runs
    along (its result is ``beside`` in the figures)."""
    http = f"http://127.0.0.1:{port}"
    lat: list[float] = []
    moves = 0
    refused = 0
    reasons: collections.Counter[str] = collections.Counter()
    done_tables = 0
    bytes_mover = bytes_all = 0  # received while measuring: by the seat that moved, by all
    async with httpx.AsyncClient(timeout=60) as client:
        rss0 = rss_kib(server_pid)
        table_ids: list[str] = []

        async def make_table() -> list[Seat]:
            r = await client.post(
                f"{http}/api/tables",
                json={
                    "preset": "block",
                    "seats": seats,
                    "goal": 300,
                    "pace": pace,
                    "name": "P0",
                },
            )
            created = r.json()
            tid = created["table_id"]
            table_ids.append(tid)
            tokens = [(created["seat"], created["token"])]
            for i in range(1, seats):
                j = await client.post(f"{http}/api/tables/{tid}/join", json={"name": f"P{i}"})
                tokens.append((j.json()["seat"], j.json()["token"]))
            out = []
            for i, tok in tokens:
                ws = await websockets.connect(
                    f"ws://127.0.0.1:{port}/ws/tables/{tid}?view=patch",
                    subprotocols=["domino.v1", f"domino.token.{tok}"],  # type: ignore[list-item]
                    max_size=2**22,
                )
                out.append(Seat(ws, i))
            return out

        sem = asyncio.Semaphore(20)
        rng = random.Random(1)

        async def guarded() -> list[Seat]:
            async with sem:
                return await make_table()

        all_tables = await asyncio.gather(*(guarded() for _ in range(tables)))
        await asyncio.sleep(1.0)
        rss1 = rss_kib(server_pid)
        # one more socket per table (a spectator's): what a socket alone costs
        watchers = [
            await websockets.connect(
                f"ws://127.0.0.1:{port}/ws/tables/{t}?view=patch", max_size=2**22
            )
            for t in table_ids
        ]
        await asyncio.sleep(1.0)
        rss2 = rss_kib(server_pid)
        for w in watchers:
            await w.close()
        stop_at = t_measure = float("inf")
        go = asyncio.Event()

        async def seat_loop(seat: Seat, first: bool) -> None:
            nonlocal moves, refused, done_tables, bytes_mover, bytes_all
            pending: dict[str, tuple[float, bool]] = {}

            async def send(cmd: dict[str, Any]) -> None:
                seat.n += 1
                cid = f"c{seat.n}"
                pending[cid] = (time.perf_counter(), cmd["type"] in ("play", "draw", "pass"))
                await seat.ws.send(json.dumps({**cmd, "id": cid}))

            def take(f: dict[str, Any]) -> None:
                """Note one frame: the view (whole, or a patch of ours), or an answer."""
                nonlocal moves, refused
                kind = f["type"]
                if kind == "event":
                    if f["event"].get("type") == "fair_commit":
                        seat.seed_for = int(f["event"]["round"])
                    seat.view = seen_view(seat.view, f)
                elif kind in ("accepted", "rejected"):
                    sent = pending.pop(f["id"], None)
                    if kind == "rejected":
                        refused += 1
                        reasons[f.get("reason", f.get("code", "?"))] += 1
                    # only moves count, after the warm-up (every table's start)
                    if sent is not None and kind == "accepted" and sent[1] and sent[0] >= t_measure:
                        lat.append(time.perf_counter() - sent[0])
                        moves += 1
                elif kind == "snapshot":
                    seat.view = f["view"]

            await go.wait()
            if first:
                await send({"type": "start"})
            loop = asyncio.get_running_loop()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(loop.time() + (stop_at - time.perf_counter())):
                    while True:
                        raw = await seat.ws.recv()
                        counted = moves
                        # a message is one frame, or an array of frames ready together
                        frames = json.loads(raw)
                        for f in frames if isinstance(frames, list) else [frames]:
                            take(f)
                        if time.perf_counter() >= t_measure:
                            bytes_all += len(raw)
                            bytes_mover += len(raw) if moves > counted else 0
                        v = seat.view
                        if pending:
                            continue
                        if seat.seed_for is not None:  # every person seeds the deal
                            await send({"type": "client_seed", "round": seat.seed_for,
                                        "seed": f"bench-{seat.seat}"})
                            seat.seed_for = None
                            continue
                        if v is None:
                            continue
                        if v["over"]:
                            done_tables += 1
                            break
                        if v["round_over"]:
                            if v["seat"] == 0 and seat.next_asked != v["round"]:
                                seat.next_asked = v["round"]
                                await send({"type": "next_round"})
                        elif v["turn"] == v["seat"] and v["legal"]:
                            if think:
                                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                            await send(first_move(v))

        tasks = [
            asyncio.create_task(seat_loop(s, i == 0)) for t in all_tables for i, s in enumerate(t)
        ]
        warmup = 2.0 + think
        t_start = time.perf_counter()
        t_measure = t_start + warmup
        stop_at = t_measure + seconds
        # the players' own collector would pause this process for 100+ ms with thousands of
        # sockets waiting (each wait is a young coroutine and future), and a paused player
        # answers late and then in a burst: the server's latency would be the client's
        gc.collect()
        gc.freeze()
        gc.disable()
        side = None if beside is None else asyncio.create_task(beside(t_measure, stop_at))
        go.set()
        await asyncio.sleep(warmup)
        cpu0, me0 = cpu_seconds(server_pid), time.process_time()
        try:
            await asyncio.gather(*tasks)
            beside_res = None if side is None else await side
        finally:
            gc.enable()
            gc.unfreeze()
        elapsed = time.perf_counter() - t_measure
        server_cpu = (cpu_seconds(server_pid) - cpu0) / elapsed
        client_cpu = (time.process_time() - me0) / elapsed
        for t in all_tables:
            for s in t:
                with contextlib.suppress(Exception):
                    await s.ws.close()
    return {
        "moves_per_s": moves / elapsed,
        "server_cpu": server_cpu,
        "client_cpu": client_cpu,
        "lat": lat,
        "rss_per_table_kib": (rss1 - rss0) / tables,
        "rss_per_socket_kib": (rss2 - rss1) / tables,
        "tables_finished": done_tables,
        "beside": beside_res,
        "rejected": refused,
        "reasons": reasons.most_common(3),
        # mean bytes per move sent to the mover and to each other seat
        "sizes": (
            bytes_mover // max(moves, 1),
            (bytes_all - bytes_mover) // max(moves * (seats - 1), 1),
        ),
    }
