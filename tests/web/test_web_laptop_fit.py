"""The whole table fits a laptop's window: 1366x657 and 1280x689 are what the two
commonest laptop screens leave a page once the browser's own bars are drawn. Seen there
before: the page ran 90 px past the window and your own chip (your points, your last move)
and the log line sat under the dock with the main button and the hand. With a notice above
the felt ("aberta em outra aba ou aparelho") the same at 1280x800. At a round's end the
result panel beside the felt made the page 850 px long at 1366x657, the last hands face up
under the "next round" bar; it now scrolls within the felt's height."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .boxes import in_view, overlap
from .driver import caught_up, create_vs_computer, play_round
from .test_web_live_line import SAY_JS, TILES
from .test_web_phone_fit import PARTS_JS, _check_parts
from .waits import layout_still

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("preset", "seats"), [("draw", 2), ("batida", 4)])
@pytest.mark.parametrize(("width", "height"), [(1366, 657), (1280, 689)])
def test_the_whole_table_in_a_laptop_window(
    page: Page, server: str, width: int, height: int, preset: str, seats: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    goal = 6 if preset == "batida" else 100
    create_vs_computer(page, server, preset=preset, seats=seats, goal=goal)
    expect(page.locator("#seats-bar .seat-chip")).to_have_count(seats)
    expect(page.locator("#hand .hand-tile").first).to_be_visible()
    caught_up(page)  # the bots' first moves made: the lines above and below the felt as they stay
    _check_parts(page, f"at {width}x{height}, {preset} with {seats}")


@pytest.mark.parametrize("said", [0, 6])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1366, 657)])
def test_your_chip_stays_above_the_dock_under_a_notice(
    page: Page, server: str, width: int, height: int, said: int
) -> None:
    # seen in CI at 1366x657: a run of moves said together took the log line to two lines,
    # the page grew 22 px, and the dock (which keeps to the window's foot) covered the line
    page.set_viewport_size({"width": width, "height": height})
    create_vs_computer(page, server, preset="draw", seats=2, goal=100)
    other = page.context.new_page()  # the same seat opened again: this page shows the notice
    other.goto(page.url)
    expect(page.locator("#elsewhere-bar")).to_be_visible(timeout=10000)
    caught_up(page, other)
    if said:
        page.evaluate(SAY_JS, TILES[:said])
        expect(page.locator("#live")).to_contain_text(TILES[said - 1])  # the last play is said
    where = f"at {width}x{height} with a notice, {said} moves said at once"
    if height >= 800:
        _check_parts(page, where)
        return
    # a short window may scroll a little with a notice, but your chip and the log line
    # are in view above the dock at the top of the page
    page.evaluate("window.scrollTo(0, 0)")
    layout_still(page)
    b = page.evaluate(PARTS_JS)
    for name in ("me", "live", "dock"):
        assert b[name] and in_view(b[name], b["vw"], b["vh"]), f"the {name} is off screen {where}"
    assert not overlap(b["me"], b["dock"]), f"your chip is under the dock {where}"
    assert not overlap(b["live"], b["dock"]), f"the log line is under the dock {where}"
    assert b["liveShown"], f"the log line is covered {where}"


#: the boxes of the result panel and of its last row of hands, and the panel's scroll room
PANEL_JS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const panels = document.querySelector('#panels');
  const rows = document.querySelectorAll('#round-over .reveal-row');
  return {panels: box(panels), last: box(rows[rows.length - 1]), rows: rows.length,
          scrolls: panels.scrollHeight > panels.clientHeight};
}"""


@pytest.mark.parametrize(("width", "height"), [(1366, 657), (1280, 800)])
def test_the_round_over_panel_scrolls_within_the_felt(
    page: Page, server: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    create_vs_computer(page, server, preset="classic", seats=4, goal=100)
    play_round(page)
    expect(page.locator("#round-over")).to_be_visible()
    where = f"at {width}x{height}, a round over"
    page.evaluate("window.scrollTo(0, 0)")
    layout_still(page)
    b = page.evaluate(PARTS_JS)
    assert b["scrollHeight"] <= b["vh"], f"the page is {b['scrollHeight']} px tall {where}"
    for name in ("me", "dock", "main"):
        assert b[name] and in_view(b[name], b["vw"], b["vh"]), f"the {name} is off screen {where}"
    assert not overlap(b["me"], b["dock"]), f"your chip is under the dock {where}"
    p = page.evaluate(PANEL_JS)
    assert p["rows"] == 4, p
    assert not overlap(p["panels"], b["dock"]), f"the panel runs under the dock {where}"
    # every hand can be read: the last row, scrolled to within the panel, shows whole
    page.locator("#round-over .reveal-row").last.scroll_into_view_if_needed()
    p = page.evaluate(PANEL_JS)
    top, bottom = p["panels"]["y"], p["panels"]["y"] + p["panels"]["h"]
    assert top - 0.5 <= p["last"]["y"] and p["last"]["y"] + p["last"]["h"] <= bottom + 0.5, p
    assert page.evaluate("document.documentElement.scrollTop") == 0, "the page scrolled"
