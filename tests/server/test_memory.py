"""In-process: a table dropped from memory leaves it at once. The server runs Python's
full garbage collection rarely (``Settings.gc_thresholds``), so anything of a table kept
alive by a reference cycle would stay until then: across a soak, every finished table's
state, views and events piled up (issue 16 point 8). Here, with the collector off, an
evicted table must be freed by reference counting alone."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from domino_server.core.config import Settings
from domino_server.protocol import commands as c
from domino_server.store.db import make_engine, make_sqlite_writer, migrate
from domino_server.store.repo import Store
from domino_server.tables.actor import TableActor
from domino_server.tables.connection import Connection
from domino_server.tables.messages import Attach, Detach, Look
from domino_server.tables.registry import Registry

from .test_eviction import Bots

#: A live two-seat match to 50 points: Ana and a bot.
TABLE: dict[str, Any] = {
    "rules": {"preset": "classic", "seats": 2, "goal": 50},
    "pace": "live",
    "turn_seconds": None,
    "bots": [None, "nino"],
    "partner": None,
    "name": "Ana",
}


@contextlib.contextmanager
def no_collector() -> Iterator[None]:
    """Python's cyclic garbage collector off (reference counting still frees)."""
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


async def play_match(actor: TableActor, conn: Connection) -> None:
    """Seat 0 plays its first legal move (and asks for each next round) until the match
    is over; the bot plays the other seat."""
    asked_round = None
    n = 0
    while True:
        v = actor.view(0)
        n += 1
        if v is None:  # the first deal waits for the clients' seeds
            pass
        elif v["over"]:
            return
        elif v["round_over"]:
            if asked_round != v["round"]:
                asked_round = v["round"]
                await actor.ask(0, c.NextRound(type="next_round", id=f"r{n}"))
                continue
        elif v["turn"] == 0 and v["legal"]:
            legal = v["legal"][0]
            cmd: c.Play | c.Draw | c.Pass
            if legal["type"] == "play":
                cmd = c.Play(type="play", id=f"m{n}", tile=legal["tile"], end=legal["end"])
            elif legal["type"] == "draw":
                cmd = c.Draw(type="draw", id=f"m{n}")
            else:
                cmd = c.Pass(type="pass", id=f"m{n}")
            assert (await actor.ask(0, cmd)).ok
            continue
        text = await asyncio.wait_for(conn.queue.get(), 10)  # the bot's move, a new round
        assert text is not None and json.loads(text)


async def test_a_finished_table_evicted_from_memory_is_freed_at_once(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'd.sqlite3'}"
    await asyncio.to_thread(migrate, url, Settings().migrations_dir)
    store = Store(make_engine(url), make_sqlite_writer(url))
    store.start()
    settings = Settings(
        bot_delay_seconds=0, actor_idle_seconds=0, round_pause_seconds=0, client_seed_seconds=0
    )
    registry = Registry(store, settings, bots=Bots())
    try:
        actor, _ = await registry.create(**TABLE)
        ana = Connection(0, 100_000)
        actor.tell(Attach(ana, None))
        assert (await actor.ask(0, c.Start(type="start", id="s"))).ok
        await play_match(actor, ana)
        assert actor.status == "finished"
        actor.tell(Detach(ana))
        await actor.ask(None, Look())  # the actor has handled the socket's going
        with no_collector():
            await registry.evict_idle()
            assert actor.id not in registry.actors
            kept = {
                "the table actor": weakref.ref(actor),
                "its publisher (events, views)": weakref.ref(actor.publisher),
                "its bot driver": weakref.ref(actor.bots),
                "its task": weakref.ref(actor.task) if actor.task else None,
            }
            del actor
            await asyncio.sleep(0)  # let the cancelled task's callbacks run
            alive = [name for name, ref in kept.items() if ref is not None and ref() is not None]
            assert not alive, f"still in memory after eviction, until a full collection: {alive}"
    finally:
        await registry.close()
        await store.close()
