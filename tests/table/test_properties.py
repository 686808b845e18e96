"""Property tests of the table machine over random command sequences (people, bots,
joins, sockets coming and going, timers, resigns, votes, claims, reactions, stale and
repeated commands) in every preset and seat count:

- folding the stored events (as the store keeps them) rebuilds the live state exactly;
- a rejected command changes nothing;
- nothing changes a finished match (a new table to go on at may be offered);
- who holds each seat follows the seat-holder rule (:mod:`domino_server.table.seating`);
- no event's public text holds a tile that is still hidden;
- a seat its bot plays while its person is away counts the bot's moves since then;
- the moves the computer made for a person say so, in their events and, by their entry
  in the round's log, in the summary (the fold rebuilds those too), and so, once a friend
  took a bot's seat, do the moves its bot made there earlier in the round;
- the table summary changes only with its key (``summary_key``), apart from its deadline:
  the server keeps the summary's text while the key stays.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino_core import PRESETS, view_for
from domino_server.table import Rejection, Stored, TableState, decide, evolve, restore
from domino_server.table import commands as mc
from domino_server.table.deadlines import bot_turn
from domino_server.table.standin import MOVES
from domino_server.table.summary import summary, summary_key
from domino_server.tables.storing import write_for

from .machine import T0, TIMING, deal, new_table

TILE = re.compile(r"\b([0-6])-([0-6])\b")
STEPS = [0.0, 0.5, 5.0, 31.0, 3600.0, 2 * 86400.0 + 1, 7 * 86400.0 + 1]
ACTIONS = [
    "join", "came", "went", "start", "person", "person", "person", "bot", "bot", "bot",
    "timeout", "wrong", "next_round", "resign", "propose", "vote", "claim", "tick", "react",
    "again", "spectator", "stale", "rematch",
]  # fmt: skip


def snapshot(state: TableState) -> Any:
    """Everything in a state, comparable (the match by its record and position)."""
    return (state.durable(), state.presence, state.reacted_at, set(state.reaction_ids))


def board_tiles(state: TableState) -> set[tuple[int, int]]:
    """The tiles on the table now (public)."""
    if state.match is None:
        return set()
    board = view_for(state.match, None).to_dict()["board"]
    out = set()
    if board["center"] is not None:
        out.add(tuple(sorted(board["center"])))
    for arm in board["arms"].values():
        out.update(tuple(sorted(t)) for t in arm)
    return out  # type: ignore[return-value]


class Store:
    """What the database would hold: the table's rows as created, then each write."""

    def __init__(self, state: TableState) -> None:
        spec = state.spec
        self.row = {
            "id": spec.table_id,
            "rules": spec.rules,
            "pace": spec.pace,
            "turn_seconds": spec.turn_seconds,
            "partner": spec.partner,
        }
        self.seats = [
            {
                "seat": s.seat,
                "creator": s.creator,
                "name": s.name,
                "bot": s.bot,
                "token_hash": s.token_hash,
                "player_hash": s.player_hash,
                "ip_hash": s.ip_hash,
            }
            for s in state.seats
        ]
        self.deals: dict[int, tuple[list[list[str]], list[str]]] = {}
        self.fair_seeds: dict[int, str] = {}
        self.events: list[Any] = []

    def write(self, events: list[Stored]) -> None:
        w = copy.deepcopy(write_for(self.row["id"], events))
        for seat, cols in w.seats.items():
            self.seats[seat].update(cols)
        if w.deal is not None:
            self.deals[w.deal[0]] = (w.deal[1], w.deal[2])
        if w.fair_seed is not None:
            self.fair_seeds[w.fair_seed[0]] = w.fair_seed[1]
        for e in w.events:
            json.dumps(e.payload)  # what is stored is JSON
            self.events.append(e)

    def restore(self) -> TableState:
        return restore(self.row, self.seats, self.deals, self.events, TIMING, T0,
                       self.fair_seeds)


def command(data: st.DataObject, state: TableState, now: float, n: int) -> mc.Command:
    """One command, drawn to hit the rules often (and miss them sometimes)."""
    seats = len(state.seats)
    seat = data.draw(st.integers(0, seats - 1))
    kind = data.draw(st.sampled_from(ACTIONS))
    m = state.match
    turn = m.turn if m is not None else None
    cid = f"c{n}"
    if kind == "join":
        return mc.Join(f"P{n}", f"tok{n}", f"k{n}", data.draw(st.sampled_from(["a0", f"a{n}"])))
    if kind == "came":
        return mc.SocketCame(seat)
    if kind == "went":
        return mc.SocketWent(seat)
    if kind == "start":
        return mc.Start(data.draw(st.sampled_from([0, seat])), cid, deal(state, n))
    if kind == "next_round":
        return mc.NextRound(seat, cid, deal(state, n))
    if kind in ("person", "wrong") and m is not None and turn is not None:
        legal = [str(x) for x in m.legal_moves()] or ["draw"]
        text = data.draw(st.sampled_from(legal)) if kind == "person" else "6-6 U"
        if text in ("draw", "pass"):
            return mc.Play(turn, cid, text)
        tile, _, end = text.partition(" ")
        return mc.Play(turn, cid, "play", tile, end or None)
    if kind in ("bot", "timeout", "stale") and m is not None and turn is not None:
        legal = [str(x) for x in m.legal_moves()] or ["draw"]
        want = bot_turn(state, now)
        seq = state.seq - (1 if kind == "stale" else 0)
        timeout = want.timeout if want is not None and kind == "bot" else kind == "timeout"
        return mc.BotMoved(turn, seq, data.draw(st.sampled_from(legal)), timeout)
    if kind == "resign":
        return mc.Resign(seat, cid)
    if kind == "rematch":
        return mc.Rematch(seat, cid, data.draw(st.sampled_from(["N" * 22, state.spec.table_id])))
    if kind == "propose":
        return mc.Propose(seat, cid)
    if kind == "vote":
        return mc.Vote(seat, cid, data.draw(st.booleans()))
    if kind == "claim":
        return mc.Claim(seat, cid)
    if kind == "react":
        return mc.React(seat, cid, "nice")
    if kind == "again" and state.cmd_ids:
        (s, old) = next(iter(state.cmd_ids))
        return mc.Resign(s, old)
    if kind == "spectator":
        return mc.Propose(None, cid)
    return mc.Tick(deal(state, n))


def check_seat_rule(before: TableState, after: TableState, events: list[Any]) -> None:
    """Seats change hands only by their events, and only by the stated rule."""
    named = {
        e.payload["seat"]
        for e in events
        if isinstance(e, Stored)
        and e.payload.get("type") in ("seat_joined", "seat_human", "seat_bot")
    }
    for b, a in zip(before.seats, after.seats, strict=True):
        if (b.kind, b.away, b.pending) != (a.kind, a.away, a.pending):
            assert b.seat in named, (b, a)
    m = after.match
    for e in events:
        if not isinstance(e, Stored) or e.payload.get("type") != "seat_human":
            continue
        s = before.seats[e.payload["seat"]]
        pending_now = s.pending is not None or any(
            isinstance(x, Stored) and x.payload.get("type") == "seat_joined" for x in events
        )
        assert pending_now or (s.kind == "human" and s.away and after.connected(s.seat))
        assert m is None or m.over or m.round_over or m.turn != s.seat


def check_away_counts(state: TableState, history: list[dict[str, Any]]) -> None:
    """A seat played by its bot while its person is away shows, in the summary, the moves
    the bot made for it since it took over (what a page opened then says on their return),
    counted here from the events."""
    for seat in summary(state)["seats"]:
        spell = seat["away"]
        s = state.seats[seat["seat"]]
        assert (spell is not None) == (s.kind == "human" and s.away), (seat, s)
        if spell is None:
            continue
        since = max(i for i, p in enumerate(history) if p.get("type") == "seat_bot"
                    and p.get("reason") == "away" and p["seat"] == seat["seat"])
        moves = [p for p in history[since:] if p.get("type") in ("play", "draw", "pass")
                 and p.get("seat") == seat["seat"]]
        assert spell["moves"] == len(moves), (spell, history[since:])
        rounds = [p for p in history[:since] if p.get("type") == "round_start"]
        assert spell["since_round"] == len(rounds), (spell, history[:since])


def check_stand_ins(old: TableState, state: TableState, cmd: mc.Command,
                    stored: list[Stored], history: list[dict[str, Any]]) -> None:
    """The computer's moves for a person: every entry of a seat away says so, and the
    first of a move the server made for a person whose turn timer ran out, and every move
    of a bot's seat a friend is on the way to; nothing else. The summary lists the round's
    ones by their entry in its log, and, once a friend took a bot's seat, the moves its bot
    made there in the round ("held", which no event says)."""
    for seat in summary(state)["seats"]:
        if seat["away"] is not None:
            since = max(i for i, p in enumerate(history) if p.get("type") == "seat_bot"
                        and p.get("reason") == "away" and p["seat"] == seat["seat"])
            said = [p for p in history[since:] if p.get("stand_in") == "away"
                    and p.get("seat") == seat["seat"]]
            assert len(said) == seat["away"]["moves"], (seat, history[since:])
    timed_out = isinstance(cmd, mc.BotMoved) and cmd.timeout
    if timed_out:
        assert stored[0].payload.get("stand_in") == "timeout", stored[0].payload
    for ev in stored:
        why = ev.payload.get("stand_in")
        assert why in (None, "away", "timeout", "held"), ev.payload
        if why == "timeout":
            assert timed_out and ev.payload["seat"] == cmd.seat, (cmd, ev.payload)
        if why == "held":
            holder = old.seats[ev.payload["seat"]]
            assert holder.kind == "bot" and holder.pending is not None, (holder, ev.payload)
    shown = summary(state)["stand_in"]
    if state.match is None:
        assert shown is None
        return
    assert shown["round"] == view_for(state.match, None).round_no
    start = max(i for i, p in enumerate(history) if p.get("type") == "round_start")
    why = [p.get("stand_in") for p in history]
    waiting: set[int] = set()  # bots' seats a friend is on the way to
    for j, p in enumerate(history):
        if p.get("type") == "seat_joined" and p.get("pending"):
            waiting.add(p["seat"])
        elif p.get("type") == "seat_human" and p["seat"] in waiting:
            waiting.discard(p["seat"])
            for i in range(start, j):  # the round's moves its bot made there were "held"
                q = history[i]
                if q.get("seat") == p["seat"] and q.get("type") in MOVES and not why[i]:
                    why[i] = "held"
    said = [(p["type"], p["seat"], why[i]) for i, p in enumerate(history) if i >= start and why[i]]
    log = state.match.round.log
    marked = [(log[m["entry"]]["type"], log[m["entry"]]["seat"], m["reason"])
              for m in shown["moves"]]
    # (one entry per move, but for a second draw by hand in a row, merged into the first)
    merged = [x for i, x in enumerate(said) if i == 0 or x[0] != "draw" or said[i - 1] != x]
    assert marked == merged, (marked, said)


def check_no_hidden_tile(state: TableState, ev: Stored) -> None:
    tiles = {tuple(sorted((int(a), int(b)))) for a, b in TILE.findall(json.dumps(ev.payload))}
    assert tiles <= board_tiles(state), (ev.payload, tiles)


COMBOS = [(p, n) for p in PRESETS for n in (2, 3, 4)]


@pytest.mark.parametrize(("preset", "seats"), COMBOS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_commands_keep_every_table_invariant(
    preset: str, seats: int, data: st.DataObject
) -> None:
    pace = data.draw(st.sampled_from(["live", "correspondence"]))
    bots = [None] + [
        data.draw(st.sampled_from([None, "rabisco", "nino"])) for _ in range(seats - 1)
    ]
    teams = data.draw(st.sampled_from([None, True])) if seats == 4 else None
    partner = data.draw(st.sampled_from([None, "friend", "bot"])) if teams else None
    state = new_table(
        preset, seats, pace=pace, turn_seconds=data.draw(st.sampled_from([None, 20.0])),
        bots=bots, teams=teams, partner=partner, goal=6 if preset == "batida" else 100,
    )  # fmt: skip
    store = Store(state)
    now = T0
    last_key, last_shown = summary_key(state), {**summary(state), "deadline": None}
    history: list[dict[str, Any]] = []
    for n in range(data.draw(st.integers(10, 80))):
        now += data.draw(st.sampled_from(STEPS))
        cmd = command(data, state, now, n)
        before = snapshot(state)
        finished = state.status == "finished"
        seats_before = state.seats
        out = decide(state, cmd, now)
        if isinstance(out, Rejection):
            assert snapshot(state) == before  # a rejected command changes nothing
            continue
        assert snapshot(state) == before  # deciding changes nothing either
        stored = [e for e in out if isinstance(e, Stored)]
        if finished:  # nothing changes a finished match; a new table may be offered
            assert all(e.payload["type"] == "rematch" for e in stored), (cmd, stored)
        assert [e.seq for e in stored] == list(range(state.seq + 1, state.seq + 1 + len(stored)))
        old = copy.copy(state)
        old.seats = seats_before
        if stored:
            store.write(stored)
        for ev in out:
            state = evolve(state, ev)
            if isinstance(ev, Stored):
                check_no_hidden_tile(state, ev)
                history.append(ev.payload)
        check_seat_rule(old, state, out)
        check_away_counts(state, history)
        check_stand_ins(old, state, cmd, stored, history)
        shown = {**summary(state), "deadline": None}
        if summary_key(state) == last_key:
            assert shown == last_shown, cmd  # the key says the summary did not change
        last_key, last_shown = summary_key(state), shown
    assert store.restore().durable() == state.durable()  # the fold rebuilds it exactly
