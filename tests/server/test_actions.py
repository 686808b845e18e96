"""Table actions over HTTP and the socket: start, resign, annulment, join rules, record;
the published protocol schema and OpenAPI."""

from __future__ import annotations

import json

from domino_server.protocol.schema import SCHEMA_PATH, protocol_schema, schema_text

from .harness import Client, Server, pump


def test_checked_in_schema_equals_the_generated_one(server: Server) -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text(), (
        "run: python -m domino_server.protocol.schema"
    )
    served = server.get("/api/protocol.schema.json").json()
    assert served == json.loads(json.dumps(protocol_schema()))
    assert set(served["properties"]) == {"ClientCommand", "ServerEvent", "ServerMessage"}


def test_openapi_documents_every_route_with_examples(server: Server) -> None:
    spec = server.get("/openapi.json").json()
    paths = spec["paths"]
    for p in (
        "/api/tables",
        "/api/tables/{table_id}/join",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/start",
        "/api/tables/{table_id}/resign",
        "/api/tables/{table_id}/annulment",
        "/api/tables/{table_id}/annulment/vote",
        "/api/tables/{table_id}/claim-absence",
        "/api/tables/{table_id}/record",
        "/api/protocol.schema.json",
        "/healthz",
        "/readyz",
    ):
        assert p in paths, p
    schemas = spec["components"]["schemas"]
    assert schemas["CreateTable"]["examples"][0]["preset"] == "classic"
    for name in (
        "JoinTable",
        "AnnulmentVote",
        "CreatedTable",
        "JoinedTable",
        "ActionDone",
        "TableList",
    ):
        assert schemas[name]["examples"], name
    assert "401" in paths["/api/tables/{table_id}/start"]["post"]["responses"]


async def test_resign_with_teams_loses_for_the_whole_team(server: Server) -> None:
    t = server.create(preset="classic", seats=4, goal=100, bots=[None, "rabisco", None, "rabisco"])
    tid = t["table_id"]
    bia = server.join(tid, "Bia")
    assert bia["seat"] == 1  # no partner preference: seats fill in order
    r = server.post(f"/api/tables/{tid}/start", token=bia["token"])
    assert r.status_code == 403  # only the creator starts
    r = server.post(f"/api/tables/{tid}/start", token=t["token"])
    assert r.status_code == 200 and r.json()["table"]["status"] == "playing"
    assert server.post(f"/api/tables/{tid}/start", token=t["token"]).status_code == 403
    assert server.get(f"/api/tables/{tid}/record").status_code == 409
    ana = Client(server, tid, t["token"])
    await ana.connect()
    ans = await ana.command({"type": "resign"})
    assert ans["type"] == "accepted"
    await pump([ana])
    assert ana.view["over"] and ana.view["end_reason"] == "resign"
    assert ana.view["winner"] == 1  # seats 1 and 3 win
    assert ana.table["status"] == "finished"
    again = await ana.command({"type": "resign"})
    assert again["type"] == "rejected" and again["code"] == "match_over"
    assert server.get(f"/api/tables/{tid}/record").status_code == 200
    assert server.post(f"/api/tables/{tid}/join", {"name": "Late"}).status_code == 409


async def test_annulment_needs_every_human(server: Server) -> None:
    t = server.create(preset="block", seats=3, goal=100, bots=[None, None, "nino"])
    tid = t["table_id"]
    j = server.join(tid, "Bia")
    ana, bia = Client(server, tid, t["token"]), Client(server, tid, j["token"])
    await ana.connect()
    await bia.connect()
    early = await ana.command({"type": "propose_annulment"})
    assert early["type"] == "rejected" and early["code"] == "not_started"
    await ana.command({"type": "start"})
    assert (await ana.command({"type": "propose_annulment"}))["type"] == "accepted"
    await pump([ana, bia])
    assert bia.table["annulment"] == {"by": 0, "votes": {"0": True}}
    no = await bia.command({"type": "vote_annulment", "agree": False})
    assert no["type"] == "accepted"
    await pump([ana, bia])
    assert ana.table["annulment"] is None and not ana.view["over"]
    late = await bia.command({"type": "vote_annulment", "agree": True})
    assert late["type"] == "rejected" and late["code"] == "not_allowed"
    r = server.post(f"/api/tables/{tid}/annulment", token=j["token"])
    assert r.status_code == 200
    r = server.post(f"/api/tables/{tid}/annulment/vote", {"agree": True}, token=t["token"])
    assert r.status_code == 200 and r.json()["table"]["status"] == "finished"
    await pump([ana, bia])
    assert ana.view["over"] and ana.view["winner"] is None
    assert ana.view["end_reason"] == "annulled"
    kinds = [e["type"] for e in ana.events.values()]
    # the round stopped inside: its server seed is shown (fair_reveal) with the end
    assert kinds[-5:] == ["annulment_vote", "annulled", "match_end", "fair_reveal", "ranking"]


async def test_join_fills_free_seats_then_refuses(server: Server) -> None:
    t = server.create(
        preset="fives",
        seats=4,
        goal=100,
        partner="bot",
        teams=True,
        bots=[None, None, "voquelonia", None],
    )
    tid = t["table_id"]
    seats = [server.join(tid, n)["seat"] for n in ("Bia", "Caio")]
    assert seats == [1, 3]  # the creator's partner stays the bot
    full = server.post(f"/api/tables/{tid}/join", {"name": "Duda"})
    assert full.status_code == 200 and full.json()["seat"] == 2
    assert server.post(f"/api/tables/{tid}/join", {"name": "Eva"}).status_code == 409
    summary = server.get(f"/api/tables/{tid}").json()
    assert [s["name"] for s in summary["seats"]] == ["Jogador", "Bia", "Duda", "Caio"]
