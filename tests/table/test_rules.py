"""One test per table rule of RULES.md §10, on the pure machine (no server, no clock):
each drives ``decide`` and ``evolve`` as the actor does and checks what a player would
see happen."""

from __future__ import annotations

from domino_server.table import Rejection, Stored, decide
from domino_server.table import commands as mc
from domino_server.table.deadlines import bot_turn, next_wakeup, public
from domino_server.table.state import REACTION_IDS_KEPT
from domino_server.table.summary import summary

from .machine import T0, TIMING, Table, deal, new_table

DAY = 86400.0


def test_joining_fills_empty_seats_in_order_and_refuses_a_full_table() -> None:
    t = Table(new_table(seats=3))
    assert t.join("Bia", 1) == 1 and t.join("Caio", 2) == 2
    assert [s.kind for s in t.state.seats] == ["human"] * 3
    refused = t.try_(mc.Join("Duda", "tok3"))
    assert isinstance(refused, Rejection) and refused.code == "not_allowed"


def test_start_is_the_creators_and_fills_empty_seats_with_their_bots() -> None:
    t = Table(new_table(seats=4, bots=[None, None, "rabisco", "voquelonia"]))
    t.join("Bia", 1)
    refused = t.try_(mc.Start(1, "s", deal(t.state)))
    assert isinstance(refused, Rejection) and refused.code == "not_allowed"
    t.start()
    bots = [(s.kind, s.bot, s.name) for s in t.state.seats]
    assert bots[2] == ("bot", "rabisco", "Rabisco") and bots[3] == (
        "bot",
        "voquelonia",
        "Vó Quelônia",
    )
    assert t.state.status == "playing" and t.state.match is not None
    again = t.try_(mc.Start(0, "s2", deal(t.state)))
    assert isinstance(again, Rejection) and again.code == "not_allowed"


def _late_friend(on_turn: bool) -> Table:
    """Ana alone with two bots; a friend joins while the bot whose seat they get is
    (``on_turn``) or is not on turn."""
    for seed in range(50):
        t = Table(new_table("block", seats=3))
        t.came(0)
        t.start(seed)
        while t.turn() == 0:  # move on until a bot is on turn
            t.person_moves(f"m{t.state.seq}")
        seat = t.state.seats[1]  # the friend's seat (the first bot seat)
        if (t.turn() == seat.seat) == on_turn:
            return t
    raise AssertionError("no such deal")


def test_a_late_friend_takes_a_bot_seat_at_once_when_it_is_not_on_turn() -> None:
    t = _late_friend(on_turn=False)
    events = t.do(mc.Join("Bia", "tok1"))
    assert t.types(events) == ["seat_joined", "seat_human"]
    assert t.state.seats[1].kind == "human" and t.state.seats[1].name == "Bia"


def test_a_late_friend_waits_for_the_bot_on_turn_to_move() -> None:
    t = _late_friend(on_turn=True)
    events = t.do(mc.Join("Bia", "tok1"))
    assert t.types(events) == ["seat_joined"] and events[0].payload["pending"] is True
    assert t.state.bot_controlled(1) and t.state.seat_for_token("tok1") == 1
    after = t.bot_moves()
    assert t.types(after)[-1] == "seat_human" and t.state.seats[1].kind == "human"


def test_live_turn_timer_plays_the_medium_bot_move_once_it_runs_out() -> None:
    t = Table(new_table(seats=2, turn_seconds=20))
    t.join("Bia", 1)
    t.came(0)
    t.came(1)
    t.start()
    seat = t.turn()
    assert bot_turn(t.state, T0 + 19) is None
    early = decide(t.state, mc.BotMoved(seat, t.state.seq, t.first_move(), True), T0 + 19)
    assert isinstance(early, Rejection) and early.code == "stale"
    wanted = bot_turn(t.state, T0 + 20)
    assert wanted is not None and wanted.timeout and wanted.level == "nino"
    t.now = T0 + 20
    events = t.bot_moves(timeout=True)
    assert events[0].seat == seat and not t.state.bot_controlled(seat)  # the seat stays theirs


def test_grace_period_then_bot_and_only_a_connected_player_gets_the_seat_back() -> None:
    """The regression of issue 11: a player who left for good was handed their seat back
    after every bot move, and every turn of theirs waited out the grace period again."""
    t = Table(new_table(seats=2))
    t.join("Bia", 1)
    t.came(0)
    t.came(1)
    t.start()
    t.went(1)
    assert next_wakeup(t.state) == T0 + TIMING.grace
    assert t.types(t.do(mc.Tick(deal(t.state)), T0 + TIMING.grace - 1)) == []
    assert t.types(t.do(mc.Tick(deal(t.state)), T0 + TIMING.grace)) == ["seat_bot"]
    assert t.state.bot_controlled(1)
    for i in range(12):  # Bia never comes back: her bot keeps her seat, move after move
        if t.state.match is None or t.state.match.over or t.state.match.round_over:
            break
        events = t.bot_moves() if t.turn() == 1 else t.person_moves(f"m{i}")
        assert "seat_human" not in t.types(events)
        assert t.state.bot_controlled(1)
    came = t.came(1)  # back: one seat_human, now or right after her bot's move
    handed = t.types(came) + (t.types(t.bot_moves()) if t.state.bot_controlled(1) else [])
    assert handed.count("seat_human") == 1 and not t.state.bot_controlled(1)
    seat_humans = [e for e in t.stored if e.payload["type"] == "seat_human"]
    assert len(seat_humans) == 1


def test_a_player_back_while_their_bot_is_on_turn_who_leaves_again_stays_bot_played() -> None:
    t = Table(new_table(seats=2))
    t.join("Bia", 1)
    t.came(0)
    t.start()
    t.do(mc.Tick(deal(t.state)), T0 + TIMING.grace)
    while t.turn() != 1:
        t.person_moves(f"m{t.state.seq}")
    assert t.types(t.came(1)) == []  # her bot is thinking: the boundary is after its move
    t.went(1)
    assert "seat_human" not in t.types(t.bot_moves())
    assert t.state.bot_controlled(1)


def test_a_live_table_with_no_person_here_stands_still_and_resumes_on_return() -> None:
    t = Table(new_table(seats=2, bots=[None, "nino"]))
    t.came(0)
    t.start()
    while t.turn() == 0:
        t.person_moves(f"m{t.state.seq}")
    assert bot_turn(t.state, T0) is not None
    t.went(0)
    assert bot_turn(t.state, T0) is None and public(t.state) is None
    t.came(0)
    assert bot_turn(t.state, T0) is not None


def test_correspondence_absence_claim_after_more_than_two_days_and_idle_end_after_seven() -> None:
    t = Table(new_table(seats=2, pace="correspondence"))
    t.join("Bia", 1)
    t.start()
    absent = t.turn()
    other = 1 - absent
    early = t.try_(mc.Claim(other, "c1"), T0 + 2 * DAY - 1)
    assert isinstance(early, Rejection) and early.code == "not_allowed"
    # "more than 2 days" (RULES.md §10 Absence): exactly 2 days is not yet
    on_the_dot = t.try_(mc.Claim(other, "c2"), T0 + 2 * DAY)
    assert isinstance(on_the_dot, Rejection) and on_the_dot.code == "not_allowed"
    own = t.try_(mc.Claim(absent, "c3"), T0 + 2 * DAY + 0.001)
    assert isinstance(own, Rejection)
    events = t.do(mc.Claim(other, "c4"))  # 2 days and a moment
    assert events[0].payload == {"type": "resign", "seat": absent, "reason": "absence", "by": other}
    m = t.state.match
    assert m is not None and m.over and m.winner == m.rules.side_of(other)

    idle = Table(new_table(seats=2, pace="correspondence"))
    idle.join("Bia", 1)
    idle.start()
    assert idle.types(idle.do(mc.Tick(deal(idle.state)), T0 + 7 * DAY - 1)) == []
    ended = idle.types(idle.do(mc.Tick(deal(idle.state)), T0 + 7 * DAY))
    assert ended[:1] == ["annulled"] and "match_end" in ended
    assert idle.state.status == "finished" and idle.state.match is not None
    assert idle.state.match.winner is None and idle.state.match.end_reason == "abandoned"


def test_resign_loses_and_at_three_seats_the_leader_of_the_rest_wins() -> None:
    t = Table(new_table("block", seats=3))
    t.join("Bia", 1)
    t.join("Caio", 2)
    t.start()
    t.do(mc.Resign(1, "r"))
    m = t.state.match
    assert m is not None and m.over and m.winner in (0, 2) and t.state.status == "finished"
    after = t.try_(mc.Resign(0, "r2"))
    assert isinstance(after, Rejection) and after.code == "match_over"


def test_annulment_needs_every_person_and_a_refusal_closes_it() -> None:
    t = Table(new_table(seats=4, bots=[None, None, None, "nino"]))
    t.join("Bia", 1)
    t.join("Caio", 2)
    t.start()
    t.do(mc.Propose(0, "p"))
    t.do(mc.Vote(1, "v", False))
    assert t.state.annulment is None
    t.do(mc.Propose(1, "p2"))
    t.do(mc.Vote(0, "v2", True))
    bot_vote = t.try_(mc.Vote(3, "v3", True))
    assert isinstance(bot_vote, Rejection) and bot_vote.code == "not_allowed"
    ended = t.types(t.do(mc.Vote(2, "v4", True)))
    assert "annulled" in ended and t.state.match is not None and t.state.match.winner is None

    alone = Table(new_table(seats=2, bots=[None, "nino"]))
    alone.start()
    assert "annulled" in alone.types(alone.do(mc.Propose(0, "p")))


def test_ranking_points_for_two_people_and_none_for_a_shared_or_unknown_address() -> None:
    t = Table(new_table(seats=2))
    t.join("Bia", 1)
    t.start()
    events = t.do(mc.Resign(1, "r"))
    ranking = next(e for e in events if isinstance(e, Stored) and e.payload["type"] == "ranking")
    assert ranking.payload == {"type": "ranking", "points": [20, 5], "reason": None}
    assert ranking.secret is not None and {a["key_hash"] for a in ranking.secret["awards"]} == {
        "k0",
        "k1",
    }
    shared = Table(new_table(seats=2))
    shared.do(mc.Join("Bia", "tok1", "k1", "a0"))  # Ana's address
    shared.start()
    events = shared.do(mc.Resign(1, "r"))
    assert events[-1].payload["reason"] == "shared_address"  # type: ignore[union-attr]
    unknown = Table(new_table(seats=2))
    unknown.do(mc.Join("Bia", "tok1", "k1", None))  # an address the server could not read
    unknown.start()
    events = unknown.do(mc.Resign(1, "r"))
    assert events[-1].payload == {  # type: ignore[union-attr]
        "type": "ranking", "points": [None, None], "reason": "unknown_address"
    }


def test_a_command_id_is_applied_once_and_spectators_cannot_act() -> None:
    t = Table(new_table(seats=2))
    t.join("Bia", 1)
    t.start()
    t.do(mc.Propose(0, "same"))
    again = t.try_(mc.Vote(0, "same", True))
    assert isinstance(again, Rejection) and again.code == "duplicate_id"
    spectator = t.try_(mc.Resign(None, "x"))
    assert isinstance(spectator, Rejection) and spectator.code == "not_allowed"


def test_a_reaction_sent_again_is_refused_as_a_reaction_and_old_ids_are_let_go() -> None:
    """A reaction's id sent again (a reconnect resends it) is refused without naming an
    event (a reaction is none); a table keeps only the latest reactions' ids, so a table
    that stays open for hours does not pile them up."""
    t = Table(new_table(seats=2))
    t.join("Bia", 1)
    t.do(mc.React(0, "hi", "nice"))
    t.start()  # event numbers move on
    again = t.try_(mc.React(0, "hi", "nice"), at=t.now + 10)
    assert isinstance(again, Rejection) and again.code == "duplicate_id"
    assert "event" not in again.reason and "reaction" in again.reason
    for i in range(REACTION_IDS_KEPT + 10):
        t.do(mc.React(i % 2, f"r{i}", "nice"), at=t.now + 2)
    assert len(t.state.reaction_ids) == REACTION_IDS_KEPT
    assert isinstance(t.try_(mc.React(1, f"r{REACTION_IDS_KEPT + 9}", "nice"), at=t.now + 2),
                      Rejection)  # the latest are still known


def test_summary_shows_who_plays_each_seat_and_never_a_token() -> None:
    t = Table(new_table(seats=2, bots=[None, "voquelonia"]))
    t.came(0)
    t.start()
    s = summary(t.state)
    assert [(x["kind"], x["bot"], x["connected"]) for x in s["seats"]] == [
        ("human", None, True),
        ("bot", "voquelonia", False),
    ]
    assert "tok0" not in repr(s) and "k0" not in repr(s)


def test_the_turn_timer_runs_again_from_the_return_to_a_table_that_stood_still() -> None:
    t = Table(new_table(seats=2, bots=[None, "nino"], turn_seconds=20))
    t.came(0)
    t.start()
    while t.turn() != 0:
        t.bot_moves()
    started = t.state.turn_started_at
    assert started is not None and public(t.state) == started + 20
    t.went(0)  # nobody here: the table stands still, its timer too
    assert public(t.state) is None and bot_turn(t.state, started + 60) is None
    t.now = started + 25  # back within the grace period, after the timer would have run out
    t.came(0)
    assert bot_turn(t.state, started + 25) is None  # no move played for her at once
    wanted = bot_turn(t.state, started + 45)
    assert wanted is not None and wanted.timeout and wanted.seat == 0
