"""Drive the table page like a player with the keyboard alone."""

from __future__ import annotations

from playwright.sync_api import Page

from .driver import main_action, settle


def focus_by_tab(page: Page, test_js: str, limit: int = 60) -> bool:
    """Press Tab until the focused element `a` passes the JS test; False if it never does."""
    for _ in range(limit):
        if page.evaluate(
            f"() => {{ const a = document.activeElement; return Boolean(a && ({test_js})); }}"
        ):
            return True
        page.keyboard.press("Tab")
    return False


def key_step(page: Page) -> str:
    """Do with the keyboard alone what the table asks now; returns what was done."""
    if page.locator("#match-over").is_visible():
        return "over"
    kind, enabled = main_action(page)
    if enabled and kind in ("next_round", "draw", "pass", "start"):
        if not focus_by_tab(page, "a.id === 'main-action'"):
            return "wait"
        page.keyboard.press("Enter")
        settle(page)
        return kind
    if kind == "play" and page.locator("#hand .hand-tile.lit").count():
        if not focus_by_tab(page, "a.closest('#hand')"):
            return "wait"
        for _ in range(8):
            if page.evaluate("() => document.activeElement.classList.contains('lit')"):
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        if page.locator("#board .target").count():
            page.wait_for_function(
                "() => document.activeElement.classList.contains('target')", timeout=3000
            )
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        settle(page)
        return "play"
    return "wait"
