"""Replay steps (``domino_server.replay``): every conformance record stepped through, the
table after each move agreeing with ``domino replay``; bad records refused; and the two
HTTP routes (a record file posted, a finished table's replay) on the real server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domino_core.record import RecordError
from domino_core.record_replay import replay
from domino_core.verify import verify_record
from domino_server.replay import replay_steps

from .harness import Server
from .ws_client import started_with_a_friend

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
NAMES = sorted(p.stem for p in RECORDS.glob("*.json") if not p.stem.endswith(".expected"))


def _key(tile: str) -> tuple[int, ...]:
    return tuple(sorted(int(n) for n in tile.split("-")))


@pytest.mark.parametrize("name", NAMES)
def test_every_move_is_a_step_and_the_last_gives_the_record_s_score(name: str) -> None:
    record = json.loads((RECORDS / f"{name}.json").read_text())
    out = replay_steps(record)
    steps = out["steps"]
    expected = replay(record)
    assert steps[-1]["scores"] == expected["score"]
    assert steps[-1]["over"] == expected["over"]
    assert steps[-1]["winner"] == expected["winner"]
    for r, rnd in enumerate(record["rounds"], start=1):
        mine = [s for s in steps if s["round"] == r]
        deal = mine[0]
        assert deal["move"] == 0 and deal["events"] == []
        assert [sorted(h) for h in deal["hands"]] == [sorted(h) for h in rnd["hands"]]
        assert [s["move"] for s in mine] == list(range(len(mine)))
        # every written play is a step of its own, with the forced draws and passes between
        played = [_key(e["tile"]) for s in mine for e in s["events"] if e["type"] == "play"]
        assert played == [_key(p.split()[0]) for p in rnd["plays"]]
        for s in mine:  # no tile lost or made: hands + board + boneyard hold 28
            on_board = (1 if s["board"]["center"] else 0) + sum(
                len(a) for a in s["board"]["arms"].values()
            )
            held = sum(len(h) for h in s["hands"])
            assert held + on_board + s["boneyard"] + s["sleeping"] == 28, (name, r, s["move"])
        result = expected["rounds"][r - 1]
        if result["result"] != "unfinished":
            assert mine[-1]["round_over"] and mine[-1]["result"]["points"] == result["points"]


def test_a_bad_record_is_refused_with_the_round_and_play() -> None:
    record = json.loads((RECORDS / f"{NAMES[0]}.json").read_text())
    record["rounds"][0]["plays"][1] = record["rounds"][0]["plays"][0]  # a tile twice
    with pytest.raises(RecordError, match="round 1"):
        replay_steps(record)
    with pytest.raises(RecordError):
        replay_steps({"format": "nope"})


def test_the_routes_replay_a_posted_record_and_refuse_a_bad_one(server: Server) -> None:
    record = json.loads((RECORDS / f"{NAMES[0]}.json").read_text())
    res = server.post("/api/replay", record)
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["names"] is None and body["seats"] is None
    assert body["steps"][-1]["scores"] == replay(record)["score"]
    bad = server.post("/api/replay", {"format": "domino-record/1", "rules": {}, "rounds": []})
    assert bad.status_code == 422 and "preset" in bad.json()["detail"]
    assert (bad.json()["round"], bad.json()["play"]) == (0, 0)  # where: the header
    twice = json.loads(json.dumps(record))
    twice["rounds"] = [twice["rounds"][0]]
    twice["rounds"][0]["plays"] = twice["rounds"][0]["plays"][:1] * 2
    refused = server.post("/api/replay", twice).json()
    assert (refused["round"], refused["play"]) == (1, 2), refused
    huge = {**record, "rounds": record["rounds"] * 30}  # more rounds than any match holds
    too_many = server.post("/api/replay", huge)
    assert too_many.status_code == 422 and "too many rounds" in too_many.text
    t = server.create(preset="classic", seats=2, goal=100, pace="live")
    early = server.get(f"/api/tables/{t['table_id']}/replay")
    assert early.status_code == 409
    assert server.get("/api/tables/nosuchtable/replay").status_code == 404


async def test_a_resigned_table_s_replay_says_how_the_match_ended(server: Server) -> None:
    """A record's moves do not say that somebody resigned: a table's replay does."""
    ana, bia = await started_with_a_friend(server, preset="classic", seats=2, goal=100)
    assert (await bia.command({"type": "resign"}))["type"] == "accepted"
    body = server.get(f"/api/tables/{ana.table_id}/replay").json()
    assert body["outcome"] == {"winner": 0, "end_reason": "resign", "scores": [0, 0], "seat": 1}
    assert body["steps"][-1]["over"] is False  # (the moves alone: a round unfinished)
    # the downloaded file says it too, so the replay of the file alone and `domino verify`
    # agree with the table: over, Ana's side won, Bia resigned
    record = server.get(f"/api/tables/{ana.table_id}/record").json()
    assert record["end"] == {"reason": "resign", "seat": 1}
    assert verify_record(record) == 1
    assert (replay(record)["over"], replay(record)["winner"]) == (True, 0)
    posted = server.post("/api/replay", record).json()
    assert posted["outcome"] == body["outcome"]
    for cl in (ana, bia):
        await cl.close()
