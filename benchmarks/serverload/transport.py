"""The transport alone: a plain FastAPI websocket echo (the ceiling) and relay (the game's
socket traffic with no game behind it), and the clients that drive them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

import websockets
from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from .window import Window

FRAME = {"type": "play", "id": "c123456", "tile": "6-4", "end": "L"}


def echo_app() -> Any:
    """A plain FastAPI websocket that parses each JSON frame and sends it back."""
    app = FastAPI()

    @app.websocket("/echo")
    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                msg = json.loads(await ws.receive_text())
                await ws.send_text(json.dumps(msg))

    @app.websocket("/relay/{table}/{seat}/{seats}")
    async def relay(ws: WebSocket, table: str, seat: int, seats: int) -> None:
        """The game's socket traffic without the game: each frame received is answered,
        like a move, with one message to every seat of its table, of the sizes the game
        sent per move (the frame says them), the sender's carrying the ``accepted``."""
        await ws.accept()
        socks = relay_tables.setdefault(table, [None] * seats)
        socks[seat] = ws
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                cmd = json.loads(await ws.receive_text())
                turn = (seat + 1) % seats
                for other in socks:
                    if other is not None and other is not ws:
                        body = {"type": "event", "turn": turn, "pad": "x" * cmd["other"]}
                        await other.send_text(json.dumps(body))
                event = {"type": "event", "turn": turn, "pad": "x" * cmd["mover"]}
                await ws.send_text(json.dumps([event, {"type": "accepted", "id": cmd["id"]}]))

    relay_tables: dict[str, list[WebSocket | None]] = {}
    return app


async def run_echo(
    port: int, conns: int, seconds: float, server_pid: int
) -> tuple[float, list[float], float, float]:
    """Round trips per second, their latencies, and the CPU (seconds per second) used by
    the echo server and by this client while measuring."""
    lat: list[float] = []
    count = 0
    window = Window()

    async def one() -> None:
        nonlocal count
        async with websockets.connect(f"ws://127.0.0.1:{port}/echo") as ws:
            await window.started.wait()
            text = json.dumps(FRAME)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(window.loop_deadline()):
                    while True:
                        t0 = time.perf_counter()
                        await ws.send(text)
                        json.loads(await ws.recv())  # as the game's ``accepted``
                        lat.append(time.perf_counter() - t0)
                        count += 1

    tasks = [asyncio.create_task(one()) for _ in range(conns)]
    elapsed, server_cpu, client_cpu = await window.measure(
        tasks, seconds, server_pid, settle=min(5.0, 0.01 * conns)
    )
    return count / elapsed, lat, server_cpu, client_cpu


async def run_relay(
    port: int, tables: int, seats: int, seconds: float, sizes: tuple[int, int], server_pid: int
) -> tuple[float, list[float], float, float]:
    """The transport floor: ``tables`` groups of ``seats`` sockets pass the turn round as the
    game does, each "move" answered with messages of the game's sizes (``sizes``: bytes to
    the mover, bytes to each other seat). Returns what :func:`run_echo` returns."""
    lat: list[float] = []
    count = 0
    window = Window()

    async def seat_loop(table: int, seat: int) -> None:
        nonlocal count
        url = f"ws://127.0.0.1:{port}/relay/t{table}/{seat}/{seats}"
        async with websockets.connect(url, max_size=2**22) as ws:
            await window.started.wait()
            n = 0
            sent = 0.0

            async def move() -> None:
                nonlocal n, sent
                n += 1
                sent = time.perf_counter()
                cmd = {"type": "play", "tile": "3-5", "end": 0, "id": f"c{n}"}
                await ws.send(json.dumps({**cmd, "mover": sizes[0], "other": sizes[1]}))

            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(window.loop_deadline()):
                    if seat == 0:
                        await move()
                    while True:
                        msg = json.loads(await ws.recv())
                        if isinstance(msg, list):  # the answer to this seat's move
                            lat.append(time.perf_counter() - sent)
                            count += 1
                        elif msg["turn"] == seat:
                            await move()

    tasks = [asyncio.create_task(seat_loop(t, s)) for t in range(tables) for s in range(seats)]
    elapsed, server_cpu, client_cpu = await window.measure(
        tasks, seconds, server_pid, settle=min(5.0, 0.01 * tables * seats)
    )
    return count / elapsed, lat, server_cpu, client_cpu
