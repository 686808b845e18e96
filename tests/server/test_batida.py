"""The batida preset at tables (RULES.md §6b, §9, issue 14 point 5): every knob set on
its own over HTTP, bad ones refused, and a whole batida match over a real socket."""

from __future__ import annotations

from typing import Any

import pytest

from domino_core.record_replay import replay

from .harness import Client, Server, play_out

BATIDA_4 = {"preset": "batida", "seats": 4, "goal": 6, "teams": True, "hand_size": 6,
            "drawing": False, "redeal_doubles": 5, "next_opener": "winner",
            "closed_table": "all_pass", "auto_draw": True, "scoring": "batida",
            "batida_points": [1, 2, 3, 4], "blocked_points": 1}


def rules_of(server: Server, **body: Any) -> dict[str, Any]:
    """The rules a table created with ``body`` got, as its summary shows them."""
    created = server.create(name="Ana", **body)
    r = server.get(f"/api/tables/{created['table_id']}")
    assert r.status_code == 200
    return dict(r.json()["rules"])


def test_batida_tables_take_every_knob_on_its_own(server: Server) -> None:
    assert rules_of(server, preset="batida", seats=4) == BATIDA_4
    assert rules_of(server, preset="batida", seats=2)["hand_size"] == 7
    for knob, value in [
        ("goal", 12), ("teams", False), ("hand_size", 5), ("drawing", True),
        ("redeal_doubles", None), ("redeal_doubles", 4), ("next_opener", "rotate"),
        ("closed_table", "at_once"), ("auto_draw", False), ("batida_points", [1, 2, 3, 6]),
        ("blocked_points", 0), ("blocked_points", 2),
    ]:
        got = rules_of(server, preset="batida", seats=4, **{knob: value})
        assert got == {**BATIDA_4, knob: value}, knob
    # scored by pips, the batida preset counts like block and plays to 100 by default
    pips = rules_of(server, preset="batida", seats=4, scoring="pips")
    assert (pips["scoring"], pips["goal"]) == ("standard", 100)
    # and any other preset may be scored by batida, playing to 6
    classic = rules_of(server, preset="classic", seats=4, scoring="batida")
    assert (classic["scoring"], classic["goal"], classic["hand_size"]) == ("batida", 6, 7)
    # a knob left out keeps the preset's value: redeal_doubles, not sent, stays 4 in classic
    assert rules_of(server, preset="classic", seats=2, goal=50)["redeal_doubles"] == 4


@pytest.mark.parametrize("body", [
    {"goal": 13}, {"goal": 2}, {"goal": 100}, {"batida_points": [1, 2, 3]},
    {"batida_points": [1, 2, 3, 0]}, {"blocked_points": 13}, {"scoring": "fives"},
    {"hand_size": 8}, {"next_opener": "loser"}, {"drawing": "maybe"},
])
def test_bad_batida_settings_are_refused(server: Server, body: dict[str, Any]) -> None:
    r = server.post("/api/tables", {"preset": "batida", "seats": 4, **body})
    assert r.status_code == 422, (body, r.text)
    assert r.json()["detail"]


async def test_batida_match_to_six_over_the_socket(server: Server) -> None:
    created = server.create(preset="batida", seats=4, bots=[None, "rabisco", "nino", "rabisco"],
                            name="Ana")
    tid = created["table_id"]
    ana = Client(server, tid, created["token"])
    await ana.connect()
    assert (await ana.command({"type": "start"}))["type"] == "accepted"
    while ana.view is None:
        await ana.recv()
    assert len(ana.view["hand"]) == 6 and ana.view["sleeping"] == 4
    await play_out([ana])
    view = ana.view
    assert view is not None and view["over"] and max(view["scores"]) >= 6
    ends = [e for e in ana.events.values() if e["type"] == "round_end"]
    kinds = {"simples": 1, "carroca": 2, "la-e-lo": 3, "cruzada": 4}
    for e in ends:
        if e["result"] == "domino":
            assert e["points"] == kinds[e["batida"]]
        else:
            assert "batida" not in e and e["points"] in (0, 1)
    results = [*view["rounds"], view["result"]]
    assert [r.get("batida") for r in results] == [e.get("batida") for e in ends]
    record = server.get(f"/api/tables/{tid}/record").json()
    assert record["rules"]["preset"] == "batida"
    summary = replay(record)
    assert summary["score"] == view["scores"]
    assert [r.get("batida") for r in summary["rounds"]] == [e.get("batida") for e in ends]
