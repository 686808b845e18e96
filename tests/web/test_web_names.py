"""A name the server refuses is explained in the player's language (not the server's JSON);
a name written right to left shows isolated from what follows it, in chips and in sentences."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .driver import create_for_friends, two_people

pytestmark = pytest.mark.browser


def test_a_refused_name_says_why_and_a_good_one_sits(browser: Browser, server: str) -> None:
    with two_people(browser, (1280, 800)) as (host, guest):
        link = create_for_friends(host, server, preset="classic", seats=2)
        guest.goto(link)
        guest.fill("#join-name", "\u202egnp.exe")
        guest.click("#join-btn")
        status = guest.locator("#lobby-status")
        expect(status).to_contain_text("O servidor recusou: o nome tem caracteres que viram")
        expect(status).not_to_contain_text("{")
        expect(guest.locator("#join-btn")).to_be_enabled()
        guest.select_option("#lang-select", "en")
        guest.fill("#join-name", "Ana\u200bBia")  # (marks at the ends are dropped)
        guest.click("#join-btn")
        expect(status).to_contain_text("The server said no: the name holds invisible characters")
        guest.fill("#join-name", "مريم")
        guest.click("#join-btn")
        guest.wait_for_function("() => dominoDebug.state().table !== null", timeout=10000)
        chip = host.locator("#seats-bar .seat-chip[data-seat='1'] .seat-name bdi")
        expect(chip).to_have_text("مريم")
        # in sentences too: the host is told "مريم sentou à mesa." with the name set apart
        # (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, what <bdi> does in markup), so
        # the sentence's end stays on its side of a right-to-left name
        expect(host.locator("#live")).to_contain_text("\u2068مريم\u2069 sentou à mesa.")
