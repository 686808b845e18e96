"""Fair deals in the browser: the page adds its own client seed to every deal (or the one
the player typed in the table's menu), and "Conferir o embaralhamento" on the match-over
panel and on the replay checks the record here (WebCrypto) and says what was checked;
a record whose deal was changed is caught and the round named."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .driver import create_vs_computer, open_record_file, play_round, state
from .test_web_axe import _axe

pytestmark = pytest.mark.browser


def _two_rounds_then_resign(page: Page, server: str, typed: str) -> str:
    """Classic, 2 seats against the computer: round 1 played out, the player's own seed
    typed for round 2, round 2 dealt, then resigned; the table id."""
    create_vs_computer(page, server, preset="classic", seats=2, goal=100)
    fair = state(page)["table"]["fair"]
    assert fair["round"] == 1 and fair["seeded"] == [0] and fair["deal_at"] is None
    play_round(page)
    page.click("#more summary")
    page.fill("#fair-own-seed", typed)
    expect(page.locator("#fair-commitment")).to_contain_text("Rodada 1: embaralhamento prometido")
    page.click("#more summary")
    page.click("#main-action")  # next round: committed, our typed seed added, dealt
    page.wait_for_function("() => !dominoDebug.state().view.round_over", timeout=10000)
    expect(page.locator("#fair-own-seed")).to_have_value("")  # it was for one deal
    page.click("#more summary")
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#match-over")).to_be_visible(timeout=5000)
    return str(state(page)["table"]["id"])


def test_the_match_over_panel_checks_every_deal_in_the_browser(
    page: Page, server: str, axe_source: str
) -> None:
    table_id = _two_rounds_then_resign(page, server, "meu palpite 7")
    record = page.request.get(f"{server}/api/tables/{table_id}/record").json()
    # resigned: a /2 record that also says so (/3), checked in the browser all the same
    assert record["format"] == "domino-record/3"
    assert record["end"] == {"reason": "resign", "seat": 0}
    first, second = (r["fair"]["client_seeds"] for r in record["rounds"])
    assert len(first) == 1 and first[0]["seat"] == 0 and len(first[0]["seed"]) == 32  # random
    assert second == [{"seat": 0, "seed": "meu palpite 7"}]  # the one typed
    page.click("#fair-verify")
    head = page.locator("#fair-result .fair-headline")
    expect(head).to_have_text("Embaralhamento conferido: as 2 rodadas foram dadas como prometido.")
    expect(page.locator("#fair-result .fair-detail")).to_contain_text("impressão digital (SHA-256)")
    expect(page.locator("#fair-result")).to_have_class("fair-box fair-ok")
    _axe(page, axe_source, "the fair-check result on the match-over panel")


def _tile_key(text: str) -> tuple[str, ...]:
    """``"6-4"`` and ``"4-6"`` alike."""
    return tuple(sorted(text.split("-")))


def test_the_replay_of_a_changed_record_names_the_round(
    page: Page, server: str, tmp_path: Path, axe_source: str
) -> None:
    table_id = _two_rounds_then_resign(page, server, "x")
    record = page.request.get(f"{server}/api/tables/{table_id}/record").json()
    # the table's own replay: the same check, from the replay screen
    page.goto(f"{server}/t/{table_id}/replay")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#replay-view")).to_be_visible()
    page.click("#replay-fair-verify")
    expect(page.locator("#replay-fair-result .fair-headline")).to_contain_text("as 2 rodadas")
    # a record file whose second deal was changed: two tiles swapped between the hands,
    # tiles not played yet (a bot that opened round 2 may have laid one: the replay would
    # then stop at that play instead of opening), neither a double (a hand given a fourth
    # double is a deal the rules redeal, refused before any fair check)
    played = {_tile_key(p.split()[0]) for p in record["rounds"][1]["plays"] if "-" in p}
    hands = record["rounds"][1]["hands"]
    i, j = (
        next(k for k, t in enumerate(h)
             if _tile_key(t) not in played and len(set(_tile_key(t))) == 2)
        for h in hands[:2]
    )
    hands[0][i], hands[1][j] = hands[1][j], hands[0][i]
    open_record_file(page, server, tmp_path / "changed.json", record)
    expect(page.locator("#replay-view")).to_be_visible()
    page.click("#replay-fair-verify")
    expect(page.locator("#replay-fair-result .fair-headline")).to_have_text(
        "A rodada 2 NÃO confere!"
    )
    expect(page.locator("#replay-fair-result .fair-detail")).to_contain_text(
        "A mão do jogador 1 não é a que os números dão."
    )
    _axe(page, axe_source, "a failed fair check on a record file's replay")
