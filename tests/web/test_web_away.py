"""A friend whose connection drops for longer than the grace period: the others see that a
bot plays her seat (not only "disconnected"), and when she is back, her page says what the
computer did for her meanwhile (RULES.md §10 Absence)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from .conftest import running_server
from .driver import playing_with_a_friend, step_until


@pytest.fixture(scope="module")
def quick_grace_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that notices a silent socket within a second or two and gives a seat
    without a socket to its bot after one second (not 30)."""
    with running_server(
        tmp_path_factory.mktemp("grace"), grace_seconds="1", ws_ping_seconds="0.5"
    ) as base:
        yield base


def _moved_for(feed: list[dict[str, Any]], seat: int) -> bool:
    """Whether ``seat`` made a move after its bot took it over (it was away)."""
    away = False
    for item in feed:
        e = item.get("event") or {}
        if e.get("seat") != seat:
            continue
        if e.get("type") == "seat_bot" and e.get("reason") == "away":
            away = True
        elif away and e.get("type") in ("play", "draw", "pass"):
            return True
    return False


def test_a_friend_back_from_being_away_is_told_what_the_computer_played(
    browser: Browser, quick_grace_server: str
) -> None:
    with playing_with_a_friend(
        browser, quick_grace_server, (1000, 800), "Bia", preset="draw", seats=2
    ) as (host, guest):
        guest.context.set_offline(True)
        chip = host.locator("#seats-bar .seat-chip[data-seat='1']")
        expect(chip).to_contain_text("robô na cadeira", timeout=20000)
        step_until(host, lambda: _moved_for(host.evaluate("() => dominoDebug.state().feed"), 1),
                   what="a move of the bot for Bia", timeout=60)
        guest.context.set_offline(False)
        bar = guest.locator("#auto-bar")
        expect(bar).to_be_visible(timeout=30000)
        expect(bar).to_contain_text("Enquanto você esteve fora, o computador jogou por você")
        expect(chip).not_to_contain_text("robô na cadeira", timeout=20000)


def _away_moves(feed: list[dict[str, Any]], seat: int) -> int | None:
    """The moves ``seat``'s bot made for it from its ``seat_bot`` (away) to its
    ``seat_human``, or None if the seat is not back yet."""
    count, away = 0, False
    for item in feed:
        e = item.get("event") or {}
        if e.get("seat") != seat:
            continue
        if e.get("type") == "seat_bot" and e.get("reason") == "away":
            count, away = 0, True
        elif away and e.get("type") in ("play", "draw", "pass"):
            count += 1
        elif away and e.get("type") == "seat_human":
            return count
    return None


def test_a_friend_who_reopens_the_page_is_told_too(
    browser: Browser, quick_grace_server: str
) -> None:
    """Back by opening the table again (a reload, the phone's browser woken up), not by a
    socket that came back: the new page saw none of the bot's moves, and says them all."""
    with playing_with_a_friend(
        browser, quick_grace_server, (1000, 800), "Bia", preset="draw", seats=2
    ) as (host, guest):
        link = guest.url
        guest.goto("about:blank")  # the page is gone
        chip = host.locator("#seats-bar .seat-chip[data-seat='1']")
        expect(chip).to_contain_text("robô na cadeira", timeout=20000)
        step_until(host, lambda: _moved_for(host.evaluate("() => dominoDebug.state().feed"), 1),
                   what="a move of the bot for Bia", timeout=60)
        guest.goto(link)
        bar = guest.locator("#auto-bar")
        expect(bar).to_be_visible(timeout=30000)
        expect(chip).not_to_contain_text("robô na cadeira", timeout=20000)
        feed = host.evaluate("() => dominoDebug.state().feed")
        moves = _away_moves(feed, 1)
        assert moves, feed
        words = "(1 jogada" if moves == 1 else f"({moves} jogadas"
        said = f"Enquanto você esteve fora, o computador jogou por você {words}"
        expect(bar).to_contain_text(said)
