"""Wait for the page, not for a time: its layout still, its motion done, a saying heard,
a round trip to the server, an event dispatched, a value true."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

from playwright.sync_api import Page

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
