"""The shuffle check ("Conferir o embaralhamento") speaks the language of the moment: a
check already made is said again in the new language when the player switches it, on the
match-over panel as on the replay, for a shuffle that checks out as for one that does not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .driver import create_vs_computer, open_record_file, state

pytestmark = pytest.mark.browser

OK_PT = "Embaralhamento conferido: a rodada foi dada como prometido."
OK_EN = "Shuffle checked: the round was dealt as promised."


def _resigned(page: Page, server: str) -> str:
    """Classic, 2 seats against the computer, resigned in round 1; the table id."""
    create_vs_computer(page, server, preset="classic", seats=2, goal=50)
    page.click("#more summary")
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#match-over")).to_be_visible(timeout=5000)
    return str(state(page)["table"]["id"])


def test_a_shuffle_checked_is_said_again_in_the_new_language(page: Page, server: str) -> None:
    _resigned(page, server)
    head = page.locator("#fair-result .fair-headline")
    detail = page.locator("#fair-result .fair-detail")
    page.click("#fair-verify")
    expect(head).to_have_text(OK_PT)
    expect(detail).to_contain_text("impressão digital (SHA-256)")
    page.select_option("#lang-select", "en")
    expect(head).to_have_text(OK_EN, timeout=1000)
    expect(detail).to_contain_text("fingerprint (SHA-256)")
    expect(detail).not_to_contain_text("impressão digital")
    expect(page.locator("#fair-result")).to_have_class("fair-box fair-ok")
    # the replay of the same match, checked in English, then read in Portuguese
    page.click("#replay-link")
    expect(page.locator("#replay-view")).to_be_visible(timeout=5000)
    replay_head = page.locator("#replay-fair-result .fair-headline")
    replay_detail = page.locator("#replay-fair-result .fair-detail")
    expect(replay_head).to_have_text("")  # nothing checked on this screen yet
    page.click("#replay-fair-verify")
    expect(replay_head).to_have_text(OK_EN)
    page.select_option("#lang-select", "pt-BR")
    expect(replay_head).to_have_text(OK_PT, timeout=1000)
    expect(replay_detail).to_contain_text("impressão digital (SHA-256)")
    expect(replay_detail).not_to_contain_text("fingerprint")


def test_a_shuffle_that_does_not_check_out_is_said_again_in_the_new_language(
    page: Page, server: str, tmp_path: Path
) -> None:
    table_id = _resigned(page, server)
    record = page.request.get(f"{server}/api/tables/{table_id}/record").json()
    untouched = tmp_path / "untouched.json"
    untouched.write_text(json.dumps(record))
    record["rounds"][0]["fair"]["commitment"] = "0" * 64  # not the secret's fingerprint
    open_record_file(page, server, tmp_path / "changed.json", record)
    expect(page.locator("#replay-view")).to_be_visible()
    head = page.locator("#replay-fair-result .fair-headline")
    detail = page.locator("#replay-fair-result .fair-detail")
    page.click("#replay-fair-verify")
    expect(head).to_have_text("A rodada 1 NÃO confere!")
    expect(detail).to_contain_text("O segredo revelado não é o que foi prometido")
    page.select_option("#lang-select", "en")
    expect(head).to_have_text("Round 1 does NOT check out!", timeout=1000)
    expect(detail).to_contain_text("The secret shown is not the one promised")
    expect(detail).not_to_contain_text("segredo")
    expect(page.locator("#replay-fair-result")).to_have_class("fair-box fair-bad")
    # another record on screen: the check shown is forgotten, in any language
    page.set_input_files("#replay-file", str(untouched))
    expect(head).to_have_text("")
    page.select_option("#lang-select", "pt-BR")
    expect(page.locator("#replay-fair-verify")).to_have_text("Conferir o embaralhamento")
    expect(head).to_have_text("")
    expect(detail).to_have_text("")
    expect(page.locator("#replay-fair-result")).to_have_class("fair-box")
