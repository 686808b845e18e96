"""Playing again: alone with bots, a new match starts at once; with friends, the new
table waits for them with its link open to share, their seats kept free, and the friends
still at the finished table are offered to go there."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Route, expect

from .driver import create_for_friends, join_and_start, state
from .test_web_axe import _axe
from .test_web_ranking import resign
from .waits import LISTEN_JS, heard

pytestmark = pytest.mark.browser


def test_play_again_with_friends_opens_a_new_table_to_share(
    browser: Browser, server: str, axe_source: str
) -> None:
    ctxs = [browser.new_context(viewport={"width": 1000, "height": 800}) for _ in range(2)]
    try:
        host, friend = (ctx.new_page() for ctx in ctxs)
        link = create_for_friends(host, server, preset="draw", seats=3, name="Helena")
        join_and_start(host, friend, link, "Otávio")
        old = state(host)["table"]["id"]
        resign(friend)
        for page in (host, friend):
            expect(page.locator("#match-over")).to_be_visible(timeout=5000)
            expect(page.locator("#rematch")).to_have_text("Nova mesa para os mesmos amigos")

        # someone opening the old link now is told the match is over: no form to fill,
        # the ways to its replay and home instead, in the page's language
        ctxs.append(browser.new_context(viewport={"width": 1000, "height": 800}))
        late = ctxs[-1].new_page()
        late.goto(link)
        over = late.locator("#lobby-over")
        expect(over).to_be_visible()
        expect(over).to_contain_text("Esta partida já terminou")
        expect(late.locator("#join-form")).to_be_hidden()
        expect(late.locator("#lobby-summary")).to_contain_text("Helena")
        expect(late.locator("#lobby-summary")).not_to_contain_text(re.compile("livres? ou com"))
        _axe(late, axe_source, "the invitation of a finished match")
        late.select_option("#lang-select", "en")
        expect(over).to_contain_text("This match is over")
        expect(late.locator("#lobby-over-home")).to_have_text("Go home")
        late.locator("#lobby-replay").click()
        late.wait_for_url(f"{link}/replay")
        expect(late.locator("#replay-step")).to_be_visible()
        late.go_back()
        expect(over).to_be_visible()
        late.click("#lobby-over-home")
        expect(late.locator("#home")).to_be_visible()
        assert late.url.rstrip("/") == server
        late.close()

        friend.evaluate(LISTEN_JS)
        host.click("#rematch")
        fresh = f"() => dominoDebug.state().tableId !== '{old}' && dominoDebug.state().table"
        host.wait_for_function(fresh, timeout=10000)
        s = state(host)
        # not started: the friend's seat waits for him, and the link to send is in view
        assert s["table"]["status"] == "waiting"
        assert [seat["kind"] for seat in s["table"]["seats"]] == ["human", "empty", "empty"]
        assert s["table"]["rules"]["preset"] == "draw" and s["table"]["rules"]["seats"] == 3
        expect(host.locator("#invite-url")).to_be_visible()
        new_link = host.input_value("#invite-url")
        assert s["table"]["id"] in new_link and old not in new_link

        # the friend, still on the finished table, is told where to go on: his button
        # goes to Helena's new table (it no longer makes a table of its own)
        heard(friend, "Helena abriu uma nova mesa")  # (Helena's leaving may be said next)
        expect(friend.locator("#rematch")).to_have_text("Ir para a nova mesa de Helena")
        # even pressed before the news reached his page (both pressing at once), it asks
        # first and goes to hers: no empty table of his own is left behind
        seats_js = "() => Object.keys(JSON.parse(localStorage.getItem('domino.seats') || '{}'))"
        held = friend.evaluate(seats_js)
        friend.evaluate("() => { dominoDebug.state().table.rematch = null; }")
        friend.click("#rematch")
        friend.wait_for_url(f"**/t/{s['table']['id']}")
        expect(friend.locator("#join-form")).to_be_visible()
        assert friend.evaluate(seats_js) == held, "a table of his own was made"
        # pressed at the same instant as hers, the news withheld from his check too: his
        # table is made, the finished table keeps the first offer, hers, and he goes
        # there all the same, his own empty table not kept among his tables
        friend.go_back()
        expect(friend.locator("#rematch")).to_be_visible()
        friend.evaluate("() => { dominoDebug.state().table.rematch = null; }")
        withheld = f"**/api/tables/{old}"

        def without_news(route: Route) -> None:
            route.fulfill(json={**route.fetch().json(), "rematch": None})

        friend.route(withheld, without_news, times=1)  # the check only: asked again, it is told
        with friend.expect_response(f"**/api/tables/{old}/rematch") as refused:
            friend.click("#rematch")
        assert refused.value.status == 403 and "already offered" in refused.value.text()
        friend.wait_for_url(f"**/t/{s['table']['id']}")
        expect(friend.locator("#join-form")).to_be_visible()
        assert friend.evaluate(seats_js) == held, "his empty table is kept among his tables"
        # and they play again
        join_and_start(host, friend, new_link, "Otávio")
        assert state(friend)["table"]["id"] == s["table"]["id"]
        assert state(host)["table"]["status"] == "playing"
        # the link, opened for the wait, folds away once the match is on
        expect(host.locator("#invite")).not_to_have_attribute("open", "")
    finally:
        for ctx in ctxs:
            ctx.close()
