"""Bad HTTP input from an outside tester: table ids no table can have, bodies too large to
read, bodies that are not JSON, numbers JSON cannot write. Each gets a typed answer that
is valid JSON (never a 500), and nothing stored changes."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from fastapi import HTTPException
from sqlalchemy.exc import IntegrityError, OperationalError

from domino_server.api.body_limit import DEFAULT_LIMIT, RECORD_LIMIT
from domino_server.api.routes import tables as tables_route
from domino_server.tables.registry import TableUnreadable

from .harness import Server


def _strict_json(text: str) -> Any:
    """``text`` as JSON, refusing the ``NaN``/``Infinity`` Python's reader lets through."""

    def refuse(name: str) -> None:
        raise ValueError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def _raw(server: Server, path: str, body: bytes | Iterator[bytes]) -> httpx.Response:
    return httpx.post(
        f"{server.http}{path}",
        content=body,
        headers={"Content-Type": "application/json"},
        timeout=60,
    )


def _typed(r: httpx.Response, status: int, kind: str) -> dict[str, Any]:
    assert r.status_code == status, r.text[:500]
    (err,) = _strict_json(r.text)["detail"]
    assert err["type"] == kind and err["msg"] and err["loc"][0] == "body", err
    return dict(err)


#: Ids no table can have: a NUL (PostgreSQL refuses it in text), other characters out of
#: the ids' alphabet, at the ids' length (22) and not.
BAD_IDS = ["a%00b", "a" * 21 + "%00", "a" * 21 + "%C3%A9", "a" * 21 + "%2E", "%F0%9F%98%80" * 3]


def test_ids_no_table_can_have_are_unknown_tables(server: Server) -> None:
    t = server.create(preset="classic", seats=2, goal=50)
    before = server.get(f"/api/tables/{t['table_id']}").json()
    for bad in BAD_IDS:
        assert server.get(f"/api/tables/{bad}").json() == {"detail": "no such table"}
        r = server.post(f"/api/tables/{bad}/join", {"name": "Bia"})
        assert r.status_code == 404 and r.json() == {"detail": "no such table"}, r.text
        assert server.post(f"/api/tables/{bad}/start", token=t["token"]).status_code == 404
        assert server.get(f"/api/tables/{bad}/record").status_code == 404
        # the list leaves them out, as any unknown id, and still lists the others
        r = server.get(f"/api/tables?id={bad}&id={t['table_id']}")
        assert r.status_code == 200, r.text
        assert [x["table"]["id"] for x in r.json()["tables"]] == [t["table_id"]]
    assert server.get(f"/api/tables/{'a' * 33}").status_code == 422  # too long, as before
    assert server.get(f"/api/tables/{t['table_id']}").json() == before


class _Failing:
    """A registry whose every read raises ``exc``."""

    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    async def listing(self, table_id: str) -> None:
        raise self.exc


async def test_the_list_is_503_only_when_the_database_cannot_be_read() -> None:
    listed = tables_route.list_tables
    for away in (OperationalError("SELECT", {}, Exception("gone")), ConnectionRefusedError(),
                 TimeoutError(), TableUnreadable("table x: unavailable")):
        with pytest.raises(HTTPException) as caught:
            await listed(_Failing(away), ["A" * 22])  # type: ignore[arg-type]
        assert caught.value.status_code == 503
    with pytest.raises(KeyError):  # a bug is a bug, not "the database is away"
        await listed(_Failing(KeyError("bug")), ["A" * 22])  # type: ignore[arg-type]
    for bug in (IntegrityError("INSERT", {}, Exception("dup")), FileNotFoundError("x")):
        with pytest.raises(type(bug)):  # nor is a broken constraint or a missing file
            await listed(_Failing(bug), ["A" * 22])  # type: ignore[arg-type]
    # an id no table can have is not even looked up
    none = await listed(_Failing(AssertionError("asked")), ["a\x00b", "A" * 21 + "\x00"])  # type: ignore[arg-type]
    assert none.tables == []


async def test_a_socket_to_an_id_no_table_can_have_hears_no_such_table(server: Server) -> None:
    async with websockets.connect(server.ws_url("a" * 21 + "%00")) as ws:
        frame = json.loads(await ws.recv())
        assert frame["type"] == "error" and frame["detail"] == "no such table"


def test_a_body_over_the_limit_is_413_before_it_is_read(server: Server) -> None:
    started = time.monotonic()
    r = _raw(server, "/api/tables", b'{"name":"' + b"x" * (100 << 20) + b'"}')
    err = _typed(r, 413, "body_too_large")
    assert err["ctx"] == {"limit": DEFAULT_LIMIT} and len(r.content) < 500
    assert time.monotonic() - started < 30

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        yield b'{"name":"'
        for _ in range(64):
            yield b"x" * (1 << 20)
        yield b'"}'

    _typed(_raw(server, "/api/tables", chunks()), 413, "body_too_large")
    r = _raw(server, "/api/replay", b"[" + b"0," * RECORD_LIMIT + b"0]")
    assert _typed(r, 413, "body_too_large")["ctx"] == {"limit": RECORD_LIMIT}
    # a body under the limit still gets its own answer, and the server is fine
    assert server.create(preset="classic", seats=2, goal=50)["seat"] == 0


def test_the_largest_legitimate_record_is_under_the_limit(server: Server) -> None:
    """64 rounds, every tile of every round played, fair-deal proofs with four 64-emoji
    client seeds escaped, pretty-printed: not refused for its size (it is no real match,
    so the replay itself refuses it)."""
    tiles = [f"{a}-{b}" for a in range(7) for b in range(a + 1)]
    fair = {"algorithm": "hmac-sha256-fy/1", "table": "x" * 22, "commitment": "f" * 64,
            "server_seed": "f" * 64, "redeals": 1000,
            "client_seeds": [{"seat": s, "seed": "\U0001f600" * 64} for s in range(4)]}
    rnd = {"hands": [tiles[i * 7:(i + 1) * 7] for i in range(4)], "boneyard": [],
           "plays": [f"{t} L" for t in tiles], "fair": fair}
    rules = {"preset": "classic", "seats": 4, "goal": 100, "teams": True, "hand_size": 7,
             "drawing": False, "redeal_doubles": 4, "next_opener": "rotate",
             "closed_table": "all_pass", "auto_draw": True, "scoring": "classic",
             "batida_points": [1, 2, 3, 4], "blocked_points": 1}
    record = {"format": "domino-record/2", "rules": rules, "rounds": [rnd] * 64}
    body = json.dumps(record, indent=4).encode()
    assert 2.5 * len(body) < RECORD_LIMIT
    r = _raw(server, "/api/replay", body)
    assert r.status_code == 422 and "round 1, play" in r.json()["detail"], r.text[:300]


def test_a_422_never_echoes_a_long_input(server: Server) -> None:
    r = server.post("/api/tables", {"name": "x" * 6000, "preset": "y" * 6000})
    assert r.status_code == 422 and len(r.content) < 1000, len(r.content)
    for err in r.json()["detail"]:
        assert len(err["input"]) <= 65 and err["input"].endswith("…")
    r = server.post("/api/tables", {"k" * 10_000: 1})  # an unknown key: echoed in loc
    assert r.status_code == 422 and len(r.content) < 1000, len(r.content)
    r = _raw(server, "/api/tables", b'{"seats":' + b"9" * 4000 + b"}")
    assert r.status_code == 422 and len(r.content) < 1000, r.text[:300]
    # many wrong keys: the first errors, not one per key
    r = server.post("/api/tables", {f"k{i}": i for i in range(1000)})
    assert r.status_code == 422 and len(r.json()["detail"]) <= 20


@pytest.mark.parametrize(
    "body",
    [b'{"turn_seconds":Infinity}', b'{"goal":NaN}', b'{"goal":-Infinity}',
     b'{"seats":NaN,"turn_seconds":-Infinity,"name":"\\ud800"}'],
)
def test_every_error_reply_is_valid_json(server: Server, body: bytes) -> None:
    r = _raw(server, "/api/tables", body)
    assert r.status_code == 422, r.text
    detail = _strict_json(r.text)["detail"]
    assert detail and all(d["type"] for d in detail)
    for d in detail:
        if d.get("input") in ("Infinity", "-Infinity", "NaN"):
            assert d["loc"][1] in ("turn_seconds", "goal", "seats")


def test_bodies_json_cannot_read_get_a_typed_422(server: Server) -> None:
    t = server.create(preset="classic", seats=2, goal=50)
    cases = [
        (b'{"name":"\xff\xfe"}', "UTF-8"),
        (b"[" * 8000 + b"]" * 8000, "nested too deeply"),
        (b'{"seats":' + b"1" * 5000 + b"}", "too many digits"),
    ]
    for body, why in cases:
        for path in ("/api/tables", f"/api/tables/{t['table_id']}/join", "/api/replay"):
            err = _typed(_raw(server, path, body), 422, "json_invalid")
            assert why in err["msg"], (path, err)
    err = _typed(_raw(server, "/api/tables", b"{not json"), 422, "json_invalid")
    assert err["loc"] == ["body", 1]
    for body in (b'{"seats": 2}', b"{bad"):  # curl -d: a form's media type
        as_form = httpx.post(f"{server.http}/api/tables", content=body, timeout=10, headers={
            "Content-Type": "application/x-www-form-urlencoded"})
        assert "Content-Type: application/json" in _typed(as_form, 422, "json_invalid")["msg"]
    seats = server.get(f"/api/tables/{t['table_id']}").json()["seats"]
    assert [s["kind"] for s in seats] != ["human", "human"]
    assert server.join(t["table_id"], "Bia")["seat"] == 1
    log = server.log_path.read_text() if server.log_path else ""
    assert "Traceback" not in log


def test_a_setting_the_table_would_not_use_is_refused_not_dropped(server: Server) -> None:
    """A strict body: a setting this table would ignore is a 422 naming it, never a table
    created without it (the creator would think it was set)."""
    unused = [
        ({"seats": 2, "partner": "friend"}, "partner"),
        ({"preset": "draw", "seats": 4, "teams": False, "partner": "bot"}, "partner"),
        ({"seats": 2, "pace": "correspondence", "turn_seconds": 30}, "turn_seconds"),
        ({"preset": "classic", "seats": 2, "batida_points": [1, 2, 3, 4]}, "batida_points"),
        ({"preset": "block", "seats": 2, "blocked_points": 3}, "blocked_points"),
    ]
    for body, named in unused:
        r = server.post("/api/tables", body)
        assert r.status_code == 422 and named in r.json()["detail"], (body, r.text)
    used = [
        {"preset": "classic", "seats": 4, "partner": "bot"},  # classic at 4: always teams
        {"seats": 2, "pace": "live", "turn_seconds": 30},
        {"preset": "block", "seats": 2, "scoring": "batida", "blocked_points": 2},
    ]
    for body in used:
        assert server.post("/api/tables", body).status_code == 201, body


async def test_only_an_outage_is_told_as_the_database_away() -> None:
    """SQLite says OperationalError both when the file is locked or the disk is full (an
    outage: 503, try again) and when a table is missing (a bug: 500 with its traceback)."""
    import sqlite3

    from starlette.requests import Request

    from domino_server.api.database_away import database_away

    request = Request({"type": "http", "method": "GET", "path": "/api/x", "headers": []})
    locked = OperationalError("SELECT", {}, sqlite3.OperationalError("database is locked"))
    assert (await database_away(request, locked)).status_code == 503
    missing = OperationalError("SELECT", {}, sqlite3.OperationalError("no such table: seats"))
    with pytest.raises(OperationalError):
        await database_away(request, missing)
