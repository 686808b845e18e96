"""Refresh the README's screenshots in docs/screenshots/: start the real server on a free
loopback port, drive Debian's Chromium through the pages, save one PNG per view.

    .venv/bin/python scripts/screenshots.py          # all of them
    .venv/bin/python scripts/screenshots.py replay   # only those named

The browser tests save theirs under build/screenshots/ (never over tracked files); this
script is the only writer of docs/screenshots/.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, running_server  # noqa: E402
from tests.web.driver import (  # noqa: E402
    create_vs_computer,
    my_turn_to_play,
    play_round,
    step_until,
)
from tests.web.test_web_cross import _show_cross  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def _page(browser: Browser, width: int, height: int) -> Page:
    return browser.new_page(viewport={"width": width, "height": height})


def home(browser: Browser, base: str) -> None:
    page = _page(browser, 1280, 800)
    page.goto(f"{base}/")
    page.wait_for_selector("body[data-ready]")
    page.screenshot(path=str(OUT / "home.png"))


def table_desktop(browser: Browser, base: str) -> None:
    page = _page(browser, 1280, 800)
    create_vs_computer(page, base, preset="classic", seats=4, goal=100)
    step_until(page, lambda: my_turn_to_play(page), what="our turn")
    page.screenshot(path=str(OUT / "table-desktop.png"))


def table_phone(browser: Browser, base: str) -> None:
    page = _page(browser, 360, 740)
    create_vs_computer(page, base, preset="draw", seats=3, goal=100)
    step_until(page, lambda: my_turn_to_play(page), what="our turn")
    page.screenshot(path=str(OUT / "table-phone.png"))


def fives_cross(browser: Browser, base: str) -> None:
    page = _page(browser, 1280, 800)
    create_vs_computer(page, base, preset="fives", seats=4, goal=200)
    step_until(page, lambda: my_turn_to_play(page), what="our turn")
    _show_cross(page)
    page.click("#hand .hand-tile[data-tile='6-3']")
    expect(page.locator("#board .target")).to_have_count(3)
    page.screenshot(path=str(OUT / "fives-cross.png"))


def round_over_and_score(browser: Browser, base: str) -> None:
    page = _page(browser, 1280, 800)
    create_vs_computer(page, base, preset="classic", seats=4, goal=100)
    play_round(page)
    expect(page.locator("#round-over")).to_be_visible()
    page.screenshot(path=str(OUT / "round-over.png"))
    page.click(".score-open")
    expect(page.locator("#score-dialog")).to_be_visible()
    page.screenshot(path=str(OUT / "score-sheet.png"))


def replay(browser: Browser, base: str) -> None:
    page = _page(browser, 1280, 800)
    create_vs_computer(page, base, preset="classic", seats=4, goal=100)
    play_round(page)
    page.click("#main-action")
    page.wait_for_function("() => !dominoDebug.state().view.round_over", timeout=10000)
    page.click("#more summary")
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#match-over")).to_be_visible(timeout=5000)
    page.click("#replay-link")
    expect(page.locator("#replay-step")).to_contain_text("Rodada 1")
    for _ in range(9):
        page.click("#rp-next")
    page.screenshot(path=str(OUT / "replay.png"))


SHOTS: dict[str, Callable[[Browser, str], None]] = {
    "home": home,
    "table-desktop": table_desktop,
    "table-phone": table_phone,
    "fives-cross": fives_cross,
    "round-over": round_over_and_score,
    "replay": replay,
}


def main(names: list[str]) -> int:
    wanted = names or list(SHOTS)
    unknown = [n for n in wanted if n not in SHOTS]
    if unknown:
        print(f"unknown: {', '.join(unknown)}; known: {', '.join(SHOTS)}", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    with running_server(Path(tempfile.mkdtemp())) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for name in wanted:
                SHOTS[name](browser, base)
                print(f"saved {name}")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
