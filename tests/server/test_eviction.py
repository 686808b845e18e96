"""In-process: a live table nobody is at stands still and leaves memory; brought back, it
is exactly the stored table, and its bots go on once a person is back."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from domino_server.protocol import commands as c
from domino_server.tables.connection import Connection
from domino_server.tables.messages import Attach, Detach, Look

from .in_process import registry_at


async def _frames_until(conn: Connection, pred: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while True:
        text = await asyncio.wait_for(conn.queue.get(), 10)
        if text is None:
            raise AssertionError("closed")
        out.append(json.loads(text))
        if pred(out[-1]):
            return out


async def test_an_idle_live_table_is_evicted_and_comes_back_as_stored(tmp_path: Path) -> None:
    async with registry_at(tmp_path) as registry:
        actor, _ = await registry.create(
            rules={"preset": "block", "seats": 4, "goal": 100},
            pace="live",
            turn_seconds=None,
            bots=[],
            partner=None,
            name="Ana",
        )
        ana = Connection(0, 10_000)
        actor.tell(Attach(ana, None))
        assert (await actor.ask(0, c.Start(type="start", id="s"))).ok
        # the bots play until Ana is on turn
        await _frames_until(ana, lambda f: f.get("view") and f["view"]["turn"] == 0)
        actor.tell(Detach(ana))
        await actor.ask(None, Look())  # the actor has handled the socket's going
        await registry.evict_idle()
        assert actor.id not in registry.actors, "the live table nobody is at stayed in memory"
        assert registry.evictions == 1
        seq, view = actor.seq, actor.view(0)
        back = await registry.get(actor.id)
        assert back is not None and back is not actor
        assert back.seq == seq and back.view(0) == view  # exactly the stored table
        assert back.state.durable() == actor.state.durable()
        again = Connection(0, 10_000)
        back.tell(Attach(again, None))
        legal = view["legal"][0] if view else None
        assert legal is not None
        move = c.Play(type="play", id="m", tile=legal["tile"], end=legal["end"])
        assert (await back.ask(0, move)).ok
        # a person is back: the bots go on
        await _frames_until(
            again, lambda f: f.get("type") == "event" and f["event"].get("seat") == 1
        )
