"""The fives target picker: a tile that fits several ends shows each place with the tile
as it would lie there and the points it would score; Escape or a second tap puts it back;
the keyboard alone chooses the place and plays there."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from .driver import click_step, create_vs_computer, settle, state

pytestmark = pytest.mark.browser


def test_fives_target_picker_shows_points(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 1200, "height": 900})
    found: list[dict] = []

    def several_ends_with_points() -> bool:
        """Our turn, and a tile of ours fits several ends, one of them scoring (kept in
        ``found``). Asked by ``click_step`` right before it acts, so no turn of ours goes
        by unlooked-at when a bot's move lands between two polls."""
        s = state(page)
        v = s["view"]
        if v["turn"] != 0 or v["round_over"] or s["pending"]:
            return False
        by_tile: dict[str, list[dict]] = {}
        for m in v["legal"]:
            if m["type"] == "play":
                by_tile.setdefault(m["tile"], []).append(m)
        for ms in by_tile.values():
            if len(ms) > 1 and any(m["points"] for m in ms):
                found[:] = ms
                return True
        return False

    looked = 0
    for _attempt in range(3):
        create_vs_computer(page, server, preset="fives", seats=2, goal=300)
        # look through the whole match (bounded by time, not by a count of polls, which a
        # loaded machine spends on waiting turns)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and not found:
            action = click_step(page, stop=several_ends_with_points)
            if action == "over":
                break
            if action == "play":
                looked += 1
            elif action in ("wait", "round_over"):
                page.wait_for_timeout(20)
        if found:
            break
    assert found, f"no tile fitting several ends with points in {looked} turns of ours"
    tile = found[0]["tile"]
    ends = state(page)["view"]["ends"]  # each place's label says the number its end shows
    said = {end: f"Jogar {tile} na {end_name(end)} ({pips})" for end, pips in ends.items()}
    page.click(f"#hand .hand-tile[data-tile='{tile}']")
    targets = page.locator("#board .target")
    expect(targets).to_have_count(len(found))
    expect(page.locator("#pick-hint")).to_contain_text(tile)
    for m in found:
        target = page.locator(f"#board .target[data-end='{m['end']}']")
        expect(target).to_have_count(1)
        # each place shows the tile itself as it would lie there, with its pips
        preview = target.locator(".tile.preview")
        expect(preview).to_have_count(1)
        pips = sorted(
            int(n) for n in preview.locator(".half").evaluate_all("hs => hs.map(h => h.dataset.n)")
        )
        assert pips == sorted(int(n) for n in tile.split("-"))
        if m["points"]:
            expect(target).to_contain_text(f"+{m['points']}")
            expect(target).to_have_attribute(
                "aria-label", f"{said[m['end']]}, vale {m['points']} pontos"
            )
        else:
            expect(target.locator(".target-points")).to_have_text("0")
            expect(target).to_have_attribute(
                "aria-label", f"{said[m['end']]}, não marca pontos"
            )
    # Escape puts the tile back; so does a second tap on the tile (touch has no Esc)
    page.keyboard.press("Escape")
    expect(targets).to_have_count(0)
    page.click(f"#hand .hand-tile[data-tile='{tile}']")
    expect(targets).to_have_count(len(found))
    page.click(f"#hand .hand-tile[data-tile='{tile}']")
    expect(targets).to_have_count(0)
    expect(page.locator("#pick-hint")).to_be_hidden()
    # by keyboard alone: Enter on the tile, arrows to the best place, Enter plays it there
    best = max(found, key=lambda m: m["points"])
    page.focus(f"#hand .hand-tile[data-tile='{tile}']")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.classList.contains('target')")
    for _ in range(len(found)):
        if page.evaluate("() => document.activeElement.dataset.end") == best["end"]:
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.end") == best["end"]
    page.keyboard.press("Enter")
    settle(page)
    log = state(page)["view"]["log"]
    mine = [e for e in log if e["type"] == "play" and e["seat"] == 0]
    assert mine[-1]["end"] == best["end"]
    assert mine[-1]["points"] == best["points"]


def end_name(end: str) -> str:
    return {
        "L": "ponta esquerda",
        "R": "ponta direita",
        "U": "ponta de cima",
        "D": "ponta de baixo",
    }[end]
