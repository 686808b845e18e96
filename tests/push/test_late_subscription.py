"""Reminders that fell due while their seat had no browser subscribed (another seat's
was, so the table's reminders were stored and closed as sent to nobody): once the seat
turns reminders on during that turn, each is sent, once, by the rules it would have been
sent by (``your_turn`` only with no page of the table open)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from domino_server.core.config import DAY, Settings
from domino_server.push import Reminders, rows

from .helpers import ABSENCE, TABLE, Clock, Table, states, subscribe, tell
from .push_service import PushService


async def turn_nobody_heard_of(
    r: Reminders, push: PushService, clock: Clock
) -> tuple[Table, dict[str, Any]]:
    """The opener (its phone subscribed) plays; the other seat, with no browser subscribed
    and no page open, is on turn, and "your turn" and "a day later" go to nobody; the
    table and the opener's subscription."""
    table = Table(clock)
    opener = await subscribe(r, push, table.opener)
    table.connected = {table.opener}
    table.play()
    await tell(r, table)
    assert await r.send_due() == 1
    clock.t += DAY + 1
    assert await r.send_due() == 1
    assert push.messages == []
    return table, opener


def kinds(push: PushService, sub: dict[str, Any]) -> list[str]:
    return sorted(p["kind"] for p in push.delivered(sub["endpoint"]))


@pytest.mark.parametrize("page_open", [True, False])
async def test_reminders_due_before_the_seat_subscribed_are_sent_once_it_does(
    reminders: tuple[Reminders, Clock], push: PushService, engine: AsyncEngine, page_open: bool
) -> None:
    r, clock = reminders
    table, opener = await turn_nobody_heard_of(r, push, clock)
    waiting = table.waiting
    # the seat turns reminders on: from the table's page, or from elsewhere
    table.connected = {table.opener, waiting} if page_open else {table.opener}
    phone = await subscribe(r, push, waiting)
    await r.table_subscribed(TABLE, table.standing)
    due = ["after_24h"] if page_open else ["after_24h", "your_turn"]
    assert await r.send_due() == len(due)
    push.wait_for(len(due))
    assert kinds(push, phone) == due
    # once: a second browser, the turn told again, later looks send none of them again
    laptop = await subscribe(r, push, waiting)
    await r.table_subscribed(TABLE, table.standing)
    await tell(r, table)
    assert await r.send_due() == 0
    # the turn's last reminder comes at its time, to both browsers
    clock.t = table.since + ABSENCE - Settings().push_claim_notice_seconds + 1
    assert await r.send_due() == 1
    push.wait_for(len(due) + 2)
    assert kinds(push, phone) == sorted([*due, "before_absence_claim"])
    assert kinds(push, laptop) == ["before_absence_claim"]
    assert kinds(push, opener) == []  # the other seat hears nothing of this turn
    assert len(push.messages) == len(due) + 2
    assert (waiting, "your_turn", "nobody" if page_open else "sent") in await states(engine)


async def test_a_browser_subscribed_while_its_reminder_found_nobody_still_gets_it(
    reminders: tuple[Reminders, Clock],
    push: PushService,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The sender looked for the seat's browsers just before one was subscribed, and
    closes the reminder after that subscription stored the table's reminders."""
    r, clock = reminders
    table = Table(clock)
    await subscribe(r, push, table.opener)
    table.connected = {table.opener}
    table.play()
    await tell(r, table)
    looked = rows.subscriptions_of
    late: list[dict[str, Any]] = []

    async def meanwhile(engine: AsyncEngine, table_id: str, seat: int) -> list[dict[str, Any]]:
        found = await looked(engine, table_id, seat)
        if seat == table.waiting and not late:
            late.append(await subscribe(r, push, seat))
            await r.table_subscribed(TABLE, table.standing)
        return found

    monkeypatch.setattr(rows, "subscriptions_of", meanwhile)
    assert await r.send_due() == 1  # found nobody...
    assert late and push.messages == []
    assert await r.send_due() == 1  # ...but it is due again: sent now
    push.wait_for(1)
    assert kinds(push, late[0]) == ["your_turn"]
    assert await r.send_due() == 0
