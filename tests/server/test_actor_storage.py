"""In-process: when the database refuses a write, nobody hears of the move and the
table's state is exactly the stored one; once the database is back, play goes on."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from domino_server.core.config import Settings
from domino_server.protocol import commands as c
from domino_server.store.db import make_engine, make_sqlite_writer, migrate
from domino_server.store.repo import Store
from domino_server.tables.connection import Connection
from domino_server.tables.messages import Attach, Join
from domino_server.tables.registry import Registry


def frames(conn: Connection) -> list[dict]:
    out = []
    while not conn.queue.empty():
        text = conn.queue.get_nowait()
        if text is not None:
            out.append(json.loads(text))
    return out


async def test_a_failed_write_is_never_announced_and_changes_nothing(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'd.sqlite3'}"
    await asyncio.to_thread(migrate, url, Settings().migrations_dir)
    store = Store(make_engine(url), make_sqlite_writer(url))
    store.start()
    registry = Registry(store, Settings(bot_delay_seconds=0, client_seed_seconds=0), bots=None)
    try:
        actor, _token = await registry.create(
            rules={"preset": "classic", "seats": 2, "goal": 50},
            pace="correspondence",
            turn_seconds=None,
            bots=[],
            partner=None,
            name="Ana",
        )
        await actor.ask(None, Join(name="Bia", token_hash="x" * 64))
        assert (await actor.ask(0, c.Start(type="start", id="s"))).ok
        watcher = Connection(0, 1000)
        actor.tell(Attach(watcher, None))
        await asyncio.sleep(0.05)
        frames(watcher)
        assert actor.match is not None
        seat = actor.match.turn
        assert seat is not None
        legal = actor.view(seat)["legal"][0]
        play = c.Play(type="play", id="m1", tile=legal["tile"], end=legal["end"])
        seq, view = actor.seq, actor.view(seat)

        real_write = store.write

        async def refuse(_w: object) -> None:
            raise OSError("disk full")

        store.write = refuse  # type: ignore[method-assign]
        reply = await actor.ask(seat, play)
        assert not reply.ok and reply.code == "unavailable"
        await asyncio.sleep(0.05)
        assert frames(watcher) == []  # nobody heard of the refused move
        assert actor.seq == seq and actor.view(seat) == view  # the stored state, exactly

        store.write = real_write  # type: ignore[method-assign]
        reply = await actor.ask(seat, play)
        assert reply.ok and reply.seq > seq
        sent = frames(watcher)
        assert sent and sent[0]["type"] == "event" and sent[0]["event"]["type"] == "play"
    finally:
        await registry.close()
        await store.close()
