"""The table on a phone: on your turn the seats, the whole hand and the main button are in
view at once, without scrolling, and nothing is wider than the screen. And the aids tip
goes away with the tile it was about."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .boxes import in_view
from .driver import create_vs_computer, my_turn_to_play, state, step_until
from .waits import layout_still, motion_done

pytestmark = pytest.mark.browser

PHONES = [(360, 640), (360, 740), (640, 360), (740, 360)]  # upright and on its side
#: (preset, seats): the home page's default (classic, two teams), fives with 4 players
#: (a score on every seat) and a 3-player game with a boneyard
GAMES = [("classic", 4), ("fives", 4), ("draw", 3)]

BOXES_JS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const all = (sel) => Array.from(document.querySelectorAll(sel)).map(box);
  const root = document.documentElement;
  return {
    vw: root.clientWidth, vh: root.clientHeight, scrollWidth: root.scrollWidth,
    seats: box(document.querySelector('#seats-bar')),
    hand: all('#hand .hand-tile'),
    main: box(document.querySelector('#main-action')),
    board: box(document.querySelector('#board')),
    tiles: all('#board svg > .tile .face'),
    targets: all('#board .target'),
  };
}"""


def _key(tile: str) -> tuple[int, ...]:
    return tuple(sorted(int(n) for n in tile.split("-")))


def _my_turn_on_a_line(page: Page, tiles: int = 3) -> None:
    """Play on until it is our turn to lay a tile on a line of at least ``tiles`` tiles.

    The first such turn: ``step_until`` looks again right before each click, so a turn
    that began just after a look on a bot's turn is not played unseen (that let the line
    grow to 13-18 tiles in 1 run in 8, too long for 15-px tiles on a 360x640 fives cross).
    """

    def ours() -> bool:
        return my_turn_to_play(page) and page.locator("#board svg > .tile").count() >= tiles

    step_until(page, ours, what=f"our turn to play on a line of {tiles} tiles")


def _check_screen(page: Page, where: str) -> dict[str, Any]:
    page.evaluate("window.scrollTo(0, 0)")
    layout_still(page)  # the board takes the room left to it a frame after a change
    motion_done(page)  # the newest tile landed, a picked tile lifted: measured at rest
    b: dict[str, Any] = page.evaluate(BOXES_JS)
    vw, vh = b["vw"], b["vh"]
    assert b["scrollWidth"] <= vw, f"the page scrolls sideways {where}"
    assert in_view(b["seats"], vw, vh), f"the seats are off screen {where}: {b['seats']}"
    assert b["hand"], f"no hand {where}"
    for i, tile in enumerate(b["hand"]):
        assert in_view(tile, vw, vh), f"hand tile {i} is off screen {where}: {tile}, {vw}x{vh}"
    assert in_view(b["main"], vw, vh), f"the main button is off screen {where}: {b['main']}"
    # the line stays readable: a board of some height, tiles whose pips one can count;
    # on its side a phone has ~120 px of height for the board, and a fives cross (arms up
    # and down) then draws its tiles ~10 px wide: in view, but small; upright, a long
    # fives cross (the deal is random) may bring them down to 14 px, and once (4 seats at
    # 360x640) 12.5 px wide and 26 long
    assert b["board"]["h"] >= 110, f"the board is {b['board']['h']:.0f} px tall {where}"
    least = 12 if vh > vw else 8
    for tile in b["tiles"]:
        assert in_view(tile, vw, vh), f"a tile of the line is off screen {where}"
        assert min(tile["w"], tile["h"]) >= least, f"a tile of the line is {tile} {where}"
    return b


@pytest.mark.parametrize(("preset", "seats"), GAMES)
@pytest.mark.parametrize(("width", "height"), PHONES)
def test_whole_hand_and_main_button_in_view_on_your_turn(
    page: Page, server: str, width: int, height: int, preset: str, seats: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    create_vs_computer(page, server, preset=preset, seats=seats, goal=100)
    expect(page.locator("#seats-bar .seat-chip")).to_have_count(seats)
    _my_turn_on_a_line(page)
    where = f"at {width}x{height}, {preset} with {seats}"
    b = _check_screen(page, where)
    assert len(b["hand"]) == len(state(page)["view"]["hand"])
    expect(page.locator("#main-action")).to_have_text("Sua vez: escolha uma pedra")
    # a tile that fits two ends: while one chooses, the places to put it are in view too
    v = state(page)["view"]
    ends: dict[tuple[int, ...], set[str]] = {}
    for m in v["legal"]:
        if m["type"] == "play":
            ends.setdefault(_key(m["tile"]), set()).add(m["end"])
    two = [tile for tile in v["hand"] if len(ends.get(_key(tile), ())) >= 2]
    if two:
        page.locator(f"#hand .hand-tile[data-tile='{two[0]}']").click()
        expect(page.locator("#pick-hint")).to_be_visible()
        b = _check_screen(page, f"{where}, choosing an end")
        assert len(b["targets"]) >= 2
        for target in b["targets"]:
            assert in_view(target, b["vw"], b["vh"]), f"an end is off screen {where}"


def _give_hand(page: Page, count: int) -> None:
    """Our hand becomes ``count`` tiles, none on the line (a hand that only drawing gives),
    drawn by the client's own code."""
    page.evaluate(
        """(count) => {
          const s = dominoDebug.state();
          const board = s.view.board;
          const laid = new Set([board.center, ...Object.values(board.arms).flat()]
            .map((t) => [...t].sort().join('-')));
          const hand = [];
          for (let a = 6; a >= 0; a -= 1) for (let b = a; b >= 0; b -= 1) {
            if (!laid.has(`${b}-${a}`) && hand.length < count) hand.push(`${a}-${b}`);
          }
          dominoDebug.frame({type: 'event', seq: s.seq, event: {type: 'draw'},
                             view: {...s.view, hand}});
        }""",
        count,
    )
    expect(page.locator("#hand .hand-tile")).to_have_count(count)
    page.mouse.move(0, 0)  # a tile under the mouse is lifted a little (hover): not a row


@pytest.mark.parametrize("count", [11, 16, 21])
@pytest.mark.parametrize(("width", "height"), [(640, 360), (740, 360)])
def test_a_long_hand_stays_in_view_on_a_phone_on_its_side(
    page: Page, server: str, width: int, height: int, count: int
) -> None:
    # 11 tiles were seen off screen at 640x360 (3 players, 6 drawn); 21 is the most a
    # 2-player draw game can give (7 dealt, 14 drawn)
    page.set_viewport_size({"width": width, "height": height})
    create_vs_computer(page, server, preset="draw", seats=3, goal=100)
    _my_turn_on_a_line(page)
    _give_hand(page, count)
    _check_screen(page, f"at {width}x{height} with {count} tiles in hand")


@pytest.mark.parametrize("count", [14, 16])
def test_a_long_hand_after_drawing_staysin_view(page: Page, server: str, count: int) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    create_vs_computer(page, server, preset="draw", seats=3, goal=100)
    _my_turn_on_a_line(page)
    # a hand no 3-player deal gives at once but drawing does (14: up to 7 drawn;
    # 16 only with 2 players)
    _give_hand(page, count)
    b = _check_screen(page, f"with {count} tiles in hand")
    assert len({round(t["y"]) for t in b["hand"]}) == 2, "the hand takes more than two rows"


def test_seat_chips_are_short_and_at_the_felt_s_edges_on_a_phone(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    create_vs_computer(page, server, preset="classic", seats=4, goal=100)
    chips = page.locator("#seats-bar .seat-chip")
    expect(chips).to_have_count(4)
    # a chip is one short line (its last move in short, its timer a bar along its foot)
    heights = chips.evaluate_all("cs => cs.map(c => c.getBoundingClientRect().height)")
    assert max(heights) <= 36, heights
    # the others above the line (left, across, right), you below it
    places = page.evaluate(
        """() => { const board = document.querySelector('#board').getBoundingClientRect();
          return Array.from(document.querySelectorAll('#seats-bar .seat-chip')).map(c => {
            const r = c.getBoundingClientRect();
            return [c.dataset.place, r.bottom <= board.top + 1, r.top >= board.bottom - 1,
                    r.left, r.right]; }); }"""
    )
    for place, above, below, *_ in places:
        assert below if place == "bottom" else above, places
    xs = {p[0]: p[3] for p in places}
    assert xs["left"] < xs["top"] < xs["right"], places
    expect(page.locator("#seats-bar .team-score")).to_have_count(2)
    # what is shortened for the eye is still said in full to a screen reader (7 tiles, or
    # 6 once it opened: seat 1 holds the 6-6 in 1 deal in 4 and plays it at once)
    expect(chips.nth(1)).to_contain_text("robô médio")
    expect(chips.nth(1)).to_contain_text(re.compile(r"[67] pedras"))


def test_aids_tip_leaves_when_the_line_is_drawn_again(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    create_vs_computer(page, server, preset="draw", seats=2, goal=100)
    _my_turn_on_a_line(page, tiles=2)
    half = page.locator("#board .tile .half").first
    n = half.get_attribute("data-n")
    half.hover()
    expect(page.locator("#aid-tip")).to_have_text(re.compile(f"^Número {n}:"))
    expect(page.locator("#aid-tip")).to_be_visible()
    # the line is drawn again under the resting mouse (here for a change of language,
    # the same tiles in the same places): the tip goes and stays away until the mouse
    # moves, rather than staying on in the old words
    page.select_option("#lang-select", "en")
    expect(page.locator("#turn-text")).to_have_text("Your turn")
    # the browser looks again at what lies under a resting mouse at its next drawn frame
    # (and tells the page of the new tile there): once the layout has held still for three,
    # the tip has had its chance to come back
    layout_still(page)
    expect(page.locator("#aid-tip")).to_be_hidden()
    box = half.bounding_box()
    assert box
    page.mouse.move(box["x"] + box["width"] / 2 + 1, box["y"] + box["height"] / 2 + 1)
    expect(page.locator("#aid-tip")).to_have_text(re.compile(f"^Number {n}:"))
    expect(page.locator("#aid-tip")).to_be_visible()
    page.evaluate("localStorage.clear()")

