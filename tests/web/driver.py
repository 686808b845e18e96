"""Drive the table page like a player with a mouse (by keyboard alone: ``keyboard.py``)."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

STATE_JS = """() => {
  const s = dominoDebug.state();
  const pending = Object.keys(s.pending).length;
  return {seat: s.seat, seq: s.seq, view: s.view, table: s.table, pending};
}"""


def state(page: Page) -> dict[str, Any]:
    """The client's state (seat, last seq, view, table summary)."""
    return page.evaluate(STATE_JS)


#: resolves once the page's layout has held still for three drawn frames (the board sizes
#: itself to the room left to it a frame after a change), or after 60 frames at most
STILL_JS = """() => new Promise((done) => {
  const shape = () => { const b = document.querySelector('#board').getBoundingClientRect();
    return [document.documentElement.scrollHeight, b.top, b.height, window.scrollY].join(); };
  let last = shape(), still = 0, frames = 0;
  const tick = () => {
    const now = shape();
    still = now === last ? still + 1 : 0;
    last = now;
    frames += 1;
    if (still >= 3 || frames >= 60) done(still >= 3); else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})"""


def layout_still(page: Page) -> None:
    """Wait until the page's layout holds still from one drawn frame to the next."""
    assert page.evaluate(STILL_JS), "the layout kept moving for 60 frames"


#: Keep every text the live region shows from now on (window.__said): a saying may be
#: replaced by the next one before a test looks at the line.
LISTEN_JS = """() => {
  window.__said = [];
  const live = document.getElementById('live');
  new MutationObserver(() => window.__said.push(live.textContent))
    .observe(live, {childList: true, characterData: true, subtree: true});
}"""


def heard(page: Page, text: str, timeout: float = 5.0) -> None:
    """Wait until the live region has said ``text`` since ``LISTEN_JS`` ran in ``page``."""
    page.wait_for_function(
        "(text) => window.__said.some((s) => s.includes(text))", arg=text, timeout=timeout * 1000
    )


#: whether a motion that moves or resizes what a test measures still runs: a tile landing on
#: the line (style.css ``tile-in``, 0.32 s) or a hand tile lifting (its ``transform``
#: transition). Not the glow of the newest tile (2.4 s, its stroke only), nor the pulses
#: that never end (a pick place's frame, the boneyard, a low timer).
MOVING_JS = """() => document.getAnimations().some((a) => a.playState === 'running'
  && (a.animationName === 'tile-in' || a.transitionProperty === 'transform'))"""


def motion_done(page: Page, timeout: float = 5.0) -> None:
    """Wait until no tile is landing on the line or lifting in the hand (``MOVING_JS``)."""
    page.wait_for_function(f"() => !({MOVING_JS})()", timeout=timeout * 1000)


def round_trip(page: Page, timeout: float = 10.0) -> None:
    """Send the table a ``sync`` from the page and wait for its answer.

    The server takes a socket's commands in order, and the table decides them one by one
    from one inbox: once this answer is on the page, every command the page sent before it
    has been decided, and the events and answer it made are on the page too (a ``sync``
    from the last event seen changes nothing else: nothing was missed, only ``accepted``
    comes back). The positive event a negative check awaits ("that press sent nothing",
    "nothing came of that click") instead of a fixed time.
    """
    cid = page.evaluate("() => dominoDebug.send('sync', {last_seq: dominoDebug.state().seq}).id")
    page.wait_for_function(
        "(id) => !(id in dominoDebug.state().pending)", arg=cid, timeout=timeout * 1000
    )


#: arms ``window.__dispatched``: a promise of the page's next event of a type, true once
#: it has been dispatched through and through (the listener sees it first, on the window,
#: and resolves in a task of its own, after every handler and the default action), false
#: if none comes in 5 s
ARM_JS = """(type) => { window.__dispatched = new Promise((done) => {
  const none = setTimeout(() => done(false), 5000);
  addEventListener(type, () => setTimeout(() => { clearTimeout(none); done(true); }),
                   {capture: true, once: true});
}); }"""


@contextlib.contextmanager
def dispatched(page: Page, event: str) -> Iterator[None]:
    """On leaving the block, wait until the page has dispatched the next ``event`` (a DOM
    event type: "click", "pointermove") the block caused, and all its handlers have run:
    what a press or a hover does has been done, so a check that it did nothing can be made.
    Fails if no such event came."""
    page.evaluate(ARM_JS, event)
    yield
    assert page.evaluate("() => window.__dispatched"), f"no {event} reached the page"


def evaluated_until(page: Page, js: str, timeout: float = 10.0) -> Any:
    """The first truthy value of ``js`` evaluated in ``page``, asked again until there is
    one. For what only an async function can read (a service worker's notifications):
    ``page.wait_for_function`` does not await a promise, which is truthy at once."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(js)
        if value:
            return value
        assert time.monotonic() < deadline, f"never true within {timeout} s: {js}"
        page.wait_for_timeout(50)  # asked again shortly: the condition is awaited by polling


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
