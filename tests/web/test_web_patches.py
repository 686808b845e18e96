"""The page reads its views as patches (``view=patch``) and the view it folds from them is
the one the server would send whole: checked against a whole-view socket after a round's
worth of real moves against the bots and the start of the next round (whose patch adds
the round just played to ``rounds``)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import Page
from websockets.sync.client import connect

from .driver import caught_up, create_vs_computer, play_round, state, step_until

pytestmark = pytest.mark.browser

SEAT_KEYS = ("seat", "hand", "legal")


def whole_view(server: str, table_id: str) -> tuple[int, dict[str, Any]]:
    """The table's last event number and its view, from a spectator socket's snapshot."""
    url = server.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    with connect(url, max_size=2**22) as ws:
        frames: list[dict[str, Any]] = []
        while not any(f["type"] == "snapshot" for f in frames):
            msg = json.loads(ws.recv(timeout=10))
            frames += msg if isinstance(msg, list) else [msg]
    snap = next(f for f in frames if f["type"] == "snapshot")
    return snap["seq"], snap["view"]


def test_the_page_folds_patches_into_the_servers_view(page: Page, server: str) -> None:
    received: list[str] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda data: received.append(str(data))),
    )
    page.set_viewport_size({"width": 1280, "height": 900})
    create_vs_computer(page, server, preset="fives", seats=2, goal=100)
    play_round(page)
    assert any('"patch":' in text for text in received), "no patch reached the page"
    step_until(
        page,
        lambda: state(page)["view"]["round"] >= 2 or state(page)["view"]["over"],
        what="the second round",
    )
    if not state(page)["view"]["over"]:
        assert any('"rounds_append":' in text for text in received)
    deadline = time.monotonic() + 20
    while True:  # a bot may move between the two reads: compare at the same event
        s = caught_up(page)[0]
        seq, spectator = whole_view(server, s["table"]["id"])
        if seq == s["seq"] or time.monotonic() > deadline:
            break
    assert seq == s["seq"]
    mine = s["view"]
    assert {k: v for k, v in mine.items() if k not in SEAT_KEYS} == {
        k: v for k, v in spectator.items() if k not in SEAT_KEYS
    }
    assert mine["seat"] == 0
    if not mine["round_over"]:
        assert len(mine["hand"]) == mine["hand_counts"][0]
