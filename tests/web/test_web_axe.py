"""axe-core (from npm, tests/web/package.json) in Chromium on every page and state the
other tests reach: home (and on a phone), the invitation and a wrong link, the table on
our turn, choosing a place on the fives cross, the score sheet, the round-over and
match-over panels, a replay, the rules page and the dialogs. Any violation fails.
The states other tests reach on their own way (the push bar, the fair-check results, home
with your tables, the offline banner, the annulment bar, the history dialog, a finished
match's invitation) call `_axe` there."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .driver import create_for_friends, create_vs_computer, my_turn_to_play, play_round, step_until
from .test_web_cross import _show_cross

pytestmark = pytest.mark.browser


def _axe(page: Page, source: str, where: str) -> None:
    """Run axe on the page as it is; fail listing every violation (rule, element, help)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=source)
    result: dict[str, Any] = page.evaluate(
        """async () => {
          const r = await axe.run(document, {resultTypes: ['violations']});
          return {violations: r.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + n.failureSummary)}))};
        }"""
    )
    found = result["violations"]
    assert not found, f"axe at {where}:\n" + json.dumps(found, indent=1)


def test_home_table_panels_and_dialogs_are_clean(page: Page, server: str, axe_source: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready]")
    _axe(page, axe_source, "home")
    # the check can fail: a picture without a name and a nameless button are found
    page.evaluate(
        """() => { const d = document.createElement('div'); d.id = 'axe-probe';
          d.innerHTML = '<img src="/x.png"><button></button>'; document.body.append(d); }"""
    )
    with pytest.raises(AssertionError, match="image-alt"):
        _axe(page, axe_source, "a planted fault")
    page.evaluate("() => document.getElementById('axe-probe').remove()")
    page.click("#open-settings")
    _axe(page, axe_source, "the settings dialog")
    page.keyboard.press("Escape")
    page.click("#home-rules")
    _axe(page, axe_source, "the rules dialog")
    page.keyboard.press("Escape")
    create_vs_computer(page, server, preset="fives", seats=4, goal=200)
    step_until(page, lambda: my_turn_to_play(page), what="our turn with a tile to play")
    _axe(page, axe_source, "the table on our turn")
    _show_cross(page)
    page.click("#hand .hand-tile[data-tile='6-3']")
    expect(page.locator("#board .target")).to_have_count(3)
    _axe(page, axe_source, "choosing a place on the fives cross")
    page.keyboard.press("Escape")
    page.click("#more summary")
    _axe(page, axe_source, "the more menu")
    page.click("#score-more")
    expect(page.locator("#score-dialog")).to_be_visible()
    _axe(page, axe_source, "the score sheet")


def test_round_and_match_over_and_replay_are_clean(
    page: Page, server: str, axe_source: str
) -> None:
    create_vs_computer(page, server, preset="classic", seats=2, goal=100)
    play_round(page)
    expect(page.locator("#round-over")).to_be_visible()
    _axe(page, axe_source, "the round-over panel")
    page.click(".score-open")
    expect(page.locator("#score-table tbody tr")).to_have_count(1)
    _axe(page, axe_source, "the score sheet after a round")
    page.keyboard.press("Escape")
    page.click("#main-action")
    page.wait_for_function("() => !dominoDebug.state().view.round_over", timeout=10000)
    page.click("#more summary")
    page.click("#resign")
    _axe(page, axe_source, "the confirm dialog")
    page.click("#confirm-yes")
    expect(page.locator("#match-over")).to_be_visible(timeout=5000)
    _axe(page, axe_source, "the match-over panel")
    page.click("#replay-link")
    expect(page.locator("#replay-step")).to_contain_text("Rodada 1")
    page.click("#rp-next")
    _axe(page, axe_source, "a replay")
    page.goto(f"{server}/replay")
    page.wait_for_selector("body[data-ready]")
    _axe(page, axe_source, "the record file replay")
    page.goto(f"{server}/rules/?preset=fives&lang=en")
    expect(page.locator("#title")).to_contain_text("All fives")
    _axe(page, axe_source, "the rules page")


def test_invitation_wrong_link_and_phone_are_clean(
    browser: Browser, server: str, axe_source: str
) -> None:
    host = browser.new_page()
    friend = browser.new_page(viewport={"width": 360, "height": 640})
    try:
        link = create_for_friends(host, server, preset="draw", seats=4, name="Ana")
        _axe(host, axe_source, "a table waiting for friends, its invite open")
        friend.goto(link)
        expect(friend.locator("#lobby-pick")).to_be_visible()
        _axe(friend, axe_source, "the invitation on a phone")
        friend.goto(f"{server}/t/nosuchtable")
        expect(friend.locator("#lobby-missing")).to_be_visible()
        _axe(friend, axe_source, "a wrong invitation link")
        friend.goto(f"{server}/")
        friend.wait_for_selector("body[data-ready]")
        _axe(friend, axe_source, "home on a phone")
        create_vs_computer(friend, server, preset="caribbean", seats=4, goal=100)
        _axe(friend, axe_source, "the table on a phone")
    finally:
        host.close()
        friend.close()
