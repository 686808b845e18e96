"""This round's moves, for a player who looked away: a dialog from the "more" menu
listing the round's public log as sentences, the last move first, kept current."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .driver import create_vs_computer, history_lines, state, step_until
from .test_web_axe import _axe

pytestmark = pytest.mark.browser

SENTENCES = "() => import('/explain.js').then((m) => m.roundMoves(dominoDebug.state()))"


def test_the_rounds_moves_read_last_first(page: Page, server: str, axe_source: str) -> None:
    create_vs_computer(page, server, preset="draw", seats=2, goal=100, name="Ana")

    # both seats have played, and the table waits for us: nothing changes meanwhile
    def two_moves_and_our_turn() -> bool:
        v = state(page)["view"] or {}
        plays = [m for m in v.get("legal", []) if m["type"] == "play"]
        return (
            len(v.get("log", [])) >= 2
            and v.get("turn") == 0
            and not v.get("round_over")
            and bool(plays)
        )

    step_until(page, two_moves_and_our_turn, what="two moves", next_round=False)
    items = history_lines(page)
    dialog = page.locator("#history-dialog")
    expect(page.locator("#history-title")).to_have_text(
        "Rodada 1: as jogadas, da última à primeira"
    )
    expected = page.evaluate(SENTENCES)
    assert len(expected) >= 2
    expect(items).to_have_text(expected)
    _axe(page, axe_source, "the history dialog")
    # our own turns are there too, in Portuguese, said as ours ("Você jogou…", or "Você
    # comprou…" when the opening left us nothing to lay before drawing)
    assert any(line.startswith(("Você jogou", "Você comprou")) for line in expected)
    # kept current while open: our move arrives at the top
    move = next(m for m in state(page)["view"]["legal"] if m["type"] == "play")
    ours = page.locator("#history-list li", has_text="Você jogou")
    before = ours.count()
    page.evaluate("(m) => dominoDebug.send('play', {tile: m.tile, end: m.end})", move)
    expect(ours).to_have_count(before + 1)  # (the bot may answer at once, above it)
    dialog.locator("button[value=close]").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#more summary")).to_be_focused()  # focus back where it was
