"""A friend whose connection drops for longer than the grace period: the others see that a
bot plays her seat (not only "disconnected"), and when she is back, her page says what the
computer did for her meanwhile, and the round's history says which moves were the
computer's (RULES.md §10 Absence)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from .conftest import running_server
from .driver import click_step, history_lines, playing_with_a_friend, state, step_until


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
    return bool(_for_away(feed, seat))


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


def _for_away(feed: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The moves ``seat``'s bot made for it from its ``seat_bot`` (away) to its
    ``seat_human``."""
    out: list[dict[str, Any]] = []
    away = False
    for item in feed:
        e = item.get("event") or {}
        if e.get("seat") != seat:
            continue
        if e.get("type") == "seat_bot" and e.get("reason") == "away":
            away = True
        elif e.get("type") == "seat_human":
            away = False
        elif away and e.get("type") in ("play", "draw", "pass"):
            out.append(e)
    return out


def _own_play(feed: list[dict[str, Any]], seat: int) -> str | None:
    """The tile of the first move ``seat``'s person made themself among ``feed``'s plays."""
    for item in feed:
        e = item.get("event") or {}
        if e.get("seat") == seat and e.get("type") == "play" and not e.get("stand_in"):
            return str(e["tile"])
    return None


def _said(e: dict[str, Any], whom: str) -> str:
    """The start of the history's line for the move ``e`` the computer made for ``whom``."""
    if e["type"] == "play":
        return f"O computador jogou {e['tile']} por {whom}"
    return "O computador comprou" if e["type"] == "draw" else f"O computador passou por {whom}"


def test_the_history_says_the_computer_played_for_a_friend_back_after_reopening(
    browser: Browser, quick_grace_server: str
) -> None:
    """The round's history, read after opening the table again (the page saw none of the
    bot's moves), says which moves the computer made for her, and her own as hers; the
    host's says them as the computer's for Bia."""
    with playing_with_a_friend(
        browser, quick_grace_server, (1000, 800), "Bia", preset="draw", seats=2
    ) as (host, guest):
        link = guest.url
        guest.goto("about:blank")
        chip = host.locator("#seats-bar .seat-chip[data-seat='1']")
        expect(chip).to_contain_text("robô na cadeira", timeout=20000)
        step_until(host, lambda: _moved_for(host.evaluate("() => dominoDebug.state().feed"), 1),
                   what="a move of the bot for Bia", timeout=60, next_round=False)
        guest.goto(link)
        expect(chip).not_to_contain_text("robô na cadeira", timeout=20000)

        def played() -> bool:
            return _own_play(guest.evaluate("() => dominoDebug.state().feed"), 1) is not None

        deadline = time.monotonic() + 60
        while not played():  # each plays their turns until Bia has laid a tile herself
            assert time.monotonic() < deadline, "Bia never played"
            for page in (host, guest):
                if click_step(page, next_round=False, stop=played) in ("wait", "stop"):
                    page.wait_for_timeout(30)
        own = _own_play(guest.evaluate("() => dominoDebug.state().feed"), 1)
        feed = host.evaluate("() => dominoDebug.state().feed")
        assert state(host)["view"]["round"] == 1  # (the history is the round's)
        bots = _for_away(feed, 1)
        assert bots, feed
        for page, whom in ((guest, "você"), (host, "Bia")):
            lines = history_lines(page)
            for e in bots:
                expect(lines.filter(has_text=_said(e, whom)).first).to_be_visible()
            if whom == "você":
                expect(lines.filter(has_text=f"Você jogou {own}")).to_have_count(1)
                for e in bots:  # no move of the computer's is said as hers
                    if e["type"] == "play":
                        expect(lines.filter(has_text=f"Você jogou {e['tile']}")).to_have_count(0)
            else:
                expect(lines.filter(has_text=f"Bia jogou {own}")).to_have_count(1)
