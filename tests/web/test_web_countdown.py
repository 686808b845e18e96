"""Between rounds at a live table with other people the next round starts by itself:
the page counts it down from the table's deadline (docs/DESIGN.md §2)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .driver import (
    create_for_friends,
    create_vs_computer,
    join_and_start,
    my_turn_to_play,
    step_until,
    two_people,
)
from .test_web_told import _on_turn

pytestmark = pytest.mark.browser


def test_the_next_rounds_start_is_counted_down(page: Page, server: str) -> None:
    create_vs_computer(page, server, preset="classic", seats=2, goal=50)
    # our turn: the bot waits for us, so nothing the server sends races what we show
    step_until(page, lambda: my_turn_to_play(page), what="our turn")
    expect(page.locator("#timer")).to_be_hidden()  # no turn timer at this table
    # the round ends and the summary says when the next one starts (as the server
    # sends it at a table with friends; alone with bots there is no such deadline)
    page.evaluate(
        """() => {
          const s = dominoDebug.state();
          const at = new Date(Date.now() + 7500).toISOString();
          dominoDebug.frame({type: 'table', table: {...s.table, deadline: at}});
          dominoDebug.frame({type: 'event', seq: s.seq, event: {type: 'round_end'},
                             view: {...s.view, round_over: true, turn: null, legal: []}});
        }"""
    )
    timer = page.locator("#timer")
    expect(timer).to_have_text(re.compile(r"Próxima rodada em 0:0[5-7]"))
    first = timer.inner_text()
    expect(timer).not_to_have_text(first, timeout=3000)  # it counts down
    page.select_option("#lang-select", "en")
    expect(timer).to_have_text(re.compile(r"Next round in "))
    page.select_option("#lang-select", "pt-BR")
    # at your own pace too the next round starts by itself: it is counted down the same
    page.evaluate(
        """() => {
          const s = dominoDebug.state();
          const at = new Date(Date.now() + 7500).toISOString();
          const table = {...s.table, pace: 'correspondence', deadline: at};
          dominoDebug.frame({type: 'table', table});
        }"""
    )
    expect(timer).to_be_visible()
    expect(timer).to_have_text(re.compile(r"Próxima rodada em 0:0[5-7]"))


#: A device whose clock is two and a half minutes fast.
FAST_CLOCK = "(() => { const real = Date.now; Date.now = () => real() + 150000; })();"


def test_a_device_clock_minutes_off_still_counts_the_server_deadlines(
    browser: Browser, server: str
) -> None:
    """Deadlines are the server's time: the page counts them by the server's clock (the
    welcome's `now`), so a fast phone does not show a turn timer already run out, nor
    offer to end a match for an absence the server would refuse."""
    with two_people(browser, (1280, 800)) as (host, guest):
        for p in (host, guest):
            p.context.add_init_script(FAST_CLOCK)
        link = create_for_friends(host, server, preset="draw", seats=2, pace="live",
                                  turn_seconds=30)
        join_and_start(host, guest, link, "Bia")
        waiting = _on_turn(host, guest)
        text = waiting.locator("#seats-bar .seat-chip.me .seat-timer-text")
        expect(text).to_have_text(re.compile(r"^0:(1\d|2\d|30)$"))
