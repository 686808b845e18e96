"""A friend arriving by the link chooses a free seat on the invitation: that seat when it
is free, the table's own choice when a person already holds it."""

from __future__ import annotations

from .harness import Server


def test_the_chosen_free_seat_is_taken_and_a_held_one_falls_back(server: Server) -> None:
    t = server.create(preset="draw", seats=4, goal=100, pace="live", teams=False)
    tid = t["table_id"]
    r = server.post(f"/api/tables/{tid}/join", {"name": "Bia", "seat": 3})
    assert r.status_code == 200, r.text
    assert r.json()["seat"] == 3
    seats = {s["seat"]: s for s in r.json()["table"]["seats"]}
    assert seats[3]["name"] == "Bia"
    # seat 3 is Bia's now: Caio asking for it gets the table's first free seat instead
    r = server.post(f"/api/tables/{tid}/join", {"name": "Caio", "seat": 3})
    assert r.status_code == 200 and r.json()["seat"] == 1
    # no wish: as before
    r = server.post(f"/api/tables/{tid}/join", {"name": "Duda"})
    assert r.status_code == 200 and r.json()["seat"] == 2
    assert server.post(f"/api/tables/{tid}/join", {"name": "Eva", "seat": 9}).status_code == 422
