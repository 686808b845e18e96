"""A move says the last event its page had seen (``at``): over a real socket, one chosen
before the match moved on is refused ``stale`` and changes nothing, for the sender or the
others; chosen on the board as it is, the same move is accepted."""

from __future__ import annotations

from .harness import Server
from .ws_client import move_frame, pump, started_with_a_friend


async def test_a_move_chosen_on_an_older_board_is_refused_stale_and_changes_nothing(
    server: Server,
) -> None:
    clients = await started_with_a_friend(server, preset="block", seats=2, name="Ana")
    for _ in range(3):  # three turns: the seat on turn plays, the other answers
        mover = next(cl for cl in clients if cl.my_turn())
        other = next(cl for cl in clients if cl is not mover)
        assert mover.view is not None
        seen = mover.seq
        ans = await mover.command({**move_frame(mover.view["legal"][0]), "at": seen})
        assert ans["type"] == "accepted", ans
        await pump(clients)
        if not other.my_turn():
            continue  # (the round ended, or the other seat passed)
        assert other.view is not None
        await other.command({**move_frame(other.view["legal"][0])})
        await pump(clients)
        if not mover.my_turn():
            continue
        # the mover's turn again: a move chosen back at `seen` is out of date
        assert mover.view is not None
        view_before, seq_before = mover.view, mover.seq
        late = await mover.command({**move_frame(mover.view["legal"][0]), "at": seen})
        assert late["type"] == "rejected" and late["code"] == "stale", late
        assert f"event {seen}" in late["reason"]
        await pump(clients)
        assert mover.seq == seq_before == other.seq and mover.view == view_before
        fresh = await mover.command({**move_frame(mover.view["legal"][0]), "at": mover.seq})
        assert fresh["type"] == "accepted", fresh
        return
    raise AssertionError("no deal gave the same seat two turns in three moves")
