"""Drive the table page like a player with a mouse (by keyboard alone: ``keyboard.py``)."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

STATE_JS = """() => {
  const s = dominoDebug.state();
  const pending = Object.keys(s.pending).length;
  return {seat: s.seat, seq: s.seq, view: s.view, table: s.table, pending};
}"""


def state(page: Page) -> dict[str, Any]:
    """The client's state (seat, last seq, view, table summary)."""
    return page.evaluate(STATE_JS)


def caught_up(*pages: Page, timeout: float = 10.0, quiet: float = 0.8) -> list[dict[str, Any]]:
    """The pages' states once they all show the same last event.

    A bot may still move after the test's last click, so one page can be a
    frame ahead of another for a moment: poll until every page shows the same
    event number and it has not moved for ``quiet`` seconds (the bots of the
    test server move within a fraction of that).
    """
    deadline = time.monotonic() + timeout
    seen, since = None, time.monotonic()
    while True:
        states = [state(p) for p in pages]
        seqs = {s["seq"] for s in states}
        now = time.monotonic()
        if len(seqs) != 1 or seqs != seen:
            seen, since = seqs, now
        elif now - since >= quiet or now > deadline:
            return states
        if now > deadline:
            return states
        pages[0].wait_for_timeout(100)


def settle(page: Page, timeout: float = 10.0) -> None:
    """Wait until no command of ours is waiting for its answer."""
    page.wait_for_function(
        "() => Object.keys(dominoDebug.state().pending).length === 0", timeout=timeout * 1000
    )


def history_lines(page: Page) -> Locator:
    """Open the round's history (the "more" menu's "history") and give its lines."""
    page.click("#more summary")
    page.click("#history-btn")
    expect(page.locator("#history-dialog")).to_be_visible()
    return page.locator("#history-list li")


def main_action(page: Page) -> tuple[str, bool]:
    btn = page.locator("#main-action")
    return btn.get_attribute("data-kind") or "", btn.is_enabled() and btn.is_visible()


def click_step(
    page: Page, *, next_round: bool = True, stop: Callable[[], bool] | None = None
) -> str:
    """Do with the mouse what the table asks now; returns what was done.

    With ``next_round=False`` a finished round is left on screen ("round_over").
    ``stop`` is asked right before acting, when the table waits for us and so cannot
    change: if it holds, nothing is done and "stop" is returned. (A caller that checked
    its condition a moment earlier, on a bot's turn, would otherwise play a turn that
    began in between without ever seeing it.)
    """
    if page.locator("#match-over").is_visible():
        return "over"
    kind, enabled = main_action(page)
    if kind == "next_round" and not next_round:
        return "round_over"
    if enabled and kind in ("next_round", "draw", "pass", "start"):
        if stop is not None and stop():
            return "stop"
        page.locator("#main-action").click()
        settle(page)
        return kind
    lit = page.locator("#hand .hand-tile.lit")
    if kind == "play" and lit.count():
        if stop is not None and stop():
            return "stop"
        lit.first.click()
        targets = page.locator("#board .target")
        if targets.count():
            targets.first.click()
        settle(page)
        return "play"
    return "wait"


def my_turn_to_play(page: Page) -> bool:
    """Our turn, with a tile to play and no command of ours still unanswered."""
    s = state(page)
    v = s["view"]
    return bool(
        v["turn"] == 0
        and not v["round_over"]
        and not s["pending"]
        and any(m["type"] == "play" for m in v["legal"])
    )


def step_until(
    page: Page,
    reached: Callable[[], bool],
    *,
    what: str,
    timeout: float = 60.0,
    next_round: bool = True,
) -> list[str]:
    """Do what the table asks (``click_step``) until ``reached()`` holds; the actions taken.

    Bounded by time, not by a count of polls: a loaded machine spends its polls waiting
    for the bots. Fails naming ``what`` when the time runs out.
    """
    done: list[str] = []
    deadline = time.monotonic() + timeout
    while not reached():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not reached in {timeout:.0f}s; did {done[-20:]}")
        action = click_step(page, next_round=next_round, stop=reached)
        if action == "stop":
            break
        if action in ("wait", "round_over", "over"):
            page.wait_for_timeout(30)
        else:
            done.append(action)
    return done


def play_round(page: Page, timeout: float = 120.0) -> list[str]:
    """Play until the round (or the match) is over, leaving its panel on screen."""
    return step_until(
        page,
        lambda: bool(state(page)["view"]["round_over"]),
        what="the end of the round",
        timeout=timeout,
        next_round=False,
    )


def play_match(page: Page, step=click_step, timeout: float = 240.0) -> list[str]:
    """Play until the match-over screen shows; returns the actions taken."""
    done: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        action = step(page)
        if action == "over":
            return done
        if action == "wait":
            page.wait_for_timeout(40)
        else:
            done.append(action)
    raise AssertionError(f"match not over after {timeout}s; did {done[-20:]}")


def create_vs_computer(
    page: Page,
    base: str,
    *,
    preset: str = "classic",
    seats: int = 4,
    goal: int = 50,
    name: str = "Ana",
) -> None:
    """Fill the home form for a game against bots and wait for the table."""
    page.goto(f"{base}/")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#preset", preset)
    page.check(f"input[name=seats][value='{seats}']")
    page.select_option("#goal", str(goal))
    page.fill("#name", name)
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_function("() => dominoDebug.state().view !== null", timeout=15000)


def create_for_friends(
    page: Page,
    base: str,
    *,
    preset: str,
    seats: int,
    pace: str | None = None,
    turn_seconds: int | None = None,
    name: str | None = None,
) -> str:
    """Fill the home form for a table with friends, create it; the invite link."""
    page.goto(f"{base}/")
    page.wait_for_selector("body[data-ready]")
    page.check("input[name=mode][value=friends]")
    page.select_option("#preset", preset)
    page.check(f"input[name=seats][value='{seats}']")
    if pace is not None:
        page.check(f"input[name=pace][value={pace}]")
    if turn_seconds is not None:
        page.select_option("#turn-seconds", str(turn_seconds))
    if name is not None:
        page.fill("#name", name)
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    return page.input_value("#invite-url")


def started_for_friends(page: Page, base: str, **table: Any) -> str:
    """The host creates a table for friends (``table``: :func:`create_for_friends`'s
    options) and starts it at once, bots in the free seats; the invite link."""
    link = create_for_friends(page, base, **table)
    page.click("#main-action")  # start
    page.wait_for_function("() => dominoDebug.state().view !== null", timeout=10000)
    return link


@contextlib.contextmanager
def two_people(
    browser: Browser, size: tuple[int, int], other_size: tuple[int, int] | None = None
) -> Iterator[tuple[Page, Page]]:
    """Two people, each with a page in a browser context of their own (``page.context``)
    sized ``size`` (the second one ``other_size`` if given); both closed after."""
    contexts = [
        browser.new_context(viewport={"width": w, "height": h})
        for w, h in (size, other_size or size)
    ]
    try:
        yield contexts[0].new_page(), contexts[1].new_page()
    finally:
        for ctx in contexts:
            ctx.close()


@contextlib.contextmanager
def playing_with_a_friend(
    browser: Browser, base: str, size: tuple[int, int], friend: str, **table: Any
) -> Iterator[tuple[Page, Page]]:
    """Two people (:func:`two_people`, both sized ``size``): the host creates a table for
    friends (``table``: :func:`create_for_friends`'s options), ``friend`` joins seat 1 and
    the host starts; the host's page and the friend's."""
    with two_people(browser, size) as (host, guest):
        link = create_for_friends(host, base, **table)
        join_and_start(host, guest, link, friend)
        yield host, guest


def join_and_start(host: Page, friend: Page, link: str, name: str) -> None:
    """The friend joins seat 1 by ``link``; once the host sees her there, the host starts."""
    friend.goto(link)
    friend.fill("#join-name", name)
    friend.click("#join-btn")
    friend.wait_for_function("() => dominoDebug.state().table !== null", timeout=10000)
    expect(host.locator("#seats-bar .seat-chip[data-seat='1']")).to_contain_text(name)
    host.click("#main-action")  # start
    for page in (host, friend):
        page.wait_for_function("() => dominoDebug.state().view !== null", timeout=10000)


def open_record_file(page: Page, base: str, path: Path, record: Any) -> None:
    """Write ``record`` to ``path`` and open that file on the replay page (``/replay``)."""
    path.write_text(json.dumps(record))
    page.goto(f"{base}/replay")
    page.wait_for_selector("body[data-ready]")
    page.set_input_files("#replay-file", str(path))
