"""At your own pace a match never stalls between rounds: the next round starts by itself
after the round pause, as at the live pace (before, it waited for a click that no clock,
reminder or absence claim ever asked for, and the match ended as abandoned); a person
alone with bots, there to read the result, still starts it."""

from __future__ import annotations

from domino_server.table import commands as mc
from domino_server.table.deadlines import next_wakeup, public, round_pause

from .machine import TIMING, Table, new_table


def _round_played_out(t: Table) -> None:
    """Every seat on turn plays its first legal move until the round is over (bots by the
    bot pool's answer, people by their own command)."""
    n = 0
    while True:
        m = t.state.match
        assert m is not None
        if m.round_over:
            return
        if t.state.bot_controlled(t.turn()):
            t.bot_moves()
        else:
            n += 1
            t.person_moves(f"m{n}")


def test_two_friends_at_their_own_pace_get_the_next_round_after_the_pause() -> None:
    t = Table(new_table("classic", seats=2, pace="correspondence"))
    t.join("Bia", 1)
    t.start(2)
    _round_played_out(t)
    m = t.state.match
    assert m is not None and m.round_over and not m.over
    ended = t.state.turn_started_at
    assert ended is not None
    pause = round_pause(t.state)
    assert pause == ended + TIMING.round_pause
    assert public(t.state) == pause  # the table says when the next round comes
    assert next_wakeup(t.state) == pause  # and wakes for it, nobody connected
    assert t.types(t.do(mc.Tick(bytes(32)), at=pause - 0.1)) == []
    assert "round_start" in t.types(t.do(mc.Tick(bytes(32)), at=pause))
    m = t.state.match
    assert m is not None and not m.round_over and m.round_no == 2


def test_a_person_alone_with_bots_and_here_starts_the_next_round_themself() -> None:
    t = Table(new_table("classic", seats=2, pace="correspondence", bots=[None, "nino"]))
    t.came(0)
    t.start(2)
    _round_played_out(t)
    assert round_pause(t.state) is None
    t.went(0)  # gone: nobody reads the result, the match goes on by itself
    pause = round_pause(t.state)
    assert pause is not None
    assert "round_start" in t.types(t.do(mc.Tick(bytes(32)), at=pause))
