"""Bad input: typed errors, the socket stays usable, nothing stored changes."""

from __future__ import annotations

import asyncio
import json

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .harness import Client, Server, pump, subprotocols

COMMAND_TYPES = [
    "play",
    "draw",
    "pass",
    "next_round",
    "start",
    "resign",
    "propose_annulment",
    "vote_annulment",
    "claim_absence",
    "react",
    "sync",
    "ping",
]


def _is_json(s: str) -> bool:
    try:
        json.loads(s)
    except ValueError:
        return False
    return True


def _is_invalid(d: dict) -> bool:
    from pydantic import ValidationError

    from domino_server.protocol.commands import client_command_adapter

    try:
        client_command_adapter.validate_python(d)
    except ValidationError:
        return True
    return False


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)

# frames that must never change anything: garbage text, JSON that is no command, known
# command types with wrong fields, plays of tiles that do not exist
bad_frames = st.one_of(
    st.text(max_size=60).filter(lambda s: not _is_json(s)),
    json_values.filter(lambda v: not isinstance(v, dict) or "type" not in v).map(json.dumps),
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(["play", "vote_annulment", "sync"]),
            "id": st.text(min_size=1, max_size=10),
        },
        optional={
            "tile": st.text(max_size=5),
            "end": st.sampled_from(["X", 3, None]),
            "agree": st.text(max_size=3),
            "last_seq": st.integers(max_value=-1),
        },
    )
    .filter(_is_invalid)
    .map(json.dumps),
    st.fixed_dictionaries(
        {
            "type": st.text(max_size=12).filter(lambda t: t not in COMMAND_TYPES),
            "id": st.text(min_size=1, max_size=10),
        }
    ).map(json.dumps),
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(COMMAND_TYPES),
            "id": st.one_of(st.just(""), st.text(min_size=65, max_size=70), st.integers()),
        }
    ).map(json.dumps),
)


async def _table(server: Server) -> tuple[Client, Client, str]:
    t = server.create(preset="classic", seats=2, goal=100)
    j = server.join(t["table_id"], "Bia")
    ana, bia = Client(server, t["table_id"], t["token"]), Client(server, t["table_id"], j["token"])
    await ana.connect()
    await bia.connect()
    await ana.command({"type": "start"})
    await pump([ana, bia])
    return ana, bia, t["table_id"]


async def test_fuzzed_frames_get_typed_errors_and_change_nothing(make_server) -> None:
    server = make_server({"DOMINO_RATE_BURST": "100000", "DOMINO_RATE_PER_SECOND": "100000"})
    ana, _bia, _tid = await _table(server)
    seq, view = ana.seq, ana.view
    frames = st.lists(bad_frames, min_size=150, max_size=150)

    @settings(max_examples=1, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(frames)
    def draw(fs: list[str]) -> None:
        batch.extend(fs)

    batch: list[str] = []
    draw()
    for frame in batch:
        await ana.send(frame)
        answer = await ana.until(lambda f: f["type"] in ("error", "rejected", "pong"))
        assert answer["type"] in ("error", "rejected"), (frame, answer)
        assert answer["code"] in ("bad_json", "bad_command"), (frame, answer)
    # still usable, nothing changed
    await ana.send({"type": "ping", "id": "still-here"})
    assert (await ana.until(lambda f: f["type"] == "pong"))["id"] == "still-here"
    fresh = Client(server, ana.table_id, ana.token)
    await fresh.connect()
    assert fresh.seq == seq and fresh.view == view


async def test_wrong_turn_illegal_move_duplicate_and_oversized_frames(make_server) -> None:
    server = make_server({"DOMINO_RATE_BURST": "1000"})
    ana, bia, _tid = await _table(server)
    mover, other = (ana, bia) if ana.my_turn() else (bia, ana)
    seq = ana.seq
    legal = mover.view["legal"][0]
    ans = await other.command({"type": "play", "tile": legal["tile"], "end": legal["end"]})
    assert ans["type"] == "rejected" and ans["code"] == "not_your_turn"
    hand = set(mover.view["hand"])
    foreign = next(t for t in (f"{a}-{b}" for a in range(7) for b in range(a + 1)) if t not in hand)
    ans = await mover.command({"type": "play", "tile": foreign, "end": "L"})
    assert ans["type"] == "rejected" and ans["code"] == "illegal_move"
    ans = await mover.command({"type": "draw"})
    assert ans["type"] == "rejected" and ans["code"] == "illegal_move"
    ans = await mover.command({"type": "start"})
    assert ans["type"] == "rejected" and ans["code"] == "not_allowed"
    await mover.send("x" * 9000)
    err = await mover.until(lambda f: f["type"] == "error")
    assert err["code"] == "frame_too_large"
    await mover.send(b'{"type": "ping"' + b" " * 9000 + b', "id": "b"}')
    err = await mover.until(lambda f: f["type"] == "error")
    assert err["code"] == "frame_too_large"
    assert ana.seq == seq and bia.seq == seq  # nothing happened
    ok = await mover.command(
        {"type": "play", "tile": legal["tile"], "end": legal["end"], "id": "once"}
    )
    assert ok["type"] == "accepted"
    await pump([ana, bia])
    after = ana.seq
    again = await mover.command(
        {"type": "play", "tile": legal["tile"], "end": legal["end"], "id": "once"}
    )
    assert again["type"] == "rejected" and again["code"] == "duplicate_id"
    assert ana.seq == after


async def test_rate_limit_rejects_a_flood_then_recovers(make_server) -> None:
    server = make_server({"DOMINO_RATE_BURST": "5", "DOMINO_RATE_PER_SECOND": "5"})
    t = server.create(preset="classic", seats=2, goal=50)
    ana = Client(server, t["table_id"], t["token"])
    await ana.connect()
    loop = asyncio.get_running_loop()
    flood = 40
    started = loop.time()
    for i in range(flood):
        await ana.send({"type": "ping", "id": f"p{i}"})
    answers = [await ana.until(lambda f: f["type"] in ("pong", "rejected")) for _ in range(flood)]
    took = loop.time() - started
    limited = [a for a in answers if a["type"] == "rejected"]
    assert limited and all(a["code"] == "rate_limited" for a in limited)
    # the burst, plus what the bucket refilled while the flood was on its way (a loaded
    # machine may spread it over more than the usual few milliseconds)
    assert len(answers) - len(limited) <= 5 + 5 * took + 1, (len(limited), took)
    await asyncio.sleep(1.0)
    await ana.send({"type": "ping", "id": "later"})
    assert (await ana.until(lambda f: f["type"] in ("pong", "rejected")))["type"] == "pong"


async def test_bad_tokens_and_tables_are_refused(server: Server) -> None:
    t = server.create(preset="classic", seats=2, goal=50)
    tid = t["table_id"]
    import websockets

    async with websockets.connect(
        server.ws_url(tid), subprotocols=subprotocols("not-a-token")
    ) as ws:
        frame = json.loads(await ws.recv())
        assert frame["type"] == "error" and frame["code"] == "not_allowed"
        await ws.wait_closed()
        assert ws.close_code == 4401
    async with websockets.connect(server.ws_url("nope" * 3)) as ws:
        frame = json.loads(await ws.recv())
        assert frame == {"type": "error", "code": "not_allowed", "detail": "no such table"}
    r = server.post(f"/api/tables/{tid}/start", token="wrong")
    assert r.status_code == 401
    r = server.post(f"/api/tables/{tid}/start")
    assert r.status_code == 401
    r = server.post("/api/tables/unknown/join", {"name": "x"})
    assert r.status_code == 404
    for body in (
        {"seats": 5},
        {"goal": 10},
        {"preset": "poker"},
        {"preset": "classic", "goal": 70},
        {"name": ""},
        {"bots": ["deep-blue"]},
        {"turn_seconds": 1},
        {"extra": 1},
    ):
        r = server.post("/api/tables", body)
        assert r.status_code == 422, (body, r.text)
        assert r.json()["detail"]
    r = httpx.post(
        f"{server.http}/api/tables",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 422
    r = server.post(f"/api/tables/{tid}/join", {"name": "x" * 41})
    assert r.status_code == 422
    # the summary never carries a token or its hash
    text = server.get(f"/api/tables/{tid}").text
    assert t["token"] not in text and "token" not in text
