"""Whole matches in the browser against the real server's bots."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from domino_core import Match
from domino_core.record import read_record

from .driver import (
    click_step,
    create_vs_computer,
    play_match,
    play_round,
    settle,
    state,
    step_until,
)
from .keyboard import focus_by_tab, key_step
from .waits import motion_done

pytestmark = pytest.mark.browser


def draws_and_passes(record: dict[str, Any], seat: int) -> int:
    """How many draws and passes ``seat`` made in the match of ``record``: a record holds
    the plays only, so they are counted by replaying it (each is forced by the rules)."""
    parsed = read_record(record)
    match: Match | None = None
    count = 0
    for rnd in parsed.rounds:
        if match is None:
            match = Match(parsed.rules, deals=[rnd.deal])
        else:
            match.start_next_round(rnd.deal)
        plays = list(rnd.plays)
        while match.turn is not None:
            legal = match.legal_moves()
            if any(m.kind == "play" for m in legal):
                match.push(plays.pop(0))
            else:
                count += match.turn == seat
                match.push(legal[0])
    return count


def test_whole_match_against_bots_by_clicks(page: Page, server: str, shots: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#create-btn")).to_have_text("Jogar")
    page.screenshot(path=str(shots / "home.png"))

    create_vs_computer(page, server, preset="classic", seats=4, goal=50)
    s = state(page)
    assert s["seat"] == 0
    assert s["table"]["status"] == "playing"
    # the top bar names every seat, the bots with their level, and shows team scores
    expect(page.locator("#seats-bar .seat-chip")).to_have_count(4)
    expect(page.locator("#seats-bar")).to_contain_text("robô médio")
    expect(page.locator("#seats-bar .team-score")).to_have_count(2)
    expect(page.locator("#info-goal")).to_contain_text("Meta 50")

    # play until the board shows a few tiles, then photograph the table mid-round
    actions = step_until(
        page,
        lambda: len(page.locator("#board .tile").all()) >= 5 or state(page)["view"]["round_over"],
        what="five tiles on the board",
        next_round=False,
    )
    motion_done(page)  # the last tile's landing animation finished
    page.screenshot(path=str(shots / "table-desktop.png"))

    # finish the round and photograph the round-over screen with every hand shown
    actions += play_round(page)
    expect(page.locator("#round-over")).to_be_visible()
    expect(page.locator("#round-title")).to_contain_text("Fim da rodada 1")
    expect(page.locator("#round-hands .reveal-row:not(.rest)")).to_have_count(4)
    expect(page.locator("#round-explain")).not_to_be_empty()
    if not state(page)["view"]["over"]:  # the goal (50) is reached in round 1 in 0.35% of deals
        expect(page.locator("#main-action")).to_have_text("Próxima rodada")
        # the mouse off the line (it rests where the last tile was played), so that no
        # aids tip covers the picture
        page.mouse.move(0, 0)
        expect(page.locator("#aid-tip")).to_be_hidden()
        page.screenshot(path=str(shots / "round-over.png"))

    actions += play_match(page, click_step)
    s = state(page)
    assert s["view"]["over"] is True
    assert s["view"]["winner"] in (0, 1)
    assert max(s["view"]["scores"]) >= 50
    assert "play" in actions
    expect(page.locator("#match-headline")).not_to_be_empty()
    expect(page.locator("#match-score")).to_contain_text("Placar final")
    # the record downloads as domino-record/2 (with the fair-deal proofs)
    with page.expect_download() as dl:
        page.click("#record-link")
    text = Path(dl.value.path()).read_text()
    assert '"domino-record/2"' in text
    # rematch opens a fresh table with the same game
    old = s["table"]["id"]
    page.click("#rematch")
    page.wait_for_function(
        f"() => dominoDebug.state().tableId !== '{old}' && dominoDebug.state().view", timeout=15000
    )
    assert state(page)["view"]["rules"]["preset"] == "classic"


def test_whole_match_by_keyboard_only(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 1024, "height": 800})
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready]")
    # the home form by keyboard: "caribbean", 2 players, goal 50, a name, then Enter
    assert focus_by_tab(page, "a.id === 'preset'")
    for _ in range(4):
        page.keyboard.press("ArrowDown")
    assert page.input_value("#preset") == "caribbean"
    assert focus_by_tab(page, "a.name === 'seats'")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.querySelector('input[name=seats]:checked').value") == "2"
    assert focus_by_tab(page, "a.id === 'goal'")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.input_value("#goal") == "50"
    assert focus_by_tab(page, "a.id === 'name'")
    page.keyboard.type("Teclado")
    page.keyboard.press("Enter")
    page.wait_for_url("**/t/*")
    page.wait_for_function("() => dominoDebug.state().view !== null", timeout=15000)
    page.keyboard.press("Tab")

    actions = play_match(page, key_step)
    s = state(page)
    assert s["view"]["over"] is True
    assert s["view"]["rules"]["preset"] == "caribbean"
    assert actions.count("play") >= 3
    # caribbean leaves drawing to the player: the main button became Draw (or Pass) each
    # time the rules made us draw or pass, and the keyboard did it (in 0.5% of matches
    # that is never: the record then shows no draw or pass of ours either)
    record = httpx.get(f"{server}/api/tables/{s['table']['id']}/record", timeout=10).json()
    assert actions.count("draw") + actions.count("pass") == draws_and_passes(record, seat=0)
    # the player was announced moves in the live region all along
    expect(page.locator("#live")).not_to_be_empty()


def test_drag_and_drop_plays_a_tile(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 1200, "height": 900})
    create_vs_computer(page, server, preset="block", seats=2, goal=100)
    # wait for our turn with a playable tile (on an empty board any tile opens); in 0.45%
    # of deals the round closes before that (neither hand holds an open end): next round
    deadline = time.monotonic() + 30
    while not page.locator("#hand .hand-tile.lit").count():
        assert time.monotonic() < deadline, "never our turn with a tile to play"
        if state(page)["view"]["round_over"]:
            click_step(page)  # "Next round" (nothing to play on a finished round)
        page.wait_for_timeout(50)
    before = state(page)
    tile = page.locator("#hand .hand-tile.lit").first
    name = tile.get_attribute("data-tile")
    box = tile.bounding_box()
    board = page.locator("#board-wrap").bounding_box()
    assert box and board
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 20, box["y"] - 30, steps=4)
    target = page.locator("#board .target").first
    if target.count():
        tb = target.bounding_box()
        assert tb
        page.mouse.move(tb["x"] + tb["width"] / 2, tb["y"] + tb["height"] / 2, steps=6)
    else:
        page.mouse.move(board["x"] + board["width"] / 2, board["y"] + board["height"] / 2, steps=6)
    page.mouse.up()
    settle(page)
    page.wait_for_function(f"() => !dominoDebug.state().view.hand.includes('{name}')", timeout=5000)
    after = state(page)
    assert len(after["view"]["hand"]) == len(before["view"]["hand"]) - 1
    played = [e for e in after["view"]["log"] if e["type"] == "play" and e["seat"] == 0]
    assert played and played[-1]["tile"] in (name, "-".join(reversed(name.split("-"))))
