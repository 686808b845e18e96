"""Other seats' moves are seen landing: the newest tile plays a short animation once
(not again when the board is redrawn), and not at all for people who ask for less motion."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .driver import create_vs_computer, step_until

pytestmark = pytest.mark.browser

LANDING = "#board .tile.last.landing"


BOT_PLAYED_LAST = (
    "() => { const v = dominoDebug.state().view;"
    " const last = v && v.log.filter(e => e.type === 'play').at(-1);"
    " return Boolean(last && last.seat !== 0 && !v.round_over && v.turn === 0); }"
)


def _bot_played(page: Page) -> None:
    """Play our turns until it is our turn again with a bot's tile the newest on the
    table: nothing moves until we do."""
    step_until(page, lambda: bool(page.evaluate(BOT_PLAYED_LAST)), what="a bot's tile newest")


def test_a_bots_tile_lands_once(page: Page, server: str) -> None:
    create_vs_computer(page, server, preset="classic", seats=4, goal=50)
    _bot_played(page)
    expect(page.locator(LANDING)).to_have_count(1)
    name = page.locator(LANDING).evaluate("el => getComputedStyle(el).animationName")
    assert name == "tile-in"
    # a redraw that is not a new move (the language changes the board's labels) does not
    # make the same tile land again
    last = page.evaluate("() => JSON.stringify(dominoDebug.state().view.log.at(-1))")
    page.select_option("#lang-select", "en")
    if page.evaluate("() => JSON.stringify(dominoDebug.state().view.log.at(-1))") == last:
        expect(page.locator("#board .tile.last")).to_have_count(1)
        expect(page.locator(LANDING)).to_have_count(0)
    page.select_option("#lang-select", "pt-BR")


def test_no_landing_motion_when_reduced_motion_is_asked(browser: Browser, server: str) -> None:
    ctx = browser.new_context(reduced_motion="reduce", viewport={"width": 1000, "height": 800})
    try:
        page = ctx.new_page()
        create_vs_computer(page, server, preset="classic", seats=4, goal=50)
        _bot_played(page)
        tile = page.locator("#board .tile.last")
        expect(tile).to_have_count(1)
        assert tile.evaluate("el => getComputedStyle(el).animationName") == "none"
    finally:
        ctx.close()
