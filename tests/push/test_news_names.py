"""A reminder names a seat as the page does: a seat its bot plays goes by its bot's name
at that seat (three medium bots are Nino, Nina and Nico: ``web/seats.js`` ``botName``),
also in the moment it keeps the seat for a friend who is taking it (the seat already
bears the friend's name, but the move is the bot's)."""

from __future__ import annotations

import re
from pathlib import Path

from domino_server.push import news_from
from domino_server.table.state import BOT_FAMILIES

SEATS_JS = Path(__file__).resolve().parents[2] / "web" / "seats.js"


def _summary(seats: list[dict[str, object]]) -> dict[str, object]:
    return {"pace": "correspondence", "status": "playing", "deadline": None, "seats": seats}


def test_a_seat_kept_for_a_friend_is_named_by_its_bot() -> None:
    seats = [
        {"seat": 0, "name": "Ana", "kind": "human", "bot": None, "connected": True},
        # Bia is on her way to the seat: the table calls it hers, Nino still plays it
        {"seat": 1, "name": "Bia", "kind": "bot", "bot": "nino", "connected": True},
        {"seat": 2, "name": "Rabisco", "kind": "bot", "bot": "rabisco", "connected": False},
        # Caio is away: his bot plays for him, but the seat is still his
        {"seat": 3, "name": "Caio", "kind": "human", "bot": "nino", "connected": False},
    ]
    news = news_from("t1", _summary(seats), None, absence_seconds=60)
    assert news.names == ("Ana", "Nino", "Rabisca", "Caio")


def test_three_bots_of_a_level_have_the_pages_three_names() -> None:
    seats = [{"seat": 0, "name": "Ana", "kind": "human", "bot": None, "connected": True}]
    seats += [
        {"seat": i, "name": "Nino", "kind": "bot", "bot": "nino", "connected": False}
        for i in (1, 2, 3)
    ]
    news = news_from("t1", _summary(seats), None, absence_seconds=60)
    assert news.names == ("Ana", "Nino", "Nina", "Nico")


def test_the_server_and_the_page_know_the_same_bot_names() -> None:
    text = SEATS_JS.read_text(encoding="utf-8")
    start = text.index("const BOT_FAMILIES = {")
    block = text[start : text.index("};", start)]
    page = {
        level: tuple(re.findall(r'"([^"]+)"', names))
        for level, names in re.findall(r"(\w+): \[([^\]]*)\]", block)
    }
    assert page == BOT_FAMILIES
