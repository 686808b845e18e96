"""A seat carried to another device: "Jogar em outro aparelho" gives a link that holds the
seat; opened in another browser it plays the same seat there (the first one says the table
is open elsewhere), and the link leaves the address bar at once. A forged link seats
nobody."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .driver import create_vs_computer, state

pytestmark = pytest.mark.browser


def _device_link(page: Page, warning: str = "quem o abrir joga no seu lugar") -> str:
    page.click("#more summary")
    page.click("#device-btn")
    dialog = page.locator("#device-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(warning)
    link = page.input_value("#device-url")
    page.click("#device-dialog button[value=close]")
    expect(dialog).to_be_hidden()
    expect(page.locator("#more summary")).to_be_focused()
    return link


def test_a_seat_opened_on_another_device_plays_there(
    page: Page, server: str, browser: Browser
) -> None:
    create_vs_computer(page, server, preset="draw", seats=2, goal=100)
    table_id = page.url.rsplit("/", 1)[1]
    page.select_option("#lang-select", "en")  # the player reads English: the link says so
    link = _device_link(page, "whoever opens it plays in your place")
    assert link.startswith(f"{server}/t/{table_id}#"), link
    held = page.evaluate("() => JSON.parse(localStorage['domino.seats'])")[table_id]
    assert f"token={held['token']}" in link  # after "#": never sent to the server
    other = browser.new_context()  # another device: nothing in its storage
    try:
        phone = other.new_page()
        phone.goto(link)
        phone.wait_for_function("() => dominoDebug.state().view !== null", timeout=15000)
        seen = state(phone)
        assert seen["seat"] == 0
        assert sorted(seen["view"]["hand"]) == sorted(state(page)["view"]["hand"])
        assert "#" not in phone.url and "token" not in phone.url
        expect(phone.locator("#lang-select")).to_have_value("en")  # a new device, our language
        kept = phone.evaluate("() => JSON.parse(localStorage['domino.seats'])")
        assert kept[table_id] == {"seat": 0, "token": held["token"]}
        # the same player on both: experience points follow one key
        mine = page.evaluate("() => localStorage['domino.player']")
        assert mine and phone.evaluate("() => localStorage['domino.player']") == mine
        # the first device yields the seat, as to a second tab
        expect(page.locator("#elsewhere-bar")).to_be_visible(timeout=10000)
    finally:
        other.close()
    # a spectator has no seat to carry
    third = browser.new_context()
    try:
        watcher = third.new_page()
        watcher.goto(f"{server}/t/{table_id}")
        watcher.click("#spectate-btn")
        watcher.wait_for_function("() => dominoDebug.state().view !== null", timeout=15000)
        watcher.click("#more summary")
        expect(watcher.locator("#history-btn")).to_be_visible()
        expect(watcher.locator("#device-btn")).to_be_hidden()
        # a reload goes on watching (it used to land on the invitation again)
        watcher.reload()
        watcher.wait_for_function("() => dominoDebug.state().view !== null", timeout=15000)
        assert state(watcher)["seat"] is None
        expect(watcher.locator("#lobby")).to_be_hidden()
    finally:
        third.close()


def test_a_forged_seat_link_seats_nobody_and_takes_no_seat_away(
    page: Page, server: str, browser: Browser
) -> None:
    create_vs_computer(page, server, preset="draw", seats=2, goal=100)
    table_id = page.url.rsplit("/", 1)[1]
    link = _device_link(page)
    forged = re.sub(r"token=[^&]+", "token=" + "A" * 32, link)
    other = browser.new_context()
    try:
        stranger = other.new_page()
        stranger.goto(forged)
        expect(stranger.locator("#lobby")).to_be_visible(timeout=15000)
        expect(stranger.locator("#toast")).to_contain_text("Este link de cadeira não vale")
        assert stranger.evaluate("() => localStorage['domino.seats'] || '{}'") == "{}"
        assert "#" not in stranger.url
        # a link whose seat number is wrong: the server's seat is the one kept
        wrong = other.new_page()
        wrong.goto(re.sub(r"seat=0", "seat=1", link))
        wrong.wait_for_function("() => dominoDebug.state().view !== null", timeout=15000)
        kept = wrong.evaluate("() => JSON.parse(localStorage['domino.seats'])")
        assert kept[table_id]["seat"] == 0
    finally:
        other.close()
    # the device that holds the seat, opening a forged link to its own table: its seat stays
    held = page.evaluate("() => JSON.parse(localStorage['domino.seats'])")[table_id]
    page.goto(forged)
    page.wait_for_function("() => dominoDebug.state().view !== null", timeout=15000)
    expect(page.locator("#toast")).to_contain_text("já tem a sua cadeira nesta mesa")
    assert page.evaluate("() => JSON.parse(localStorage['domino.seats'])")[table_id] == held
    assert state(page)["seat"] == 0
