"""``domino copy-db``: a host moves from the SQLite file ``domino serve`` made to PostgreSQL
and nothing a player has is lost: a finished match's record and the ranking are the same,
a match under way goes on where it stood (same hand, same event numbers) on the new
database; a second copy into the filled database is refused and changes nothing."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

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
        await asyncio.sleep(0)
        view, seq = ana.view, ana.seq
        await ana.close()
        before = _seen(old, tid)
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
        while not ana.my_turn():
            await ana.recv()
        assert ana.view is not None
        ans = await ana.command(move_frame(ana.view["legal"][0]))
        assert ans["type"] == "accepted" and ans["seq"] > seq, ans  # it goes on, numbered on
        await ana.close()
    finally:
        new.stop()

    again = await asyncio.to_thread(_copy, source, target)
    assert again.returncode == 1 and "already holds data" in again.stderr, again
