"""'Tell me when it is my turn': opt-in in the settings, asked of the browser then; a
system notification (through the page's service worker, as phones require) when the
table comes to us while the tab is in the background, none while we are looking, and
taken away once we have played."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .driver import click_step, create_vs_computer
from .waits import evaluated_until

pytestmark = pytest.mark.browser

#: Headless Chromium's tab is never hidden: a stand-in the test can set.
HIDDEN = """
  window.tabHidden = false;
  Object.defineProperty(document, "hidden", { get: () => window.tabHidden });
"""

#: The notifications the page's service worker shows now.
#: Whether the page's service worker is registered.
REGISTERED = "async () => Boolean(await navigator.serviceWorker.getRegistration('/'))"

SHOWN = """async () => {
  const worker = await navigator.serviceWorker.getRegistration("/");
  if (!worker) return [];
  const shown = await worker.getNotifications();
  return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
}"""

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


def _shown(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate(SHOWN))


def test_a_notification_when_the_table_waits_for_us_in_a_background_tab(
    browser: Browser, server: str
) -> None:
    ctx = browser.new_context(permissions=["notifications"])
    try:
        page = ctx.new_page()
        page.add_init_script(HIDDEN)
        create_vs_computer(page, server, preset="draw", seats=2, goal=100, name="Ana")
        page.click("#open-settings")
        expect(page.locator("#set-notify")).to_be_enabled()
        page.check("#set-notify")
        expect(page.locator("#set-notify")).to_be_checked()
        page.click("#settings-dialog button[value=close]")
        # turning it on set up the service worker that shows them
        evaluated_until(page, REGISTERED)

        page.wait_for_function(MY_TURN, timeout=15000)
        page.evaluate("window.tabHidden = true")  # we switch to another tab
        _play_until_my_turn_again(page)
        # read in the same evaluation that sees it: a second look may come after the page
        # replaced or took it away (the table moved on meanwhile)
        shown = evaluated_until(page, f"() => ({SHOWN})().then((n) => n.length === 1 && n)")
        note = shown[0]
        assert note["title"] == "Sua vez no dominó"
        assert note["body"] == "A mesa está esperando a sua jogada."

        # we play (from the notification, say): it is taken away
        page.evaluate("window.tabHidden = false")
        _play_until_my_turn_again(page)
        evaluated_until(page, f"() => ({SHOWN})().then((n) => n.length === 0)")
        # and while we look at the table, none is shown
        _play_until_my_turn_again(page)
        # a negative check: a notice would come on its own time after the turn (the worker
        # registered, then asked to show it), and nothing marks that none is on its way
        page.wait_for_timeout(300)
        assert _shown(page) == []
        assert page.evaluate("JSON.parse(localStorage.getItem('domino.settings')).notify") is True
    finally:
        ctx.close()


def test_a_refusal_leaves_it_off_and_says_why(browser: Browser, server: str) -> None:
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        # the browser says no when asked
        page.add_init_script("Notification.requestPermission = async () => 'denied';")
        create_vs_computer(page, server, preset="draw", seats=2, goal=100)
        page.click("#open-settings")
        page.click("#set-notify")  # the browser is asked, and says no
        expect(page.locator("#set-notify")).not_to_be_checked()
        expect(page.locator("#notify-hint")).to_contain_text("não deixa este site mostrar avisos")
    finally:
        ctx.close()
