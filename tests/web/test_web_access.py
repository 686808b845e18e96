"""Accessibility, English end to end, watching a table, and a win claimed for absence."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .driver import (
    caught_up,
    click_step,
    create_for_friends,
    create_vs_computer,
    join_and_start,
    my_turn_to_play,
    play_match,
    state,
    step_until,
    two_people,
)
from .keyboard import focus_by_tab
from .waits import layout_still

pytestmark = pytest.mark.browser

#: Relative luminance contrast of two CSS colors, computed in the page (WCAG 2.x formula).
CONTRAST_JS = """
window.__contrast = (fg, bg) => {
  const parse = (c) => { const ctx = document.createElement('canvas').getContext('2d');
    ctx.fillStyle = c; const h = ctx.fillStyle;
    if (h.startsWith('#')) return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
    return h.match(/[\\d.]+/g).slice(0, 3).map(Number); };
  const lum = (rgb) => { const [r, g, b] = rgb.map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const [a, b] = [lum(parse(fg)), lum(parse(bg))].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
};
window.__bg = (el) => { for (let e = el; e; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor;
    if (c && !/rgba\\(.*, 0\\)$/.test(c) && c !== 'transparent') return c; }
  return 'rgb(255, 255, 255)'; };
window.__opacity = (el) => { let o = 1;
  for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
    o *= Number(getComputedStyle(e).opacity); }
  return o; };
"""

TEXT_CONTRAST_JS = """(sel) => Array.from(document.querySelectorAll(sel))
  .filter((el) => el.offsetParent !== null && el.textContent.trim())
  .map((el) => ({sel: el.id || el.className,
                 ratio: __contrast(getComputedStyle(el).color, __bg(el)),
                 opacity: __opacity(el)}))"""

NAMELESS_JS = """() => Array.from(document.querySelectorAll(
    'button, select, input, summary, a[href], [role=button], [tabindex]:not([tabindex="-1"])'))
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .filter((el) => {
    const by = el.getAttribute('aria-labelledby');
    const name = el.getAttribute('aria-label')
      || (by && by.split(' ').map((id) => document.getElementById(id)?.textContent || '').join(''))
      || (el.labels && Array.from(el.labels).map((l) => l.textContent).join(''))
      || (el.tagName === 'INPUT' && el.type !== 'text' ? el.value : '')
      || el.textContent;
    return !name || !name.trim();
  })
  .map((el) => el.outerHTML.slice(0, 120))"""


def _contrast_ok(page: Page, selector: str, minimum: float = 4.5) -> None:
    rows = page.evaluate(TEXT_CONTRAST_JS, selector)
    assert rows, f"nothing visible matches {selector}"
    for row in rows:
        assert row["opacity"] == 1, f"{row['sel']} is faded ({row['opacity']})"
        assert row["ratio"] >= minimum, f"{row['sel']}: contrast {row['ratio']:.2f} < {minimum}"


def test_table_controls_are_labelled_focus_visible_and_contrasted(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(CONTRAST_JS)
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready]")
    assert page.evaluate(NAMELESS_JS) == [], "controls without a name on the home page"
    _contrast_ok(page, ".tagline, .hint, legend, label span, #create-btn")

    create_vs_computer(page, server, preset="block", seats=2, goal=100)

    def lit_and_dim_tiles() -> bool:
        v = state(page)["view"]
        return bool(
            v["turn"] == 0
            and v["board"]["center"]
            and any(m["type"] == "play" for m in v["legal"])
            and page.locator("#hand .hand-tile.dim:has(.pip)").count()
        )

    step_until(page, lit_and_dim_tiles, what="our turn with tiles we can and cannot play")
    # the table as it stands on our turn: our turn said (the live line is written 60 ms
    # after), the layout still (the mouse below clicks at a fixed point)
    expect(page.locator("#live")).to_contain_text("Sua vez.")
    layout_still(page)
    assert page.evaluate(NAMELESS_JS) == [], "controls without a name at the table"
    # the hand is a labelled toolbar; each tile says whether it can be played
    expect(page.get_by_role("toolbar", name="Sua mão")).to_be_visible()
    lit = page.locator("#hand .hand-tile.lit").first
    expect(lit).to_have_attribute("aria-label", re.compile(r"^\d-\d, pode jogar$"))
    # (a dimmed tile with pips: the 0-0 has none to measure)
    dim = page.locator("#hand .hand-tile.dim:has(.pip)").first
    expect(dim).to_have_attribute("aria-disabled", "true")
    # the board is one labelled image naming its open ends
    expect(page.get_by_role("img", name=re.compile("ponta esquerda"))).to_be_visible()
    # text on the table reads at WCAG AA
    _contrast_ok(page, ".seat-name, .seat-level, .seat-count, #info-round, #turn-text, #live")
    _contrast_ok(page, "#main-action, #more summary, .appnav button")
    # a dimmed tile is not faded: its pips keep 4.5:1 on its face
    ratio = dim.evaluate(
        """(b) => { const pip = b.querySelector('.pip'); const face = b.querySelector('.face');
             return [__contrast(getComputedStyle(pip).fill, getComputedStyle(face).fill),
                     __opacity(pip)]; }"""
    )
    assert ratio[1] == 1 and ratio[0] >= 4.5, ratio
    # focus is visible when a keyboard reaches the tiles and the main button
    page.mouse.click(5, 300)
    assert focus_by_tab(page, "a.closest('#hand')")
    outline = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement); "
        "return [s.outlineStyle, parseFloat(s.outlineWidth)]; }"
    )
    assert outline[0] != "none" and outline[1] >= 2, outline


def test_english_from_home_to_match_over(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 1024, "height": 800})
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#lang-select", "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#create-btn")).to_have_text("Play")
    expect(page.locator(".tagline")).not_to_be_empty()
    page.select_option("#preset", "classic")
    page.check("input[name=seats][value='2']")
    page.select_option("#goal", "50")
    page.fill("#name", "Joe")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_function("() => dominoDebug.state().view !== null", timeout=15000)
    expect(page.locator("#info-goal")).to_have_text("Classic · Goal 50")
    expect(page.locator("#seats-bar")).to_contain_text("medium bot")
    expect(page.get_by_role("toolbar", name="Your hand")).to_be_visible()

    seen: set[str] = set()

    def round_over() -> bool:
        seen.add(page.inner_text("#turn-text"))
        return bool(state(page)["view"]["round_over"])

    step_until(page, round_over, what="the end of round 1", timeout=120, next_round=False)
    expect(page.locator("#round-title")).to_have_text("Round 1 is over")
    expect(page.locator("#round-score")).to_contain_text("Score:")
    expect(page.locator("#round-score")).to_contain_text("(goal 50)")
    expect(page.locator(".reveal-title")).to_have_text("Every hand, face up")
    if state(page)["view"]["over"] is False:
        expect(page.locator("#main-action")).to_have_text("Next round")
    assert "Your turn" in seen

    play_match(page, click_step)
    expect(page.locator("#match-title")).to_have_text("Match over")
    expect(page.locator("#match-score")).to_contain_text("Final score:")
    expect(page.locator("#rematch")).to_have_text("Play again")
    expect(page.locator("#record-link")).to_have_text("Download the match record")
    # not one Portuguese word left on the screen
    text = page.inner_text("body")
    for word in ("Rodada", "pedras", "Sua vez", "jogou", "Placar", "Meta", "robô", "Próxima"):
        assert word not in text, f"{word!r} on an English screen"
    page.evaluate("localStorage.clear()")


def test_a_spectator_follows_the_game_without_seeing_hands(browser: Browser, server: str) -> None:
    with two_people(browser, (1000, 800), (360, 740)) as (host, watcher):
        create_vs_computer(host, server, preset="draw", seats=3, goal=100, name="Dona")
        link = host.input_value("#invite-url")
        watcher.goto(link)
        expect(watcher.locator("#lobby")).to_be_visible()
        watcher.click("#spectate-btn")
        watcher.wait_for_function("() => dominoDebug.state().view !== null", timeout=10000)
        s = state(watcher)
        assert s["seat"] is None
        assert s["view"]["hand"] is None
        expect(watcher.locator("#turn-text")).to_contain_text("Você está assistindo")
        expect(watcher.locator("#hand .hand-tile")).to_have_count(0)
        expect(watcher.locator("#seats-bar .seat-chip")).to_have_count(3)
        expect(watcher.locator("#seats-bar")).to_contain_text("Dona")
        # the watcher may not act: no enabled main button, no resign or annul
        assert not watcher.locator("#main-action").is_enabled()
        expect(watcher.locator("#resign")).to_be_disabled()
        # the host plays on; the watcher sees the same line and hears the moves
        seq = s["seq"]
        # until the table waits for the host (so no bot tile lands while we count them)
        step_until(
            host,
            lambda: state(watcher)["seq"] >= seq + 6 and my_turn_to_play(host),
            what="six events, then the host on turn",
        )
        w, h = caught_up(watcher, host)
        assert w["seq"] == h["seq"]
        assert w["view"]["board"] == h["view"]["board"]
        expect(watcher.locator("#live")).to_contain_text("jogou")
        tiles_on_board = 1 + sum(len(a) for a in h["view"]["board"]["arms"].values())
        expect(watcher.locator("#board svg > .tile")).to_have_count(tiles_on_board)
        assert watcher.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_win_is_claimed_when_the_other_player_is_absent(
    browser: Browser, quick_absence_server: str
) -> None:
    base = quick_absence_server
    ctxs = [browser.new_context(viewport={"width": 1000, "height": 800}) for _ in range(2)]
    try:
        host, friend = (c.new_page() for c in ctxs)
        link = create_for_friends(
            host, base, preset="block", seats=2, pace="correspondence", name="Lia"
        )
        join_and_start(host, friend, link, "Teo")
        turn = state(host)["view"]["turn"]
        absent, waiting = (host, friend) if turn == 0 else (friend, host)
        absent_name = "Lia" if turn == 0 else "Teo"
        # the one on turn sees their own deadline, never a claim; the other sees until
        # when they may wait
        own = absent.locator("#absence-bar")
        expect(own).to_contain_text("Você tem até", timeout=5000)
        expect(absent.locator("#claim-now")).to_be_hidden()
        bar = waiting.locator("#absence-bar")
        expect(bar).to_contain_text(f"{absent_name} tem até", timeout=5000)
        expect(waiting.locator("#claim-now")).to_be_hidden()
        # ten seconds after the turn began (the server's absence time here) the claim opens,
        # and the one on turn is told the others may now take the win
        expect(bar).to_contain_text("passou do prazo", timeout=20000)
        expect(own).to_contain_text("Seu prazo para jogar passou", timeout=5000)
        expect(absent.locator("#claim-now")).to_be_hidden()
        waiting.click("#claim-now")
        expect(waiting.locator("#confirm-dialog")).to_be_visible()
        waiting.click("#confirm-yes")
        for page in (waiting, absent):
            expect(page.locator("#match-over")).to_be_visible(timeout=5000)
        expect(waiting.locator("#match-reason")).to_have_text(
            f"{absent_name} ficou ausente tempo demais e perdeu."
        )
        # the one who lost is told it as their own
        expect(absent.locator("#match-reason")).to_have_text(
            "Você ficou ausente tempo demais e perdeu."
        )
        expect(waiting.locator("#match-headline")).to_have_text("Você venceu!")
        expect(absent.locator("#match-headline")).to_contain_text("venceu a partida")
        assert state(waiting)["view"]["end_reason"] == "absence"
    finally:
        for c in ctxs:
            c.close()
