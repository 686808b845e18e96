"""Quick reactions (``react``): a fixed set, shown on every socket of the table as a
``reaction`` frame, before, during and after the match; not table events (not numbered,
not stored, not resent), one per seat every REACTION_GAP seconds, never from spectators."""

from __future__ import annotations

import asyncio

from domino_server.table import REACTION_GAP

from .harness import Client, Server, pump, started_with_a_friend


async def test_a_reaction_reaches_everyone_at_the_table_and_changes_no_event(
    server: Server,
) -> None:
    ana, bia = await started_with_a_friend(server, preset="block", seats=2, goal=50)
    watcher = Client(server, ana.table_id, None)  # a spectator sees it too
    await watcher.connect()
    seq = ana.seq
    cid = ana.next_id()
    await ana.send({"type": "react", "id": cid, "reaction": "good_game"})
    for cl in (ana, bia, watcher):
        shown = await cl.until(lambda f: f["type"] == "reaction")
        assert shown == {"type": "reaction", "seat": 0, "reaction": "good_game"}
    answer = await ana.until(lambda f: f.get("id") == cid)
    assert answer["type"] == "accepted" and answer["seq"] == seq  # no new table event
    # the same command id again is not shown twice
    again = await ana.command({"type": "react", "id": cid, "reaction": "good_game"})
    assert again["type"] == "rejected" and again["code"] == "duplicate_id"
    # not resent to a socket resuming from before it: it was never a numbered event
    await bia.close()
    n = len(bia.frames)
    bia.seq = seq - 1
    await bia.connect(last_seq=seq - 1)
    await pump([bia])
    resent = bia.frames[n:]
    assert [f["seq"] for f in resent if f["type"] == "event"] == [seq]
    assert all(f["type"] != "reaction" for f in resent)
    for cl in (ana, bia, watcher):
        await cl.close()


async def test_reactions_are_spaced_and_only_from_a_seat(server: Server) -> None:
    t = server.create(preset="block", seats=2, goal=50)  # waiting: reactions work already
    ana = Client(server, t["table_id"], t["token"])
    await ana.connect()
    first = await ana.command({"type": "react", "reaction": "wow"})
    assert first["type"] == "accepted"
    too_soon = await ana.command({"type": "react", "reaction": "wow"})
    assert too_soon["type"] == "rejected" and too_soon["code"] == "rate_limited"
    await asyncio.sleep(REACTION_GAP + 0.1)
    assert (await ana.command({"type": "react", "reaction": "thanks"}))["type"] == "accepted"
    # only the fixed set: anything else is a bad command, and nothing is shown
    bad = await ana.command({"type": "react", "reaction": "<b>hi</b>"})
    assert bad["type"] == "rejected" and bad["code"] == "bad_command"
    watcher = Client(server, t["table_id"], None)
    await watcher.connect()
    refused = await watcher.command({"type": "react", "reaction": "nice"})
    assert refused["type"] == "rejected" and refused["code"] == "not_allowed"
    await pump([ana])
    shown = [f["reaction"] for f in ana.frames if f["type"] == "reaction"]
    assert shown == ["wow", "thanks"]
    await ana.close()
    await watcher.close()


async def test_good_game_after_the_end(server: Server) -> None:
    ana, bia = await started_with_a_friend(server, preset="draw", seats=2, goal=50)
    assert (await bia.command({"type": "resign"}))["type"] == "accepted"
    await pump([ana, bia])
    assert ana.view is not None and ana.view["over"]
    assert (await bia.command({"type": "react", "reaction": "good_game"}))["type"] == "accepted"
    shown = await ana.until(lambda f: f["type"] == "reaction")
    assert shown["seat"] == 1 and shown["reaction"] == "good_game"
    for cl in (ana, bia):
        await cl.close()
