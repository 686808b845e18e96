"""A turn's reminders are stored when it begins, each sent at its time: what they say of
the last move follows the table until then. Seen by a review: Nino played, Ana's turn
began, then Bia took Nino's seat; Ana's "a day later" still said "Nino jogou 6-5", while the
page said the computer played it in Bia's seat. A reminder already sent is left as sent."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncEngine

from domino_core import view_for
from domino_server.core.config import DAY
from domino_server.push import Reminders

from .helpers import Clock, Table, payloads, subscribe, tell
from .push_service import PushService


async def test_a_pending_reminder_says_the_last_move_as_the_table_now_does(
    reminders: tuple[Reminders, Clock], push: PushService, engine: AsyncEngine
) -> None:
    r, clock = reminders
    table = Table(clock)
    sub = await subscribe(r, push, table.waiting)
    table.names[table.opener] = "Nino"  # a bot keeps the seat for Bia
    table.play()
    await tell(r, table)
    assert await r.send_due() == 1  # "your turn", at once: Nino's move
    [sent] = push.wait_for(1)
    assert sent.payload is not None and sent.payload["last"]["name"] == "Nino"
    # Bia takes the seat during the same turn: Nino's move is the computer's in her seat
    table.names[table.opener] = "Bia"
    rnd = view_for(table.match, None).round_no
    table.stand_in = {"round": rnd, "moves": [{"entry": 0, "reason": "held"}]}
    await tell(r, table)
    stored = await payloads(engine)
    assert stored["after_24h"]["last"] == {**sent.payload["last"], "name": "Bia", "by": "held"}
    assert stored["your_turn"]["last"] == sent.payload["last"]  # as it was sent
    clock.t += DAY + 1
    assert await r.send_due() == 1
    later = push.delivered(sub["endpoint"])
    assert [p["kind"] for p in later] == ["your_turn", "after_24h"]
    assert later[1]["last"]["name"] == "Bia" and later[1]["last"]["by"] == "held"
