"""A friend who arrives after the start takes the seat its bot kept for her (RULES.md §10
Seats and bots): the round's history then says the bot's earlier moves there as the
computer's, made before she came, on her page and on the host's, not as hers."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from domino_server.table.standin import MOVES

from .driver import (
    history_lines,
    my_turn_to_play,
    started_for_friends,
    state,
    step_until,
    two_people,
)

pytestmark = pytest.mark.browser

def test_the_history_says_the_bots_moves_before_a_friend_took_its_seat(
    browser: Browser, server: str
) -> None:
    with two_people(browser, (1000, 800)) as (host, guest):
        link = started_for_friends(host, server, preset="draw", seats=2, name="Ana")

        def nino_played() -> bool:
            v = state(host)["view"] or {}
            plays = [e for e in v.get("log", []) if e.get("seat") == 1 and e["type"] == "play"]
            return v.get("round") == 1 and bool(plays) and my_turn_to_play(host)

        step_until(host, nino_played, what="a tile Nino laid", next_round=False)
        ninos = [e for e in state(host)["view"]["log"] if e.get("seat") == 1 and e["type"] in MOVES]
        lines = history_lines(host)  # Nino's seat: his moves, by his name
        for e in ninos:
            if e["type"] == "play":
                expect(lines.filter(has_text=f"Nino jogou {e['tile']}")).to_have_count(1)
        host.locator("#history-dialog button[value=close]").click()

        guest.goto(link)  # Ana's turn: Bia takes Nino's seat at once
        guest.fill("#join-name", "Bia")
        guest.click("#join-btn")
        for page in (host, guest):
            page.wait_for_function(
                "() => (dominoDebug.state().table?.seats[1] || {}).kind === 'human'"
                " && dominoDebug.state().view !== null", timeout=15000,
            )
        assert all(state(p)["view"]["round"] == 1 for p in (host, guest))  # (the same round)
        for page, said, own in (
            (host, "no lugar de Bia", "Bia jogou"),
            (guest, "no seu lugar", "Você jogou"),
        ):
            lines = history_lines(page)
            who = "Bia" if page is host else "você"
            came = f"{said}, antes de {who} chegar"
            expect(lines.filter(has_text=came)).to_have_count(len(ninos))
            for e in ninos:
                if e["type"] == "play":
                    laid = f"O computador jogou {e['tile']}"
                    expect(lines.filter(has_text=laid)).to_have_count(1)
                    expect(lines.filter(has_text=f"{own} {e['tile']}")).to_have_count(0)
                    expect(lines.filter(has_text=f"Nino jogou {e['tile']}")).to_have_count(0)
