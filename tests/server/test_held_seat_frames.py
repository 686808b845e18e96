"""A friend who takes, mid-round, the seat a bot kept for them (RULES.md §10 Seats and
bots): the ``table`` frame that follows marks the moves the bot made there in the round as
the computer's (``stand_in`` ``"held"``), for everyone at the table and for the friend's
own page, opened after them; the friend's own moves are theirs. While the bot holds the
seat its moves are its own (no mark)."""

from __future__ import annotations

from typing import Any

from .harness import Client, pump
from .test_presence import _play_while

MOVES = ("play", "draw", "pass")


def _of_seat(view: dict[str, Any], seat: int) -> list[int]:
    """The entries of ``seat``'s moves in the view's log."""
    return [i for i, e in enumerate(view["log"]) if e.get("seat") == seat and e["type"] in MOVES]


def _marked(cl: Client) -> list[tuple[int, str]]:
    """The round's marks in ``cl``'s summary, checked to be about its view's round."""
    assert cl.table is not None and cl.view is not None
    shown = cl.table["stand_in"]
    assert shown["round"] == cl.view["round"]
    return [(m["entry"], m["reason"]) for m in shown["moves"]]


async def test_the_moves_the_bot_made_before_a_friend_took_its_seat_are_the_computers(
    make_server,
):
    server = make_server()
    t = server.create(preset="classic", seats=2, goal=100, pace="live", bots=[None, "nino"])
    ana = Client(server, t["table_id"], t["token"])
    await ana.connect()
    assert (await ana.command({"type": "start"}))["type"] == "accepted"
    await pump([ana])

    def nino_moved_twice() -> bool:
        v = ana.view
        return bool(v and not v["round_over"] and len(_of_seat(v, 1)) >= 2 and ana.my_turn())

    await _play_while(ana, nino_moved_twice)
    await pump([ana])  # (Ana's turn: nothing moves until she does)
    assert ana.view is not None
    ninos = _of_seat(ana.view, 1)
    assert _marked(ana) == []  # Nino's seat, Nino's moves
    assert not any(ana.events[s].get("stand_in") for s in ana.events)

    j = server.join(t["table_id"], "Bia")  # not Nino's turn: she takes the seat at once
    assert j["seat"] == 1
    bia = Client(server, t["table_id"], j["token"])
    await bia.connect()
    await pump([ana, bia])
    assert ana.table is not None and ana.table["seats"][1]["kind"] == "human"
    held = [(i, "held") for i in ninos]
    assert _marked(ana) == held
    assert _marked(bia) == held  # her page, opened after: from the summary it was sent

    # her own move is hers, and the marks stay for the round
    assert ana.my_turn()
    await _play_while(ana, lambda: not ana.my_turn())
    await _play_while(bia, lambda: bia.view is not None and len(_of_seat(bia.view, 1)) > len(ninos))
    await pump([ana, bia])
    assert ana.view is not None and ana.view["round"] == 1
    own = _of_seat(ana.view, 1)[len(ninos)]
    assert own not in dict(_marked(ana))
    assert _marked(ana) == held and _marked(bia) == held
