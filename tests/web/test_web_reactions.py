"""Quick reactions at a table with friends: sent from the "more" menu, shown for a few
seconds by the sender's seat on every screen, each in its reader's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .driver import create_for_friends, join_and_start, two_people

pytestmark = pytest.mark.browser


def test_a_reaction_shows_by_the_senders_seat_for_everyone(browser: Browser, server: str) -> None:
    with two_people(browser, (1000, 800), (360, 740)) as (host, friend):
        link = create_for_friends(host, server, preset="block", seats=2, name="Helena")
        join_and_start(host, friend, link, "Otávio")
        friend.select_option("#lang-select", "en")

        host.click("#more summary")
        host.click("[data-react='good_game']")
        expect(host.locator("#more")).not_to_have_attribute("open", "")
        bubble = "#seats-bar .seat-chip[data-seat='0'] .reaction-bubble"
        expect(host.locator(bubble)).to_have_text("🤝 Bom jogo!")  # the sender sees it too
        expect(friend.locator(bubble)).to_have_text("🤝 Good game!")
        # it goes away by itself
        expect(friend.locator(bubble)).to_have_count(0, timeout=8000)

        # two in a row: the second is refused, and the page says so
        friend.click("#more summary")
        friend.click("[data-react='wow']")
        # at once (a script, not two more clicks: a slow machine could take 1.5 s over them)
        friend.evaluate("dominoDebug.send('react', {reaction: 'thanks'})")
        expect(friend.locator("#toast")).to_contain_text("slow down")
        chip = "#seats-bar .seat-chip[data-seat='1'] .reaction-bubble"
        expect(host.locator(chip)).to_have_text("😮 Uau!")


def test_spectators_get_no_reactions_to_send(browser: Browser, server: str) -> None:
    host_ctx = browser.new_context()
    watcher_ctx = browser.new_context()
    try:
        host = host_ctx.new_page()
        link = create_for_friends(host, server, preset="block", seats=2)
        watcher = watcher_ctx.new_page()
        watcher.goto(link)
        watcher.click("#spectate-btn")
        watcher.wait_for_function("() => dominoDebug.state().table !== null")
        watcher.click("#more summary")
        expect(watcher.locator("#reactions")).to_be_hidden()
        host.click("#more summary")
        expect(host.locator("#reactions")).to_be_visible()  # a seat at the table has them
    finally:
        host_ctx.close()
        watcher_ctx.close()
