"""Sending the invitation: the phone's share sheet where the browser has one, WhatsApp,
or the link copied; in the page's language."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Page, expect

from .driver import create_for_friends

pytestmark = pytest.mark.browser


def test_the_link_goes_out_by_whatsapp_in_the_pages_language(page: Page, server: str) -> None:
    link = create_for_friends(page, server, preset="classic", seats=4, pace="correspondence")
    whatsapp = page.locator("#whatsapp-link")
    expect(whatsapp).to_be_visible()
    href = whatsapp.get_attribute("href") or ""
    assert href.startswith("https://wa.me/?text=")
    text = parse_qs(urlparse(href).query)["text"][0]
    assert text.startswith("Vem jogar dominó comigo!") and text.endswith(link)
    page.select_option("#lang-select", "en")
    expect(whatsapp).to_have_text("Send on WhatsApp")
    href = whatsapp.get_attribute("href") or ""
    assert (
        parse_qs(urlparse(href).query)["text"][0]
        == f"Come play dominoes with me! Open the link to take a seat: {link}"
    )


def test_the_share_sheet_is_offered_only_where_the_browser_has_one(page: Page, server: str) -> None:
    # a browser without a share sheet (Chromium on Linux has none; on Windows it has one)
    page.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
    create_for_friends(page, server, preset="block", seats=2)
    expect(page.locator("#share-link")).to_be_hidden()
    expect(page.locator("#whatsapp-link")).to_be_visible()  # the other ways stay


def test_the_share_sheet_gets_the_link(page: Page, server: str) -> None:
    # a phone's browser: navigator.share exists (here a stand-in that keeps what it got)
    page.add_init_script("navigator.share = async (data) => { window.shared = data; };")
    link = create_for_friends(page, server, preset="block", seats=2)
    share = page.locator("#share-link")
    expect(share).to_be_visible()
    share.click()
    page.wait_for_function("() => window.shared !== undefined")
    shared = page.evaluate("window.shared")
    assert shared["url"] == link
    assert shared["text"].startswith("Vem jogar dominó comigo!")
