"""While its PostgreSQL is down, a server says so, 503 with a JSON detail on every route
that needs the database and an ``unavailable`` error frame on the table socket, instead
of a bare 500 and a traceback for each request; it keeps running, and answers as before
once the database is back (a real PostgreSQL, stopped and started again)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from needs import need

from .harness import Server
from .local_postgres import LocalPostgres, pg_bin

#: A table id no table has (the right shape, so it is looked up in the database).
UNKNOWN = "Z" * 22


@pytest.fixture
def postgres() -> Iterator[LocalPostgres]:
    found = pg_bin()
    need("postgres", None if found else "no PostgreSQL binaries (initdb) on this machine")
    assert found is not None
    pg = LocalPostgres(found)
    pg.start()
    yield pg
    pg.stop()


def _until(pred: object, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not pred():  # type: ignore[operator]
        assert time.monotonic() < end, what
        time.sleep(0.1)


def test_a_server_says_503_while_its_database_is_down_and_recovers(
    postgres: LocalPostgres, tmp_path: Path
) -> None:
    log = tmp_path / "server.log"
    server = Server(postgres.url, log_path=log)
    server.start()
    try:
        before = server.create(seats=2, name="Ana")
        postgres.halt()
        answers = {
            "create": server.post("/api/tables", {"seats": 2, "name": "Bia"}),
            "look": server.get(f"/api/tables/{UNKNOWN}"),
            "join": server.post(f"/api/tables/{UNKNOWN}/join", {"name": "Bia"}),
            "ranking": server.get("/api/ranking"),
            "list": server.get(f"/api/tables?id={UNKNOWN}"),
        }
        for what, r in answers.items():
            assert r.status_code == 503, (what, r.status_code, r.text)
            assert r.headers["content-type"] == "application/json", what
            assert "try again" in r.json()["detail"], (what, r.text)
        assert int(answers["create"].headers["retry-after"]) > 0
        with connect(server.ws_url(UNKNOWN), open_timeout=10) as ws:
            frame = json.loads(ws.recv(timeout=10))
            assert frame["type"] == "error" and frame["code"] == "unavailable", frame
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        assert server.proc is not None and server.proc.poll() is None, "the server died"

        postgres.start()  # back: the same requests are served again

        def created() -> bool:
            with_db = server.post("/api/tables", {"seats": 2, "name": "Bia"})
            assert with_db.status_code in (201, 503), with_db.text
            return with_db.status_code == 201

        _until(created, 30, "the server did not come back with its database")
        assert server.get(f"/api/tables/{UNKNOWN}").status_code == 404
        assert server.get(f"/api/tables/{before['table_id']}").status_code == 200
        assert httpx.get(f"{server.http}/api/ranking", timeout=10).status_code == 200
    finally:
        server.stop()
    text = log.read_text()
    assert "the database is away" in text
    assert "Exception in ASGI application" not in text, "a request's error was a crash"
