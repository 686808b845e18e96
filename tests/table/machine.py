"""Helpers for the table machine's tests: a table as created, and commands run through
``decide`` then ``evolve`` as the actor does (without sockets, store or clock)."""

from __future__ import annotations

import hashlib
from typing import Any

from domino_core import Rules
from domino_server.table import Event, Rejection, Stored, TableState, Timing, decide, evolve
from domino_server.table import commands as mc
from domino_server.table.restore import initial
from domino_server.table.state import TableSpec

T0 = 1_000_000.0
TIMING = Timing(grace=30.0, absence=2 * 86400.0, idle=7 * 86400.0, round_pause=8.0)


def new_table(
    preset: str = "classic",
    seats: int = 2,
    *,
    pace: str = "live",
    turn_seconds: float | None = None,
    bots: list[str | None] | None = None,
    partner: str | None = None,
    teams: bool | None = None,
    goal: int = 100,
    timing: Timing = TIMING,
) -> TableState:
    """A table as created at ``T0``: seat 0 is Ana's (player key ``k0``, address ``a0``)."""
    overrides: dict[str, Any] = {} if teams is None else {"teams": teams}
    rules = Rules.from_preset(preset, seats=seats, goal=goal, **overrides).to_dict()
    rules.pop("scoring", None)
    spec = TableSpec("t1", rules, pace, turn_seconds, partner)  # type: ignore[arg-type]
    rows = [
        {
            "seat": i,
            "creator": i == 0,
            "name": "Ana" if i == 0 else "",
            "bot": None if i == 0 else (bots or [None] * seats)[i],
            "token_hash": "tok0" if i == 0 else None,
            "player_hash": "k0" if i == 0 else None,
            "ip_hash": "a0" if i == 0 else None,
        }
        for i in range(seats)
    ]
    return initial(spec, rows, timing, T0)


def deal(state: TableState, seed: int = 1) -> bytes:
    """A server seed for the next deal (the machine deals from it: fairplay), made from
    ``seed`` so that a test's deals are the same every run."""
    return hashlib.sha256(f"{state.spec.table_id} {seed}".encode()).digest()


class Table:
    """A table state with its stored history, driven by commands at given times."""

    def __init__(self, state: TableState) -> None:
        self.state = state
        self.stored: list[Stored] = []
        self.now = T0

    def do(self, cmd: mc.Command, at: float | None = None) -> list[Event]:
        """Decide ``cmd`` (at ``at``, default: the last time); evolve its events; fail on a
        rejection."""
        out = self.try_(cmd, at)
        assert not isinstance(out, Rejection), out
        return out

    def try_(self, cmd: mc.Command, at: float | None = None) -> list[Event] | Rejection:
        """Decide ``cmd``; evolve its events if accepted; the decision."""
        if at is not None:
            self.now = at
        out = decide(self.state, cmd, self.now)
        if isinstance(out, Rejection):
            return out
        for ev in out:
            self.state = evolve(self.state, ev)
            if isinstance(ev, Stored):
                self.stored.append(ev)
        return out

    def types(self, events: list[Event]) -> list[str]:
        """The payload types of the stored ones of ``events``."""
        return [e.payload["type"] for e in events if isinstance(e, Stored)]

    # shortcuts ------------------------------------------------------------
    def join(self, name: str, n: int) -> int:
        """Friend ``name`` joins (token ``tok<n>``, key ``k<n>``, address ``a<n>``)."""
        self.do(mc.Join(name, f"tok{n}", f"k{n}", f"a{n}"))
        seat = self.state.seat_for_token(f"tok{n}")
        assert seat is not None
        return seat

    def start(self, seed: int = 1) -> None:
        """Ana starts the match."""
        self.do(mc.Start(0, "start", deal(self.state, seed)))

    def came(self, seat: int) -> list[Event]:
        """A socket for ``seat`` opens."""
        return self.do(mc.SocketCame(seat))

    def went(self, seat: int) -> list[Event]:
        """A socket for ``seat`` closes."""
        return self.do(mc.SocketWent(seat))

    def turn(self) -> int:
        """The seat on turn."""
        m = self.state.match
        assert m is not None and m.turn is not None
        return m.turn

    def first_move(self) -> str:
        """The first legal move's text for the seat on turn."""
        m = self.state.match
        assert m is not None
        return str(m.legal_moves()[0])

    def person_moves(self, cmd_id: str) -> list[Event]:
        """The person on turn plays their first legal move."""
        mv = self.first_move()
        seat = self.turn()
        if mv in ("draw", "pass"):
            return self.do(mc.Play(seat, cmd_id, mv))
        tile, _, end = mv.partition(" ")
        return self.do(mc.Play(seat, cmd_id, "play", tile, end or None))

    def bot_moves(self, timeout: bool = False) -> list[Event]:
        """The bot on turn answers with the first legal move."""
        return self.do(mc.BotMoved(self.turn(), self.state.seq, self.first_move(), timeout))


def both_here(state: TableState, *, start: bool = True) -> Table:
    """Ana (seat 0) and Bia, who joins (seat 1), at the table ``state``, both with a socket
    open; the match started unless ``start`` is False."""
    t = Table(state)
    t.join("Bia", 1)
    t.came(0)
    t.came(1)
    if start:
        t.start()
    return t
