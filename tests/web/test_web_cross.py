"""The fives cross at 1280x800: with four long spinner arms the tiles stay at least 40 px
long (the U and D arms turn into rows instead of one thin column), nothing lies under the
bottom bar, and the places offered for a tile never cover the spinner."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .driver import create_vs_computer, my_turn_to_play, step_until
from .test_web_layout import _chain, _overlap

pytestmark = pytest.mark.browser

#: The 5-5 spinner with four arms of four or five tiles: 19 tiles in a cross.
CROSS = {
    "center": [5, 5],
    "spinner": True,
    "arms": {
        "L": _chain(5, [0, 1, 2, 3]),
        "R": _chain(5, [3, 2, 4, 0]),
        "U": _chain(5, [1, 6, 2, 4, 6]),
        "D": _chain(5, [2, 0, 6, 1, 3]),
    },
}
#: The ends of CROSS, and a hand tile that fits three of them.
ENDS = {"L": 3, "R": 0, "U": 6, "D": 3}
HAND = ["6-3", "1-1", "4-4"]
LEGAL = [
    {"type": "play", "tile": "6-3", "end": "L", "points": 0},
    {"type": "play", "tile": "6-3", "end": "U", "points": 10},
    {"type": "play", "tile": "6-3", "end": "D", "points": 5},
]

BOXES_JS = """() => {
  const rect = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  return {
    tiles: Array.from(document.querySelectorAll('#board svg > .tile .face')).map(rect),
    spinner: rect(document.querySelector('#board svg > .tile.spinner .face')),
    targets: Array.from(document.querySelectorAll('#board .target .target-frame')).map(rect),
    dock: rect(document.querySelector('#dock')),
    vh: document.documentElement.clientHeight,
  };
}"""


def _show_cross(page: Page) -> None:
    page.evaluate(
        """([board, ends, hand, legal]) => {
          const s = dominoDebug.state();
          const view = {...s.view, board, ends, hand, legal, turn: s.seat};
          dominoDebug.frame({type: 'event', seq: s.seq, event: {type: 'draw'}, view});
        }""",
        [CROSS, ENDS, HAND, LEGAL],
    )
    expect(page.locator("#board svg > .tile")).to_have_count(19)


def test_the_fives_cross_reads_at_1280x800(page: Page, server: str, shots: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    create_vs_computer(page, server, preset="fives", seats=4, goal=200)
    step_until(page, lambda: my_turn_to_play(page), what="our turn with a tile to play")
    _show_cross(page)
    boxes: dict[str, Any] = page.evaluate(BOXES_JS)
    for i, tile in enumerate(boxes["tiles"]):
        assert max(tile["w"], tile["h"]) >= 40, f"tile {i} is {tile}: shorter than 40 px"
        # nothing of the line lies under the docked bar with the main button and the hand
        assert tile["y"] + tile["h"] <= boxes["dock"]["y"] + 0.5, f"tile {i} under the dock"
    # a tile that fits three ends: its places show, none of them over the spinner
    main = page.locator("#main-action")
    expect(main).not_to_have_text("Agora escolha uma ponta na mesa")
    page.click("#hand .hand-tile[data-tile='6-3']")
    expect(page.locator("#board .target")).to_have_count(3)
    # while the tile is picked, the main button says the next step
    expect(main).to_have_text("Agora escolha uma ponta na mesa")
    boxes = page.evaluate(BOXES_JS)
    for target in boxes["targets"]:
        assert not _overlap(target, boxes["spinner"]), f"a place {target} covers the spinner"
        for i, tile in enumerate(boxes["tiles"]):
            assert not _overlap(target, tile, eps=2), f"a place {target} covers tile {i}"
    page.screenshot(path=str(shots / "fives-cross.png"))
