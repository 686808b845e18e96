"""``GET /api/tables?id=…``: the list of a player's tables (the home page's "your tables"):
each known table's summary and where its match stands, as a spectator sees it."""

from __future__ import annotations

import time

from .harness import Server


def listing(server: Server, *ids: str) -> list[dict]:
    query = "&".join(f"id={i}" for i in ids)
    r = server.get(f"/api/tables?{query}")
    assert r.status_code == 200, r.text
    return list(r.json()["tables"])


def test_lists_waiting_playing_and_finished_tables_in_the_order_asked(server: Server) -> None:
    waiting = server.create(preset="block", seats=2, goal=50, pace="correspondence")
    playing = server.create(
        preset="classic", seats=2, goal=50, bots=[None, "rabisco"], pace="correspondence"
    )
    finished = server.create(preset="draw", seats=2, goal=50, bots=[None, "rabisco"])
    for t in (playing, finished):
        r = server.post(f"/api/tables/{t['table_id']}/start", token=t["token"])
        assert r.status_code == 200
    r = server.post(f"/api/tables/{finished['table_id']}/resign", token=finished["token"])
    assert r.status_code == 200

    ids = [finished["table_id"], "no-such-table", waiting["table_id"], playing["table_id"]]
    got = listing(server, *ids)
    # unknown ids are left out; the others come back in the order asked
    assert [x["table"]["id"] for x in got] == [ids[0], ids[2], ids[3]]
    done, wait, play = got

    assert wait["table"]["status"] == "waiting"
    assert (wait["round"], wait["turn"], wait["scores"], wait["winner"]) == (None,) * 4

    assert done["table"]["status"] == "finished"
    assert done["winner"] == 1 and done["turn"] is None  # seat 0 resigned

    assert play["table"]["status"] == "playing" and play["round"] == 1
    assert play["scores"] == [0, 0] and play["winner"] is None
    # the seat on turn: the creator, once the bot has opened (if it holds the opening tile)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:  # the bot may be thinking: wait for a human's turn
        now = listing(server, playing["table_id"])[0]
        if now["turn"] == 0:
            break
        time.sleep(0.05)
    assert now["turn"] == 0
    assert [s["name"] for s in now["table"]["seats"]] == ["Jogador", "Rabisco"]

    # after a restart the tables are read back from the database for the list (not
    # brought to life): the same answer, nobody connected
    server.kill()
    server.restart()
    again = listing(server, *ids)
    assert [x["table"]["id"] for x in again] == [ids[0], ids[2], ids[3]]
    assert [x["table"]["status"] for x in again] == ["finished", "waiting", "playing"]
    assert again[2]["turn"] == 0 and again[0]["winner"] == 1
    assert not any(s["connected"] for x in again for s in x["table"]["seats"])


def test_the_list_shows_no_hand_token_or_deal(server: Server) -> None:
    t = server.create(preset="classic", seats=2, goal=50, bots=[None, "nino"])
    server.post(f"/api/tables/{t['table_id']}/start", token=t["token"])
    text = server.get(f"/api/tables?id={t['table_id']}").text
    for secret in ('"hand"', '"boneyard"', '"hands"', t["token"], '"legal"'):
        assert secret not in text


def test_bad_list_requests_get_a_clear_422(server: Server) -> None:
    r = server.get("/api/tables")
    assert r.status_code == 422  # no id at all
    many = "&".join(f"id=t{i}" for i in range(51))
    r = server.get(f"/api/tables?{many}")
    assert r.status_code == 422 and "50" in r.text
    # a repeated or over-long id is not an error: it is listed once, or left out
    t = server.create(preset="block", seats=2, goal=50)
    got = listing(server, t["table_id"], t["table_id"], "x" * 40)
    assert [x["table"]["id"] for x in got] == [t["table_id"]]
