"""The table's "Mais opções" menu: it opens beside its button, never over it (nor over
the main button), on a laptop, a phone upright and a phone on its side; a second tap on
the button closes it without sending a reaction; Escape closes it with the focus back on
the button, a tap outside closes it (and does nothing else), and so does choosing an item."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .driver import create_vs_computer, my_turn_to_play, step_until
from .waits import dispatched, layout_still, round_trip

pytestmark = pytest.mark.browser

#: What lies at the centre of an element's box: "self", "menu" (under the open menu),
#: or the tag of what covers it.
HIT_JS = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  if (!e) return 'nothing';
  if (e.closest(sel)) return 'self';
  return e.closest('.more-items') ? 'menu' : e.tagName;
}"""

#: The open menu's box, and the screen's size.
BOX_JS = """() => {
  const r = document.querySelector('#more .more-items').getBoundingClientRect();
  return {x: r.x, y: r.y, right: r.right, bottom: r.bottom,
          vw: document.documentElement.clientWidth, vh: document.documentElement.clientHeight};
}"""

#: Our hand becomes ``count`` tiles (a long draw gives such hands), drawn by the page's own
#: code from a frame the server could have sent (as in test_web_phone.py).
GROW_HAND_JS = """(count) => {
  const s = dominoDebug.state();
  const board = s.view.board;
  const laid = new Set([board.center, ...Object.values(board.arms).flat()]
    .filter(Boolean).map((t) => [...t].sort().join('-')));
  const hand = [];
  for (let a = 6; a >= 0; a -= 1) for (let b = a; b >= 0; b -= 1) {
    if (!laid.has(`${b}-${a}`) && hand.length < count) hand.push(`${a}-${b}`);
  }
  dominoDebug.frame({type: 'event', seq: s.seq, event: {type: 'draw'}, view: {...s.view, hand}});
}"""

SIZES = [
    pytest.param((1366, 768), False, id="laptop"),
    pytest.param((390, 844), True, id="phone"),
    pytest.param((844, 390), True, id="phone-on-its-side"),
]


def _press(page: Page, selector: str, touch: bool) -> None:
    """A tap on a phone, a click elsewhere, at the centre of what ``selector`` finds."""
    if touch:
        page.tap(selector)
    else:
        page.click(selector)


def _open(page: Page, touch: bool) -> None:
    _press(page, "#more summary", touch)
    expect(page.locator("#more")).to_have_attribute("open", "")
    expect(page.locator("#more .more-items")).to_be_visible()


def _expanded(page: Page) -> bool | None:
    """The menu button's expanded state as Chromium tells a screen reader (a <summary>
    has it from its <details>: no aria-expanded to keep in step by hand)."""
    cdp = page.context.new_cdp_session(page)
    try:
        for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
            props = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
            if node.get("name", {}).get("value") == "Mais opções" and "expanded" in props:
                return bool(props["expanded"])
        return None
    finally:
        cdp.detach()


def _sent(frames: list[str], kind: str) -> list[str]:
    return [f for f in frames if f'"type":"{kind}"' in f.replace(" ", "")]


@pytest.mark.parametrize(("size", "touch"), SIZES)
def test_the_more_menu_opens_beside_its_button_and_closes_every_way(
    browser: Browser, server: str, size: tuple[int, int], touch: bool
) -> None:
    ctx = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=touch, is_mobile=touch
    )
    try:
        page = ctx.new_page()
        sent: list[str] = []  # every command the page sends

        def on_socket(ws: Any) -> None:
            ws.on("framesent", lambda payload: sent.append(str(payload)))

        page.on("websocket", on_socket)
        create_vs_computer(page, server, preset="classic", seats=2, goal=100)
        # our turn, with a tile to play: a press on it would pick it (or play it)
        step_until(page, lambda: my_turn_to_play(page), what="our turn")
        menu = page.locator("#more")
        button = page.locator("#more summary")
        expect(page.locator("#reactions")).to_be_hidden()  # (in the closed menu)

        # open: its button and the main button stay uncovered, the menu is on the screen
        _open(page, touch)
        expect(page.locator("#reactions")).to_be_visible()
        assert page.evaluate(HIT_JS, "#more summary") == "self", "the menu covers its button"
        assert page.evaluate(HIT_JS, "#main-action") == "self", "the menu covers the main button"
        box = page.evaluate(BOX_JS)
        assert box["x"] >= 0 and box["y"] >= 0, box
        assert box["right"] <= box["vw"] and box["bottom"] <= box["vh"], box
        assert _expanded(page) is True  # said to a screen reader

        # a second press on the button closes it, and sends nobody a reaction
        _press(page, "#more summary", touch)
        expect(menu).not_to_have_attribute("open", "")
        expect(page.locator("#more .more-items")).to_be_hidden()
        round_trip(page)  # a reaction that press sent would be answered, and shown, by now
        assert not _sent(sent, "react"), sent
        expect(page.locator("#seats-bar .reaction-bubble")).to_have_count(0)

        # Escape closes it, and the keyboard is back on the button
        _open(page, touch)
        page.keyboard.press("Escape")
        expect(menu).not_to_have_attribute("open", "")
        expect(button).to_be_focused()
        assert _expanded(page) is False
        # from the keyboard too: Enter on the button opens it, Escape closes it
        page.keyboard.press("Enter")
        expect(menu).to_have_attribute("open", "")
        page.keyboard.press("Escape")
        expect(menu).not_to_have_attribute("open", "")
        expect(button).to_be_focused()

        # a press outside closes it, and only that: a spot the menu leaves in view (above
        # it, or below it when it opens downwards), then a tile we could play
        _open(page, touch)
        box = page.evaluate(BOX_JS)
        x = box["vw"] / 2
        y = box["y"] / 2 if box["y"] >= 20 else (box["bottom"] + box["vh"]) / 2
        before = len(sent)
        with dispatched(page, "click"):  # the press's click comes after the menu closed
            if touch:
                page.touchscreen.tap(x, y)
            else:
                page.mouse.click(x, y)
        expect(menu).not_to_have_attribute("open", "")
        round_trip(page)  # what that press sent would be answered by now
        moves = [f for k in ("play", "draw", "pass", "react") for f in _sent(sent[before:], k)]
        assert not moves, moves
        assert page.evaluate("() => document.querySelectorAll('dialog[open]').length") == 0
        _open(page, touch)
        tile = "#hand .hand-tile.lit >> nth=0"
        if page.evaluate(HIT_JS, "#hand .hand-tile.lit") == "self":  # (on its side: under it)
            before = len(sent)
            with dispatched(page, "click"):
                _press(page, tile, touch)
            expect(menu).not_to_have_attribute("open", "")
            round_trip(page)
            expect(page.locator("#hand .hand-tile.selected")).to_have_count(0)
            assert not _sent(sent[before:], "play"), sent[before:]
        else:
            page.keyboard.press("Escape")
        expect(menu).not_to_have_attribute("open", "")

        # choosing an item closes it: the score sheet opens instead
        _open(page, touch)
        _press(page, "#score-more", touch)
        expect(menu).not_to_have_attribute("open", "")
        expect(page.locator("#score-dialog")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#score-dialog")).to_be_hidden()
        expect(button).to_be_focused()

        # open while the dock grows under it (a long draw: the hand takes more rows, the
        # button moves up): the menu follows, still beside it
        _open(page, touch)
        page.evaluate(GROW_HAND_JS, 21)
        expect(page.locator("#hand .hand-tile")).to_have_count(21)
        layout_still(page)  # the menu follows at the frame the dock grows in
        assert page.evaluate(HIT_JS, "#more summary") == "self", "the menu covers its button"
        assert page.evaluate(HIT_JS, "#main-action") == "self", "the menu covers the main button"

        # a reaction chosen is sent (so the checks above would have seen one), and closes it
        _press(page, "#reactions [data-react='nice']", touch)
        expect(menu).not_to_have_attribute("open", "")
        round_trip(page)  # the reaction answered, and a second one would be too
        assert len(_sent(sent, "react")) == 1, sent
    finally:
        ctx.close()
