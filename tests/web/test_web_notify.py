"""'Tell me when it is my turn': opt-in in the settings, asked of the browser then; a
system notification when the table comes to us while the tab is in the background, and
none while we are looking."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .driver import click_step, create_vs_computer

pytestmark = pytest.mark.browser

#: The browser's notifications and the tab's visibility, as stand-ins the test can read
#: and set (headless Chromium shows no notification and its tab is never hidden).
STAND_INS = """
  window.notes = [];
  window.permission = "default";
  window.tabHidden = false;
  class FakeNotification {
    static get permission() { return window.permission; }
    static async requestPermission() {
      window.permission = window.answer || "granted";
      return window.permission;
    }
    constructor(title, options) { window.notes.push({ title, ...options }); }
    close() {}
  }
  window.Notification = FakeNotification;
  Object.defineProperty(document, "hidden", { get: () => window.tabHidden });
"""

MY_TURN = "() => { const v = dominoDebug.state().view; return v && v.turn === 0 && !v.round_over; }"


def _play_until_my_turn_again(page: Page) -> None:
    """Play our move now, then wait for the table to come back to us (our move and the
    bot's are two events at least)."""
    seq = page.evaluate("dominoDebug.state().seq")
    assert click_step(page) in ("play", "draw", "pass")
    page.wait_for_function(
        """(seq) => { const s = dominoDebug.state(); const v = s.view;
             return s.seq >= seq + 2 && v && !v.round_over && v.turn === 0
               && Object.keys(s.pending).length === 0; }""",
        arg=seq,
        timeout=20000,
    )


def test_a_notification_when_the_table_waits_for_us_in_a_background_tab(
    page: Page, server: str
) -> None:
    page.add_init_script(STAND_INS)
    create_vs_computer(page, server, preset="draw", seats=2, goal=100, name="Ana")
    page.click("#open-settings")
    expect(page.locator("#set-notify")).to_be_enabled()
    page.check("#set-notify")
    expect(page.locator("#set-notify")).to_be_checked()
    assert page.evaluate("window.permission") == "granted"  # asked when turned on
    page.click("#settings-dialog button[value=close]")

    page.wait_for_function(MY_TURN, timeout=15000)
    page.evaluate("window.tabHidden = true")  # we switch to another tab
    _play_until_my_turn_again(page)
    page.wait_for_function("() => window.notes.length === 1", timeout=5000)
    note = page.evaluate("window.notes[0]")
    assert note["title"] == "Sua vez no dominó"
    assert note["body"] == "A mesa está esperando a sua jogada."

    page.evaluate("window.tabHidden = false")  # back: we see the table, no notification
    _play_until_my_turn_again(page)
    page.wait_for_timeout(300)
    assert page.evaluate("window.notes.length") == 1
    # saved for the next visit
    assert page.evaluate("JSON.parse(localStorage.getItem('domino.settings')).notify") is True


def test_a_refusal_leaves_it_off_and_says_why(page: Page, server: str) -> None:
    page.add_init_script(STAND_INS + 'window.answer = "denied";')
    create_vs_computer(page, server, preset="draw", seats=2, goal=100)
    page.click("#open-settings")
    page.click("#set-notify")  # the browser is asked, and says no
    expect(page.locator("#set-notify")).not_to_be_checked()
    expect(page.locator("#notify-hint")).to_contain_text("não deixa este site mostrar avisos")
