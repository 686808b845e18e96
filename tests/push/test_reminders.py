"""Web Push reminders against the local push service: the service's own database side and
sender, driven by a table's news as the table side reports it (``news_from`` on a real
match's spectator view), with a settable clock so a day passes without waiting. Every
push is checked by the push service (VAPID JWT) and decrypted with the browser's keys."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from domino_core import view_for
from domino_server.core.config import DAY, Settings
from domino_server.push import Reminders
from domino_server.push.news import iso
from domino_server.store import models as m

from .helpers import (
    ABSENCE,
    NAMES,
    TABLE,
    Clock,
    Table,
    settings,
    states,
    subscribe,
    tell,
)
from .push_service import PushService


async def test_your_turn_reaches_a_seat_without_a_socket_and_tells_no_tile(
    reminders: tuple[Reminders, Clock], push: PushService
) -> None:
    r, clock = reminders
    # the opener plays; the other seat, with no socket open, is on turn
    table, waiting, sub = await start_turn(r, push, clock)
    mover = table.opener
    assert await r.send_due() == 1
    [msg] = push.wait_for(1)
    assert msg.status == 201 and msg.error is None
    assert msg.claims["aud"] == push.origin
    p = msg.payload
    assert p is not None
    assert p["kind"] == "your_turn" and p["table"] == TABLE and p["url"] == f"/t/{TABLE}"
    assert p["turn"] == waiting and p["seat"] == waiting and p["lang"] == "en"
    assert p["turn_name"] == NAMES[waiting]
    opening = view_for(table.match, None).log[0]  # the public log's first entry
    assert p["last"]["type"] == "play" and p["last"]["tile"] == opening["tile"]
    assert p["last"]["seat"] == mover and p["last"]["name"] == NAMES[mover]
    assert set(p["last"]) <= {"type", "seat", "tile", "end", "count", "name"}
    hands = [view_for(table.match, s).hand or () for s in (0, 1)]
    text = json.dumps(p)
    assert not [str(t) for h in hands for t in h if f'"{t}"' in text]  # no tile of a hand
    assert set(p) == {"kind", "table", "seat", "turn", "turn_name", "last", "claim_at",
                      "winner", "url", "lang"}
    assert sub["endpoint"] == msg.endpoint
    # the same turn told again (another event, a restart) sends nothing more
    await tell(r, table)
    assert await r.send_due() == 0


async def start_turn(
    r: Reminders, push: PushService, clock: Clock, *, socket_open: bool = False
) -> tuple[Table, int, dict[str, Any]]:
    """The opener plays; the other seat (subscribed; with a socket open or not) is on turn."""
    table = Table(clock)
    mover, waiting = table.opener, table.waiting
    sub = await subscribe(r, push, waiting)
    table.connected = {mover, waiting} if socket_open else {mover}
    table.play()
    await tell(r, table)
    return table, waiting, sub


async def test_a_day_later_and_before_the_claim_each_once_even_with_the_tab_open(
    reminders: tuple[Reminders, Clock], push: PushService, engine: AsyncEngine
) -> None:
    r, clock = reminders
    table, waiting, _ = await start_turn(r, push, clock, socket_open=True)
    assert await r.send_due() == 0  # the tab is open: no "your turn"
    clock.t += DAY - 60
    assert await r.send_due() == 0
    clock.t += 61
    await tell(r, table)  # news of the same turn changes nothing
    assert await r.send_due() == 1
    [day] = push.wait_for(1)
    assert day.payload is not None and day.payload["kind"] == "after_24h"
    assert day.payload["claim_at"] == iso(table.since + ABSENCE)
    notice = Settings().push_claim_notice_seconds
    clock.t = table.since + ABSENCE - notice - 1
    assert await r.send_due() == 0
    clock.t += 2
    assert await r.send_due() == 1
    claim = push.wait_for(2)[1]
    assert claim.payload is not None and claim.payload["kind"] == "before_absence_claim"
    clock.t += notice + DAY  # past the claim: nothing else for this turn
    assert await r.send_due() == 0
    assert len(push.messages) == 2
    assert await states(engine) == [
        (waiting, "after_24h", "sent"),
        (waiting, "before_absence_claim", "sent"),
        (waiting, "your_turn", "skipped"),
    ]


async def test_playing_cancels_the_turns_reminders(
    reminders: tuple[Reminders, Clock], push: PushService, engine: AsyncEngine
) -> None:
    r, clock = reminders
    table, waiting, _ = await start_turn(r, push, clock, socket_open=True)
    await subscribe(r, push, 1 - waiting)
    clock.t += 3600
    table.play()  # the reminded seat plays within the day
    table.connected = set()
    await tell(r, table)
    clock.t += 2 * DAY
    assert await r.send_due() == 3
    payloads = [m.payload for m in push.wait_for(3)]
    # only the other seat's new turn is reminded; nothing of the turn that was played
    assert [p["kind"] for p in payloads if p is not None and p["seat"] != waiting] == [
        "your_turn", "after_24h", "before_absence_claim"
    ]
    assert len(payloads) == 3
    rows = await states(engine)
    assert (waiting, "after_24h", "cancelled") in rows
    assert (waiting, "before_absence_claim", "cancelled") in rows


async def test_match_over_reaches_each_person_without_a_socket(
    reminders: tuple[Reminders, Clock], push: PushService
) -> None:
    r, clock = reminders
    table = Table(clock)
    subs = [await subscribe(r, push, seat) for seat in (0, 1)]
    table.match.resign(0, "resign")
    table.connected = {0}  # seat 0 resigned at the table; seat 1 is away
    await tell(r, table)
    assert await r.send_due() == 1
    [msg] = push.wait_for(1)
    assert msg.endpoint == subs[1]["endpoint"]
    assert msg.payload is not None and msg.payload["kind"] == "match_over"
    assert msg.payload["winner"] == table.match.winner and msg.payload["turn"] is None
    await tell(r, table)
    assert await r.send_due() == 0


async def test_live_tables_get_nothing(
    reminders: tuple[Reminders, Clock], push: PushService, engine: AsyncEngine
) -> None:
    r, clock = reminders
    table = Table(clock, pace="live")
    await subscribe(r, push, 0)
    await subscribe(r, push, 1)
    table.play()
    await tell(r, table)
    table.match.resign(0, "resign")
    await tell(r, table)
    clock.t += 3 * DAY
    assert await r.send_due() == 0
    assert await states(engine) == []


async def test_the_off_switch_stops_reminders(
    reminders: tuple[Reminders, Clock], push: PushService, engine: AsyncEngine
) -> None:
    r, clock = reminders
    assert r.keys is not None
    table = Table(clock)
    waiting = table.waiting
    phone = await subscribe(r, push, waiting)
    laptop = await subscribe(r, push, waiting)
    assert await r.subscribed(TABLE, waiting, phone["endpoint"])
    assert await r.unsubscribe(TABLE, waiting, phone["endpoint"]) == 1  # off on the phone
    assert not await r.subscribed(TABLE, waiting, phone["endpoint"])
    table.play()
    await tell(r, table)
    assert await r.send_due() == 1
    [msg] = push.wait_for(1)
    assert msg.endpoint == laptop["endpoint"]
    assert await r.unsubscribe(TABLE, waiting, None) == 1  # off everywhere (the home page)
    clock.t += DAY + 1
    assert await r.send_due() == 1
    assert len(push.messages) == 1
    assert (waiting, "after_24h", "nobody") in await states(engine)


async def subscription_count(engine: AsyncEngine) -> int:
    async with engine.connect() as conn:
        q = select(func.count()).select_from(m.push_subscriptions)
        return int((await conn.execute(q)).scalar_one())


async def test_a_gone_subscription_is_deleted(
    reminders: tuple[Reminders, Clock], push: PushService, engine: AsyncEngine
) -> None:
    r, clock = reminders
    table = Table(clock)
    sub = await subscribe(r, push, table.waiting)
    push.answer(sub["endpoint"], 410)
    table.play()
    await tell(r, table)
    assert await subscription_count(engine) == 1
    assert await r.send_due() == 1
    [msg] = push.wait_for(1)
    assert msg.status == 410
    assert await subscription_count(engine) == 0
    clock.t += DAY + 1
    assert await r.send_due() == 1  # the day-later reminder finds nobody to send to
    assert len(push.messages) == 1


async def test_5xx_and_429_are_retried_later_with_backoff_and_sent_once(
    reminders: tuple[Reminders, Clock], push: PushService, engine: AsyncEngine
) -> None:
    r, clock = reminders
    table = Table(clock)
    waiting = table.waiting
    ok = await subscribe(r, push, waiting)
    busy = await subscribe(r, push, waiting)
    push.answer(busy["endpoint"], 503)
    table.play()
    await tell(r, table)
    assert await r.send_due() == 1
    push.wait_for(2)
    assert len(push.delivered(ok["endpoint"])) == 1 and not push.delivered(busy["endpoint"])
    clock.t += 9  # the first retry waits push_retry_seconds (10 s)
    assert await r.send_due() == 0
    clock.t += 2
    push.answer(busy["endpoint"], 429, retry_after="120")
    assert await r.send_due() == 1
    assert push.wait_for(3)[2].status == 429
    clock.t += 100  # 429 asked for 120 s, more than the doubled backoff (20 s)
    assert await r.send_due() == 0
    clock.t += 21
    assert await r.send_due() == 1
    push.wait_for(4)
    # each browser got "your turn" exactly once
    assert [p["kind"] for p in push.delivered(ok["endpoint"])] == ["your_turn"]
    assert [p["kind"] for p in push.delivered(busy["endpoint"])] == ["your_turn"]
    assert (waiting, "your_turn", "sent") in await states(engine)


async def test_gives_up_after_the_last_try(engine: AsyncEngine, push: PushService) -> None:
    clock = Clock()
    r = Reminders(engine, settings(push_max_attempts=2), clock=clock)
    await r.start(send=False)
    try:
        table = Table(clock)
        sub = await subscribe(r, push, table.waiting)
        push.answer(sub["endpoint"], 500, 500, 500)
        table.play()
        await tell(r, table)
        assert await r.send_due() == 1
        clock.t += 11
        assert await r.send_due() == 1
        clock.t += 3600
        assert await r.send_due() == 0
        assert len(push.wait_for(2)) == 2
        assert (table.waiting, "your_turn", "failed") in await states(engine)
    finally:
        await r.stop()


async def test_forced_draws_belong_to_the_turn_and_the_last_move_is_the_other_seats(
    reminders: tuple[Reminders, Clock], push: PushService, engine: AsyncEngine
) -> None:
    r, clock = reminders
    table = Table(clock, seed=10)  # after the opening the other seat must draw (the core does)
    mover, waiting = table.opener, table.waiting
    await subscribe(r, push, waiting)
    table.play()
    log = view_for(table.match, None).log
    assert [e["type"] for e in log] == ["play", "draw"] and log[1]["seat"] == waiting
    await tell(r, table)
    assert await r.send_due() == 1
    [msg] = push.wait_for(1)
    assert msg.payload is not None
    assert msg.payload["last"]["seat"] == mover and msg.payload["last"]["type"] == "play"
    # the turn is named by the other seat's move, not by the draws: more of them (or a
    # restart) make no new turn
    assert table.news().turn_key == "1.1"
