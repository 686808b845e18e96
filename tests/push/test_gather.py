"""Gathering the tables' news before storing reminders: a turn that begins after a pause
is stored at the next look; a quick run of moves at one table is stored once, as it
stands when it pauses (or after ``latest`` at the most); ``settle`` stores everything."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from domino_server.push.gather import STORE_TABLES, TICK_SECONDS, Gatherer
from domino_server.push.news import TableNews

from .helpers import Clock


def news(table: str, turn: int) -> TableNews:
    return TableNews(table_id=table, pace="correspondence", status="playing", turn=turn)


class Stores:
    """What the gatherer handed over, batch by batch, and an event per batch."""

    def __init__(self) -> None:
        self.batches: list[list[tuple[str, int | None]]] = []
        self.came = asyncio.Event()

    async def __call__(self, got: list[TableNews]) -> None:
        self.batches.append(sorted((n.table_id, n.turn) for n in got))
        self.came.set()

    async def next(self) -> list[tuple[str, int | None]]:
        await asyncio.wait_for(self.came.wait(), 5)
        self.came.clear()
        return self.batches[-1]


@pytest.fixture
async def gathered() -> AsyncIterator[tuple[Gatherer, Stores, Clock]]:
    stores, clock = Stores(), Clock()
    g = Gatherer(stores, quiet=2.0, latest=10.0, clock=clock)
    task = asyncio.create_task(g.run())
    yield g, stores, clock
    task.cancel()


@pytest.fixture
async def moved(
    gathered: tuple[Gatherer, Stores, Clock],
) -> tuple[Gatherer, Stores, Clock]:
    """Table "a" has just moved, after a pause: that news is stored."""
    g, stores, _clock = gathered
    g.tell("a", lambda: news("a", 0))
    assert await stores.next() == [("a", 0)]
    return gathered


async def test_a_turn_after_a_pause_is_stored_at_the_next_look(
    gathered: tuple[Gatherer, Stores, Clock],
) -> None:
    g, stores, _clock = gathered
    g.tell("a", lambda: news("a", 0))
    g.tell("b", lambda: news("b", 1))
    assert await stores.next() == [("a", 0), ("b", 1)]  # together, in one batch
    assert len(stores.batches) == 1


async def test_a_quick_run_of_moves_is_stored_once_as_it_stands_when_it_pauses(
    moved: tuple[Gatherer, Stores, Clock],
) -> None:
    g, stores, clock = moved
    for turn in (1, 0, 1):  # three more moves within a second of the first
        clock.t += 0.3
        g.tell("a", lambda turn=turn: news("a", turn))
    await asyncio.sleep(3 * TICK_SECONDS)  # looks come and go: the table is not quiet yet
    assert len(stores.batches) == 1
    clock.t += 2.0
    assert await stores.next() == [("a", 1)]  # the latest news only
    assert len(stores.batches) == 2


def test_a_table_that_never_pauses_is_stored_after_latest() -> None:
    clock = Clock()
    g = Gatherer(Stores(), quiet=2.0, latest=10.0, clock=clock)
    g.tell("a", lambda: news("a", 0))
    assert g._ready() == ["a"]  # the first: at once
    g._kept.clear()  # (as the look that took it would)
    ready_at = None
    for i in range(60):  # a move every 0.25 s for 15 s: never quiet
        clock.t += 0.25
        g.tell("a", lambda i=i: news("a", i % 2))
        if g._ready():
            ready_at = 0.25 * (i + 1)
            break
    assert ready_at == pytest.approx(10.0 + 0.25)  # the first news kept came 0.25 s in


async def test_settle_stores_what_is_kept_at_once(
    moved: tuple[Gatherer, Stores, Clock],
) -> None:
    g, stores, clock = moved
    clock.t += 0.5
    g.tell("a", lambda: news("a", 1))  # kept: the table moved half a second ago
    g.tell("b", lambda: None)  # a table no longer this instance's: nothing to store
    await asyncio.wait_for(g.settle(), 5)
    assert stores.batches[-1] == [("a", 1)]


async def test_many_tables_ready_at_once_are_stored_in_short_goes_as_they_stand(
    gathered: tuple[Gatherer, Stores, Clock],
) -> None:
    """A thousand tables ready at one look are read and stored a few dozen at a time (each
    go stops the event loop), every one of them once, each as it stands when its go
    comes: a table that moved while earlier goes were stored is stored as it is then."""
    g, stores, _clock = gathered
    turns = dict.fromkeys((f"t{i:04d}" for i in range(1000)), 0)

    def teller(table: str) -> None:
        g.tell(table, lambda: news(table, turns[table]))

    for table in turns:
        teller(table)
    turns["t0999"] = 7  # moved after it was told: read when its go comes
    await g.settle()
    assert len(stores.batches) >= 1000 // STORE_TABLES
    assert max(len(b) for b in stores.batches) <= STORE_TABLES
    stored = [entry for b in stores.batches for entry in b]
    assert sorted(t for t, _ in stored) == sorted(turns), "each table once"
    assert ("t0999", 7) in stored


async def test_only_tables_someone_is_subscribed_at_are_read_and_stored() -> None:
    """A table without a push subscription is neither read (no spectator's view made) nor
    stored; if the subscriptions cannot be read, every table is stored as before."""
    stores = Stores()
    read: list[str] = []
    asked: list[list[str]] = []
    subscribed = {"a"}

    async def subscriptions(tables: list[str]) -> set[str]:
        asked.append(sorted(tables))
        if not subscribed:
            raise OSError("database away")
        return subscribed & set(tables)

    def teller(table: str, turn: int) -> None:
        def made() -> TableNews:
            read.append(table)
            return news(table, turn)

        g.tell(table, made)

    g = Gatherer(stores, subscribed=subscriptions, quiet=2.0, latest=10.0, clock=Clock())
    running = asyncio.create_task(g.run())
    teller("a", 0)
    teller("b", 1)
    await asyncio.wait_for(g.settle(), 5)
    assert stores.batches == [[("a", 0)]] and read == ["a"] and asked == [["a", "b"]]
    subscribed.clear()  # the subscriptions' query fails
    teller("a", 1)
    teller("b", 0)
    await asyncio.wait_for(g.settle(), 5)
    assert stores.batches[-1] == [("a", 1), ("b", 0)]
    running.cancel()
