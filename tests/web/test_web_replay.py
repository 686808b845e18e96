"""Replays: a finished match stepped through from the match-over panel, move by move and
round by round, by buttons and keys, each step said by the live region; the link keeps
the step; a downloaded record file opened in the page replays the same match; a bot keeps
its name when a friend takes another bot's seat, and the replay names the seats as the
table did."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .driver import (
    create_vs_computer,
    open_record_file,
    play_round,
    started_for_friends,
    state,
    step_until,
    two_people,
)

pytestmark = pytest.mark.browser


def _finished_match(page: Page, server: str) -> str:
    """A 2-seat classic match with one round played out, then resigned; its table id."""
    create_vs_computer(page, server, preset="classic", seats=2, goal=100)
    play_round(page)
    page.click("#main-action")  # next round
    page.wait_for_function("() => !dominoDebug.state().view.round_over", timeout=10000)
    page.click("#more summary")
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#match-over")).to_be_visible(timeout=5000)
    return str(state(page)["table"]["id"])


def test_a_finished_match_replays_move_by_move_and_round_by_round(
    page: Page, server: str, shots: Path
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    table_id = _finished_match(page, server)
    # the score sheet from the match-over panel: the round played, its points, the totals
    page.click("#match-score-btn")
    sheet = page.locator("#score-dialog")
    expect(sheet).to_be_visible()
    rows = sheet.locator("#score-table tbody tr")
    v = state(page)["view"]
    # the round played, and the one resigned when the view still holds it as its result
    held = len(v["rounds"]) + (
        1 if v["round_over"] and v["result"] and len(v["rounds"]) < v["round"] else 0
    )
    expect(rows).to_have_count(held)
    first = v["rounds"][0]
    cells = rows.first.locator("td")
    expect(cells.nth(2)).to_have_text(str(first["points"] if first["winner"] is not None else 0))
    expect(sheet.locator("#score-goal")).to_contain_text("Meta: 100 pontos. Total agora: ")
    page.screenshot(path=str(shots / "score-sheet.png"))
    page.keyboard.press("Escape")
    expect(page.locator("#match-score-btn")).to_be_focused()  # back where it was opened
    page.click("#replay-link")
    page.wait_for_url(f"**/t/{table_id}/replay")
    step = page.locator("#replay-step")
    expect(step).to_have_text("Rodada 1: as pedras foram dadas.")
    expect(page.locator("#replay-board")).to_contain_text("Mesa vazia")
    # both hands face up, seven tiles each, as dealt
    expect(page.locator("#replay-hands .reveal-row")).to_have_count(2)
    expect(page.locator("#replay-hands .reveal-row").first.locator(".mini")).to_have_count(7)
    expect(page.locator("#rp-prev")).to_be_disabled()
    # a move forward: the line holds one tile, the sentence says who played what
    page.click("#rp-next")
    expect(step).to_have_text(re.compile(r"^Rodada 1, lance 1 de \d+\. .+ jogou \d-\d"))
    expect(step).to_have_attribute("aria-live", "polite")
    expect(page.locator("#replay-board svg > .tile")).to_have_count(1)
    # one tile left the player's hand; a seat that then had to draw (classic draws by
    # itself) holds the drawn tiles too: the page shows the hands the server replays
    steps = page.request.get(f"{server}/api/tables/{table_id}/replay").json()["steps"]
    opener = steps[0]["turn"]
    assert len(steps[1]["hands"][opener]) == 6
    rows_shown = page.locator("#replay-hands .reveal-row")
    for seat, hand in enumerate(steps[1]["hands"]):
        expect(rows_shown.nth(seat).locator(".mini")).to_have_count(len(hand))
    # by keys, wherever the keyboard is on the screen (here: nowhere, as on arrival at the
    # title): arrows step, Page Down goes to the next round's deal
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-board svg > .tile")).to_have_count(2)
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-board svg > .tile")).to_have_count(1)
    page.keyboard.press("End")  # the resigned second round: its deal, or a move or two
    expect(step).to_contain_text("Rodada 2")
    end_text = step.inner_text()
    expect(page.locator("#rp-next")).to_be_disabled()
    page.keyboard.press("Home")
    expect(step).to_have_text("Rodada 1: as pedras foram dadas.")
    page.keyboard.press("PageDown")
    # round 2's deal: the last step where the resignation came before any move
    round_two = re.compile(r"^Rodada 2: as pedras foram dadas\.( Fim da partida\. .*desistiu.*)?$")
    expect(step).to_have_text(round_two)
    page.keyboard.press("PageUp")
    expect(step).to_have_text("Rodada 1: as pedras foram dadas.")
    page.keyboard.press("PageDown")
    expect(step).to_have_text(round_two)
    page.keyboard.press("ArrowLeft")  # the last move of round 1: the round's result
    expect(step).to_contain_text("Rodada 1 terminou.")
    page.screenshot(path=str(shots / "replay.png"))
    # a phone on its side: the step buttons, the step's words and the felt all in view
    # at once, on the table's replay and on a record file's
    page.set_viewport_size({"width": 640, "height": 360})
    for part in ("#rp-next", "#replay-step", "#replay-board"):
        box = page.locator(part).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 360, (part, box)
    page.screenshot(path=str(shots / "replay-phone-side.png"))
    page.set_viewport_size({"width": 1280, "height": 900})
    # the address keeps the step: the link opens there
    url = page.url
    assert re.search(r"\?step=\d+$", url), url
    said = step.inner_text()
    page.goto(url)
    expect(page.locator("#replay-step")).to_have_text(said)
    assert said != end_text


def test_a_record_file_opened_in_the_page_replays_it(
    page: Page, server: str, tmp_path: Path
) -> None:
    table_id = _finished_match(page, server)
    record = page.request.get(f"{server}/api/tables/{table_id}/record").json()
    open_record_file(page, server, tmp_path / "match.json", record)
    expect(page.locator("#replay-step")).to_have_text("Rodada 1: as pedras foram dadas.")
    # the file's own deal: seat 0's first hand is the record's
    first = sorted(record["rounds"][0]["hands"][0])
    shown = (
        page.locator("#replay-hands .reveal-row")
        .first.locator(".mini")
        .evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    )
    assert sorted(shown) == first
    # a record names nobody: its seats are players by number, in the page's language
    names = page.locator("#replay-hands .reveal-name")
    expect(names.first).to_contain_text("Jogador 1")
    page.select_option("#lang-select", "en")
    expect(names.first).to_contain_text("Player 1")
    page.select_option("#lang-select", "pt-BR")
    expect(page.locator("#replay-share")).to_be_hidden()  # a file has no table to link to
    # a file that is not a record says why, and where, in the page's language
    status = page.locator("#replay-status")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "nope"}')
    page.set_input_files("#replay-file", str(bad))
    expect(status).to_contain_text("não é um registro de partida válido (no cabeçalho")
    not_json = tmp_path / "notes.json"
    not_json.write_text("minhas anotações da partida")
    page.set_input_files("#replay-file", str(not_json))
    expect(status).to_have_text("Este arquivo não é um registro de partida (não está em JSON).")
    wrong = dict(record)
    first = dict(record["rounds"][0])
    first["plays"] = [first["plays"][0], first["plays"][0]]  # the opening tile laid twice
    wrong["rounds"] = [first]
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(wrong))
    page.set_input_files("#replay-file", str(illegal))
    expect(status).to_contain_text("(na rodada 1, jogada 2). Detalhe técnico, em inglês:")
    page.select_option("#lang-select", "en")
    page.set_input_files("#replay-file", str(not_json))
    expect(status).to_have_text("This file is not a match record (it is not JSON).")
    page.select_option("#lang-select", "pt-BR")


def test_bots_keep_their_names_and_the_replay_names_seats_as_the_table_did(
    browser: Browser, server: str
) -> None:
    with two_people(browser, (1100, 850)) as (host, friend):
        link = started_for_friends(host, server, preset="classic", seats=4, name="Bia")  # 3 bots
        name = "#seats-bar .seat-chip[data-seat='{}'] .seat-name"
        expect(host.locator(name.format(1))).to_have_text("Nino")
        expect(host.locator(name.format(2))).to_have_text("Nina")
        expect(host.locator(name.format(3))).to_have_text("Nico")
        # Caio takes Nina's seat mid-match (at a turn's end: the host plays meanwhile)
        friend.goto(link)
        friend.fill("#join-name", "Caio")
        friend.check("#lobby-pick input[value='2']")
        friend.click("#join-btn")
        friend.wait_for_function("() => dominoDebug.state().table !== null", timeout=10000)

        def caio_sits() -> bool:
            return bool(state(host)["table"]["seats"][2]["kind"] == "human")

        step_until(host, caio_sits, what="Caio in his seat", timeout=30)
        expect(host.locator(name.format(2))).to_have_text("Caio")
        # nobody else was renamed: Nico is still Nico (numbered in order, he became "Nina")
        expect(host.locator(name.format(1))).to_have_text("Nino")
        expect(host.locator(name.format(3))).to_have_text("Nico")
        # the match ends; its replay names the seats as the table did (not "Nino 2", "Nino 4")
        host.click("#more summary")
        host.click("#resign")
        host.click("#confirm-yes")
        expect(host.locator("#match-over")).to_be_visible(timeout=10000)
        host.click("#replay-link")
        host.wait_for_url("**/replay")
        rows = host.locator("#replay-hands .reveal-tiles")  # each hand, labelled by its seat's name
        expect(rows).to_have_count(4)
        labels = rows.evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))")
        assert labels == ["Bia", "Nino", "Caio", "Nico"], labels
        if host.locator("#rp-next").is_enabled():  # (none when Caio sat before any move)
            host.click("#rp-next")  # and the steps say them so
            expect(host.locator("#replay-step")).to_contain_text("jogou")
            expect(host.locator("#replay-step")).not_to_contain_text(re.compile(r"Nino \d"))
