"""Tables by link, resuming, the connection banner, rejections, resigning, the rules pages,
the aids, the turn timer and an agreed annulment, a refused token (the fives target picker
is in test_web_fives.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .driver import (
    caught_up,
    click_step,
    create_vs_computer,
    playing_with_a_friend,
    state,
    step_until,
    two_people,
)
from .waits import dispatched, layout_still, motion_done, round_trip

pytestmark = pytest.mark.browser


def test_friend_joins_by_link_after_the_host_started(browser: Browser, server: str) -> None:
    with two_people(browser, (1100, 850)) as (host, friend):
        host.goto(f"{server}/")
        host.wait_for_selector("body[data-ready]")
        host.check("input[name=mode][value=friends]")
        host.select_option("#preset", "draw")
        host.check("input[name=seats][value='3']")
        host.fill("#name", "Host")
        expect(host.locator("#create-btn")).to_have_text("Criar mesa e convidar")
        host.click("#create-btn")
        host.wait_for_url("**/t/*")
        # the invite link is offered, and the host starts before anybody arrives
        expect(host.locator("#invite")).to_have_attribute("open", "")
        link = host.input_value("#invite-url")
        assert link.endswith(host.url.split("/t/")[1])
        expect(host.locator("#main-action")).to_have_text(
            "Começar agora (robôs nas cadeiras livres)"
        )
        host.click("#main-action")
        host.wait_for_function("() => dominoDebug.state().view !== null", timeout=10000)
        assert state(host)["table"]["status"] == "playing"

        friend.goto(link)
        expect(friend.locator("#lobby")).to_be_visible()
        expect(friend.locator("#lobby-summary")).to_contain_text("Comprando")
        friend.fill("#join-name", "Bia")
        friend.click("#join-btn")
        friend.wait_for_function("() => dominoDebug.state().view !== null", timeout=10000)
        seat = state(friend)["seat"]
        assert seat in (1, 2)
        # both screens name the friend in that seat once she has taken it over
        for page in (host, friend):
            expect(page.locator(f"#seats-bar .seat-chip[data-seat='{seat}']")).to_contain_text(
                "Bia", timeout=15000
            )
        # the friend holds a hand of her own and the two see the same board
        assert state(friend)["view"]["hand"] != state(host)["view"]["hand"]
        # both play on: the host's moves reach the friend and the other way round
        seq = state(friend)["seq"]
        for _ in range(400):
            click_step(host)
            click_step(friend)
            if state(friend)["seq"] > seq + 6:
                break
            host.wait_for_timeout(30)
        assert state(friend)["seq"] > seq + 6
        h, f = caught_up(host, friend)
        assert h["seq"] == f["seq"]
        assert h["view"]["board"] == f["view"]["board"]


def test_reload_mid_round_resumes_the_same_seat(page: Page, server: str, shots: Path) -> None:
    page.set_viewport_size({"width": 360, "height": 760})
    create_vs_computer(page, server, preset="draw", seats=3, goal=100, name="Rita")
    # our turn (the bots wait for us while the page reloads), a few tiles down
    step_until(
        page,
        lambda: (
            len(page.locator("#board .tile").all()) >= 4
            and page.locator("#hand .hand-tile.lit").count() > 0
        ),
        what="our turn with four tiles on the board",
    )
    page.evaluate("window.scrollTo(0, 0)")
    layout_still(page)
    motion_done(page)  # the last tile landed: the picture shows the table at rest
    page.screenshot(path=str(shots / "table-phone.png"))
    # readable on a phone: nothing wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    before = state(page)
    page.reload()
    page.wait_for_function("() => dominoDebug.state().view !== null", timeout=10000)
    after = state(page)
    assert after["seat"] == before["seat"] == 0
    assert after["table"]["id"] == before["table"]["id"]
    assert after["view"]["hand"] == before["view"]["hand"]
    assert after["view"]["board"] == before["view"]["board"]
    expect(page.locator("#seats-bar .seat-chip.me")).to_contain_text("Rita")
    # and the game goes on from there
    seq = after["seq"]
    for _ in range(100):
        click_step(page)
        if state(page)["seq"] > seq:
            break
        page.wait_for_timeout(30)
    assert state(page)["seq"] > seq


def test_lost_connection_shows_a_banner_and_resumes(page: Page, server: str) -> None:
    create_vs_computer(page, server, preset="block", seats=4, goal=100)
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    # the last event seen and the drop in one go: nothing arrives in between
    seq, banner = page.evaluate(
        "() => { const seq = dominoDebug.state().seq; dominoDebug.drop();"
        " return [seq, document.getElementById('conn-banner').textContent]; }"
    )
    # said at once (read in the same turn of the page: the reconnection is ~0.3 s away)
    assert "Reconectando" in banner, banner
    expect(page.locator("#conn-banner")).to_contain_text("Conectado de novo", timeout=10000)
    page.wait_for_function("() => dominoDebug.state().view !== null")
    # the new socket asked to resume after the last event this page had seen
    assert sockets, "no new websocket was opened"
    assert f"last_seq={seq}" in sockets[0], sockets
    assert state(page)["seq"] >= seq
    # the game still answers our moves after the reconnection
    for _ in range(200):
        if click_step(page) in ("play", "next_round"):
            break
        page.wait_for_timeout(30)
    assert state(page)["seq"] > seq


def test_rejected_command_is_shown(page: Page, server: str) -> None:
    create_vs_computer(page, server, preset="block", seats=2, goal=100)
    # the bot's opening move seen first: a move sent during it is refused as stale instead
    caught_up(page)
    # a tile we do not hold: refused whoever is on turn (the 0-0 we once sent was a legal
    # play in 0.14% of deals, when we held it and the bot had left a 0 on the left end)
    page.evaluate("""() => {
      const s = dominoDebug.state();
      const norm = (t) => t.split('-').map(Number).sort((a, b) => b - a).join('-');
      const mine = new Set((s.view.hand || []).map(norm));
      const all = [];
      for (let a = 0; a <= 6; a++) for (let b = 0; b <= a; b++) all.push(`${a}-${b}`);
      dominoDebug.send('play', {tile: all.find((t) => !mine.has(t)), end: 'L'});
    }""")
    # the refusal says why, in the player's words (whose turn it was decides which reason)
    expect(page.locator("#toast")).to_contain_text(
        re.compile(r"Jogada recusada: (não é a sua vez|essa pedra não serve aí)\.")
    )


def test_resign_asks_first_then_ends_the_match(page: Page, server: str) -> None:
    create_vs_computer(page, server, preset="classic", seats=2, goal=100)
    page.click("#more summary")
    page.click("#resign")
    expect(page.locator("#confirm-dialog")).to_be_visible()
    page.click("#confirm-no")
    round_trip(page)  # a resign that click sent would be decided, the match over, by now
    assert state(page)["view"]["over"] is False
    page.click("#more summary")
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#match-over")).to_be_visible(timeout=5000)
    expect(page.locator("#match-reason")).to_have_text("Você desistiu.")  # ours, said as ours
    assert state(page)["view"]["winner"] == 1


def test_rules_pages_per_preset_and_language(page: Page, server: str) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#preset", "fives")
    page.click("#home-rules")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text("Regras: Soma 5")
    expect(page.locator("#rules-body")).to_contain_text("pião")
    page.click("#rules-dialog button[value=close]")
    # switching to English relabels the page and is remembered
    page.select_option("#lang-select", "en")
    expect(page.locator("#create-btn")).to_have_text("Play")
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.click("#open-rules")
    page.select_option("#rules-preset", "caribbean")
    expect(page.locator("#rules-title")).to_have_text("Rules: Caribbean")
    expect(page.locator("#rules-body")).to_contain_text("blocked the moment")
    # the standalone page, one per preset and language
    page.goto(f"{server}/rules/?preset=block&lang=pt-BR")
    expect(page.locator("h1")).to_have_text("Regras: Fechado (sem compra)")
    page.goto(f"{server}/rules/?preset=block&lang=en")
    expect(page.locator("h1")).to_have_text("Rules: Block (no drawing)")
    page.evaluate("localStorage.clear()")


def test_aids_count_tiles_and_can_be_switched_off(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 1200, "height": 900})
    create_vs_computer(page, server, preset="draw", seats=2, goal=100)
    step_until(
        page, lambda: page.locator("#board .tile").count() >= 2, what="two tiles on the board"
    )
    half = page.locator("#board .tile .half").first
    n = half.get_attribute("data-n")
    half.hover()
    expect(page.locator("#aid-tip")).to_contain_text(f"Número {n}:")
    expect(page.locator("#aid-tip")).to_contain_text("na mesa")
    page.mouse.move(5, 5)
    page.click("#open-settings")
    page.uncheck("#set-aids")
    page.check("#settings-dialog input[name=pips][value=black]")
    page.click("#settings-dialog button[value=close]")
    expect(page.locator("body")).to_have_class("pips-black")
    box = page.locator("#board .tile .half").first.bounding_box()
    assert box
    # the mouse back over the half, a pixel off the point hovered before: a move to that
    # very point the page takes for the browser's report of a redraw under a resting mouse
    # and ignores (board-view.js), so the tip would stay hidden with the aids on as well
    with dispatched(page, "pointermove"):  # and the page has seen it come
        page.mouse.move(box["x"] + box["width"] / 2 + 1, box["y"] + box["height"] / 2 + 1)
    expect(page.locator("#aid-tip")).to_be_hidden()
    saved = page.evaluate("JSON.parse(localStorage.getItem('domino.settings'))")
    assert saved["aids"] is False and saved["pips"] == "black"
    page.evaluate("localStorage.clear()")


def test_turn_timer_and_annulment_agreed_by_both_humans(browser: Browser, server: str) -> None:
    with playing_with_a_friend(
        browser, server, (1000, 800), "Caio", preset="block", seats=2, pace="live", turn_seconds=60
    ) as (host, friend):
        # a live table with a turn timer shows the time left
        expect(host.locator("#timer")).to_contain_text("Tempo: ", timeout=5000)
        expect(host.locator("#timer")).to_contain_text(":")

        host.click("#more summary")
        host.click("#annul")
        host.click("#confirm-yes")
        expect(friend.locator("#annulment-bar")).to_contain_text("propôs anular", timeout=5000)
        expect(host.locator("#annul-yes")).to_be_hidden()  # the proposer does not vote again
        friend.click("#annul-yes")
        for page in (host, friend):
            expect(page.locator("#match-over")).to_be_visible(timeout=5000)
            expect(page.locator("#match-headline")).to_have_text("Partida sem vencedor.")
            expect(page.locator("#match-reason")).to_have_text("Partida anulada.")


def test_a_token_the_server_refuses_leads_back_to_the_invitation(page: Page, server: str) -> None:
    create_vs_computer(page, server, preset="draw", seats=2, goal=100)
    table_id = state(page)["table"]["id"]
    page.evaluate(
        """(id) => {
          const seats = JSON.parse(localStorage.getItem('domino.seats'));
          seats[id].token = 'not-a-real-token';
          localStorage.setItem('domino.seats', JSON.stringify(seats));
        }""",
        table_id,
    )
    page.reload()
    expect(page.locator("#lobby")).to_be_visible(timeout=10000)
    expect(page.locator("#join-btn")).to_be_visible()
    assert page.evaluate(f"JSON.parse(localStorage.getItem('domino.seats'))['{table_id}']") is None
