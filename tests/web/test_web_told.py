"""You are told what happened to you: the turn timer warns in its last 10 s, and when it
runs out the page says the computer played for you, and what; your own lost connection
shows within about 5 s (the browser's offline event; a heartbeat otherwise) with your seat
marked offline, and the page reconnects by itself; the others see you disconnected within
about 10 s. Both notices change language at once with the page's."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from .driver import playing_with_a_friend, state
from .test_web_axe import _axe
from .waits import round_trip

pytestmark = pytest.mark.browser


def _on_turn(*pages: Page) -> Page:
    """The page whose seat is on turn now (with the timer running)."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        for p in pages:
            s = state(p)
            v = s["view"]
            if v and not v["round_over"] and v["turn"] == s["seat"] and not s["pending"]:
                return p
        pages[0].wait_for_timeout(100)
    raise AssertionError("nobody is on turn")


def test_the_timer_warns_and_then_the_computer_plays_for_you(
    browser: Browser, server: str, axe_source: str
) -> None:
    with playing_with_a_friend(
        browser, server, (1280, 800), "Bia", preset="draw", seats=2, pace="live", turn_seconds=30
    ) as (host, friend):
        waiting = _on_turn(host, friend)  # whoever it is, they let the time run out
        timer = waiting.locator("#seats-bar .seat-chip.me .seat-timer")
        expect(timer).to_be_visible()
        expect(timer).not_to_have_class("seat-timer low")
        # the last 10 s: the bar turns red and the live region says so
        expect(timer).to_have_class("seat-timer low", timeout=25000)
        expect(waiting.locator("#live")).to_contain_text("segundos para você jogar")
        # run out: the computer moved for this seat, and the page says what it did
        bar = waiting.locator("#auto-bar")
        expect(bar).to_be_visible(timeout=15000)
        expect(bar).to_contain_text(
            re.compile(r"o computador jogou por você \((jogou \d-\d|comprou \d+|passou)")
        )
        # and it stays until dismissed (or our own next move): still there once a sync sent
        # after it is answered, every frame the table had for this page by then taken in
        round_trip(waiting)
        expect(bar).to_be_visible()
        _axe(waiting, axe_source, "the computer played for you")
        # another language: the notice says the same in it at once, not at the next move
        said, seq = bar.inner_text(), state(waiting)["seq"]
        waiting.select_option("#lang-select", "en")
        expect(bar).to_contain_text(
            re.compile(r"the computer played for you \((played \d-\d|drew \d+|passed)")
        )
        expect(bar).not_to_contain_text("computador")
        assert state(waiting)["seq"] == seq, "worded again by a new move, not by the language"
        waiting.select_option("#lang-select", "pt-BR")
        expect(bar).to_have_text(said)  # and back, word for word
        waiting.click("#auto-ok")
        expect(bar).to_be_hidden()


def test_going_offline_is_shown_at_once_and_the_others_see_it(
    browser: Browser, server: str, axe_source: str
) -> None:
    with playing_with_a_friend(
        browser, server, (1280, 800), "Bia", preset="draw", seats=2, pace="live"
    ) as (host, friend):
        friend_seat = host.locator("#seats-bar .seat-chip[data-seat='1']")
        expect(friend_seat.locator(".dot.on")).to_be_visible()
        began = time.monotonic()
        friend.context.set_offline(True)
        # the friend's own page: a banner and her seat marked offline, within 5 s
        expect(friend.locator("#conn-banner")).to_contain_text("sem conexão", timeout=5000)
        expect(friend.locator("#seats-bar .seat-chip.me")).to_have_class(
            re.compile(r"\bgone\b"), timeout=5000
        )
        expect(friend.locator("#seats-bar .seat-chip.me .seat-away")).to_have_text("sem conexão")
        assert time.monotonic() - began < 5.5
        # the host sees her disconnected within about 10 s
        expect(friend_seat.locator(".dot.off")).to_be_visible(timeout=10000)
        assert time.monotonic() - began < 10.5, "the others saw it late"
        _axe(friend, axe_source, "the offline banner and our seat offline")
        _axe(host, axe_source, "a friend's seat disconnected")
        # another language: the banner says it in that one at once
        banner = friend.locator("#conn-banner")
        friend.select_option("#lang-select", "en")
        expect(banner).to_have_text(re.compile(r"^You are offline\."))
        friend.select_option("#lang-select", "pt-BR")
        expect(banner).to_contain_text("sem conexão")
        # back online: the page reconnects by itself and the seat is on again
        friend.context.set_offline(False)
        expect(friend.locator("#conn-banner")).to_contain_text("Conectado de novo", timeout=10000)
        expect(friend.locator("#seats-bar .seat-chip.me")).not_to_have_class(
            re.compile(r"\bgone\b")
        )
        expect(friend_seat.locator(".dot.on")).to_be_visible(timeout=10000)
