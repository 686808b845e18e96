"""Reminders survive a restart and several instances send each one once: pending rows
live in the database, a claim's lease runs out when its instance dies, and claims never
overlap. Also the one VAPID key pair every instance shares."""

from __future__ import annotations

import asyncio
import functools
import time

import pytest
from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncEngine

from domino_server.core.config import DAY
from domino_server.push import Reminders, rows
from domino_server.push.keys import VapidKeys, load_keys
from domino_server.push.service import LEASE_SECONDS
from domino_server.store import models as m

from .helpers import Clock, Table, settings, states, subscribe
from .push_service import PushService


async def your_turn_pending(r: Reminders, push: PushService, clock: Clock) -> None:
    table = Table(clock)
    mover = table.match.turn
    assert mover is not None
    await subscribe(r, push, 1 - mover)
    table.play()
    r.table_changed(table.news())
    await r.settle()


async def test_a_pending_reminder_is_sent_after_a_restart(
    engine: AsyncEngine, push: PushService
) -> None:
    clock = Clock()
    before = Reminders(engine, settings(), clock=clock)
    await before.start(send=False)
    await your_turn_pending(before, push, clock)
    await before.stop()  # the server stops before sending
    after = Reminders(engine, settings(), clock=clock)
    await after.start()  # a new process: its sender finds the stored reminder
    try:
        [msg] = await asyncio.to_thread(push.wait_for, 1)
        assert msg.payload is not None and msg.payload["kind"] == "your_turn"
    finally:
        await after.stop()
    assert [s for _, k, s in await states(engine) if k == "your_turn"] == ["sent"]
    assert len(push.messages) == 1


async def test_a_claim_of_an_instance_that_died_is_taken_over_after_its_lease(
    engine: AsyncEngine, push: PushService
) -> None:
    clock = Clock()
    r = Reminders(engine, settings(), clock=clock)
    await r.start(send=False)
    try:
        await your_turn_pending(r, push, clock)
        claim = functools.partial(
            rows.claim_due, now=clock(), token="dead-instance", limit=8, lease=LEASE_SECONDS
        )
        async with engine.begin() as conn:
            dead = await conn.run_sync(claim)
        assert len(dead) == 1  # claimed by an instance killed before it sent anything
        assert await r.send_due() == 0  # its lease still holds
        clock.t += LEASE_SECONDS + 1
        assert await r.send_due() == 1
        [msg] = push.wait_for(1)
        assert msg.payload is not None and msg.payload["kind"] == "your_turn"
        assert await r.send_due() == 0
    finally:
        await r.stop()


async def test_two_instances_send_each_reminder_once(
    engine: AsyncEngine, push: PushService
) -> None:
    clock = Clock()
    a = Reminders(engine, settings(), clock=clock)
    b = Reminders(engine, settings(), clock=clock)
    await a.start(send=False)
    await b.start(send=False)
    try:
        ids = [f"table{i:02d}".ljust(22, "x") for i in range(12)]
        async with engine.begin() as conn:
            await conn.execute(
                insert(m.tables),
                [
                    {"id": t, "created_at": time.time(), "status": "playing", "rules": {},
                     "pace": "correspondence"}
                    for t in ids
                ],
            )
        for i, t in enumerate(ids):
            table = Table(clock, table_id=t)
            mover = table.match.turn
            assert mover is not None
            await subscribe(a, push, 1 - mover, table_id=t)
            table.play()
            (a if i % 2 else b).table_changed(table.news())
        await a.settle()
        await b.settle()
        clock.t += 2 * DAY  # every reminder of every turn is due: 3 per table
        while sum(await asyncio.gather(a.send_due(), b.send_due())):
            pass
        got = push.wait_for(36)
        keys = sorted((p["table"], p["kind"]) for p in push.delivered())
        assert len(got) == 36 and len(set(keys)) == 36
    finally:
        await a.stop()
        await b.stop()


async def test_one_key_pair_for_every_instance(engine: AsyncEngine) -> None:
    first = await load_keys(engine)
    again = await load_keys(engine)
    assert first == again
    async with engine.connect() as conn:
        assert len((await conn.execute(select(m.push_keys))).all()) == 1
    configured = VapidKeys.generate()
    assert await load_keys(engine, configured.private) == configured
    with pytest.raises(ValueError, match="32 raw bytes"):
        VapidKeys.from_private("not a key")
