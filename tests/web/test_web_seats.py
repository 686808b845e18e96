"""The table as players expect it: every seat around the felt (you at the bottom, your
partner across, the others left and right), each with its name told apart, its bot level
or partner tag, its tiles face down and what it did last; the boneyard as a pile to click
where drawing is by hand; a 360-px phone shows it all without scrolling."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .driver import create_vs_computer, my_turn_to_play, play_round, settle, state, step_until

pytestmark = pytest.mark.browser

PLACES_JS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const chips = {};
  for (const li of document.querySelectorAll('#seats-bar .seat-chip')) {
    chips[li.dataset.seat] = {...box(li), place: li.dataset.place,
      name: li.querySelector('.seat-name').textContent,
      backs: li.querySelectorAll('.backs i').length};
  }
  const root = document.documentElement;
  return {chips, board: box(document.querySelector('#board')),
          main: box(document.querySelector('#main-action')),
          hand: Array.from(document.querySelectorAll('#hand .hand-tile')).map(box),
          vw: root.clientWidth, vh: root.clientHeight, scrollWidth: root.scrollWidth};
}"""


def _places(page: Page) -> dict[str, Any]:
    return page.evaluate(PLACES_JS)


def _mid(b: dict[str, float]) -> tuple[float, float]:
    return b["x"] + b["w"] / 2, b["y"] + b["h"] / 2


@pytest.mark.parametrize("seats", [4, 3, 2])
def test_every_seat_sits_around_the_felt(page: Page, server: str, seats: int) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    create_vs_computer(page, server, preset="draw", seats=seats, goal=100)
    step_until(page, lambda: my_turn_to_play(page), what="our turn")
    p = _places(page)
    chips, board = p["chips"], p["board"]
    _, by = _mid(board)
    _, me_y = _mid(chips["0"])
    assert chips["0"]["place"] == "bottom" and me_y > by, "you sit at the bottom"
    expected = {
        4: {"1": "right", "2": "top", "3": "left"},
        3: {"1": "right", "2": "left"},
        2: {"1": "top"},
    }
    for seat, place in expected[seats].items():
        x, y = _mid(chips[seat])
        assert chips[seat]["place"] == place
        if place == "top":
            assert y < board["y"] + 1, f"seat {seat} is not above the line"
        elif place == "right":
            assert x > board["x"] + board["w"] - 1, f"seat {seat} is not right of the line"
        else:
            assert x < board["x"] + 1, f"seat {seat} is not left of the line"
    # each bot seat says its level; our own seat says none
    levels = {"rabisco": "fácil", "nino": "médio", "voquelonia": "difícil"}
    table_seats = state(page)["table"]["seats"]
    assert [x["kind"] for x in table_seats] == ["human"] + ["bot"] * (seats - 1)
    for seat in table_seats:
        level = page.locator(f"#seats-bar .seat-chip[data-seat='{seat['seat']}'] .seat-level")
        if seat["kind"] == "bot":
            expect(level).to_have_text(f"robô {levels[seat['bot']]}")
        else:
            expect(level).to_have_count(0)
    # names told apart (no "Nino 2"/"Nino 3"), tiles face down as many as each holds
    names = [c["name"] for c in chips.values()]
    assert len(set(names)) == len(names), names
    counts = state(page)["view"]["hand_counts"]
    for seat, chip in chips.items():
        if seat != "0":
            assert chip["backs"] == counts[int(seat)], (seat, chip, counts)
    # what each seat did last is shown by it (when anybody moved before our turn)
    log = state(page)["view"]["log"]
    for seat in {e["seat"] for e in log if e["type"] in ("play", "draw", "pass")}:
        last = [e for e in log if e.get("seat") == seat and e["type"] in ("play", "draw", "pass")][
            -1
        ]
        did = page.locator(f"#seats-bar .seat-chip[data-seat='{seat}'] .seat-did")
        word = {"play": f"jogou {last.get('tile')}", "draw": "comprou", "pass": "passou"}
        expect(did).to_contain_text(word[last["type"]])


def test_the_partner_is_marked_and_the_phone_fits_it_all(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    create_vs_computer(page, server, preset="classic", seats=4, goal=100)
    step_until(page, lambda: my_turn_to_play(page), what="our turn")
    partner = page.locator("#seats-bar .seat-chip[data-seat='2']")
    expect(partner.locator(".partner-tag")).to_have_text("parceiro")
    expect(partner).to_have_attribute("data-place", "top")
    p = _places(page)
    assert p["scrollWidth"] <= p["vw"], "the page scrolls sideways"
    for seat, chip in p["chips"].items():
        right = chip["x"] + chip["w"]
        assert chip["x"] >= 0 and right <= p["vw"] + 0.5, f"seat {seat} off the screen"
        assert chip["y"] + chip["h"] <= p["vh"] + 0.5, f"seat {seat} below the fold"
    for b in [p["main"], *p["hand"]]:
        assert b["y"] + b["h"] <= p["vh"] + 0.5, "the main button or a tile is below the fold"


def _must_draw(page: Page) -> bool:
    s = state(page)
    v = s["view"]
    return bool(
        v["turn"] == 0
        and not v["round_over"]
        and not s["pending"]
        and any(m["type"] == "draw" for m in v["legal"])
    )


def test_caribbean_boneyard_is_a_pile_to_click_when_you_must_draw(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    create_vs_computer(page, server, preset="caribbean", seats=2, goal=100)
    pile = page.locator("#boneyard-pile")
    # play on, by the main button, until we hold nothing that fits and must draw by hand
    step_until(page, lambda: _must_draw(page), what="a turn where we must draw", timeout=120)
    expect(pile).to_be_visible()
    left = state(page)["view"]["boneyard"]
    expect(pile).to_have_attribute("aria-label", f"Comprar do monte ({left} pedras)")
    held = len(state(page)["view"]["hand"])
    pile.click()
    settle(page)
    page.wait_for_function(f"() => dominoDebug.state().view.hand.length === {held + 1}")
    expect(page.locator("#seats-bar .seat-chip.me .seat-did .long")).to_have_text("comprou 1 pedra")
    # drawing on until a tile fits: each click one tile; then the pile goes away
    for _ in range(left):
        if not _must_draw(page):
            break
        count = len(state(page)["view"]["hand"])
        pile.click()
        settle(page)
        page.wait_for_function(f"() => dominoDebug.state().view.hand.length > {count}")
    expect(pile).to_be_hidden()


def test_on_a_phone_the_round_panel_steps_aside_to_show_the_line(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    create_vs_computer(page, server, preset="classic", seats=4, goal=100)
    play_round(page)
    peek = page.locator("#peek-btn")
    expect(peek).to_have_text("Ver mesa")
    expect(page.locator("#round-headline")).to_be_visible()
    peek.click()
    expect(peek).to_have_attribute("aria-pressed", "true")
    expect(peek).to_have_text("Ver resultado")
    expect(page.locator("#round-headline")).to_be_hidden()
    # the whole line is on the screen now, above the main button
    tiles = page.locator("#board svg > .tile .face").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; })"
    )
    main_top = page.locator("#main-action").bounding_box()["y"]
    assert tiles and all(top >= 0 and bottom <= main_top + 0.5 for top, bottom in tiles)
    peek.click()
    expect(page.locator("#round-headline")).to_be_visible()
