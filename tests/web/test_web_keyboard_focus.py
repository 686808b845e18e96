"""A keyboard is never left on the page's body, and a screen reader hears our own moves as
ours: a draw by hand keeps the keyboard at the table and names the tile drawn; a closed
confirm dialog gives the keyboard back to the menu's button; a quick run of moves is
said whole."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .driver import create_vs_computer, settle, state, step_until
from .keyboard import focus_by_tab

pytestmark = pytest.mark.browser

ACTIVE_JS = """() => { const a = document.activeElement;
  return !a || a === document.body ? 'body' : (a.id || a.className || a.tagName); }"""


def _main_is(page: Page, kind: str) -> bool:
    btn = page.locator("#main-action")
    return btn.get_attribute("data-kind") == kind and btn.is_enabled()


def test_a_draw_by_hand_keeps_the_keyboard_and_names_the_tile(page: Page, server: str) -> None:
    create_vs_computer(page, server, preset="caribbean", seats=2, goal=300)
    step_until(page, lambda: _main_is(page, "draw"), what="a turn where we must draw", timeout=90)
    hand_before = set(state(page)["view"]["hand"])
    assert focus_by_tab(page, "a.id === 'main-action'")
    page.keyboard.press("Enter")
    settle(page)
    page.wait_for_function("() => document.activeElement !== document.body")
    where = page.evaluate(ACTIVE_JS)
    # still drawing: the same button; else the hand, where the tile drawn is
    assert where == "main-action" or "hand-tile" in where, where
    drawn = sorted(set(state(page)["view"]["hand"]) - hand_before)
    assert drawn, "the draw brought a tile"
    expect(page.locator("#live")).to_contain_text(f"Você comprou {drawn[0]}")


def test_our_own_play_is_said_as_ours(page: Page, server: str) -> None:
    create_vs_computer(page, server, preset="classic", seats=2, goal=50)
    step_until(
        page,
        lambda: any(
            e.get("type") == "play" and e.get("seat") == 0
            for e in (state(page)["view"] or {}).get("log") or []
        ),
        what="a tile of ours on the board",
    )
    expect(page.locator("#live")).to_contain_text(re.compile(r"Você jogou \d-\d"))
    expect(page.locator("#live")).not_to_contain_text("Ana jogou")


def test_a_closed_confirm_dialog_gives_the_keyboard_back_to_the_menu(
    page: Page, server: str
) -> None:
    create_vs_computer(page, server, preset="classic", seats=2, goal=50)
    assert focus_by_tab(page, "a.matches('#more summary')")
    page.keyboard.press("Enter")
    expect(page.locator("#resign")).to_be_visible()
    assert focus_by_tab(page, "a.id === 'resign'")
    page.keyboard.press("Enter")
    expect(page.locator("#confirm-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#confirm-dialog")).to_be_hidden()
    # (the dialog's close event comes a moment after it hides)
    page.wait_for_function("() => document.activeElement.matches('#more summary')", timeout=3000)
    assert state(page)["view"]["over"] is False  # nothing was resigned


def test_on_a_phone_the_scores_are_heard_on_the_score_button(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    create_vs_computer(page, server, preset="classic", seats=2, goal=50)
    button = page.locator("#seats-bar .score-open")
    expect(button).to_be_visible()
    # the seats' own scores are hidden on a phone: the corner's button says them
    expect(button).to_have_accessible_name(re.compile(r"^Ana 0 ?, .+ 0 ?, Placar"))
