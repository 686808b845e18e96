"""The last-moves line shows whole sentences: it has room for two lines (one in a laptop's
short window, where a second line pushed the felt's foot under the dock), and a
run of moves said together (a round's first moves, the bots' replies) used to show its last
two lines, the first of them beginning mid-sentence ("…gou 6-4. Nina passou."). Now the line
begins with a sentence, the newest that fit, and a screen reader still hears them all."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .driver import caught_up, create_vs_computer, play_round
from .waits import layout_still

pytestmark = pytest.mark.browser

#: what the line shows at its top left: the text before that spot in the line ("" if none)
#: and after it, and the whole text (what a screen reader hears)
LINE_JS = """() => {
  const el = document.querySelector('#live'), r = el.getBoundingClientRect();
  const at = document.caretRangeFromPoint(r.left + 2, r.top + 6);
  let before = null;
  if (at && el.contains(at.startContainer)) {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let count = 0;
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      if (node === at.startContainer) { before = count + at.startOffset; break; }
      count += node.textContent.length;
    }
  }
  const text = el.textContent, cut = before === null;
  return {text, before: cut ? null : text.slice(0, before), shown: cut ? null : text.slice(before)};
}"""

#: say the plays of `tiles` by the seat across at once, as a catch-up of several moves does
SAY_JS = """(tiles) => {
  const s = dominoDebug.state();
  tiles.forEach((tile, i) => dominoDebug.frame({type: 'event', seq: s.seq + i + 1, view: s.view,
                                               event: {type: 'play', seat: 1, tile, end: 'L'}}));
}"""

#: eight tiles, each said once: the most the line says together (announce.js SAID_AT_ONCE)
TILES = ["1-0", "2-0", "3-0", "4-0", "5-0", "6-0", "2-1", "3-1"]


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844), (1366, 657), (800, 900)])
def test_the_last_moves_line_begins_with_a_sentence(
    page: Page, server: str, width: int, height: int
) -> None:
    # two lines on a phone or a tall window, one in a laptop's: eight plays need more
    page.set_viewport_size({"width": width, "height": height})
    create_vs_computer(page, server, preset="draw", seats=2, goal=100)
    expect(page.locator("#hand .hand-tile").first).to_be_visible()
    caught_up(page)
    page.evaluate(SAY_JS, TILES)
    newest = TILES[-1]
    expect(page.locator("#live")).to_contain_text(newest)  # the last play is said
    line = page.evaluate(LINE_JS)
    # a screen reader hears every one, once
    assert [line["text"].count(f"Nino jogou {tile} ") for tile in TILES] == [1] * 8, line
    assert line["shown"] is not None, f"nothing at the line's start: {line}"
    # what shows first is the start of a sentence, not the middle of one
    assert line["before"].strip() == "" or line["before"].rstrip().endswith("."), line
    assert line["shown"].lstrip().startswith("Nino jogou"), line
    assert newest in line["shown"], f"the newest is not in sight: {line}"
    assert len(line["before"]) > 0, f"eight sentences in the line at {width}px? {line}"
    # turned on its side, the line has room again: it still begins with a sentence
    page.set_viewport_size({"width": height, "height": width})
    layout_still(page)
    after = page.evaluate(LINE_JS)
    assert after["shown"] is not None and after["shown"].lstrip().startswith("Nino jogou"), after


#: the line's overflow, up and down and across, and how it ends a sentence cut short
FIT_JS = """() => { const el = document.querySelector('#live'), st = getComputedStyle(el);
  return {sh: el.scrollHeight, ch: el.clientHeight, sw: el.scrollWidth, cw: el.clientWidth,
          ends: st.textOverflow, text: el.textContent}; }"""


@pytest.mark.parametrize(("width", "height"), [(1024, 640), (800, 650)])
def test_a_long_round_end_sentence_is_not_cut_mid_line(
    page: Page, server: str, width: int, height: int
) -> None:
    # seen by a review at these sizes: the one line showed "…Placar: Nós 5 · Eles" and no
    # more, its second line cut away, which reads as a wrong score; a sentence longer than
    # the line now ends in an ellipsis
    page.set_viewport_size({"width": width, "height": height})
    create_vs_computer(page, server, preset="fives", seats=4, goal=100)
    play_round(page)
    expect(page.locator("#round-over")).to_be_visible()
    expect(page.locator("#live")).to_contain_text("Placar")  # the round's end is said
    layout_still(page)
    m = page.evaluate(FIT_JS)
    assert m["sh"] <= m["ch"] + 1, f"a line of the log is cut away at {width}x{height}: {m}"
    assert m["sw"] <= m["cw"] + 1 or m["ends"] == "ellipsis", m
