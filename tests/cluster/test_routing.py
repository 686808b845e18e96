"""Three instances behind HAProxy: every API request and websocket of one table reaches the
one instance that holds its lease; requests without a table id (the table's page among
them) go round-robin; the rest (lists, ranking, records) works from any instance."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from .harness import EDGE_CREATIONS, Cluster
from .players import Player

TABLES = 12


def _server(r: Any) -> str:
    return str(r.headers["X-Domino-Server"])


async def test_each_table_lives_on_one_instance(make_cluster: Any) -> None:
    cluster: Cluster = make_cluster(3)
    front = cluster.front
    created = []
    makers = Counter()
    for k in range(TABLES):
        r = front.post("/api/tables", {"seats": 2, "bots": [None, "rabisco"], "name": f"P{k}"})
        assert r.status_code == 201, r.text
        makers[_server(r)] += 1
        created.append(r.json())
    assert len(makers) == 3, f"creating tables is round-robin over the instances: {makers}"

    homes: dict[str, str] = {}
    for t in created:
        tid = t["table_id"]
        answered = {_server(front.get(f"/api/tables/{tid}")) for _ in range(3)}
        r = front.post(f"/api/tables/{tid}/start", token=t["token"])
        assert r.status_code == 200, r.text
        answered.add(_server(r))
        assert len(answered) == 1, f"table {tid} was served by {answered}"
        homes[tid] = answered.pop()
    assert len(set(homes.values())) > 1, "the tables are spread over the instances"
    # a table's page is the same file for every table: any instance serves it (round-robin),
    # so loading it never waits for, nor fails with, the table's own instance
    pages = [front.get(f"/t/{created[0]['table_id']}") for _ in range(3)]
    assert all(r.status_code == 200 and "<html" in r.text.lower() for r in pages)
    assert len({_server(r) for r in pages}) > 1, "the page goes round-robin"

    players = [Player(front, t["table_id"], t["token"]) for t in created]
    await asyncio.gather(*(p.play(moves=3, timeout=90) for p in players))
    for p in players:
        assert set(p.servers) == {homes[p.table_id]}, (p.table_id, p.servers)
        assert len(p.accepted) == 3 or p.view["over"]
        # the instance that answered is the one holding the lease, and the moves are stored
        assert cluster.owner(p.table_id) == homes[p.table_id]
        stored = Counter(
            r["cmd_id"]
            for r in cluster.query(
                "SELECT cmd_id FROM events WHERE table_id = $1 AND kind = 'move'", p.table_id
            )
        )
        assert all(stored[cid] == 1 for cid in p.accepted), (p.accepted, stored)

    # a player's list, from whichever instance answers it, shows every table as played
    ids = [t["table_id"] for t in created]
    listers = set()
    for _ in range(3):
        r = front.get("/api/tables", params=[("id", i) for i in ids])
        assert r.status_code == 200, r.text
        listers.add(_server(r))
        listed = {x["table"]["id"]: x for x in r.json()["tables"]}
        assert set(listed) == set(ids)
        assert all(listed[i]["round"] == 1 for i in ids)
    assert len(listers) > 1

    # a match ended (one player resigns) gives its record and the ranking its points,
    # whichever instance is asked
    t = created[0]
    r = front.post(f"/api/tables/{t['table_id']}/resign", token=t["token"])
    assert r.status_code == 200, r.text
    record = front.get(f"/api/tables/{t['table_id']}/record")
    assert record.status_code == 200 and record.json()["format"].startswith("domino-record")
    assert _server(record) == homes[t["table_id"]]
    rankers = set()
    for _ in range(3):
        r = front.get("/api/ranking")
        assert r.status_code == 200
        rankers.add(_server(r))
    assert len(rankers) > 1


def test_one_address_creates_as_many_tables_behind_haproxy_as_on_one_instance(
    make_cluster: Any,
) -> None:
    # by default each instance lets one address create 10 tables at once (here the
    # instances let through any number); creations go round-robin, so three instances alone
    # would let it create 30: HAProxy counts them all
    cluster: Cluster = make_cluster(3, creations=EDGE_CREATIONS)
    front = cluster.front
    makers: Counter[str] = Counter()
    made = []
    for k in range(EDGE_CREATIONS):
        r = front.post("/api/tables", {"seats": 2, "bots": [None, "rabisco"], "name": f"P{k}"})
        assert r.status_code == 201, r.text
        makers[_server(r)] += 1
        made.append(r.json())
    assert len(makers) == 3 and max(makers.values()) < 10, makers
    r = front.post("/api/tables", {"seats": 2, "bots": [None, "rabisco"], "name": "Too many"})
    assert r.status_code == 429, r.text
    # nor by another spelling of the same path, which the instances decode alike
    r = front.post("/api/%74ables", {"seats": 2, "bots": [None, "rabisco"], "name": "Sly"})
    assert r.status_code == 429, r.text
    assert r.json() == {"detail": "too many tables created from this address; try again later"}
    assert int(r.headers["Retry-After"]) > 0
    # only creating is limited: the tables made go on, started and served
    t = made[0]
    assert front.post(f"/api/tables/{t['table_id']}/start", token=t["token"]).status_code == 200
    assert front.get(f"/api/tables/{t['table_id']}").json()["status"] == "playing"
