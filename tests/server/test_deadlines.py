"""Every turn's deadline reaches the sockets as a ``table`` frame (docs/DESIGN.md §2):
nobody has to poll ``GET /api/tables/{id}`` to keep a turn timer or absence clock right."""

from __future__ import annotations

import datetime as dt

import pytest

from .harness import move_frame, pump, started_with_a_friend


def _at(iso: str) -> float:
    return dt.datetime.fromisoformat(iso).timestamp()


PAUSE = 60.0  # between rounds: long enough that the next round never starts here


@pytest.mark.parametrize(
    ("pace", "extra", "span"),
    [("correspondence", {}, 2 * 86400.0), ("live", {"turn_seconds": 30}, 30.0)],
)
async def test_each_move_sends_the_next_turns_deadline(
    make_server, pace: str, extra: dict, span: float
) -> None:
    server = make_server({"DOMINO_ROUND_PAUSE_SECONDS": str(PAUSE)})
    clients = await started_with_a_friend(
        server, preset="block", seats=2, goal=100, pace=pace, **extra
    )
    for _ in range(4):
        mover = next(cl for cl in clients if cl.my_turn())
        before = {cl.seat: cl.table["deadline"] for cl in clients}
        for cl in clients:
            cl.frames.clear()
        sent_at = dt.datetime.now(dt.UTC).timestamp()
        assert (await mover.command(move_frame(mover.view["legal"][0])))["type"] == "accepted"
        await pump(clients)
        polled = server.get(f"/api/tables/{mover.table_id}").json()["deadline"]
        if mover.view["round_over"]:
            # a block round can close after a few plays (both hands lack both ends: 2.5%
            # of deals within these 4 moves): nobody is on turn, so no turn deadline. At
            # either pace the summary announces the next round's start instead.
            assert polled is not None
            assert abs(_at(polled) - (sent_at + PAUSE)) < 5.0
            for cl in clients:
                kinds = [f["type"] for f in cl.frames]
                assert cl.table["deadline"] == polled
                if polled != before[cl.seat]:
                    assert "table" in kinds and kinds.index("table") > kinds.index("event")
            break
        for cl in clients:
            kinds = [f["type"] for f in cl.frames]
            # the new deadline comes right after the move's event, without any request
            assert "table" in kinds, kinds
            assert kinds.index("table") > kinds.index("event")
            deadline = cl.table["deadline"]
            assert deadline == polled
            assert deadline != before[cl.seat]
            assert abs(_at(deadline) - (sent_at + span)) < 5.0
