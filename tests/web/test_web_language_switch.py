"""What a player sees in the language they chose, on the invitation as on the table, and a
score sheet that shows every column on a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from .driver import create_for_friends, create_vs_computer, play_round, two_people

pytestmark = pytest.mark.browser


def test_the_invitation_speaks_the_language_chosen_on_it(browser: Browser, server: str) -> None:
    with two_people(browser, (1280, 800), (390, 844)) as (host, guest):
        link = create_for_friends(host, server, preset="classic", seats=4, name="Ana")
        guest.goto(link)
        summary = guest.locator("#lobby-summary")
        expect(summary).to_contain_text("Clássico")
        expect(summary).to_contain_text("3 cadeiras livres ou com robô.")
        guest.locator("#lobby-pick input[value='2']").check()
        guest.select_option("#lang-select", "en")
        # the whole invitation changes, not only its heading and buttons
        expect(summary).to_contain_text("Classic")
        expect(summary).to_contain_text("3 seats free or held by a bot.")
        expect(summary).not_to_contain_text("Clássico")
        expect(guest.locator("#lobby-pick")).to_contain_text("Ana's partner")
        expect(guest.locator("#lobby-pick input[value='2']")).to_be_checked()  # (kept)
        # no name typed: the table calls the friend "Player", the host reads "Jogador"
        guest.fill("#join-name", "")
        guest.click("#join-btn")
        guest.wait_for_function("() => dominoDebug.state().table !== null", timeout=10000)
        expect(host.locator("#live")).to_contain_text("Jogador sentou à mesa.")
        expect(host.locator("#live")).not_to_contain_text("Player")


def test_a_full_table_offers_watching_only(browser: Browser, server: str) -> None:
    with two_people(browser, (1280, 800)) as (host, friend):
        link = create_for_friends(host, server, preset="classic", seats=2, name="Ana")
        friend.goto(link)
        friend.fill("#join-name", "Bia")
        friend.click("#join-btn")
        friend.wait_for_function("() => dominoDebug.state().table !== null", timeout=10000)
        late_context = browser.new_context(viewport={"width": 390, "height": 844})
        try:
            late = late_context.new_page()
            late.goto(link)
            expect(late.locator("#lobby-status")).to_have_text("Esta mesa não tem cadeira livre.")
            expect(late.locator("#lobby-summary")).not_to_contain_text(re.compile("livres? ou com"))
            expect(late.locator("#join-btn")).to_be_hidden()
            expect(late.locator("#join-name")).to_be_hidden()
            expect(late.locator("#spectate-btn")).to_be_visible()
        finally:
            late_context.close()


@pytest.mark.parametrize("lang", ["pt-BR", "en"])
def test_the_score_sheet_shows_every_column_on_a_phone(
    browser: Browser, server: str, lang: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        create_vs_computer(page, server, preset="classic", seats=4, goal=100)
        promised = page.locator("#fair-commitment")
        expect(promised).to_contain_text("Rodada 1: embaralhamento prometido")
        page.select_option("#lang-select", lang)
        # the table menu's line about the shuffle changes with the rest, at once
        said = "Rodada 1: embaralhamento" if lang == "pt-BR" else "Round 1: shuffle promised"
        expect(promised).to_contain_text(said, timeout=1000)
        play_round(page)
        page.locator("#more summary").click()
        page.locator("#score-more").click()
        expect(page.locator("#score-table tbody tr")).to_have_count(1)
        wide = page.evaluate(
            """() => { const box = document.querySelector('#score-dialog .score-scroll');
                       return [box.scrollWidth, box.clientWidth]; }"""
        )
        assert wide[0] <= wide[1], f"the score sheet scrolls sideways on a phone: {wide}"
        them = "Eles" if lang == "pt-BR" else "Them"
        expect(page.locator("#score-table thead")).to_contain_text(them)
    finally:
        context.close()


def test_the_home_form_names_each_bot_as_the_table_will(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{server}/")
        page.wait_for_selector("body[data-ready]")
        page.check("input[name=seats][value='4']")
        chosen = [
            page.locator(f"#seat-rows select[data-seat='{seat}'] option:checked").inner_text()
            for seat in (1, 2, 3)
        ]
        assert chosen == ["Nino (médio)", "Nina (médio)", "Nico (médio)"], chosen
        page.fill("#name", "Ana")
        page.click("#create-btn")
        page.wait_for_url("**/t/*")
        for seat, label in zip((1, 2, 3), chosen, strict=True):
            chip = page.locator(f"#seats-bar .seat-chip[data-seat='{seat}']")
            expect(chip).to_contain_text(label.split(" (")[0])
    finally:
        context.close()


def test_the_rules_page_speaks_the_game_language_and_sets_it(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"{server}/")
        page.wait_for_selector("body[data-ready]")
        page.select_option("#lang-select", "en")
        # opened on its own, the rules page speaks the language chosen in the game
        page.goto(f"{server}/rules/")
        expect(page.locator("#title")).to_have_text("Rules: Classic")
        assert page.title() == "Rules: Classic · Dominó"
        # choosing Portuguese there chooses it for the game too
        page.locator("#rules-nav a[hreflang]").click()
        expect(page.locator("#title")).to_have_text("Regras: Clássico")
        page.locator("#back").click()
        page.wait_for_selector("body[data-ready]")
        expect(page.locator("#lang-select")).to_have_value("pt-BR")
        expect(page.locator("#create-btn")).to_have_text("Jogar")
    finally:
        context.close()
