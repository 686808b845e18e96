"""A table's alarm: one wake-up at the nearest deadline, kept when a later one is asked."""

import asyncio
import time

from domino_server.tables.alarm import Alarm


async def _rung(alarm_for: float, *later: float | None) -> tuple[Alarm, asyncio.Event]:
    rang = asyncio.Event()
    alarm = Alarm(time.time)
    alarm.at(time.time() + alarm_for, rang.set)
    for when in later:
        alarm.at(None if when is None else time.time() + when, rang.set)
    return alarm, rang


async def test_it_rings_at_the_deadline_and_then_is_unset() -> None:
    alarm, rang = await _rung(0.05)
    await asyncio.wait_for(rang.wait(), 5)
    assert alarm.when is None


async def test_a_later_deadline_keeps_the_nearer_one() -> None:
    alarm, rang = await _rung(0.05, 3600.0)
    assert alarm.when is not None and alarm.when < time.time() + 60
    await asyncio.wait_for(rang.wait(), 5)


async def test_a_nearer_deadline_replaces_a_later_one() -> None:
    alarm, rang = await _rung(3600.0, 0.05)
    assert alarm.when is not None and alarm.when < time.time() + 60
    await asyncio.wait_for(rang.wait(), 5)


async def test_no_deadline_unsets_it_and_a_retry_replaces_any() -> None:
    alarm, rang = await _rung(3600.0, None)
    assert alarm.when is None
    alarm.at(time.time() + 3600.0, rang.set)
    alarm.after(0.05, rang.set)
    assert alarm.when is not None and alarm.when < time.time() + 60
    alarm.cancel()
    assert alarm.when is None
