"""Fixes found on the way (issue 18 §7): a friend's arrival said once; the invitation
lets a friend choose a free seat and names each bot once with its level; a wrong link
says "mesa não encontrada" with the way home; the default name in the reader's language;
the proposer of an annulment is told the others are asked; the rules page leads back to
the game; on a phone "Jogar agora" is above the fold and plays the last settings; the line
under the felt follows a language change at once; the rules page asks for nothing that is
not there (its icon is the main page's)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .driver import (
    create_vs_computer,
    my_turn_to_play,
    play_round,
    playing_with_a_friend,
    started_for_friends,
    state,
    step_until,
    two_people,
)
from .test_web_axe import _axe
from .waits import LISTEN_JS

pytestmark = pytest.mark.browser

def test_the_invitation_offers_free_seats_and_the_arrival_is_said_once(
    browser: Browser, server: str
) -> None:
    with two_people(browser, (1100, 850)) as (host, friend):
        link = started_for_friends(host, server, preset="draw", seats=4, name="Ana")
        # what the host's live region says from now on
        host.evaluate(LISTEN_JS)
        friend.goto(link)
        # each bot once, by a name of its own, with its level; the free seats to choose
        seats = friend.locator("#lobby-summary .lobby-seats li")
        expect(seats).to_have_count(4)
        texts = seats.all_inner_texts()
        assert texts[0] == "Ana"
        assert len(set(texts)) == 4 and all("robô médio" in t for t in texts[1:]), texts
        pick = friend.locator("#lobby-pick input[name=join-seat]")
        expect(pick).to_have_count(4)  # any, or seat 2, 3 or 4
        friend.fill("#join-name", "Bia")
        friend.check("#lobby-pick input[value='3']")
        friend.click("#join-btn")
        friend.wait_for_function("() => dominoDebug.state().view !== null", timeout=10000)
        assert state(friend)["seat"] == 3
        expect(host.locator("#seats-bar .seat-chip[data-seat='3']")).to_contain_text(
            "Bia", timeout=15000
        )
        # the host's page said who sat down, by her name, and once
        host.wait_for_function(
            "() => window.__said.some(s => s.includes('Bia sentou à mesa'))", timeout=5000
        )
        host.click("#more summary")
        host.click("#history-btn")
        history = host.locator("#history-list")
        expect(history).to_be_visible()
        expect(history).not_to_contain_text("voltou à cadeira")
        # one arrival, one sentence: not the bot's name, not said twice, no "back in the seat"
        said = " ".join(host.evaluate("() => window.__said"))
        assert said.count("sentou à mesa") == 1 and "Bia sentou à mesa" in said, said
        assert "voltou à cadeira" not in said, said


def test_a_wrong_link_says_the_table_is_not_found(page: Page, server: str) -> None:
    page.goto(f"{server}/t/nosuchtable")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#lobby-missing-title")).to_have_text("Mesa não encontrada")
    expect(page.locator("#join-form")).to_be_hidden()
    expect(page.locator("#lobby-missing-title")).to_be_focused()
    page.click("#lobby-home")
    expect(page.locator("#home")).to_be_visible()
    assert page.url.rstrip("/") == server


def test_default_name_annulment_and_the_way_back_from_the_rules(
    browser: Browser, server: str, axe_source: str
) -> None:
    with playing_with_a_friend(
        browser, server, (1100, 850), "Caio", preset="block", seats=2, pace="live"
    ) as (host, friend):
        # the host left the name empty: "Jogador", shown as "Player" to an English reader
        friend.select_option("#lang-select", "en")
        expect(friend.locator("#seats-bar .seat-chip[data-seat='0'] .seat-name")).to_have_text(
            "Player"
        )
        host.click("#more summary")
        host.click("#annul")
        host.click("#confirm-yes")
        expect(host.locator("#annulment-bar")).to_contain_text(
            "os outros jogadores estão sendo consultados"
        )
        expect(friend.locator("#annulment-bar")).to_contain_text("proposes to annul")
        _axe(host, axe_source, "the annulment asked")
        _axe(friend, axe_source, "an annulment to answer, in English")
        # the rules page (opened from the dialog) leads back to this table
        table_url = host.url
        host.goto(f"{server}/rules/?preset=block&lang=pt-BR")
        back = host.locator("#back-game")
        expect(back).to_have_text("← Voltar ao jogo")
        back.click()
        host.wait_for_url(table_url)
        expect(host.locator("#table")).to_be_visible()


def test_play_now_is_above_the_fold_on_a_phone_with_the_last_settings(
    page: Page, server: str
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    create_vs_computer(page, server, preset="fives", seats=3, goal=150)
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready]")
    button = page.locator("#quick-play")
    expect(button).to_have_text("Jogar agora")
    box = button.bounding_box()
    assert box and box["y"] + box["height"] <= 640, "below the fold"
    expect(page.locator("#quick-hint")).to_have_text(re.compile(r"Soma 5, 3 cadeiras, meta 150"))
    button.click()
    page.wait_for_url("**/t/*")
    page.wait_for_function("() => dominoDebug.state().view !== null", timeout=15000)
    rules = state(page)["view"]["rules"]
    assert (rules["preset"], rules["seats"], rules["goal"]) == ("fives", 3, 150)


def test_focus_goes_to_each_new_screen_and_panel_and_the_result_is_said(
    page: Page, server: str
) -> None:
    # a draw game to 300: no first round reaches it (a classic match to 100 ends in round 1
    # in about 1 deal in 3,750, and then there is no next round to start)
    create_vs_computer(page, server, preset="draw", seats=2, goal=300)
    # the table opened: its heading holds the focus (not the page's body)
    assert page.evaluate("() => document.activeElement.closest('#table') !== null")
    assert page.evaluate("() => document.activeElement.tagName") == "H1"
    # one Tab from there reaches the game, and the hand is one Tab stop
    stops = page.locator("#hand .hand-tile[tabindex='0']")
    expect(stops).to_have_count(1)
    play_round(page)
    page.wait_for_function("() => document.activeElement.id === 'round-title'", timeout=5000)
    # the live region says who took the round, how and the score, not only "round over"
    # (in the singular when the round is worth one point: "Ana marca 1 ponto nesta rodada")
    expect(page.locator("#live")).to_contain_text(
        re.compile(r"Fim da rodada 1\. .+(pontos?|ninguém)")
    )
    expect(page.locator("#live")).not_to_contain_text("Fim da rodada. ")  # said once
    # the next round by the keyboard: focus goes on at the hand, not back to the page's top
    page.focus("#main-action")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !dominoDebug.state().view.round_over", timeout=10000)
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.closest('#hand') !== null",
        timeout=5000,
    )
    # then a resign: the match-over title takes the focus and the live
    # region says the match's result (who won, why, the score), not only "match over"
    page.click("#more summary")
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#match-over")).to_be_visible(timeout=5000)
    expect(page.locator("#match-title")).to_be_focused()
    said = re.compile(r"Fim da partida\. .+ Você desistiu\. ")
    expect(page.locator("#live")).to_contain_text(said)


def test_the_line_under_the_felt_changes_language_at_once(page: Page, server: str) -> None:
    create_vs_computer(page, server, preset="classic", seats=2, goal=100)
    # our turn: nothing moves until we do, so no new move can say it again meanwhile
    step_until(page, lambda: my_turn_to_play(page), what="our turn")
    live = page.locator("#live")
    expect(live).to_contain_text("Sua vez.")
    said = live.inner_text()
    seq = state(page)["seq"]
    page.select_option("#lang-select", "en")
    expect(live).to_contain_text("Your turn.")
    expect(live).not_to_contain_text("Sua vez")
    if "jogou" in said:  # the bot's opening move, said again in English
        expect(live).to_contain_text("played")
        expect(live).not_to_contain_text("jogou")
    assert state(page)["seq"] == seq, "said again by a new move, not by the language change"
    page.select_option("#lang-select", "pt-BR")
    expect(live).to_have_text(said)  # and back, word for word


def test_the_rules_page_asks_for_nothing_missing(page: Page, server: str) -> None:
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url} failed"))
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.url} {r.status}"))
    page.on(
        "console",
        lambda m: m.type == "error" and failed.append(f"console: {m.text} ({m.location['url']})"),
    )
    page.on("pageerror", lambda e: failed.append(f"page error: {e}"))
    page.goto(f"{server}/rules/?preset=caribbean&lang=pt-BR", wait_until="networkidle")
    expect(page.locator("#title")).to_contain_text("Caribenho")
    # a negative check: without an icon of its own the browser asks for /favicon.ico once
    # the page has loaded, a request Playwright does not report (only its 404, on the console)
    # and that nothing marks the end of; the wait is the time it is given to fail
    page.wait_for_timeout(500)
    assert failed == [], failed
    # the same icon as the main page's
    icon = page.locator("link[rel=icon]").get_attribute("href")
    page.goto(f"{server}/", wait_until="networkidle")
    assert icon and icon == page.locator("link[rel=icon]").get_attribute("href")
    page.wait_for_timeout(500)  # a negative check: the same, for the main page
    assert failed == [], failed
