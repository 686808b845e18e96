"""The whole table fits a phone, upright and on its side, at a 2-seat draw table with a hand
of 14 tiles and at a 4-seat batida table: header, info and turn lines, the felt with every
seat chip and the scores, the line of the last moves (or the "where to play" hint while a
tile is picked), the main button and every tile of the hand are on screen, apart, and the
page does not scroll."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .boxes import in_view, inside, overlap
from .driver import create_vs_computer, my_turn_to_play, state, step_until
from .waits import layout_still

pytestmark = pytest.mark.browser


#: the boxes of the table's parts, for `test_the_whole_table_in_view_apart_on_a_phone`
PARTS_JS = """() => {
  const q = (sel) => document.querySelector(sel);
  const box = (el) => { if (!el || el.hidden) return null; const r = el.getBoundingClientRect();
    return (r.width || r.height) ? {x: r.left, y: r.top, w: r.width, h: r.height} : null; };
  const root = document.documentElement;
  const live = q('#live'), hint = q('#pick-hint');
  const lr = live.getBoundingClientRect();
  // what shows at the foot of the log line: the line itself, not something over it
  const atFoot = document.elementFromPoint(lr.left + lr.width / 2, lr.bottom - 3);
  return {
    vw: root.clientWidth, vh: root.clientHeight,
    scrollWidth: root.scrollWidth, scrollHeight: root.scrollHeight,
    header: box(q('.appbar')), info: box(q('#table .infoline')), turn: box(q('#table .turnline')),
    felt: box(q('#board-wrap')), board: box(q('#board')), dock: box(q('#dock')),
    main: box(q('#main-action')), more: box(q('#more summary')),
    chips: Array.from(document.querySelectorAll('#seats-bar .seat-chip')).map(box),
    me: box(q('#seats-bar .seat-chip.me')), did: box(q('#seats-bar .seat-chip.me .seat-did')),
    score: box(q('#seats-bar .score-open')),
    hand: Array.from(document.querySelectorAll('#hand .hand-tile')).map(box),
    live: box(live), liveShown: Boolean(atFoot && live.contains(atFoot)),
    hint: box(hint), hintClipped: !hint.hidden && hint.scrollHeight > hint.clientHeight + 1,
  };
}"""

#: a tile that goes at two ends of the line (so the "where to play" hint shows), or null;
#: with ``count`` > 0 it is dealt into a hand of ``count`` tiles, none on the line
TWO_ENDS_JS = """(count) => {
  const s = dominoDebug.state();
  const board = s.view.board, ends = s.view.ends || {};
  if (!board || !board.center) return null;
  const key = (a, b) => [a, b].sort().join('-');
  const laid = new Set([board.center, ...Object.values(board.arms).flat()].map((t) => key(...t)));
  const open = Object.entries(ends).filter(([, n]) => n !== null && n !== undefined);
  let pick = null;
  for (const [i, [endA, a]] of open.entries()) for (const [endB, b] of open.slice(i + 1)) {
    for (let x = 0; x <= 6 && !pick; x += 1) {
      const c = a === b ? x : b;  // a double end: any tile of its number fits both
      const tile = `${Math.max(a, c)}-${Math.min(a, c)}`;
      if (!laid.has(key(a, c))) pick = {tile, ends: [endA, endB]};
    }
  }
  if (!pick || count <= 0) return pick;
  const hand = [pick.tile];
  for (let a = 6; a >= 0; a -= 1) for (let b = a; b >= 0; b -= 1) {
    const t = `${a}-${b}`;
    if (!laid.has(key(a, b)) && t !== pick.tile && hand.length < count) hand.push(t);
  }
  const legal = pick.ends.map((end) => ({type: 'play', tile: pick.tile, end, points: 0}));
  dominoDebug.frame({type: 'event', seq: s.seq, event: {type: 'draw'},
                     view: {...s.view, hand, legal}});
  return pick;
}"""


def _check_parts(page: Page, where: str) -> dict[str, Any]:
    """Every part of the table in view, the page no taller nor wider than the screen, and
    the blocks (app bar, info and turn lines, felt, log line or hint, dock) apart; the
    seats and the scores on the felt."""
    page.evaluate("window.scrollTo(0, 0)")
    layout_still(page)
    b: dict[str, Any] = page.evaluate(PARTS_JS)
    vw, vh = b["vw"], b["vh"]
    assert b["scrollWidth"] <= vw, f"the page scrolls sideways {where}"
    assert b["scrollHeight"] <= vh, f"the page is {b['scrollHeight']} px tall in {vh} {where}"
    say = "hint" if b["hint"] else "live"
    blocks = {k: b[k] for k in ("header", "info", "turn", "felt", say, "dock")}
    parts = {**blocks, "main": b["main"], "more": b["more"], "me": b["me"], "score": b["score"]}
    parts |= {f"chip {i}": c for i, c in enumerate(b["chips"])}
    parts |= {f"hand tile {i}": t for i, t in enumerate(b["hand"])}
    if b["did"]:
        parts["my last move"] = b["did"]
    for name, part in parts.items():
        assert part, f"no {name} {where}"
        assert in_view(part, vw, vh), f"the {name} is off screen {where}: {part}, {vw}x{vh}"
    names = list(blocks)
    for i, one in enumerate(names):
        for other in names[i + 1 :]:
            assert not overlap(blocks[one], blocks[other]), (
                f"the {one} and the {other} overlap {where}: {blocks[one]} {blocks[other]}"
            )
    for name in ["me", "score", "my last move"] + [f"chip {i}" for i in range(len(b["chips"]))]:
        if name in parts:
            assert inside(parts[name], b["felt"]), f"the {name} leaves the felt {where}"
    assert b["board"]["h"] >= 110, f"the board is {b['board']['h']:.0f} px tall {where}"
    if b["hint"]:
        assert not b["hintClipped"], f"the hint's text is cut {where}"
    else:
        assert b["liveShown"], f"the log line is covered {where}"
    return b


@pytest.mark.parametrize(("preset", "seats", "count"), [("draw", 2, 14), ("batida", 4, 0)])
@pytest.mark.parametrize(("width", "height"), [(360, 640), (640, 360), (390, 844)])
def test_the_whole_table_in_view_apart_on_a_phone(
    page: Page, server: str, width: int, height: int, preset: str, seats: int, count: int
) -> None:
    # seen at 360x640 with 14 tiles (two rows): the log line half under the dock, the
    # hint's last line cut and the hint over your chip; at 640x360 a page ~440 px tall,
    # your chip and the scores below the fold (at batida with four too)
    page.set_viewport_size({"width": width, "height": height})
    goal = 6 if preset == "batida" else 100
    create_vs_computer(page, server, preset=preset, seats=seats, goal=goal)
    expect(page.locator("#seats-bar .seat-chip")).to_have_count(seats)

    def ready() -> bool:  # our turn, with a tile that goes at two ends (the hint shows)
        return my_turn_to_play(page) and page.evaluate(TWO_ENDS_JS, 0) is not None

    step_until(page, ready, what="our turn with a tile for two ends", timeout=90)
    pick = page.evaluate(TWO_ENDS_JS, count or len(state(page)["view"]["hand"]))
    page.mouse.move(0, 0)  # a tile under the mouse is lifted a little (hover)
    if count:
        expect(page.locator("#hand .hand-tile")).to_have_count(count)
    where = f"at {width}x{height}, {preset} with {seats}"
    b = _check_parts(page, where)
    if count == 14:
        assert len({round(t["y"]) for t in b["hand"]}) == 2, f"not two rows of tiles {where}"
    page.locator(f"#hand .hand-tile[data-tile='{pick['tile']}']").click()
    expect(page.locator("#pick-hint")).to_be_visible()
    page.mouse.move(0, 0)
    _check_parts(page, f"{where}, choosing an end")
    expect(page.locator("#board .target")).to_have_count(2)
