"""Leak test: across many random matches, no seat (nor a spectator) ever receives a
tile it must not see: another hand, the boneyard or the sleeping tiles, before the
round is over, nor a round's server seed (which fixes its deal) before its reveal. Half
the seats (and one spectator in three) read their views as patches
(``view=patch``): what those frames carry is checked, and so is the view they rebuild."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from domino_core.verify import verify_record
from domino_server.tables.patches import apply_patch

from .harness import Client, Server, play_out, pump

TILE = re.compile(r"^[0-6]-[0-6]$")

MATCHES = [
    ("classic", 4, [None, None, "rabisco", None]),
    ("classic", 3, [None, None, None]),
    ("classic", 2, [None, None]),
    ("draw", 4, [None, "rabisco", None, None]),
    ("draw", 2, [None, None]),
    ("block", 3, [None, None, "nino"]),
    ("block", 4, [None, None, None, None]),
    ("fives", 4, [None, None, None, "rabisco"]),
    ("fives", 3, [None, None, None]),
    ("caribbean", 4, [None, None, None, None]),
    ("caribbean", 2, [None, None]),
    ("caribbean", 3, [None, "rabisco", None]),
]


def norm(t: str) -> str:
    a, b = (int(x) for x in t.split("-"))
    return f"{max(a, b)}-{min(a, b)}"


def tiles_in(value: Any, skip: frozenset[str] = frozenset()) -> set[str]:
    """Every tile text anywhere inside ``value`` (dict keys in ``skip`` left out)."""
    out: set[str] = set()
    if isinstance(value, str):
        if TILE.match(value):
            out.add(norm(value))
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                out |= tiles_in(v, skip)
    elif isinstance(value, list):
        for v in value:
            out |= tiles_in(v, skip)
    return out


def check_seeds(cl: Client, record: dict[str, Any]) -> None:
    """No frame ``cl`` received holds a round's server seed before that round's
    ``fair_reveal`` event (the record, downloaded at the end, holds every seed)."""
    seeds = [r["fair"]["server_seed"] for r in record["rounds"]]
    assert all(seeds), "every round of a finished match is revealed"
    revealed = 0
    for f in cl.frames:
        if f["type"] == "event" and f["event"]["type"] == "fair_reveal":
            assert f["event"]["round"] == revealed + 1
            revealed = f["event"]["round"]
        text = json.dumps(f)
        for n, seed in enumerate(seeds[revealed:], start=revealed + 1):
            assert seed not in text, f"round {n}'s server seed reached seat {cl.seat} early"
    assert revealed == len(seeds)


def check_frames(cl: Client, record: dict[str, Any]) -> int:
    """Check every frame ``cl`` received; returns how many were checked mid-round."""
    check_seeds(cl, record)
    rounds = record["rounds"]
    seat = cl.seat
    rnd = 0
    revealed = True  # before the start nothing is dealt
    played: set[str] = set()
    drawn_by_me = 0
    checked = 0
    held: dict[str, Any] | None = None  # the view as the frames so far give it
    for f in cl.frames:
        if f["type"] == "event":
            e = f["event"]
            if e["type"] == "round_start":
                rnd, revealed, played, drawn_by_me = e["round"], False, set(), 0
            elif e["type"] in ("round_end", "match_end"):
                revealed = True
            elif e["type"] == "play":
                played.add(norm(e["tile"]))
            elif e["type"] == "draw" and e["seat"] == seat:
                drawn_by_me += e["count"]
        view = f.get("view")
        if f.get("patch") is not None:
            assert held is not None
            view = held = apply_patch(held, f["patch"])
        elif view is not None:
            held = view
        if f["type"] == "snapshot" and view is not None:
            rnd, revealed = view["round"], view["round_over"] or view["over"]
            played = {norm(e["tile"]) for e in view["log"] if e["type"] == "play"}
            drawn_by_me = sum(
                e["count"] for e in view["log"] if e["type"] == "draw" and e["seat"] == seat
            )
        if view is not None and (view["round_over"] or view["over"]):
            revealed = True
        if revealed or rnd == 0:
            continue
        checked += 1
        deal = rounds[rnd - 1]
        hands = [{norm(t) for t in h} for h in deal["hands"]]
        boneyard = {norm(t) for t in deal["boneyard"]}
        mine: set[str] = set()
        if view is not None:
            assert view["seat"] == seat
            if seat is None:
                assert view["hand"] is None
            else:
                mine = {norm(t) for t in view["hand"]}
                others = set().union(*(h for i, h in enumerate(hands) if i != seat))
                assert not mine & others, f"seat {seat} holds another seat's tile"
                assert len(mine & boneyard) <= drawn_by_me, "boneyard tile not drawn"
                assert mine <= hands[seat] | boneyard
                assert tiles_in(view["legal"]) <= mine
            assert isinstance(view["boneyard"], int) and isinstance(view["sleeping"], int)
            assert view["result"] is None
        # past rounds' results are public (whole, or appended to in a patch)
        public = tiles_in(f, skip=frozenset({"hand", "legal", "rounds", "rounds_append"}))
        leaked = public - played
        assert not leaked, f"seat {seat} saw unplayed tiles {leaked} in {f['type']}"
    return checked


@pytest.mark.parametrize("chunk", [0, 1, 2])
async def test_no_seat_ever_sees_a_hidden_tile(make_server, chunk: int) -> None:
    server: Server = make_server()
    rng = random.Random(1000 + chunk)
    total = 0
    for preset, seats, bots in MATCHES[chunk::3]:
        goal = 50
        t = server.create(preset=preset, seats=seats, goal=goal, bots=bots, name="P0")
        tid = t["table_id"]
        tokens = [t["token"]]
        humans = 1 + sum(1 for b in bots[1:] if b is None)
        tokens += [server.join(tid, f"P{i}")["token"] for i in range(1, humans)]
        clients = [Client(server, tid, tok, patch=i % 2 == 1) for i, tok in enumerate(tokens)]
        spectator = Client(server, tid, None, patch=chunk == 1)
        for cl in clients:
            await cl.connect()
        await spectator.connect()
        await clients[0].command({"type": "start"})
        answer = server.get(f"/api/tables/{tid}").text  # mid-match: no seed in HTTP either
        await play_out(clients, pick=lambda legal: rng.choice(legal))
        await pump([spectator])
        record = server.get(f"/api/tables/{tid}/record").json()
        assert record["format"] == "domino-record/2"
        assert record["rounds"][0]["fair"]["server_seed"] not in answer
        assert verify_record(record) == len(record["rounds"])  # every deal is provably fair
        streams = [cl.events for cl in clients]
        for cl in [*clients, spectator]:
            total += check_frames(cl, record)
        # the public event stream is one and the same for everybody
        last = min(max(s) for s in streams)
        for s in streams[1:]:
            assert {k: v for k, v in s.items() if k <= last} == {
                k: v for k, v in streams[0].items() if k <= last
            }
        for cl in [*clients, spectator]:
            await cl.close()
    assert total > 200
