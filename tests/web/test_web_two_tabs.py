"""One seat open in two tabs: the newer tab takes the seat, and the older one says the table
is open elsewhere with a button to play there instead, rather than taking the seat back by
itself (the two tabs then took it from each other in turn, each showing "connection lost"
and "connected again")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .driver import create_vs_computer

pytestmark = pytest.mark.browser


def test_the_older_tab_yields_the_seat_and_takes_it_back_when_asked(
    page: Page, server: str
) -> None:
    create_vs_computer(page, server, preset="draw", seats=2, goal=100)
    other = page.context.new_page()  # the same browser: it holds the same seat
    other.goto(page.url)
    other.wait_for_function("() => dominoDebug.state().view !== null", timeout=15000)
    bar = page.locator("#elsewhere-bar")
    expect(bar).to_be_visible(timeout=10000)
    expect(bar).to_contain_text("Esta mesa foi aberta em outra aba ou aparelho.")
    # nothing here looks playable: the main button says where the seat is, the hand is locked
    main = page.locator("#main-action")
    expect(main).to_have_text("Você está jogando em outra aba ou aparelho")
    expect(main).to_be_disabled()
    expect(page.locator("#hand .hand-tile.lit")).to_have_count(0)
    expect(page.locator("#turn-text")).to_have_text("Você está jogando em outra aba ou aparelho")
    expect(page.locator("#timer")).to_be_hidden()  # its clock would stand still here
    page.click("#more summary")
    expect(page.locator("#resign")).to_be_disabled()  # nothing acts for the seat from here
    expect(page.locator("#history-btn")).to_be_visible()
    expect(page.locator("#reactions")).to_be_hidden()
    page.keyboard.press("Escape")
    # it stays so: the older tab does not take the seat back by itself. A negative check:
    # a tab that did would open a socket again on its own time (0.3 s after the close,
    # then 0.7 s and more: protocol.js BACKOFF_MS), which nothing else marks the end of
    page.wait_for_timeout(2000)
    expect(bar).to_be_visible()
    expect(other.locator("#elsewhere-bar")).to_be_hidden()
    expect(other.locator("#conn-banner")).to_be_hidden()
    page.click("#play-here")
    expect(bar).to_be_hidden(timeout=10000)
    expect(main).not_to_have_text("Você está jogando em outra aba ou aparelho")
    expect(other.locator("#main-action")).to_have_text("Você está jogando em outra aba ou aparelho")
    expect(other.locator("#elsewhere-bar")).to_be_visible(timeout=10000)
    assert page.evaluate("() => dominoDebug.state().view !== null")
    other.close()
