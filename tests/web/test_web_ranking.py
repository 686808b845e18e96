"""Experience points in the browser (RULES.md §10 Ranking): the match-over line,
the home block with one's own points and the top 10, the player token kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .driver import create_for_friends, create_vs_computer, join_and_start, state

pytestmark = pytest.mark.browser


def resign(page: Page) -> None:
    """Resign through the "More" menu and its confirmation."""
    page.click("#more summary")
    page.click("#resign")
    page.click("#confirm-yes")


def test_a_match_against_bots_says_it_gives_no_points(page: Page, server: str) -> None:
    create_vs_computer(page, server, preset="draw", seats=2, goal=100, name="Solo")
    resign(page)
    expect(page.locator("#match-over")).to_be_visible(timeout=5000)
    expect(page.locator("#match-xp")).to_be_visible(timeout=5000)
    expect(page.locator("#match-xp")).to_contain_text("Nenhum ponto de experiência")
    expect(page.locator("#match-xp")).to_contain_text("computador")
    # the table's create answered with a player token, kept for the next tables
    token = page.evaluate("JSON.parse(localStorage.getItem('domino.player'))")
    assert isinstance(token, str) and len(token) >= 16
    # in English too, without a reload
    page.select_option("#lang-select", "en")
    expect(page.locator("#match-xp")).to_contain_text("No experience points")
    page.select_option("#lang-select", "pt-BR")
    # home: this player has no points, so the block invites to earn some
    page.click("#go-home")
    expect(page.locator("#xp-me")).to_contain_text("ainda não tem pontos")


def test_friends_from_two_addresses_earn_points_that_reach_the_ranking(
    browser: Browser, server: str, shots: Path
) -> None:
    # the server trusts its loopback proxy: each context is seen from its own address
    host_ctx = browser.new_context(
        viewport={"width": 1000, "height": 800}, extra_http_headers={"X-Forwarded-For": "10.9.0.1"}
    )
    friend_ctx = browser.new_context(
        viewport={"width": 360, "height": 760}, extra_http_headers={"X-Forwarded-For": "10.9.0.2"}
    )
    try:
        host = host_ctx.new_page()
        link = create_for_friends(host, server, preset="block", seats=2, name="Helena")
        friend = friend_ctx.new_page()
        join_and_start(host, friend, link, "Otávio")

        resign(host)  # the friend wins: 10 × 2 seats; the host loses: 5
        for page in (host, friend):
            expect(page.locator("#match-over")).to_be_visible(timeout=5000)
        expect(friend.locator("#match-xp")).to_have_text("+20 pontos de experiência", timeout=5000)
        expect(host.locator("#match-xp")).to_have_text("+5 pontos de experiência", timeout=5000)
        friend.locator("#match-over").screenshot(path=str(shots / "match-over-points.png"))
        # a reload starts from a snapshot: the finished table's summary still has the points
        friend.reload()
        expect(friend.locator("#match-over")).to_be_visible(timeout=10000)
        expect(friend.locator("#match-xp")).to_have_text("+20 pontos de experiência", timeout=5000)

        # home: one's own points and place, and both names in the ranking
        friend.click("#go-home")
        expect(friend.locator("#xp-me")).to_contain_text("Otávio: 20 pontos · 1º lugar")
        ranking = friend.locator("#xp-ranking")
        expect(ranking).to_contain_text("Otávio")
        expect(ranking).to_contain_text("Helena")
        expect(ranking.locator("li").filter(has_text="Otávio")).to_contain_text("20 pontos")
        expect(ranking.locator("li").filter(has_text="Helena")).to_contain_text("5 pontos")
        # one's own line is marked (for the eye and for screen readers), the other is not
        mine = ranking.locator("li.me")
        expect(mine).to_have_count(1)
        expect(mine).to_contain_text("Otávio (você)")
        expect(mine).to_have_attribute("aria-current", "true")
        friend.screenshot(path=str(shots / "home-ranking-phone.png"), full_page=True)
        # a 360-px phone shows the block without sideways scrolling
        assert friend.evaluate("document.documentElement.scrollWidth") <= 360

        host.click("#go-home")
        expect(host.locator("#xp-me")).to_contain_text("Helena: 5 pontos")
        expect(host.locator("#experience")).to_have_attribute("aria-labelledby", "xp-title")

        # the player token survives a reload: the same points come back
        token = host.evaluate("localStorage.getItem('domino.player')")
        host.reload()
        host.wait_for_selector("body[data-ready]")
        expect(host.locator("#xp-me")).to_contain_text("Helena: 5 pontos")
        assert host.evaluate("localStorage.getItem('domino.player')") == token
        # and in English
        host.select_option("#lang-select", "en")
        expect(host.locator("#xp-me")).to_contain_text("Helena: 5 points")
        expect(host.locator("#experience h2")).to_have_text("Experience")
        host.select_option("#lang-select", "pt-BR")

        # the same player token follows the friend to the next table (sent on create)
        friend_token = friend.evaluate("localStorage.getItem('domino.player')")
        sent: list[str] = []
        friend.on(
            "request",
            lambda r: sent.append(r.post_data or "") if r.url.endswith("/api/tables") else None,
        )
        create_vs_computer(friend, server, preset="draw", seats=2, goal=100, name="Otávio")
        assert sent and friend_token.strip('"') in sent[0]
        assert state(friend)["table"]["status"] == "playing"
    finally:
        host_ctx.close()
        friend_ctx.close()


def test_the_ranking_block_is_empty_before_anyone_has_points(page: Page, server: str) -> None:
    """Drawn from a stand-in answer: the shared test server may already hold points."""
    page.route(
        "**/api/ranking*",
        lambda route: route.fulfill(json={"players": []}),
    )
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#xp-empty")).to_have_text(
        "Ninguém tem pontos ainda. A primeira partida entre amigos abre o ranking."
    )
    expect(page.locator("#xp-ranking")).to_be_hidden()
    # no player token yet: no line about one's own points
    assert page.evaluate("localStorage.getItem('domino.player')") is None
    expect(page.locator("#xp-me")).to_be_hidden()
