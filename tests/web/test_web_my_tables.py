"""The home page lists the tables this browser holds a seat at ("Suas mesas"): your turn
first, a tap opens the table, finished ones can be taken off the list."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from .driver import create_for_friends, create_vs_computer
from .test_web_axe import _axe

pytestmark = pytest.mark.browser

MY_TURN = "() => { const v = dominoDebug.state().view; return v && v.turn === 0 && !v.round_over; }"


def test_home_lists_your_tables_your_turn_first(
    page: Page, server: str, shots: Path, axe_source: str
) -> None:
    link = create_for_friends(page, server, preset="block", seats=2, pace="correspondence")
    waiting_id = link.rsplit("/", 1)[1]
    create_vs_computer(page, server, preset="draw", seats=2, goal=100, name="Ana")
    page.wait_for_function(MY_TURN, timeout=15000)
    expect(page).to_have_title("▶ Sua vez · Dominó")  # a tab in the background says so
    solo_id = page.url.rsplit("/", 1)[1]

    page.click("#brand")  # the header's link home, in the middle of the match
    rows = page.locator("#my-tables-list li")
    expect(rows).to_have_count(2)
    expect(page).to_have_title("Dominó")
    # the table waiting for our move comes first, the one waiting for friends after it
    expect(rows.nth(0)).to_have_attribute("data-table", solo_id)
    expect(rows.nth(0).locator(".mt-status")).to_have_text("Sua vez!")
    expect(rows.nth(0)).to_contain_text("com Nino")
    expect(rows.nth(0).locator(".mt-score")).to_have_text("Placar 0 × 0")
    expect(rows.nth(1)).to_have_attribute("data-table", waiting_id)
    expect(rows.nth(1).locator(".mt-status")).to_have_text("Esperando os amigos chegarem")
    page.screenshot(path=str(shots / "home-my-tables.png"))
    _axe(page, axe_source, "home with your tables")
    page.select_option("#lang-select", "en")
    expect(rows.nth(1).locator(".mt-status")).to_have_text("Waiting for your friends")
    expect(rows.nth(0).locator(".mt-status")).to_have_text("Your turn!")
    page.select_option("#lang-select", "pt-BR")

    # a tap opens the table, with its invitation still there to send
    rows.nth(1).locator("a").click()
    page.wait_for_url(f"**/t/{waiting_id}")
    expect(page.locator("#invite-url")).to_have_value(link)

    # finish the match against the computer, then take it off the list
    page.click("#brand")
    rows.nth(0).locator("a").click()
    page.wait_for_url(f"**/t/{solo_id}")
    page.wait_for_function(MY_TURN, timeout=15000)
    page.click("#more summary")
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#match-over")).to_be_visible(timeout=5000)
    page.click("#go-home")
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_have_attribute("data-table", solo_id)  # finished: last
    expect(rows.nth(1).locator(".mt-status")).to_have_text("Terminou: não foi dessa vez")
    expect(rows.nth(0).locator("button.forget")).to_have_count(0)  # only finished ones
    _axe(page, axe_source, "home with a finished table (replay, take off)")
    # a finished row opens its replay; an unfinished one offers none
    expect(rows.nth(0).locator("a.replay-row")).to_have_count(0)
    rows.nth(1).locator("a.replay-row").click()
    page.wait_for_url(f"**/t/{solo_id}/replay")
    expect(page.locator("#replay-step")).to_contain_text("Rodada 1")
    page.goto(f"{server}/")
    expect(rows).to_have_count(2)
    rows.nth(1).locator("button.forget").click()
    expect(rows).to_have_count(1)
    kept = page.evaluate("Object.keys(JSON.parse(localStorage.getItem('domino.seats')))")
    assert kept == [waiting_id]
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_have_attribute("data-table", waiting_id)


def test_no_list_before_the_first_table(page: Page, server: str) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#new-table")).to_be_visible()
    expect(page.locator("#my-tables")).to_be_hidden()


def _listed_on_home(page: Page, server: str, tid: str, token: str) -> Locator:
    """This browser holds seat 0 of ``tid`` (``token``): its row on the home page."""
    page.goto(f"{server}/")
    page.evaluate(
        "([tid, token]) => localStorage.setItem('domino.seats',"
        " JSON.stringify({[tid]: {seat: 0, token}}))",
        [tid, token],
    )
    page.reload()
    page.wait_for_selector("body[data-ready]")
    row = page.locator(f"#my-tables-list li[data-table='{tid}']")
    expect(row).to_have_count(1)
    return row


def _started(page: Page, server: str, bots: list[str | None], friend: bool) -> tuple[str, str]:
    """A 2-seat correspondence match (classic to 50) made through the API, Bia joined if
    ``friend``, started, once the server says it is Ana's turn; its id and Ana's token."""
    made = page.request.post(
        f"{server}/api/tables",
        data={
            "preset": "classic",  # (a block round can end at the opening: 0.46% of deals)
            "seats": 2,
            "goal": 50,
            "pace": "correspondence",
            "bots": bots,
            "name": "Ana",
        },
    ).json()
    tid, token = made["table_id"], made["token"]
    if friend:
        assert page.request.post(f"{server}/api/tables/{tid}/join", data={"name": "Bia"}).ok
    started = page.request.post(
        f"{server}/api/tables/{tid}/start", headers={"Authorization": f"Bearer {token}"}
    )
    assert started.ok
    # the deal waits a moment for client seeds; then whoever holds the opening tile opens
    listed: dict = {}
    until = time.monotonic() + 30
    while time.monotonic() < until:
        listed = page.request.get(f"{server}/api/tables?id={tid}").json()["tables"][0]
        if listed["turn"] == 0:
            break
        if listed["turn"] == 1 and friend:
            return tid, token  # Bia's turn (the caller reads whose turn it is)
        page.wait_for_timeout(200)
    assert listed["turn"] == 0, f"30 s after the start it is still not Ana's turn: {listed}"
    return tid, token


def test_at_your_own_pace_a_row_says_how_long_is_left(page: Page, server: str) -> None:
    tid, token = _started(page, server, [None, None], friend=True)
    row = _listed_on_home(page, server, tid, token)
    # two days to play before the other side may claim the match (RULES: absence)
    turn = page.request.get(f"{server}/api/tables?id={tid}").json()["tables"][0]["turn"]
    left = r"(2 dias|1 dia 23 h)"
    if turn == 0:
        expect(row.locator(".mt-status")).to_have_text("Sua vez!")
        expect(row.locator(".mt-due")).to_have_text(re.compile(f"Você tem {left} para jogar"))
    else:
        expect(row.locator(".mt-due")).to_have_text(re.compile(f"Prazo para jogar: {left}"))


def test_alone_with_bots_at_your_own_pace_no_claim_is_counted_down(
    page: Page, server: str
) -> None:
    tid, token = _started(page, server, [None, "rabisco"], friend=False)
    row = _listed_on_home(page, server, tid, token)
    expect(row.locator(".mt-status")).to_have_text("Sua vez!")
    expect(row.locator(".mt-due")).to_have_count(0)  # nobody could end the match for absence


def test_a_device_clock_days_off_still_counts_the_rows_by_the_servers(
    page: Page, server: str
) -> None:
    # a phone whose clock is three days fast: without the server's time every row is late
    page.context.add_init_script(
        "(() => { const real = Date.now; Date.now = () => real() + 3 * 86400000; })();"
    )
    tid, token = _started(page, server, [None, None], friend=True)
    row = _listed_on_home(page, server, tid, token)
    expect(row.locator(".mt-due")).to_have_text(re.compile(r"(2 dias|1 dia 23 h)"))
