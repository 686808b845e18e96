"""What the computer plays for a person away reaches the others at once: each such move's
event says so (``stand_in``), and the ``table`` frame that follows shows the seat's
``away`` count and the round's ``stand_in`` list as they stand (the count used to wait for
some other change of the summary, so a page opened meanwhile read an older one)."""

from __future__ import annotations

from .harness import pump
from .test_presence import _play_while, _table

MOVES = ("play", "draw", "pass")


async def test_the_others_hear_each_move_the_computer_made_for_a_person_away(make_server):
    server = make_server({"DOMINO_GRACE_SECONDS": "0.3"})
    ana, bia = await _table(server, preset="classic", seats=2, goal=100, pace="live")
    b = bia.seat
    await bia.close()
    away = {"type": "seat_bot", "seat": b, "bot": "nino", "reason": "away"}

    def for_bia() -> list[int]:
        """The numbers of the events of Bia's seat's moves since her bot took it."""
        seqs = sorted(ana.events)
        took = [s for s in seqs if ana.events[s] == away]
        if not took:
            return []
        return [s for s in seqs if s > took[-1] and ana.events[s].get("seat") == b
                and ana.events[s]["type"] in MOVES]

    await _play_while(ana, lambda: len(for_bia()) >= 2 and ana.my_turn())
    await pump([ana])  # (Ana's turn: nothing moves until she does)
    moves = for_bia()
    assert all(ana.events[s]["stand_in"] == "away" for s in moves), moves
    assert ana.table is not None and ana.view is not None
    assert ana.table["seats"][b]["away"]["moves"] == len(moves)
    started = max(s for s, e in ana.events.items() if e["type"] == "round_start")
    log = ana.view["log"]
    shown = ana.table["stand_in"]
    assert shown["round"] == ana.view["round"]
    assert [(log[m["entry"]]["type"], log[m["entry"]]["seat"], m["reason"])
            for m in shown["moves"]] == [
        (ana.events[s]["type"], b, "away") for s in moves if s > started
    ]
