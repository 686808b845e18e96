"""Web Push reminders in headless Chromium: opting in at a correspondence table, the
server's reminder when the turn comes to us, the service worker showing it in the page's
words, a tap on it opening the right table, and turning reminders off at the table and
from the home page.

What is real and what is not: headless Chromium has no push service, so
``PushManager.subscribe`` fails there ("Registration failed - permission denied"). The
page's ``PushManager`` is therefore replaced (init script) by one that returns a
subscription made by the test suite's local push service (tests/push/push_service.py)
and records the ``applicationServerKey`` it was asked for. Everything else is real: the
page's own code, the server's routes, database and reminder (signed with its VAPID key,
encrypted for the subscription; the local push service checks and decrypts it), the
service worker and the notification it shows (``registration.getNotifications()``). The
decrypted push is handed to the service worker by the DevTools protocol
(``ServiceWorker.deliverPushMessage``, what a browser's push service connection would
do). A system notification cannot be clicked by Playwright: the test dispatches a
``notificationclick`` in the service worker with the notification it showed; such an
event is not trusted, so the browser lets it neither focus a tab nor open a window, and
what is checked is that the page's tab is sent to the reminder's table (the path taken
when a tab of ours is open; opening a new window is not covered).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from websockets.sync.client import connect

from push.push_service import PushService

from .conftest import running_server
from .test_web_axe import _axe
from .waits import evaluated_until

pytestmark = pytest.mark.browser

FAKE_PUSH = """
(() => {
  // the tags whose notifications the page looks up to take them away (notify.js clearTurn)
  window.clearedTags = [];
  const look = ServiceWorkerRegistration.prototype.getNotifications;
  ServiceWorkerRegistration.prototype.getNotifications = function (filter) {
    if (filter && filter.tag) window.clearedTags.push(filter.tag);
    return look.call(this, filter);
  };
  const saved = () => JSON.parse(sessionStorage.getItem("fake-push-sub") || "null");
  const wrap = (json) => json && {
    endpoint: json.endpoint,
    toJSON: () => json,
    unsubscribe: async () => { sessionStorage.removeItem("fake-push-sub"); return true; },
  };
  window.fakePushCalls = [];
  PushManager.prototype.getSubscription = async function () { return wrap(saved()); };
  PushManager.prototype.subscribe = async function (opts) {
    const bytes = new Uint8Array(opts.applicationServerKey);
    const key = btoa(String.fromCharCode(...bytes)).replace(/\\+/g, "-").replace(/\\//g, "_")
      .replace(/=+$/, "");
    window.fakePushCalls.push({ key, userVisibleOnly: opts.userVisibleOnly });
    sessionStorage.setItem("fake-push-sub", JSON.stringify(window.pushSubscription));
    return wrap(saved());
  };
})();
"""

#: Whether the page's service worker is registered and active (a push message handed to
#: a worker still installing is lost).
REGISTERED = """async () => {
  const reg = await navigator.serviceWorker.getRegistration("/");
  return Boolean(reg && reg.active && reg.active.state === "activated");
}"""

SHOWN = """async () => {
  const reg = await navigator.serviceWorker.getRegistration("/");
  return reg ? (await reg.getNotifications()).map((n) => ({
    title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url })) : [];
}"""

#: The one notification shown, once there is one (else false).
SHOWN_ONE = f"() => ({SHOWN})().then((n) => n.length === 1 && n)"

#: Whether the service worker keeps TITLE as its "your turn" title for later reminders.
SAVED_TITLE = """async () => {
  const found = await (await caches.open("domino-push-words")).match("/push-words.json");
  return Boolean(found) && (await found.json()).your_turn.title === "TITLE";
}"""

CLICK = """async () => {
  const [note] = await self.registration.getNotifications();
  self.dispatchEvent(new NotificationEvent("notificationclick", { notification: note }));
  return note.tag;
}"""


@pytest.fixture(scope="module")
def push_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that accepts the local push service's http:// endpoints."""
    with running_server(
        tmp_path_factory.mktemp("push"), push_allow_http="1", push_poll_seconds="0.2"
    ) as base:
        yield base


@pytest.fixture
def push() -> Iterator[PushService]:
    with PushService() as service:
        yield service


def seated(
    ctx: BrowserContext, base: str, push: PushService, pace: str = "correspondence"
) -> tuple[Page, str, str, dict[str, Any]]:
    """A table made by Ana (seat 0) through the API, a page holding her seat there."""
    made = httpx.post(
        f"{base}/api/tables",
        json={"pace": pace, "seats": 2, "bots": [None, None], "name": "Ana"},
    ).json()
    key = httpx.get(f"{base}/api/push/key").json()["public_key"]
    sub = push.subscribe(key)
    page = ctx.new_page()
    seats = {made["table_id"]: {"seat": 0, "token": made["token"]}}
    page.add_init_script(
        f"localStorage.setItem('domino.seats', {json.dumps(json.dumps(seats))});"
        f"window.pushSubscription = {json.dumps(sub)};" + FAKE_PUSH
    )
    page.goto(f"{base}/t/{made['table_id']}")
    page.wait_for_function("document.body.dataset.ready === '1'")
    return page, made["table_id"], made["token"], sub


def frames(ws: Any) -> Iterator[dict[str, Any]]:
    """Every frame the socket receives (a message may hold several)."""
    while True:
        data = json.loads(ws.recv(timeout=15))
        yield from data if isinstance(data, list) else [data]


def bia_plays_if_on_turn(base: str, table_id: str, token: str) -> None:
    """Bia opens the table and, when it is her turn, makes her first legal move."""
    url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    with connect(url, subprotocols=["domino.v1", f"domino.token.{token}"]) as ws:  # type: ignore[list-item]
        got = frames(ws)
        # the first view with a deal in it (a committed deal waits for the seats' seeds)
        view = next(f["view"] for f in got if f.get("view") is not None)
        if view["turn"] != view["seat"]:
            return
        legal = view["legal"][0]
        move = {k: legal[k] for k in ("type", "tile", "end") if k in legal}
        ws.send(json.dumps({**move, "id": "bia-1"}))
        answer = next(f for f in got if f.get("id") == "bia-1")
        assert answer["type"] == "accepted", answer


def subscribed(base: str, table_id: str, token: str, endpoint: str) -> bool:
    r = httpx.post(
        f"{base}/api/tables/{table_id}/push/status",
        json={"endpoint": endpoint},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert r.status_code == 200, r.text
    return bool(r.json()["subscribed"])


def deliver(ctx: BrowserContext, page: Page, base: str, payload: dict[str, Any]) -> None:
    """Hand ``payload`` to the page's service worker as a push message (DevTools)."""
    cdp = ctx.new_cdp_session(page)
    regs: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: regs.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    evaluated_until(page, REGISTERED)
    deadline = time.monotonic() + 20
    while not any(r["scopeURL"] == f"{base}/" and not r["isDeleted"] for r in regs):
        assert time.monotonic() < deadline, f"DevTools never told the registration: {regs}"
        page.wait_for_timeout(100)  # the DevTools event comes on its own time
    reg = next(r for r in regs if r["scopeURL"] == f"{base}/" and not r["isDeleted"])
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": base, "registrationId": reg["registrationId"], "data": json.dumps(payload)},
    )


def test_opt_in_a_pushed_reminder_and_its_tap_open_the_table(
    browser: Browser, push_server: str, push: PushService, shots: Path
) -> None:
    base = push_server
    ctx = browser.new_context(permissions=["notifications"])
    try:
        page, table_id, token, sub = seated(ctx, base, push)
        bar = page.locator("#push-bar")
        expect(bar).to_be_visible()
        expect(bar).to_contain_text("mesmo com a página fechada")
        toggle = page.locator("#push-toggle")
        expect(toggle).to_have_text("Avise-me quando for minha vez")
        assert not subscribed(base, table_id, token, sub["endpoint"])
        toggle.click()
        expect(toggle).to_have_text("Não avisar mais")
        expect(bar).to_contain_text("Lembretes ligados neste navegador")
        calls = page.evaluate("window.fakePushCalls")
        key = httpx.get(f"{base}/api/push/key").json()["public_key"]
        assert calls == [{"key": key, "userVisibleOnly": True}]  # the server's VAPID key
        assert subscribed(base, table_id, token, sub["endpoint"])
        page.screenshot(path=str(shots / "push-opt-in.png"))

        # Ana looks at the home page (no socket at the table); Bia joins and the match
        # starts: the turn comes to Ana, and the server sends her a reminder
        page.click("#brand")
        expect(page.locator("#push-home")).to_be_visible()
        # the tab comes back to the front, still on the home page: the reminders of the
        # table left earlier are not taken away (only the table on screen has been seen)
        page.evaluate(
            "async () => { document.dispatchEvent(new Event('visibilitychange'));"
            " await new Promise((done) => setTimeout(done, 300)); }"  # nothing to await
        )
        assert page.evaluate("window.clearedTags") == []
        bia = httpx.post(f"{base}/api/tables/{table_id}/join", json={"name": "Bia"}).json()
        r = httpx.post(
            f"{base}/api/tables/{table_id}/start", headers={"Authorization": f"Bearer {token}"}
        )
        assert r.status_code == 200, r.text
        bia_plays_if_on_turn(base, table_id, bia["token"])
        [msg] = push.wait_for(1)  # VAPID checked, decrypted with the browser's keys
        payload = msg.payload
        assert msg.status == 201 and payload is not None, msg.error
        assert payload["kind"] == "your_turn" and payload["turn"] == 0
        # the push service hands it to the browser: here, DevTools does. A push service
        # sends again what was not taken; DevTools now and then drops a message (about one
        # run in six, the worker never sees it), so the test hands it over again too
        for tries in range(3):
            deliver(ctx, page, base, payload)
            try:
                [note] = evaluated_until(page, SHOWN_ONE, timeout=5 if tries < 2 else 10)
                break
            except AssertionError:
                if tries == 2:
                    raise
        last = payload["last"]
        said = f"Bia jogou {last['tile']}. " if last else ""
        assert note == {
            "title": "Sua vez no dominó",
            "body": f"{said}Agora é com você.",
            "tag": f"domino-turn-{table_id}",
            "url": f"{base}/t/{table_id}",
        }
        # the tap: the tab of ours goes to the table
        worker = ctx.service_workers[0] if ctx.service_workers else ctx.wait_for_event(
            "serviceworker"
        )
        assert worker.evaluate(CLICK) == f"domino-turn-{table_id}"
        page.wait_for_function("(p) => location.pathname === p", arg=f"/t/{table_id}")
        expect(page.locator("#table")).to_be_visible()
        evaluated_until(page, f"() => ({SHOWN})().then((n) => n.length === 0)")

        # the language changes: the reminders still to come are worded in the new one
        page.select_option("#lang-select", "en")
        evaluated_until(page, SAVED_TITLE.replace("TITLE", "Your turn at dominoes"))

        # off at the table
        expect(toggle).to_have_text("Stop reminding me")
        toggle.click()
        expect(toggle).to_have_text("Remind me when it's my turn")
        assert not subscribed(base, table_id, token, sub["endpoint"])
    finally:
        ctx.close()


def test_off_for_every_table_from_the_home_page(
    browser: Browser, push_server: str, push: PushService, axe_source: str
) -> None:
    base = push_server
    ctx = browser.new_context(permissions=["notifications"])
    try:
        page, table_id, token, sub = seated(ctx, base, push)
        expect(page.locator("#push-bar")).to_be_visible()
        _axe(page, axe_source, "the push bar's offer")
        page.click("#push-toggle")
        expect(page.locator("#push-toggle")).to_have_text("Não avisar mais")
        _axe(page, axe_source, "the push bar, reminders on")
        page.select_option("#lang-select", "en")  # the words follow the language
        expect(page.locator("#push-toggle")).to_have_text("Stop reminding me")
        page.click("#brand")
        line = page.locator("#push-home")
        expect(line).to_be_visible()
        expect(page.locator("#push-off-all")).to_have_text("Turn off reminders for every table")
        _axe(page, axe_source, "home with the reminders line, in English")
        page.click("#push-off-all")
        expect(line).to_be_hidden()
        assert not subscribed(base, table_id, token, sub["endpoint"])
        assert page.evaluate("sessionStorage.getItem('fake-push-sub')") is None  # unsubscribed
    finally:
        ctx.close()


def test_no_offer_at_a_live_table_nor_without_permission(
    browser: Browser, push_server: str, push: PushService
) -> None:
    base = push_server
    ctx = browser.new_context()
    try:
        page, _, _, _ = seated(ctx, base, push, pace="live")
        page.wait_for_function("dominoDebug.state().table !== null")
        expect(page.locator("#push-bar")).to_be_hidden()
        page, table_id, token, sub = seated(ctx, base, push)
        page.evaluate("Notification.requestPermission = async () => 'denied'")
        page.click("#push-toggle")
        expect(page.locator("#push-bar")).to_contain_text("não deixa este site mandar avisos")
        expect(page.locator("#push-toggle")).to_have_text("Avise-me quando for minha vez")
        assert not subscribed(base, table_id, token, sub["endpoint"])
    finally:
        ctx.close()
