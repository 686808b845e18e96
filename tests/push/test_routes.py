"""The reminder routes of the real server: the VAPID key, and a seat's browser subscribing,
asking and unsubscribing with its seat token; what is refused, and why."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from server.harness import Server

from .push_service import PushService


def correspondence(server: Server) -> tuple[str, str]:
    made = server.create(pace="correspondence", seats=2, bots=[None, None], name="Ana")
    return made["table_id"], made["token"]


def put(server: Server, table_id: str, token: str | None, body: object) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.put(f"{server.http}/api/tables/{table_id}/push", json=body, headers=headers)


def delete(server: Server, table_id: str, token: str, body: object) -> httpx.Response:
    return httpx.request(
        "DELETE",
        f"{server.http}/api/tables/{table_id}/push",
        json=body,
        headers={"Authorization": f"Bearer {token}"},
    )


def status(server: Server, table_id: str, token: str, endpoint: str) -> bool:
    r = server.post(f"/api/tables/{table_id}/push/status", {"endpoint": endpoint}, token)
    assert r.status_code == 200, r.text
    return bool(r.json()["subscribed"])


def test_subscribe_ask_and_unsubscribe_with_the_seat_token(
    make_server: Callable[..., Server], push: PushService
) -> None:
    server = make_server()
    key = server.get("/api/push/key").json()["public_key"]
    assert len(key) == 87  # base64url of a 65-byte uncompressed P-256 point
    table_id, token = correspondence(server)
    sub = push.subscribe(key)
    assert not status(server, table_id, token, sub["endpoint"])
    r = put(server, table_id, token, {**sub, "lang": "en"})
    assert r.status_code == 200 and r.json() == {"subscribed": True}
    assert status(server, table_id, token, sub["endpoint"])
    other = push.subscribe(key)
    assert put(server, table_id, token, other).status_code == 200
    r = delete(server, table_id, token, {"endpoint": sub["endpoint"]})
    assert r.status_code == 200 and r.json() == {"subscribed": False}
    assert not status(server, table_id, token, sub["endpoint"])
    assert status(server, table_id, token, other["endpoint"])
    assert delete(server, table_id, token, {}).status_code == 200  # every browser of the seat
    assert not status(server, table_id, token, other["endpoint"])


def test_the_key_is_the_same_after_a_restart(make_server: Callable[..., Server]) -> None:
    server = make_server()
    key = server.get("/api/push/key").json()["public_key"]
    server.restart()
    assert server.get("/api/push/key").json()["public_key"] == key


def test_what_is_refused(make_server: Callable[..., Server], push: PushService) -> None:
    server = make_server()
    key = server.get("/api/push/key").json()["public_key"]
    table_id, token = correspondence(server)
    sub = push.subscribe(key)
    r = put(server, table_id, None, sub)
    assert r.status_code == 401
    r = put(server, table_id, "not-a-seat-token-of-this-table", sub)
    assert r.status_code == 401
    assert put(server, "nosuchtable", token, sub).status_code == 404
    bad = {**sub, "keys": {"p256dh": "AAAA", "auth": sub["keys"]["auth"]}}
    r = put(server, table_id, token, bad)
    assert r.status_code == 422 and "p256dh" in r.text
    r = put(server, table_id, token, {**sub, "endpoint": "ftp://example.com/x"})
    assert r.status_code == 422 and "https" in r.text
    live = server.create(pace="live", seats=2, bots=[None, "nino"], name="Ana")
    r = put(server, live["table_id"], live["token"], sub)
    assert r.status_code == 409 and "correspondence" in r.text


def test_http_endpoints_need_the_test_switch(
    make_server: Callable[..., Server], push: PushService
) -> None:
    server = make_server({"DOMINO_PUSH_ALLOW_HTTP": "0"})
    key = server.get("/api/push/key").json()["public_key"]
    table_id, token = correspondence(server)
    r = put(server, table_id, token, push.subscribe(key))
    assert r.status_code == 422 and "https" in r.text
