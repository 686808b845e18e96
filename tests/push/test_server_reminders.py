"""Reminders end to end: the real server (``domino serve``) with a correspondence table,
real websocket clients, and the local push service, which checks each push's VAPID JWT
and decrypts it with the browser's keys. A day and the two-day absence are seconds here
(``DOMINO_PUSH_AFTER_SECONDS``, ``DOMINO_ABSENCE_SECONDS``): nothing waits for real."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import httpx
from sqlalchemy import select
from sqlalchemy.ext.asyncio import create_async_engine

from domino_server.store import models as m
from server.harness import Client, Server, move_frame

from .push_service import PushService

#: "A day" after 3 s, the claim after 6 s, its notice 1.5 s before: at 4.5 s.
QUICK = {
    "DOMINO_PUSH_AFTER_SECONDS": "3",
    "DOMINO_ABSENCE_SECONDS": "6",
    "DOMINO_PUSH_CLAIM_NOTICE_SECONDS": "1.5",
    "DOMINO_PUSH_POLL_SECONDS": "0.2",
}


def subscribe(server: Server, push: PushService, table_id: str, token: str) -> str:
    key = server.get("/api/push/key").json()["public_key"]
    sub = push.subscribe(key)
    r = httpx.put(
        f"{server.http}/api/tables/{table_id}/push",
        json={**sub, "lang": "pt-BR"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert r.status_code == 200, r.text
    return str(sub["endpoint"])


class Seats:
    """A started two-seat correspondence table, each seat subscribed from its browser."""

    def __init__(self, server: Server, push: PushService, *answers: int) -> None:
        made = server.create(pace="correspondence", seats=2, bots=[None, None], name="Ana")
        joined = server.join(made["table_id"], "Bia")
        self.server = server
        self.id = made["table_id"]
        self.tokens = [made["token"], joined["token"]]
        self.endpoints = [subscribe(server, push, self.id, tok) for tok in self.tokens]
        for endpoint in self.endpoints:  # how the push service answers each, first
            push.answer(endpoint, *answers)
        r = server.post(f"/api/tables/{self.id}/start", token=self.tokens[0])
        assert r.status_code == 200, r.text
        self.turn = int(server.get(f"/api/tables?id={self.id}").json()["tables"][0]["turn"])

    async def play(self, seat: int) -> Client:
        """``seat`` opens the table and makes its first legal move; its client (open)."""
        cl = Client(self.server, self.id, self.tokens[seat])
        await cl.connect()
        assert cl.my_turn()
        assert cl.view is not None
        answer = await cl.command(move_frame(cl.view["legal"][0]))
        assert answer["type"] == "accepted", answer
        return cl


def kinds(push: PushService, endpoint: str) -> list[str]:
    return [p["kind"] for p in push.delivered(endpoint)]


async def wait_kinds(push: PushService, endpoint: str, n: int) -> list[dict[str, Any]]:
    """The first ``n`` reminders delivered to ``endpoint`` (waiting for them)."""

    def ready() -> list[dict[str, Any]]:
        while len(push.delivered(endpoint)) < n:
            push.wait_for(len(push.messages) + 1)
        return push.delivered(endpoint)[:n]

    return await asyncio.to_thread(ready)


async def test_the_four_moments_through_the_server(
    make_server: Callable[..., Server], push: PushService
) -> None:
    server = make_server(QUICK)
    t = Seats(server, push)
    first, other = t.turn, 1 - t.turn
    # the match starts: the seat on turn has no socket open, its phone hears of it
    [start] = await wait_kinds(push, t.endpoints[first], 1)
    assert start["kind"] == "your_turn" and start["turn"] == first and start["last"] is None
    cl = await t.play(first)  # ... and plays at once (socket open)
    [turn] = await wait_kinds(push, t.endpoints[other], 1)
    assert turn["kind"] == "your_turn" and turn["table"] == t.id and turn["turn"] == other
    assert turn["last"]["seat"] == first and turn["last"]["type"] == "play"
    assert turn["url"] == f"/t/{t.id}"
    assert cl.view is not None and cl.view["hand"]
    mine = {str(tile) for tile in cl.view["hand"]}  # the player's own tiles, never sent
    assert not any(f'"{tile}"' in str(turn).replace("'", '"') for tile in mine)
    # "a day" later, then before the claim opens
    got = await wait_kinds(push, t.endpoints[other], 3)
    assert [p["kind"] for p in got] == ["your_turn", "after_24h", "before_absence_claim"]
    # the one who played resigns at the table: the other hears the match is over
    r = server.post(f"/api/tables/{t.id}/resign", token=t.tokens[first])
    assert r.status_code == 200, r.text
    got = await wait_kinds(push, t.endpoints[other], 4)
    assert got[3]["kind"] == "match_over"
    await cl.close()
    # the first seat played within "the day": nothing more for it, and nothing doubled
    assert kinds(push, t.endpoints[first]) == ["your_turn"]
    assert all(m.status == 201 and m.error is None for m in push.messages)


async def test_a_reminder_pending_across_a_restart_is_sent_once(
    make_server: Callable[..., Server], push: PushService
) -> None:
    server = make_server(QUICK)
    t = Seats(server, push)
    first, other = t.turn, 1 - t.turn
    await wait_kinds(push, t.endpoints[first], 1)
    cl = await t.play(first)
    await wait_kinds(push, t.endpoints[other], 1)
    await cl.close()
    server.kill()  # no shutdown at all, "a day" not yet over
    server.start()
    got = await wait_kinds(push, t.endpoints[other], 3)
    assert [p["kind"] for p in got] == ["your_turn", "after_24h", "before_absence_claim"]
    assert kinds(push, t.endpoints[first]) == ["your_turn"]


async def test_a_gone_browser_is_forgotten(
    make_server: Callable[..., Server], push: PushService
) -> None:
    server = make_server(QUICK)
    t = Seats(server, push, 410)  # each browser is gone, as the push service will say
    first = t.turn
    [msg] = await asyncio.to_thread(push.wait_for, 1)  # "your turn" at the start
    assert msg.status == 410 and msg.endpoint == t.endpoints[first]

    def known(seat: int) -> bool:
        r = server.post(
            f"/api/tables/{t.id}/push/status", {"endpoint": t.endpoints[seat]}, t.tokens[seat]
        )
        return bool(r.json()["subscribed"])

    for _ in range(100):  # the server deletes it right after the answer
        if not known(first):
            break
        await asyncio.sleep(0.05)
    assert not known(first)
    assert known(1 - first)  # the other seat's browser was never pushed to


async def stored_reminders(server: Server, table_id: str) -> list[str]:
    """The kinds of reminder rows the server's database holds for the table."""
    engine = create_async_engine(server.database_url)
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(
                select(m.push_reminders.c.kind).where(m.push_reminders.c.table_id == table_id)
            )
            return sorted(str(r[0]) for r in rows)
    finally:
        await engine.dispose()


async def test_reminders_turned_on_during_a_turn_cover_that_turn(
    make_server: Callable[..., Server], push: PushService
) -> None:
    server = make_server(QUICK)
    made = server.create(pace="correspondence", seats=2, bots=[None, None], name="Ana")
    joined = server.join(made["table_id"], "Bia")
    tid, tokens = made["table_id"], [made["token"], joined["token"]]
    r = server.post(f"/api/tables/{tid}/start", token=tokens[0])
    assert r.status_code == 200, r.text
    first = int(server.get(f"/api/tables?id={tid}").json()["tables"][0]["turn"])
    other = 1 - first
    mover = Client(server, tid, tokens[first])
    await mover.connect()
    assert mover.view is not None
    answer = await mover.command(move_frame(mover.view["legal"][0]))
    assert answer["type"] == "accepted", answer
    await mover.close()
    # nobody is subscribed: the turns came and went without a reminder stored
    await asyncio.sleep(0.5)  # gathering looks every 0.25 s and stores what is ready
    assert await stored_reminders(server, tid) == []
    # the seat on turn opens the table and turns reminders on from it, then leaves
    page = Client(server, tid, tokens[other])
    await page.connect()
    endpoint = subscribe(server, push, tid, tokens[other])
    await page.close()
    # no "your turn" (the page was open), then "a day" later and before the claim
    got = await wait_kinds(push, endpoint, 2)
    assert [p["kind"] for p in got] == ["after_24h", "before_absence_claim"]
    assert all(p["turn"] == other for p in got)
    assert "your_turn" in await stored_reminders(server, tid)  # stored, as skipped
