"""``POST /api/tables/{id}/rematch`` over real HTTP: once the match is over, a seat names
the new table its player opened; a table that does not exist, is over, or was opened by
another player is refused, the first offer stands, and the summary says it."""

from __future__ import annotations

from .harness import Server


def _finished(server: Server) -> tuple[str, dict, dict]:
    """Ana's 2-seat table for friends with Bia, who resigned."""
    ana = server.create(preset="classic", seats=2, goal=100, pace="live", name="Ana")
    tid = ana["table_id"]
    bia = server.join(tid, "Bia")
    assert server.post(f"/api/tables/{tid}/start", token=ana["token"]).status_code == 200
    assert server.post(f"/api/tables/{tid}/resign", token=bia["token"]).status_code == 200
    return tid, ana, bia


def test_a_rematch_is_the_offering_player_s_own_open_table(server: Server) -> None:
    tid, ana, bia = _finished(server)
    again = {"preset": "classic", "seats": 2, "goal": 100, "pace": "live"}
    hers = server.create(**again, name="Ana", player_token=ana["player_token"])
    stranger = server.create(**again, name="Caio")

    def offer(table: str, token: str) -> int:
        return server.post(f"/api/tables/{tid}/rematch", {"table": table}, token=token).status_code

    assert offer("N" * 22, ana["token"]) == 403  # no such table
    assert offer(stranger["table_id"], ana["token"]) == 403  # somebody else's
    assert offer(hers["table_id"], bia["token"]) == 403  # Ana's, offered by Bia
    assert offer(tid, ana["token"]) == 403  # this very table (over, and not another)
    assert offer(hers["table_id"], "x" * 32) == 401
    assert offer("../x", ana["token"]) == 422  # not a table id at all
    assert offer(hers["table_id"], ana["token"]) == 200
    shown = server.get(f"/api/tables/{tid}").json()["rematch"]
    assert shown == {"table": hers["table_id"], "by": 0}
    # the first stands: Bia's own new table is not offered over it
    bias = server.create(**again, name="Bia", player_token=bia["player_token"])
    assert offer(bias["table_id"], bia["token"]) == 403
    assert server.get(f"/api/tables/{tid}").json()["rematch"] == shown
