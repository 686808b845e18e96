"""Memory a soak would see grow (issue 16 point 8). The server makes Python's automatic
full garbage collections rare (``Settings.gc_thresholds``), so whatever is left in a
reference cycle stays until a full pass: a table dropped from memory must be freed by
reference counting alone (once, every finished table's state, views and events piled
up), and the full passes the server runs on its own beat (``core.collector``) free the
cycles closed connections leave behind."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from domino_server.core.collector import Collector
from domino_server.protocol import commands as c
from domino_server.table.deadlines import next_wakeup
from domino_server.tables.actor import TableActor
from domino_server.tables.connection import Connection
from domino_server.tables.messages import Attach, Detach, Look

from .harness import Server, fresh_database_url
from .in_process import registry_at
from .test_metrics import scrape, value

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
    async with registry_at(tmp_path, round_pause_seconds=0) as registry:
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


async def test_a_table_waiting_on_a_deadline_is_freed_at_once_when_evicted(
    tmp_path: Path,
) -> None:
    """A correspondence table waiting days for a deadline (here its idle end: alone with a
    bot no absence clock runs) has its alarm set when it is evicted: the alarm's timer must
    not keep the actor (nor its views and events) in memory."""
    async with registry_at(tmp_path) as registry:
        table = {**TABLE, "pace": "correspondence"}
        actor, _ = await registry.create(**table)
        ana = Connection(0, 100_000)
        actor.tell(Attach(ana, None))
        assert (await actor.ask(0, c.Start(type="start", id="s"))).ok
        deadline = time.monotonic() + 10
        while (v := actor.view(0)) is None or v["turn"] != 0:  # the deal, the bot's move
            assert time.monotonic() < deadline, "seat 0 never came on turn"
            await asyncio.wait_for(ana.queue.get(), 10)
        actor.tell(Detach(ana))
        await actor.ask(None, Look())
        assert next_wakeup(actor.state) is not None  # a deadline days away: a timer is set
        with no_collector():
            await registry.evict_idle()
            assert actor.id not in registry.actors
            kept = [weakref.ref(actor), weakref.ref(actor.publisher)]
            del actor
            await asyncio.sleep(0)
            assert all(ref() is None for ref in kept), "an evicted table waits in memory"


class Cycle:
    """An object that refers to itself: only a full collection frees it once old."""

    def __init__(self) -> None:
        self.me = self


async def until_freed(ref: weakref.ref[Cycle], seconds: float) -> bool:
    """Whether ``ref`` dies within ``seconds``."""
    deadline = asyncio.get_running_loop().time() + seconds
    while ref() is not None and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.01)
    return ref() is None


async def test_the_collector_frees_cyclic_garbage_on_its_beat() -> None:
    thresholds = gc.get_threshold()
    collector = Collector((1_000, 20, 1_000), every=0.05)
    try:
        with no_collector():
            collector.start()
            cycle = Cycle()
            ref = weakref.ref(cycle)
            del cycle
            assert ref() is not None  # garbage, that reference counting cannot free
            assert await until_freed(ref, 10), "the beat's full collection never came"
        collector.stop()
        idle = Collector((1_000, 20, 1_000), every=0)  # no beat: the garbage stays
        with no_collector():
            idle.start()
            cycle = Cycle()
            ref = weakref.ref(cycle)
            del cycle
            assert not await until_freed(ref, 0.3)
        gc.collect()
    finally:
        collector.stop()
        gc.unfreeze()
        gc.set_threshold(*thresholds)


async def test_the_collector_runs_early_once_enough_new_objects_piled_up() -> None:
    """With the server's policy (automatic collection off), cyclic garbage waits for the
    beat, unless more than ``grown`` new objects piled up: then a full pass frees it."""
    thresholds = gc.get_threshold()
    collector = Collector((0, 20, 1_000), every=3_600, grown=50_000, check=0.02)
    try:
        gc.collect()  # the count of new objects starts at 0
        collector.start()
        cycle = Cycle()
        ref = weakref.ref(cycle)
        del cycle
        assert not await until_freed(ref, 0.3), "collected with automatic collection off"
        kept = [[i] for i in range(60_000)]  # 60,000 new tracked objects, still alive
        assert await until_freed(ref, 10), "no full collection after the pile-up"
        assert len(kept) == 60_000
    finally:
        collector.stop()
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_the_server_runs_full_collections_on_its_beat(tmp_path: Path) -> None:
    """With its automatic full collections rare, the server runs them itself: Python's
    own gc metrics (``python_gc_collections_total``, generation 2) move while it idles."""
    server = Server(
        fresh_database_url(tmp_path),
        {"DOMINO_GC_FULL_SECONDS": "0.2"},
        log_path=tmp_path / "server.log",
    )
    server.start()
    try:
        first = scrape(server)
        deadline = time.monotonic() + 10
        while True:
            now = scrape(server)
            passes = value(now, "domino_gc_full_seconds_count")
            if passes >= value(first, "domino_gc_full_seconds_count") + 3:
                break
            assert time.monotonic() < deadline, "no full collection on the beat"
            time.sleep(0.05)
        full = value(now, "python_gc_collections_total", generation="2")
        assert full >= value(first, "python_gc_collections_total", generation="2") + 3
    finally:
        server.stop()
