"""A reminder names a move by who made it: a seat its bot plays goes by the bot's name, as
on the page, also in the moment it keeps the seat for a friend who is taking it (the seat
already bears the friend's name, but the move is the bot's)."""

from __future__ import annotations

from domino_server.push import news_from


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
    assert news.names == ("Ana", "Nino", "Rabisco", "Caio")
