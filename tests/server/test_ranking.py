"""Experience points (RULES.md §10 Ranking): who earns what when a match ends, kept per
player across tables, never for a match against oneself from one address."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from domino_core import Match, Rules
from domino_server.core.config import Settings
from domino_server.store.db import migrate
from domino_server.table.ranking import outcome
from domino_server.table.state import SeatState

from .harness import Client, Server, post_from


def _me(server: Server, player: str) -> dict[str, Any]:
    r = httpx.get(
        f"{server.http}/api/players/me", headers={"Authorization": f"Bearer {player}"}, timeout=10
    )
    assert r.status_code == 200, r.text
    return dict(r.json())


def _table(
    server: Server, ips: list[str], players: list[str | None] | None = None, **rules: Any
) -> tuple[str, list[dict[str, Any]]]:
    """A started table with one person per address in ``ips`` (the first creates it)."""
    players = players or [None] * len(ips)
    body = {"preset": "classic", "seats": 2, "goal": 100, "name": "Ana", **rules}
    if players[0]:
        body["player_token"] = players[0]
    created = post_from(server, "/api/tables", body, ips[0])
    tid = created["table_id"]
    people = [created]
    for i, ip in enumerate(ips[1:], start=1):
        join: dict[str, Any] = {"name": f"P{i}"}
        if players[i]:
            join["player_token"] = players[i]
        people.append(post_from(server, f"/api/tables/{tid}/join", join, ip))
    post_from(server, f"/api/tables/{tid}/start", None, ips[0], token=created["token"])
    return tid, people


async def _ranking_event(server: Server, tid: str, token: str) -> dict[str, Any]:
    c = Client(server, tid, token)
    await c.connect(last_seq=0)
    try:
        return await c.until(lambda f: f["type"] == "event" and f["event"]["type"] == "ranking")
    finally:
        await c.close()


async def test_the_winner_and_the_loser_earn_points_kept_by_their_player_token(
    server: Server,
) -> None:
    tid, (ana, bia) = _table(server, ["10.0.0.1", "10.0.0.2"])
    assert ana["player_token"] != bia["player_token"] and len(ana["player_token"]) >= 22
    assert _me(server, ana["player_token"])["points"] == 0  # nothing before the end
    post_from(server, f"/api/tables/{tid}/resign", None, "10.0.0.2", token=bia["token"])
    event = (await _ranking_event(server, tid, ana["token"]))["event"]
    assert event == {"type": "ranking", "points": [20, 5], "reason": None}
    # the table's summary keeps the result, also once the server has restarted
    assert server.get(f"/api/tables/{tid}").json()["ranking"] == {"points": [20, 5], "reason": None}
    server.stop()
    server.start()
    assert server.get(f"/api/tables/{tid}").json()["ranking"] == {"points": [20, 5], "reason": None}
    assert _me(server, ana["player_token"]) == {
        "name": "Ana",
        "points": 20,  # 10 x 2 seats
        "matches": 1,
        "wins": 1,
        "place": 1,
    }
    assert _me(server, bia["player_token"]) == {
        "name": "P1",
        "points": 5,
        "matches": 1,
        "wins": 0,
        "place": 2,
    }
    # the same two players again, with the tokens their browsers kept: points add up
    tid2, (ana2, bia2) = _table(
        server, ["10.0.0.1", "10.0.0.2"], [ana["player_token"], bia["player_token"]]
    )
    assert (ana2["player_token"], bia2["player_token"]) == (
        ana["player_token"],
        bia["player_token"],
    )
    post_from(server, f"/api/tables/{tid2}/resign", None, "10.0.0.1", token=ana2["token"])
    await _ranking_event(server, tid2, ana2["token"])
    assert _me(server, ana["player_token"])["points"] == 25
    assert _me(server, bia["player_token"])["points"] == 25
    board = httpx.get(f"{server.http}/api/ranking", timeout=10).json()["players"]
    assert [(p["name"], p["points"], p["wins"], p["place"]) for p in board] == [
        ("Ana", 25, 1, 1),
        ("P1", 25, 1, 1),
    ]
    # with a player token, that player's own line is marked
    mine = httpx.get(
        f"{server.http}/api/ranking",
        headers={"Authorization": f"Bearer {bia['player_token']}"},
        timeout=10,
    ).json()["players"]
    assert [(p["name"], p["you"]) for p in mine] == [("Ana", False), ("P1", True)]
    # the ranking never shows a token or an address
    assert ana["player_token"] not in str(board) and "10.0.0" not in str(board)


async def test_two_seats_from_one_address_earn_nothing(server: Server) -> None:
    tid, (ana, bia) = _table(server, ["10.0.0.9", "10.0.0.9"])
    post_from(server, f"/api/tables/{tid}/resign", None, "10.0.0.9", token=bia["token"])
    event = (await _ranking_event(server, tid, ana["token"]))["event"]
    assert event == {"type": "ranking", "points": [None, None], "reason": "shared_address"}
    assert _me(server, ana["player_token"])["points"] == 0
    assert httpx.get(f"{server.http}/api/ranking", timeout=10).json() == {"players": []}


async def test_a_match_against_bots_alone_or_annulled_earns_nothing(server: Server) -> None:
    created = post_from(server, "/api/tables", {"preset": "classic", "seats": 2}, "10.0.1.1")
    tid = created["table_id"]
    post_from(server, f"/api/tables/{tid}/start", None, "10.0.1.1", token=created["token"])
    post_from(server, f"/api/tables/{tid}/resign", None, "10.0.1.1", token=created["token"])
    event = (await _ranking_event(server, tid, created["token"]))["event"]
    assert event["reason"] == "fewer_than_two_people"

    tid, (ana, bia) = _table(server, ["10.0.1.2", "10.0.1.3"])
    post_from(server, f"/api/tables/{tid}/annulment", None, "10.0.1.2", token=ana["token"])
    vote = {"agree": True}
    post_from(server, f"/api/tables/{tid}/annulment/vote", vote, "10.0.1.3", bia["token"])
    event = (await _ranking_event(server, tid, ana["token"]))["event"]
    assert event == {"type": "ranking", "points": [None, None], "reason": "annulled"}
    assert _me(server, ana["player_token"])["matches"] == 0


async def test_team_winners_split_the_win_and_bots_earn_nothing(server: Server) -> None:
    ips = ["10.0.2.1", "10.0.2.2", "10.0.2.3"]
    tid, people = _table(
        server, ips, preset="classic", seats=4, teams=True, partner="friend", goal=100
    )
    seats = [p["seat"] for p in people]
    assert seats == [0, 2, 1]  # the partner first, opposite the creator; seat 3 is a bot
    post_from(server, f"/api/tables/{tid}/resign", None, ips[2], token=people[2]["token"])
    event = (await _ranking_event(server, tid, people[0]["token"]))["event"]
    # 10 x 4 seats split between the two partners; the losing person 5; the bot nothing
    assert event == {"type": "ranking", "points": [20, 5, 20, None], "reason": None}
    assert [_me(server, p["player_token"])["points"] for p in people] == [20, 20, 5]


def test_player_stats_need_a_player_token(server: Server) -> None:
    r = httpx.get(f"{server.http}/api/players/me", timeout=10)
    assert r.status_code == 401 and "player token" in r.json()["detail"]
    r = httpx.get(f"{server.http}/api/ranking?limit=0", timeout=10)
    assert r.status_code == 422
    r = httpx.post(
        f"{server.http}/api/tables", json={"player_token": "short"}, timeout=10
    )  # a key must be long enough not to be guessed
    assert r.status_code == 422


@pytest.mark.parametrize("teams", [False, True])
def test_outcome_reads_the_rule_line(teams: bool) -> None:
    rules = Rules.from_preset("block", seats=4, goal=100, teams=teams)
    match = Match(rules, seed=1)
    match.resign(1)
    people = [
        SeatState(s, "human", f"P{s}", None, player_hash=f"k{s}", ip_hash=f"a{s}")
        for s in range(4)
    ]
    got = {a.seat: a.points for a in outcome(match, people).awards}
    if teams:  # seat 1's team (1 and 3) loses
        assert got == {0: 20, 2: 20, 1: 5, 3: 5}
    else:  # the remaining player with the most points wins (0 points each: the first in turn)
        assert sorted(got.values()) == [5, 5, 5, 40] and got[1] == 5
    people[3] = people[3].with_(kind="bot", player_hash=None)
    assert 3 not in {a.seat for a in outcome(match, people).awards}


def test_an_unknown_address_earns_nothing_and_is_not_called_a_shared_one() -> None:
    """A seat whose address the server could not read (no client address, or a seat
    stored before addresses were kept) cannot be checked: no points, for that reason."""
    match = Match(Rules.from_preset("block", seats=3, goal=100), seed=1)
    match.resign(1)

    def reason(*addresses: str | None) -> str | None:
        people = [
            SeatState(s, "human", f"P{s}", None, player_hash=f"k{s}", ip_hash=a)
            for s, a in enumerate(addresses)
        ]
        result = outcome(match, people)
        assert result.awards == () or result.reason is None
        return result.reason

    assert reason("a0", "a1", "a2") is None
    assert reason("a0", None, "a2") == "unknown_address"
    assert reason(None, None, "a2") == "unknown_address"  # two unknown: not known to be one
    assert reason("a0", "a0", None) == "shared_address"  # a known shared one still says so
    event = outcome(match, [
        SeatState(s, "human", f"P{s}", None, player_hash=f"k{s}", ip_hash=None) for s in range(3)
    ]).event(3)
    assert event == {"type": "ranking", "points": [None] * 3, "reason": "unknown_address"}


def test_an_existing_database_is_upgraded_and_keeps_its_tables(tmp_path: Path) -> None:
    """A database made by the first schema gains the ranking without losing a row."""
    from alembic import command
    from alembic.script import ScriptDirectory

    from domino_server.store.db import alembic_config

    db = tmp_path / "old.sqlite3"
    url = f"sqlite+aiosqlite:///{db}"
    command.upgrade(alembic_config(url, Settings().migrations_dir), "0001")
    con = sqlite3.connect(db)
    con.execute(
        "insert into tables (id, created_at, status, rules, pace) "
        "values ('t1', 1.0, 'waiting', '{}', 'live')"
    )
    con.execute(
        "insert into seats (table_id, seat, kind, name, away, creator) "
        "values ('t1', 0, 'human', 'Ana', 0, 1)"
    )
    con.commit()
    con.close()
    migrate(url, Settings().migrations_dir)
    con = sqlite3.connect(db)
    head = ScriptDirectory.from_config(
        alembic_config(url, Settings().migrations_dir)
    ).get_current_head()  # the newest migration (0002 added the ranking; later ones follow)
    assert con.execute("select version_num from alembic_version").fetchone() == (head,)
    assert con.execute("select name, player_hash, ip_hash from seats").fetchall() == [
        ("Ana", None, None)
    ]
    assert con.execute("select count(*) from players").fetchone() == (0,)
