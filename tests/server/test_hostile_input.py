"""Input from a hostile or broken client: every frame gets a typed answer, text no
database or JSON can hold is refused with a clear 422 or ``bad_json``, oversize frames
are answered as DESIGN.md says, and no token ever reaches a log line."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
from pathlib import Path

import httpx
import pytest
import websockets
from sqlalchemy import insert

from domino_server.store import models as m
from domino_server.store.db import make_engine, make_sqlite_writer, migrate
from domino_server.store.repo import Store

from .harness import Client, Server, move_frame, started_with_a_friend, subprotocols


async def _started(server: Server) -> tuple[Client, Client]:
    ana, bia = await started_with_a_friend(server, preset="classic", seats=2, goal=100)
    return ana, bia


async def _alive(cl: Client) -> None:
    """The socket still answers: a ping gets its pong."""
    cid = cl.next_id()
    await cl.send({"type": "ping", "id": cid})
    assert (await cl.until(lambda f: f["type"] == "pong")) == {"type": "pong", "id": cid}


async def test_lone_surrogates_and_nuls_in_frames_get_bad_json(server: Server) -> None:
    ana, bia = await _started(server)
    seq = ana.seq
    for raw in (
        '{"type":"ping","id":"\\ud800"}',
        '{"type":"draw","id":"a\\u0000b"}',
        '{"type":"play","id":"p1","tile":"\\udfff","end":null}',
        '{"type":"react","id":"r1","reaction":"nice\\u0000"}',
    ):
        await ana.send(raw)
        answer = await ana.recv(timeout=5)
        assert answer["type"] == "error" and answer["code"] == "bad_json", (raw, answer)
        assert "surrogate" in answer["detail"]
        await _alive(ana)
    assert ana.seq == seq  # no event: nothing changed, the table did not reload
    mover = ana if ana.my_turn() else bia
    assert mover.view is not None
    done = await mover.command(move_frame(mover.view["legal"][0]))
    assert done["type"] == "accepted" and done["seq"] > seq
    for cl in (ana, bia):
        await cl.close()


def _raw_post(server: Server, path: str, body: str) -> httpx.Response:
    return httpx.post(
        f"{server.http}{path}",
        content=body.encode("ascii"),
        headers={"Content-Type": "application/json"},
        timeout=10,
    )


def test_names_with_surrogates_or_nuls_are_422_and_change_nothing(server: Server) -> None:
    for name in ("\\ud800", "Ana\\u0000", "\\udc00x"):
        r = _raw_post(server, "/api/tables", f'{{"preset":"classic","seats":2,"name":"{name}"}}')
        assert r.status_code == 422, r.text
        (err,) = r.json()["detail"]
        assert err["loc"] == ["body", "name"] and "surrogate" in err["msg"]
    t = server.create(preset="classic", seats=2, goal=50)
    for body in (
        '{"name":"Bia\\u0000"}',
        '{"name":"\\ud83d"}',
        '{"name":"Bia","player_token":"' + "x" * 20 + '\\u0000"}',
    ):
        r = _raw_post(server, f"/api/tables/{t['table_id']}/join", body)
        assert r.status_code == 422, r.text
        assert "surrogate" in r.json()["detail"][0]["msg"]
    seats = server.get(f"/api/tables/{t['table_id']}").json()["seats"]
    assert seats[1]["kind"] != "human"
    assert server.join(t["table_id"], "Bia")["seat"] == 1


def test_players_me_with_an_unknown_key_is_404(server: Server) -> None:
    r = httpx.get(
        f"{server.http}/api/players/me",
        headers={"Authorization": "Bearer never-issued-by-this-server"},
        timeout=10,
    )
    assert r.status_code == 404 and r.json()["detail"] == "unknown player token"
    created = server.create(preset="classic", seats=2, goal=50)
    r = httpx.get(
        f"{server.http}/api/players/me",
        headers={"Authorization": f"Bearer {created['player_token']}"},
        timeout=10,
    )
    assert r.status_code == 200 and r.json()["points"] == 0


async def test_frames_over_8_kib_are_answered_up_to_the_transport_limit(server: Server) -> None:
    ana, bia = await _started(server)
    for size in (8 * 1024 + 1, 64 * 1024 + 1, 512 * 1024):
        await ana.send('{"type":"ping","id":"big","pad":"' + "x" * size + '"}')
        answer = await ana.recv(timeout=10)
        assert answer["type"] == "error" and answer["code"] == "frame_too_large", size
        await _alive(ana)
    with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
        # over the transport limit (1 MiB): the socket closes, perhaps before the whole
        # frame is sent (then the send itself fails, having heard the close)
        await ana.send("x" * (2 << 20))
        while True:
            await ana.recv(timeout=10)
    assert ana.ws.close_code == 1009
    await bia.close()


async def test_no_token_in_any_log_line(make_server, tmp_path: Path) -> None:
    server = make_server({"DOMINO_LOG_LEVEL": "info"})
    t = server.create(preset="classic", seats=2, goal=50, name="Ana")
    j = server.join(t["table_id"], "Bia")
    ana = Client(server, t["table_id"], t["token"])
    await ana.connect()
    assert ana.ws.subprotocol == "domino.v1"
    assert ana.table is not None and ana.table["seats"][0]["connected"]
    # a page loaded before the token moved out of the URL still connects
    old = f"{server.ws_url(t['table_id'])}?token={j['token']}"
    async with websockets.connect(old) as legacy:
        first = json.loads(await asyncio.wait_for(legacy.recv(), 10))
        welcome = first[0] if isinstance(first, list) else first
        assert welcome["type"] == "welcome" and welcome["seat"] == 1
    bad = server.ws_url(t["table_id"])
    async with websockets.connect(bad, subprotocols=subprotocols("forged-token-xyz")) as ws:
        await ws.wait_closed()
        assert ws.close_code == 4401
    assert server.post(f"/api/tables/{t['table_id']}/start", token=t["token"]).status_code == 200
    await ana.close()
    server.stop()
    assert server.log_path is not None
    log = server.log_path.read_text()
    assert t["table_id"] in log and "WebSocket" in log  # the lines are there, with the table
    for secret in (t["token"], j["token"], t["player_token"], j["player_token"]):
        assert secret not in log
    assert "forged-token-xyz" not in log


async def test_sqlite_commits_are_synced_full(tmp_path: Path) -> None:
    """Every connection but the loop's writer syncs each commit itself (``FULL``)."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'sync.sqlite3'}"
    await asyncio.to_thread(migrate, url, str(Path(__file__).resolve().parents[2] / "migrations"))
    engine = make_engine(url)
    async with engine.connect() as aconn:
        mode = (await aconn.exec_driver_sql("PRAGMA synchronous")).scalar()
        journal = (await aconn.exec_driver_sql("PRAGMA journal_mode")).scalar()
    await engine.dispose()
    assert journal == "wal"
    assert mode == 2  # FULL (NORMAL is 1)
    assert sqlite3.connect(tmp_path / "sync.sqlite3").execute("PRAGMA journal_mode").fetchone()


async def test_the_loop_writer_acknowledges_only_after_the_wal_is_synced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer that commits on the loop does not sync in its commits (``NORMAL``: the
    loop never waits for the disk); the WAL file is fsynced on a thread after the commit
    and only then does the write hear back, so what was acknowledged survives a power cut
    as under ``FULL``."""
    path = tmp_path / "sync.sqlite3"
    url = f"sqlite+aiosqlite:///{path}"
    await asyncio.to_thread(migrate, url, str(Path(__file__).resolve().parents[2] / "migrations"))
    writer = make_sqlite_writer(url)
    assert writer is not None
    with writer.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    store = Store(make_engine(url), writer)
    store.start()
    seen: list[str] = []
    real_fsync, real_commit = os.fsync, store.committer._commit  # type: ignore[attr-defined]

    def fsync(fd: int) -> None:
        real_fsync(fd)
        seen.append("fsync " + Path(os.readlink(f"/proc/self/fd/{fd}")).name)

    def commit(writes: list, **kw: bool) -> None:
        real_commit(writes, **kw)
        seen.append("commit")

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(store.committer, "_commit", commit)
    try:
        for i in range(3):
            await store.transact(
                lambda conn, i=i: conn.execute(
                    insert(m.players).values(
                        key_hash=f"{i:064d}", name="p", points=0, matches=0, wins=0, updated_at=0.0
                    )
                )
            )
            seen.append("acknowledged")
            assert seen[-3:] == ["commit", "fsync sync.sqlite3-wal", "acknowledged"]
    finally:
        await store.close()
