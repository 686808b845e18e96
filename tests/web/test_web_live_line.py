"""The last-moves line shows whole sentences: it has room for two lines (one in a laptop's
short window, where a second line pushed the felt's foot under the dock), and a
run of moves said together (a round's first moves, the bots' replies) used to show its last
two lines, the first of them beginning mid-sentence ("…gou 6-4. Nina passou."). Now the line
begins with a sentence, the newest that fit, and a screen reader still hears them all."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .driver import caught_up, create_vs_computer
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

#: say `n` plays of the seat across at once, as a catch-up of several moves does
SAY_JS = """(n) => {
  const s = dominoDebug.state();
  for (let i = 1; i <= n; i += 1) {
    dominoDebug.frame({type: 'event', seq: s.seq + i, view: s.view,
                       event: {type: 'play', seat: 1, tile: `${i % 7}-${(i + 3) % 7}`, end: 'L'}});
  }
}"""


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844), (1366, 657), (1920, 1080)])
def test_the_last_moves_line_begins_with_a_sentence(
    page: Page, server: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    create_vs_computer(page, server, preset="draw", seats=2, goal=100)
    expect(page.locator("#hand .hand-tile").first).to_be_visible()
    caught_up(page)
    said = 12  # more than two lines hold, on a phone or a wide screen
    page.evaluate(SAY_JS, said)
    newest = f"{said % 7}-{(said + 3) % 7}"
    expect(page.locator("#live")).to_contain_text(newest)  # the last play is said
    line = page.evaluate(LINE_JS)
    for i in range(1, said + 1):  # a screen reader hears every one
        assert f"{i % 7}-{(i + 3) % 7}" in line["text"], line
    assert line["shown"] is not None, f"nothing at the line's start: {line}"
    # what shows first is the start of a sentence, not the middle of one
    assert line["before"].strip() == "" or line["before"].rstrip().endswith("."), line
    assert line["shown"].lstrip().startswith("Nino jogou"), line
    assert newest in line["shown"], f"the newest is not in sight: {line}"
    assert len(line["before"]) > 0, f"{said} sentences in the line at {width}px? {line}"
    # turned on its side, the line has room again: it still begins with a sentence
    page.set_viewport_size({"width": height, "height": width})
    layout_still(page)
    after = page.evaluate(LINE_JS)
    assert after["shown"] is not None and after["shown"].lstrip().startswith("Nino jogou"), after
