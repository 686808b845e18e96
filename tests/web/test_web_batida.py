"""The batida preset in the browser: the home form, its rules page in both languages,
and a match started from the home page whose round-over panel names the batida."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .driver import create_vs_computer, play_round, state

pytestmark = pytest.mark.browser

HEADLINE = re.compile(
    r"^(Batida simples|Batida de carroça|Lá-e-lô|Cruzada)! \d+ pontos? para a "
    r"(sua dupla|dupla adversária)\.$"
)


def test_home_offers_batida_with_its_goals_and_rules(page: Page, server: str) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#preset option[value=batida]")).to_have_text("Batida (boteco)")
    page.select_option("#preset", "batida")
    expect(page.locator("#preset-hint")).to_contain_text("lá-e-lô")
    page.check("input[name=seats][value='4']")
    expect(page.locator("#teams")).to_be_checked()
    goals = page.locator("#goal option").all_text_contents()
    assert goals == [str(g) for g in range(3, 13)]
    assert page.input_value("#goal") == "6"
    # back to a game by pips: its goals again, the default 100
    page.select_option("#preset", "draw")
    assert page.input_value("#goal") == "100"
    page.select_option("#preset", "batida")
    page.click("#home-rules")
    expect(page.locator("#rules-title")).to_have_text("Regras: Batida (boteco)")
    expect(page.locator("#rules-body")).to_contain_text("Cruzada")
    expect(page.locator("#rules-body")).to_contain_text("4 que sobram dormem")
    page.click("#rules-dialog button[value=close]")
    page.select_option("#lang-select", "en")
    expect(page.locator("#preset option[value=batida]")).to_have_text("Batida (bar game)")
    page.goto(f"{server}/rules/?preset=batida&lang=en")
    expect(page.locator("h1")).to_have_text("Rules: Batida (bar game)")
    expect(page.locator("body")).to_contain_text("could go on either end")
    page.evaluate("localStorage.clear()")


def test_batida_match_from_the_home_page_names_each_batida(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 1200, "height": 900})
    create_vs_computer(page, server, preset="batida", seats=4, goal=6)
    s = state(page)
    rules = s["view"]["rules"]
    assert (rules["preset"], rules["goal"], rules["scoring"], rules["teams"]) == (
        "batida", 6, "batida", True)
    assert len(s["view"]["hand"]) == 6 and s["view"]["sleeping"] == 4
    expect(page.locator("#info-goal")).to_have_text("Batida (boteco) · Meta 6")
    named = 0
    for _ in range(12):
        play_round(page)
        expect(page.locator("#round-over")).to_be_visible()
        result = state(page)["view"]["result"]
        headline = page.locator("#round-headline").inner_text()
        if result.get("batida"):
            assert HEADLINE.match(headline), headline
            points = result["points"]
            unit = "ponto" if points == 1 else "pontos"
            # the headline names the side that scored: ours (seat 0, team 0) or theirs
            team = "a sua dupla" if result["winner"] == 0 else "a dupla adversária"
            assert headline.endswith(f"{points} {unit} para {team}."), headline
            expect(page.locator("#round-explain")).not_to_be_empty()
            named += 1
        else:
            assert result["result"] == "blocked" and headline == "Jogo trancado."
        # the four tiles that slept all round are shown with the hands
        slept = page.locator("#round-hands .reveal-row.rest")
        expect(slept).to_contain_text("Pedras que dormiram")
        expect(slept.locator(".mini")).to_have_count(len(result["boneyard"]))
        assert len(result["boneyard"]) == 4
        # no sum of pips under batida scoring, and the score line counts to 6
        expect(page.locator("#round-sum")).to_be_hidden()
        expect(page.locator("#round-score")).to_contain_text("(meta 6)")
        if state(page)["view"]["over"] or named >= 2:
            break
        page.click("#main-action")
        page.wait_for_function("() => !dominoDebug.state().view.round_over", timeout=15000)
    assert named >= 1
