"""What a player sees on a phone, a tablet and a desktop: the line, the hand, the round over."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .driver import create_vs_computer, my_turn_to_play, play_round, state, step_until
from .waits import layout_still

pytestmark = pytest.mark.browser

VIEWPORTS = [(360, 740), (768, 1024), (1280, 900)]


def _chain(start: int, pips: list[int]) -> list[list[int]]:
    out, open_end = [], start
    for other in pips:
        out.append([open_end, other])
        open_end = other
    return out


#: Every tile of the set in one line: 6-6 in the center, 14 tiles west and 13 east.
FULL_LINE = {
    "center": [6, 6],
    "spinner": False,
    "arms": {
        "L": _chain(6, [5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, 6, 4]),
        "R": _chain(6, [3, 5, 2, 6, 1, 5, 0, 4, 2, 0, 3, 1, 4]),
        "U": [],
        "D": [],
    },
}

BOXES_JS = """() => {
  const rect = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  return {
    tiles: Array.from(document.querySelectorAll('#board svg > .tile .face')).map(rect),
    wrap: rect(document.querySelector('#board-wrap')),
    panels: rect(document.querySelector('#panels')),
    hand: Array.from(document.querySelectorAll('#hand .hand-tile')).map(rect),
    width: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
  };
}"""


def _overlap(p: dict[str, float], q: dict[str, float], eps: float = 0.5) -> bool:
    return (
        p["x"] < q["x"] + q["w"] - eps
        and q["x"] < p["x"] + p["w"] - eps
        and p["y"] < q["y"] + q["h"] - eps
        and q["y"] < p["y"] + p["h"] - eps
    )


def _inside(inner: dict[str, float], outer: dict[str, float], eps: float = 0.5) -> bool:
    return (
        inner["x"] >= outer["x"] - eps
        and inner["y"] >= outer["y"] - eps
        and inner["x"] + inner["w"] <= outer["x"] + outer["w"] + eps
        and inner["y"] + inner["h"] <= outer["y"] + outer["h"] + eps
    )


def _my_turn(page: Page) -> None:
    """Play on until it is our turn with a tile to play (the bot then waits for us)."""

    step_until(page, lambda: my_turn_to_play(page), what="our turn with a tile to play")


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_all_28_tiles_fit_the_table_readably(page: Page, server: str, width: int, height: int):
    page.set_viewport_size({"width": width, "height": height})
    create_vs_computer(page, server, preset="draw", seats=2, goal=100)
    _my_turn(page)
    # the line no real deal gives in one round: all 28 tiles, drawn by the client's own code,
    # beside a hand of the 7 tiles dealt (in 6% of games we drew before our first turn, and
    # 8-19 tiles in hand take a second row: a smaller board, e.g. 14.8-px tiles at 360 px)
    page.evaluate(
        """(board) => {
          const s = dominoDebug.state();
          const view = {...s.view, board, ends: {L: 4, R: 4}, hand: s.view.hand.slice(0, 7)};
          dominoDebug.frame({type: 'event', seq: s.seq, event: {type: 'draw'}, view});
        }""",
        FULL_LINE,
    )
    expect(page.locator("#board svg > .tile")).to_have_count(28)
    boxes: dict[str, Any] = page.evaluate(BOXES_JS)
    tiles = boxes["tiles"]
    for i, a in enumerate(tiles):
        assert _inside(a, boxes["wrap"]), f"tile {i} sticks out of the table at {width}px"
        # a tile's short side stays big enough to count its pips
        assert min(a["w"], a["h"]) >= (15 if width < 500 else 22), f"tile {i} is {a} at {width}px"
        for j in range(i + 1, len(tiles)):
            assert not _overlap(a, tiles[j]), f"tiles {i} and {j} overlap at {width}px"
    assert boxes["scrollWidth"] <= boxes["width"], "the page scrolls sideways"
    # the hand fits the screen's width beside it
    for b in boxes["hand"]:
        assert b["x"] >= 0 and b["x"] + b["w"] <= boxes["width"]


def test_phone_hand_of_seven_fits_in_one_row(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    create_vs_computer(page, server, preset="block", seats=2, goal=100)
    expect(page.locator("#hand .hand-tile")).to_have_count(7)
    boxes = page.evaluate(BOXES_JS)
    rows = {round(b["y"]) for b in boxes["hand"]}
    assert len(rows) == 1, f"7 tiles on {len(rows)} rows"
    assert all(b["x"] >= 0 and b["x"] + b["w"] <= 360 for b in boxes["hand"])
    assert boxes["scrollWidth"] <= 360


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_round_over_panel_and_board_do_not_collide(
    page: Page, server: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    create_vs_computer(page, server, preset="fives", seats=4, goal=300)
    play_round(page)
    expect(page.locator("#round-over")).to_be_visible()
    layout_still(page)  # the board takes the room the panel leaves it a frame after
    boxes = page.evaluate(BOXES_JS)
    assert boxes["tiles"], "the final line stays on the table"
    for tile in boxes["tiles"]:
        assert _inside(tile, boxes["wrap"]), f"the line overflows the table at {width}px"
        assert not _overlap(tile, boxes["panels"]), f"the panel covers the line at {width}px"
    # no leftover pick places or translucent tiles on the line
    expect(page.locator("#board .target")).to_have_count(0)
    expect(page.locator("#board .tile.last")).to_have_count(0)
    # every hand face up: as many revealed tiles as the seats held
    result = state(page)["view"]["result"]
    hands = result["hands"]
    expect(page.locator("#round-hands .reveal-row:not(.rest)")).to_have_count(4)
    shown = page.locator("#round-hands .reveal-row:not(.rest) .mini")
    expect(shown).to_have_count(sum(len(h) for h in hands))
    # and the tiles left in the boneyard, after them
    left = page.locator("#round-hands .reveal-row.rest .mini")
    expect(left).to_have_count(len(result.get("boneyard") or []))
    # our own hand moved into the panel; the main button says what comes next
    expect(page.locator("#hand")).to_be_hidden()
    expect(page.locator("#main-action")).to_have_text("Próxima rodada")
    expect(page.locator("#main-action")).to_be_in_viewport()
    assert boxes["scrollWidth"] <= boxes["width"]


def test_round_over_explains_the_score_with_the_sum(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    create_vs_computer(page, server, preset="draw", seats=3, goal=100)
    play_round(page)
    result = state(page)["view"]["result"]
    expect(page.locator("#round-explain")).not_to_be_empty()
    expect(page.locator("#round-score")).to_contain_text("Placar:")
    expect(page.locator("#round-score")).to_contain_text("meta 100")
    if result["winner"] is not None and result["points"]:
        # the award written as the sum of the hands that make it
        expect(page.locator("#round-sum")).to_contain_text("A conta:")
        text = page.inner_text("#round-sum")
        assert str(result["points"]) in text
        counted = [n for n in result["pips"] if n and f"{n} (" in text]
        assert counted, text
    if result["winner"] is not None:
        expect(page.locator("#round-hands .reveal-row.won")).not_to_have_count(0)
    else:  # a blocked round with the lowest hands tied (0.25% of deals): nobody scores
        expect(page.locator("#round-hands .reveal-row.won")).to_have_count(0)


def test_last_played_tile_is_highlighted_and_announced(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 1024, "height": 800})
    create_vs_computer(page, server, preset="block", seats=3, goal=100)

    def a_bot_played_and_we_are_on_turn() -> bool:
        v = state(page)["view"]
        plays = [e for e in v["log"] if e["type"] == "play" and e["seat"] != 0]
        return bool(plays) and v["turn"] == 0

    step_until(page, a_bot_played_and_we_are_on_turn, what="our turn after a bot's play")
    last = [e for e in state(page)["view"]["log"] if e["type"] == "play"][-1]
    hi = page.locator("#board svg > .tile.last")
    expect(hi).to_have_count(1)
    pips = sorted(
        int(n) for n in hi.locator(".half").evaluate_all("hs => hs.map(h => h.dataset.n)")
    )
    assert pips == sorted(int(n) for n in last["tile"].split("-"))
    # the polite live region says who played what
    expect(page.locator("#live")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#live")).to_contain_text("jogou")
