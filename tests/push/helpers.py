"""Shared pieces of the reminder tests: a settable clock, a two-seat match with the
public summary the server would show, subscribing through the local push service."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from domino_core import Match, Rules, view_for
from domino_server.core.config import DAY, Settings
from domino_server.push import Reminders, news_from
from domino_server.push.news import iso
from domino_server.store import models as m

from .push_service import PushService

ABSENCE = 2 * DAY
TABLE = "T" * 22
NAMES = ["Ana", "Bia"]


class Clock:
    """A settable wall clock."""

    def __init__(self) -> None:
        self.t = time.time()

    def __call__(self) -> float:
        return self.t


def settings(**kw: Any) -> Settings:
    return Settings(push_allow_http=True, push_retry_seconds=10.0, **kw)


class Table:
    """A two-seat correspondence match and its public summary as the server shows it."""

    def __init__(
        self,
        clock: Clock,
        pace: str = "correspondence",
        table_id: str = TABLE,
        seed: int = 11,
    ) -> None:
        self.id = table_id
        self.match = Match(Rules.from_preset("classic", seats=2, goal=50), seed=seed)
        self.clock = clock
        self.pace = pace
        self.since = clock()
        self.connected: set[int] = set()
        self.status = "playing"
        turn = self.match.turn
        assert turn is not None
        self.opener = turn  # the seat on turn first: the first :meth:`play` is its
        self.waiting = 1 - turn  # the other seat, on turn after it
        self.names = list(NAMES)  # the seats' names now
        self.stand_in: dict[str, Any] | None = None  # the summary's marks of the round

    def play(self) -> None:
        """The seat on turn makes its first legal move; the next turn begins now."""
        self.match.push(self.match.legal_moves()[0])
        self.since = self.clock()

    def summary(self) -> dict[str, Any]:
        """The public summary as the server shows it now."""
        v = view_for(self.match, None)
        return {
            "id": self.id,
            "status": "finished" if self.match.over else self.status,
            "pace": self.pace,
            "seats": [
                {"seat": i, "name": n, "kind": "human", "bot": None,
                 "connected": i in self.connected, "creator": i == 0}
                for i, n in enumerate(self.names)
            ],
            "deadline": None if v.over or v.round_over else iso(self.since + ABSENCE),
            "stand_in": self.stand_in,
        }

    def standing(self) -> tuple[dict[str, Any], Match]:
        """What the table side hands the reminders: the summary and the match."""
        return self.summary(), self.match

    def news(self) -> Any:
        return news_from(
            self.id, self.summary(), view_for(self.match, None), absence_seconds=ABSENCE
        )


async def subscribe(
    r: Reminders, push: PushService, seat: int, table_id: str = TABLE
) -> dict[str, Any]:
    assert r.keys is not None
    sub = push.subscribe(r.keys.public)
    await r.subscribe(table_id, seat, sub["endpoint"], sub["keys"]["p256dh"],
                      sub["keys"]["auth"], "en")
    return sub


async def tell(r: Reminders, table: Table) -> None:
    r.table_changed(table.news())
    await r.settle()


async def states(engine: AsyncEngine) -> list[tuple[int, str, str]]:
    async with engine.connect() as conn:
        q = select(m.push_reminders.c.seat, m.push_reminders.c.kind, m.push_reminders.c.state)
        return sorted(tuple(r) for r in await conn.execute(q))  # type: ignore[misc]


async def payloads(engine: AsyncEngine) -> dict[str, dict[str, Any]]:
    """Each stored reminder's payload, by its kind (one turn's reminders)."""
    async with engine.connect() as conn:
        q = select(m.push_reminders.c.kind, m.push_reminders.c.payload)
        return {str(kind): dict(payload) for kind, payload in await conn.execute(q)}
