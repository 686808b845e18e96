"""Tables whose hard bot thinks all the time, beside the measured ones (issue 11 point 6):
each is one person (this client, who moves at once) against Vó Quelônia, so the server's
bot pool always has ``n`` hard moves to think about while the people's tables are timed."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

import httpx
import websockets

from .players import first_move, seen_view


async def _table(http: str, port: int, preset: str) -> Any:
    async with httpx.AsyncClient(timeout=60) as client:
        made = (await client.post(f"{http}/api/tables", json={
            "preset": preset, "seats": 2, "goal": 300, "pace": "live", "name": "P",
            "bots": [None, "voquelonia"],
        })).json()
    return await websockets.connect(
        f"ws://127.0.0.1:{port}/ws/tables/{made['table_id']}?view=patch",
        subprotocols=["domino.v1", f"domino.token.{made['token']}"],  # type: ignore[list-item]
        max_size=2**22,
    )


async def hard_bot_tables(
    port: int, n: int, measure_from: float, stop_at: float, preset: str = "fives"
) -> list[float]:
    """Keep ``n`` tables' hard bots thinking until ``stop_at`` (``time.perf_counter``); the
    seconds each bot answer took (from the person's move accepted to the bot's move seen),
    for the answers asked after ``measure_from``."""
    http = f"http://127.0.0.1:{port}"
    answers: list[float] = []

    async def keep_busy() -> None:
        while time.perf_counter() < stop_at:  # a table again when a match ends
            ws = await _table(http, port, preset)
            try:
                await play(ws)
            finally:
                with contextlib.suppress(Exception):
                    await ws.close()

    async def play(ws: Any) -> None:
        view: dict[str, Any] | None = None
        n_cmd = 0
        asked_at: float | None = None  # when the bot's turn began (our move accepted)
        waiting = False  # a command of ours not answered yet

        async def send(cmd: dict[str, Any]) -> None:
            nonlocal n_cmd, waiting
            n_cmd += 1
            waiting = True
            await ws.send(json.dumps({**cmd, "id": f"b{n_cmd}"}))

        await send({"type": "start"})
        while time.perf_counter() < stop_at:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, stop_at - time.perf_counter()))
            except TimeoutError:
                return
            frames = json.loads(raw)
            for f in frames if isinstance(frames, list) else [frames]:
                kind = f["type"]
                if kind == "event":
                    ev = f["event"]
                    if ev.get("type") == "fair_commit":
                        await send({"type": "client_seed", "round": ev["round"], "seed": "b"})
                    if ev.get("seat") == 1 and ev.get("type") in ("play", "draw", "pass"):
                        if asked_at is not None and asked_at >= measure_from:
                            answers.append(time.perf_counter() - asked_at)
                        asked_at = None
                    view = seen_view(view, f)
                elif kind == "snapshot":
                    view = f["view"]
                elif kind in ("accepted", "rejected"):
                    waiting = False
            if view is None or waiting:
                continue
            if view["over"]:
                return
            if view["round_over"]:
                await send({"type": "next_round"})
            elif view["turn"] == view["seat"] and view["legal"]:
                await send(first_move(view))
            elif view["turn"] != view["seat"] and asked_at is None:
                asked_at = time.perf_counter()

    await asyncio.gather(*(keep_busy() for _ in range(n)))
    return answers
