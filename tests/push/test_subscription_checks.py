"""What a push subscription must be: the endpoint is where the server will connect, so a
URL that is not an https push service's (an IP address, localhost, a broken URL, text
with a NUL) is a 422 naming the field and its ``type``, never stored, never a 500, never
logged; a ``p256dh`` that is no P-256 point is a 422 too, and one stored before these
checks is dropped by the sender with one log line, no traceback, no endpoint."""

from __future__ import annotations

import base64
import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

import httpx
import pytest
from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncEngine

from domino_server.core.config import Settings
from domino_server.push import Reminders, rows, sender
from domino_server.push.keys import VapidKeys
from domino_server.push.subscriptions import EndpointRules, endpoint_problem
from server.harness import Server

from .helpers import TABLE, Clock, Table, settings, subscribe, tell
from .push_service import PushService
from .test_routes import correspondence, delete, put

ZERO_POINT = base64.urlsafe_b64encode(bytes(65)).rstrip(b"=").decode()

FORGED = [
    ("https://127.0.0.1:8791/internal-secret-path", "push_host"),
    ("https://169.254.169.254/latest/meta-data/secretpath", "push_host"),
    ("https://[::1]/secretpath", "push_host"),
    ("https://127.1/secretpath", "push_host"),
    ("https://2130706433/secretpath", "push_host"),
    ("https://localhost/secretpath", "push_host"),
    ("https://pushhost/secretpath", "push_host"),
    ("https://metadata.google.internal/secretpath", "push_host"),
    ("https://fcm.googleapis.com:8443/secretpath", "push_host"),
    ("https://fcm.googleapis.com@127.0.0.1/secretpath", "url_parsing"),
    ("https://evil.example.com/fcm.googleapis.com/secretpath", "push_host"),
    ("https://fcm.googleapis.com.evil.example.com/secretpath", "push_host"),
    ("https:// a b c/secretpath", "url_parsing"),
    ("https://[broken/secretpath", "url_parsing"),
    ("https://fcm.googleapis.com\\@evil.example.com/secretpath", "url_parsing"),
    ("http://fcm.googleapis.com/secretpath", "url_scheme"),
]


def test_the_browsers_push_services_are_taken_and_only_them_by_default() -> None:
    rules = EndpointRules.of(Settings().push_hosts, allow_http=False)
    for endpoint in (
        "https://fcm.googleapis.com/fcm/send/dXk9:APA91bH-x_Y",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABl",
        "https://web.push.apple.com/QGxq0zA8xWk",
        "https://wns2-par02p.notify.windows.com/w/?token=BQYAAABq%2bx%3d",
    ):
        assert endpoint_problem(endpoint, rules) is None, endpoint
    own = "https://push.example.org/v1/abc"
    problem = endpoint_problem(own, rules)
    assert problem == ("push_host", "is not the address of a known push service")
    anywhere = EndpointRules.of("", allow_http=False)  # DOMINO_PUSH_HOSTS="": any public name
    assert endpoint_problem(own, anywhere) is None
    for endpoint, kind in FORGED:
        if "evil.example.com" not in endpoint:
            problem = endpoint_problem(endpoint, anywhere)
            assert problem is not None and problem[0] == kind, endpoint


def _status(server: Server, table_id: str, token: str, endpoint: str) -> httpx.Response:
    return server.post(f"/api/tables/{table_id}/push/status", {"endpoint": endpoint}, token)


def test_endpoints_the_server_must_not_reach_are_refused(
    make_server: Callable[..., Server], push: PushService
) -> None:
    server = make_server({"DOMINO_PUSH_ALLOW_HTTP": "0"})
    key = server.get("/api/push/key").json()["public_key"]
    table_id, token = correspondence(server)
    keys = push.subscribe(key)["keys"]
    for endpoint, kind in FORGED:
        r = put(server, table_id, token, {"endpoint": endpoint, "keys": keys})
        assert r.status_code == 422, (endpoint, r.text)
        (err,) = r.json()["detail"]
        assert err["loc"] == ["body", "endpoint"] and err["type"] == kind, (endpoint, err)
        assert "secretpath" not in r.text and "input" not in err  # the secret is not echoed
        r = _status(server, table_id, token, endpoint)
        assert r.status_code == 200 and r.json() == {"subscribed": False}, endpoint
    server.stop()
    assert server.log_path is not None and "secretpath" not in server.log_path.read_text()


def test_a_nul_in_an_endpoint_is_a_422_everywhere(
    make_server: Callable[..., Server], push: PushService
) -> None:
    """No query sees it (PostgreSQL refuses a NUL in text: that was a 500, and its
    traceback logged the whole endpoint)."""
    server = make_server({"DOMINO_PUSH_ALLOW_HTTP": "0"})
    key = server.get("/api/push/key").json()["public_key"]
    table_id, token = correspondence(server)
    endpoint = "https://fcm.googleapis.com/fcm/send/a\u0000secretpath"
    answers = [
        put(server, table_id, token, {"endpoint": endpoint, "keys": push.subscribe(key)["keys"]}),
        delete(server, table_id, token, {"endpoint": endpoint}),
        _status(server, table_id, token, endpoint),
    ]
    for r in answers:
        assert r.status_code == 422, r.text
        assert r.json()["detail"][0]["loc"] == ["body", "endpoint"], r.text
    server.stop()
    assert server.log_path is not None
    log = server.log_path.read_text()
    assert "secretpath" not in log and "Traceback" not in log


def test_a_p256dh_that_is_no_curve_point_is_refused(
    make_server: Callable[..., Server], push: PushService
) -> None:
    server = make_server()
    key = server.get("/api/push/key").json()["public_key"]
    table_id, token = correspondence(server)
    sub = push.subscribe(key)
    raw = bytearray(base64.urlsafe_b64decode(sub["keys"]["p256dh"] + "="))
    raw[-1] ^= 1  # the browser's point with y off by one: not on the curve
    off = base64.urlsafe_b64encode(bytes(raw)).rstrip(b"=").decode()
    for p256dh in (ZERO_POINT, off, "BA" + "A" * 85):
        bad = {**sub, "keys": {**sub["keys"], "p256dh": p256dh}}
        r = put(server, table_id, token, bad)
        assert r.status_code == 422 and "P-256" in r.text, r.text
        assert r.json()["detail"][0]["loc"] == ["body", "keys", "p256dh"]
    assert put(server, table_id, token, sub).status_code == 200  # the browser's own is fine


async def test_the_sender_drops_a_subscription_it_could_never_send_to(
    engine: AsyncEngine, push: PushService, caplog: pytest.LogCaptureFixture
) -> None:
    """Subscriptions stored before the checks (a key off the curve, an endpoint at an IP
    address): each is dropped at its first reminder, with one warning that names no
    endpoint, and nothing is sent to it or tried again; the good one gets its reminder."""
    clock = Clock()
    r = Reminders(engine, settings(), clock=clock)
    await r.start(send=False)
    strict = Reminders(engine, Settings(push_retry_seconds=10.0), clock=clock)
    await strict.start(send=False)
    try:
        table = Table(clock)
        waiting = table.waiting
        good = await subscribe(r, push, waiting)
        secret = push.origin + "/push/zero-key-secretpath"
        await r.subscribe(TABLE, waiting, secret, ZERO_POINT, good["keys"]["auth"], "en")
        table.connected = {table.opener}
        table.play()
        caplog.set_level(logging.INFO)
        await tell(r, table)
        assert await r.send_due() == 1
        assert [m.endpoint for m in push.wait_for(1)] == [good["endpoint"]]
        subs = await rows.subscriptions_of(engine, TABLE, waiting)
        assert [s["endpoint"] for s in subs] == [good["endpoint"]]
        # an endpoint no rule of today takes, under the real rules (no test switch)
        forged = "https://127.0.0.1:9/internal-secretpath"
        keys = good["keys"]
        await r.subscribe(TABLE, waiting, forged, keys["p256dh"], keys["auth"], "en")
        await r.unsubscribe(TABLE, waiting, good["endpoint"])
        table.play()
        table.play()  # the waiting seat's next turn
        await tell(r, table)
        assert await strict.send_due() == 1
        assert await rows.subscriptions_of(engine, TABLE, waiting) == []
        clock.t += 3600
        assert await strict.send_due() == 0  # nothing left to try again
    finally:
        await strict.stop()
        await r.stop()
    dropped = [rec for rec in caplog.records if "dropped" in rec.getMessage()]
    assert len(dropped) == 2, [rec.getMessage() for rec in caplog.records]
    assert all(rec.levelno == logging.WARNING for rec in dropped)
    assert not [rec for rec in caplog.records if rec.exc_info or rec.levelno >= logging.ERROR]
    assert "secretpath" not in caplog.text


@pytest.mark.parametrize(
    ("value", "bad"),
    [("a b", "a b"),
     ("fcm.googleapis.com;push.apple.com", "fcm.googleapis.com;push.apple.com"),
     ("push.apple.com, https://fcm.googleapis.com", "https://fcm.googleapis.com"),
     ("1.2.3.4", "1.2.3.4"), ("fcm.googleapis.com:443", "fcm.googleapis.com:443"),
     ("fcm.googleapis.com,,push.apple.com", ""), ("localhost", "localhost"), ("*", "*"),
     ("*.notify.windows.com,a_b.example.com", "a_b.example.com")],
)
def test_a_mistyped_push_hosts_setting_stops_the_server(
    value: str, bad: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, it was taken as it was, and the sender then dropped every stored
    subscription at its next reminder as one no push service has."""
    monkeypatch.setenv("DOMINO_PUSH_HOSTS", value)
    with pytest.raises(ValidationError) as err:
        Settings()
    assert "DOMINO_PUSH_HOSTS" in str(err.value)
    assert repr(bad) in str(err.value)  # the entry that is wrong is named


def test_push_hosts_are_normalised() -> None:
    s = Settings(push_hosts=" .FCM.googleapis.com , *.notify.windows.com,push.apple.com. ")
    assert s.push_hosts == "fcm.googleapis.com,notify.windows.com,push.apple.com"
    assert Settings(push_hosts="  ").push_hosts == ""
    rules = EndpointRules.of(s.push_hosts, allow_http=False)
    assert endpoint_problem("https://wns2-par02p.notify.windows.com/w/?token=x", rules) is None


async def test_a_host_not_on_the_list_is_skipped_and_kept(
    engine: AsyncEngine, push: PushService, caplog: pytest.LogCaptureFixture
) -> None:
    """A subscription at a real push service the operator's list leaves out (the list may
    be narrowed by mistake, or on purpose for a while) is not sent to and not deleted:
    one warning names the host, never the endpoint's path."""
    clock = Clock()
    r = Reminders(engine, settings(), clock=clock)
    await r.start(send=False)
    narrow = Reminders(engine, Settings(push_hosts="fcm.googleapis.com"), clock=clock)
    await narrow.start(send=False)
    try:
        table = Table(clock)
        waiting = table.waiting
        good = await subscribe(r, push, waiting)
        await r.unsubscribe(TABLE, waiting, good["endpoint"])
        mozilla = "https://updates.push.services.mozilla.com/wpush/v2/gAAAA-secretpath"
        keys = good["keys"]
        await r.subscribe(TABLE, waiting, mozilla, keys["p256dh"], keys["auth"], "en")
        table.connected = {table.opener}
        table.play()
        caplog.set_level(logging.INFO)
        await tell(r, table)
        assert await narrow.send_due() == 1
        subs = await rows.subscriptions_of(engine, TABLE, waiting)
        assert [s["endpoint"] for s in subs] == [mozilla]  # kept
    finally:
        await narrow.stop()
        await r.stop()
    skipped = [rec for rec in caplog.records if "skipped" in rec.getMessage()]
    assert len(skipped) == 1 and skipped[0].levelno == logging.WARNING
    assert "updates.push.services.mozilla.com" in skipped[0].getMessage()
    assert "secretpath" not in caplog.text and "dropped" not in caplog.text


def test_an_unexpected_failure_logs_its_traceback_without_the_endpoint(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    endpoint = "https://fcm.googleapis.com/fcm/send/dXk9:APA91bH-secretpath%2Bmore"

    def broken(info: dict[str, Any], *args: Any, **kw: Any) -> None:
        url = info["endpoint"]
        raise RuntimeError(f"cannot post to {url} ({url.upper()}, {unquote(url)})")

    monkeypatch.setattr(sender, "webpush", broken)
    keys = VapidKeys.generate()
    sub = {"endpoint": endpoint, "p256dh": keys.public, "auth": "c2VjcmV0YXV0aGtleQ"}
    caplog.set_level(logging.INFO)
    out = sender.deliver(sub, {}, keys, subject="mailto:a@b.c", ttl=60, topic="t")
    assert out.result == "refused"
    (rec,) = [r for r in caplog.records if r.levelno >= logging.ERROR]
    text = rec.getMessage()
    assert "Traceback" in text and "RuntimeError" in text and "broken" in text
    assert "fcm.googleapis.com" in text
    for secret in ("secretpath", "dXk9", "APA91bH", "c2VjcmV0YXV0aGtleQ"):
        assert secret.lower() not in caplog.text.lower(), secret


def test_a_push_service_redirect_is_not_followed(push: PushService) -> None:
    """The endpoint rules vouch for the endpoint's host only: a 3xx pointing elsewhere
    (here another service on loopback, standing for an inner address) is refused, and
    nothing reaches where it points."""
    keys = VapidKeys.generate()
    with PushService() as inner:
        there = inner.subscribe(keys.public)
        here = push.subscribe(keys.public)
        sub = {"endpoint": here["endpoint"], **here["keys"]}
        for status in (301, 302, 307, 308):
            push.answer(here["endpoint"], status, location=there["endpoint"])
            out = sender.deliver(
                sub, {"kind": "turn"}, keys, subject="mailto:a@b.c", ttl=60, topic="t",
                rules=EndpointRules.of("", allow_http=True),
            )
            assert (out.result, out.status) == ("refused", status)
        assert inner.messages == []
        assert [m.status for m in push.messages] == [301, 302, 307, 308]
        out = sender.deliver(
            sub, {"kind": "turn"}, keys, subject="mailto:a@b.c", ttl=60, topic="t",
            rules=EndpointRules.of("", allow_http=True),
        )
        assert out.result == "delivered"
