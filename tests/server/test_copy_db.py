"""``domino copy-db``: a host moves from the SQLite file ``domino serve`` made to PostgreSQL
and nothing a player has is lost: a finished match's record and the ranking are the same,
a match under way goes on where it stood (same hand, same event numbers) on the new
database; a second copy into the filled database is refused and changes nothing; the copy
is of one moment of the source; a wrong or empty source is refused."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from domino_server.core.config import Settings
from domino_server.store.copy import CannotCopy, copy_database
from domino_server.store.db import migrate
from needs import need

from .harness import Client, Server, fresh_database_url, move_frame, post_from, postgres_url


def _copy(source: str, target: str) -> subprocess.CompletedProcess[str]:
    """``domino copy-db --from source --to target``, as a host runs it."""
    return subprocess.run(
        [sys.executable, "-m", "domino_core.cli", "copy-db", "--from", source, "--to", target],
        capture_output=True, text=True, timeout=120,
    )


def _seen(server: Server, tid: str) -> dict[str, Any]:
    return {
        "summary": server.get(f"/api/tables/{tid}").json(),
        "ranking": server.get("/api/ranking").json(),
    }


async def test_a_sqlite_host_moves_to_postgresql_with_nothing_lost(tmp_path: Path) -> None:
    need("postgres", None if postgres_url() else "DOMINO_TEST_POSTGRES_URL is not set")
    source = fresh_database_url(tmp_path, "sqlite")
    target = fresh_database_url(tmp_path, "postgresql")
    old = Server(source, log_path=tmp_path / "old.log")
    old.start()
    try:
        # a finished match between two people (experience points), and its record
        done = post_from(old, "/api/tables", {"seats": 2, "name": "Ana"}, "10.0.0.1")
        done_id = done["table_id"]
        bia = post_from(old, f"/api/tables/{done_id}/join", {"name": "Bia"}, "10.0.0.2")
        post_from(old, f"/api/tables/{done_id}/start", None, "10.0.0.1", token=done["token"])
        post_from(old, f"/api/tables/{done_id}/resign", None, "10.0.0.2", token=bia["token"])
        record = old.get(f"/api/tables/{done_id}/record").json()
        # a match under way against a bot, a few moves in
        live = old.create(preset="draw", seats=2, goal=300, bots=[None, "rabisco"], name="Caio")
        tid = live["table_id"]
        ana = Client(old, tid, live["token"])
        await ana.connect()
        await ana.command({"type": "start"})
        moved = 0
        while moved < 3:
            if ana.my_turn():
                assert ana.view is not None
                ans = await ana.command(move_frame(ana.view["legal"][0]))
                assert ans["type"] == "accepted", ans
                moved += 1
            else:
                await ana.recv()
        while not ana.my_turn():  # the bot has answered: the table waits for Ana
            await ana.recv()
        view, seq = ana.view, ana.seq
        await ana.close()
        for _ in range(200):  # and the server has seen her go
            before = _seen(old, tid)
            if not before["summary"]["seats"][0]["connected"]:
                break
            await asyncio.sleep(0.05)
        assert not before["summary"]["seats"][0]["connected"]
        assert before["ranking"]["players"], "the finished match gave points"
    finally:
        old.stop()

    copied = await asyncio.to_thread(_copy, source, target)
    assert copied.returncode == 0, copied.stderr
    assert "copied 2 tables and 2 players" in copied.stdout, copied.stdout

    new = Server(target, log_path=tmp_path / "new.log")
    new.start()
    try:
        assert new.get(f"/api/tables/{done_id}/record").json() == record
        assert _seen(new, tid) == before
        ana = Client(new, tid, live["token"])
        await ana.connect()
        assert ana.seq == seq and ana.view == view, "the match stands where it stood"
        assert ana.my_turn() and ana.view is not None
        ans = await ana.command(move_frame(ana.view["legal"][0]))
        assert ans["type"] == "accepted" and ans["seq"] > seq, ans  # it goes on, numbered on
        await ana.close()
    finally:
        new.stop()

    again = await asyncio.to_thread(_copy, source, target)
    assert again.returncode == 1 and "already holds data" in again.stderr, again


def test_the_copy_is_of_one_moment_of_the_source(tmp_path: Path) -> None:
    """A table created in the source while the copy runs (after it read the players, before
    it reads the tables) is not half copied: its rows come in whole or not at all (here:
    not, the copy being of the moment it began)."""
    source = f"sqlite+aiosqlite:///{tmp_path / 'a.sqlite3'}"
    target = f"sqlite+aiosqlite:///{tmp_path / 'b.sqlite3'}"
    settings = Settings()
    migrate(source, settings.migrations_dir)
    first = sqlite3.connect(tmp_path / "a.sqlite3")
    first.execute("INSERT INTO players VALUES ('k', 'Ana', 10, 1, 1, 0.0)")
    first.commit()
    said: list[str] = []

    def say(line: str) -> None:
        said.append(line)
        if line.startswith("players"):  # a server writing meanwhile
            first.execute("INSERT INTO tables (id, created_at, status, rules, pace) "
                          "VALUES ('t', 0.0, 'waiting', '{}', 'live')")
            first.execute("INSERT INTO seats (table_id, seat, kind, name, away, creator) "
                          "VALUES ('t', 0, 'human', 'Ana', 0, 1)")
            first.commit()

    copied = copy_database(source, target, settings.migrations_dir, say)
    first.close()
    assert copied["players"] == 1 and copied["tables"] == 0 and copied["seats"] == 0
    assert said.index("players: 1 row") < said.index("tables: 0 rows")


def test_a_wrong_or_empty_source_is_refused_and_nothing_written(tmp_path: Path) -> None:
    settings = Settings()
    target = f"sqlite+aiosqlite:///{tmp_path / 'b.sqlite3'}"
    missing = f"sqlite+aiosqlite:///{tmp_path / 'typo' / 'a.sqlite3'}"
    with pytest.raises(CannotCopy, match="no SQLite file"):
        copy_database(missing, target, settings.migrations_dir)
    assert not (tmp_path / "typo").exists(), "the source is only read, never made"
    empty = f"sqlite+aiosqlite:///{tmp_path / 'empty.sqlite3'}"
    migrate(empty, settings.migrations_dir)
    with pytest.raises(CannotCopy, match="holds no data"):
        copy_database(empty, target, settings.migrations_dir)
    with pytest.raises(CannotCopy, match="same database"):
        copy_database(empty, empty, settings.migrations_dir)
