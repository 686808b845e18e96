"""A table's state as the machine sees it: plain values, no I/O.

:class:`TableState` is what :func:`~.evolve.evolve` folds the table's events into. Its
:attr:`~TableState.match` is the core's mutable :class:`domino_core.Match`; everything else
is frozen (seats, presence) or a map only ``evolve`` adds to (command ids). ``decide``
reads a state and never changes it; ``evolve`` takes the state it is given over (it updates
the match and the command-id map in place, since copying a match per move costs more than
the move) and returns the next one.

What the events rebuild (:meth:`TableState.durable`) and what they do not: *presence*
(which seats have a socket, since when a seat has none) and the times of the last quick
reactions live only while the table is in memory; a table restored from its events starts
with nobody connected.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from domino_core import Match, Rules

from .fairround import FairRound

__all__ = [
    "BOT_FAMILIES",
    "BOT_NAMES",
    "Pending",
    "Presence",
    "SeatState",
    "TableSpec",
    "TableState",
    "Timing",
    "bot_name",
]

#: How many of the latest reactions' ids a table keeps (a reaction sent again after a
#: reconnect comes within seconds; reactions are spaced, so this is minutes of them).
REACTION_IDS_KEPT = 64

#: The computer players' names (RULES.md §10), by level.
BOT_NAMES = {"rabisco": "Rabisco", "nino": "Nino", "voquelonia": "Vó Quelônia"}

#: The names a level's bots go by at one table, as the page names them (``web/seats.js``
#: ``botName``): seat 1 the level's own name, the next seats the others in turn.
BOT_FAMILIES = {
    "nino": ("Nino", "Nina", "Nico"),
    "rabisco": ("Rabisco", "Rabisca", "Risco"),
    "voquelonia": ("Vó Quelônia", "Vô Quelônio", "Tia Quelé"),
}


def bot_name(level: str, seat: int) -> str:
    """The name the bot of ``level`` at ``seat`` goes by on the page ("" for no level)."""
    family = BOT_FAMILIES.get(level)
    return family[(seat - 1) % len(family)] if family else ""

Kind = Literal["human", "bot", "empty"]
Status = Literal["waiting", "playing", "finished"]


@dataclass(frozen=True, slots=True)
class Timing:
    """The durations the table rules use (seconds), from the server's settings."""

    grace: float = 30.0  # live: a human without a socket this long is played by a bot
    absence: float = 2 * 86400.0  # correspondence: a turn older than this may be claimed
    idle: float = 7 * 86400.0  # no move this long: the match ends with no winner
    round_pause: float = 8.0  # live: hands stay shown this long between rounds
    timeout_bot: str = "nino"  # the level that moves for a seat whose turn timer ran out
    seed_window: float = 0.0  # how long a committed deal waits for the people's client seeds


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What the creator chose; never changes."""

    table_id: str
    rules: dict[str, Any]  # the stored ``rules`` object (Rules.to_dict())
    pace: Literal["live", "correspondence"]
    turn_seconds: float | None
    partner: str | None  # "friend" | "bot" | None (4 seats with teams)


@dataclass(frozen=True, slots=True)
class Pending:
    """A friend who joined a bot's seat mid-match and takes it at the next turn boundary."""

    name: str
    token_hash: str
    player_hash: str | None
    ip_hash: str | None


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat. ``kind`` says who holds it; a human seat with ``away`` set is played by
    its bot (level ``bot``) until its person's socket is back."""

    seat: int
    kind: Kind
    name: str
    bot: str | None  # the bot's level: configured for empty seats, playing for bot ones
    creator: bool = False
    token_hash: str | None = None
    player_hash: str | None = None
    ip_hash: str | None = None
    away: bool = False
    pending: Pending | None = None
    #: While ``away``: the moves its bot made for the person, and the round it took over in.
    away_moves: int = 0
    away_round: int = 0

    def with_(self, **changes: Any) -> SeatState:
        """A copy with ``changes``."""
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Presence:
    """Sockets per seat (spectators not counted) and, for a seat with none, since when
    (seconds since the epoch). Not stored: a restored table starts with nobody here."""

    sockets: tuple[int, ...]
    since: tuple[float | None, ...]  # None while the seat has a socket
    #: When a person last came back to a live table where nobody was (its clocks, stopped
    #: meanwhile, run again from then): see ``deadlines.halted``.
    resumed: float | None = None

    @staticmethod
    def nobody(seats: int, since: float) -> Presence:
        """No socket on any seat since ``since``."""
        return Presence((0,) * seats, (since,) * seats)


@dataclass(slots=True)
class TableState:
    """One table: spec, seats, the match and its bookkeeping (see the module's text)."""

    spec: TableSpec
    timing: Timing
    seats: tuple[SeatState, ...]
    presence: Presence
    status: Status = "waiting"
    match: Match | None = None
    seq: int = 0  # the last stored event's number
    #: When the seat on turn began its turn (a new round, or the turn passing on; a seat's
    #: own draw from the boneyard, by hand, goes on with the same turn): its clocks count
    #: from here (RULES.md §10 Pace and Absence)
    turn_started_at: float | None = None
    moved_at: float | None = None  # the last match-changing event's time (idle, bot pace)
    moved_seq: int = 0  # the last match-changing event's number (a person's stale move)
    annulment: dict[str, Any] | None = None  # {"by": seat, "votes": {"seat": bool}}
    ranking: dict[str, Any] | None = None  # the finished match's {"points", "reason"}
    rematch: dict[str, Any] | None = None  # after the match: {"table", "by"} to go on at
    cmd_ids: dict[tuple[int, str], int] = field(default_factory=dict)  # → seq applied
    reacted_at: tuple[float, ...] = ()  # per seat: its last quick reaction (memory only)
    #: the ids of the latest reactions (at most ``REACTION_IDS_KEPT``, oldest first; the
    #: values unused): one sent again is refused, not shown twice (memory only)
    reaction_ids: dict[tuple[int, str], None] = field(default_factory=dict)
    #: round → its fair-deal inputs (:mod:`.fairplay`); the seeds stay secret until revealed
    fair: dict[int, FairRound] = field(default_factory=dict)
    #: The round's log entries the computer made for a person (:mod:`.standin`): (entry's
    #: number in the round's log, ``"away"``, ``"timeout"`` or ``"held"``), in order
    stand_ins: tuple[tuple[int, str], ...] = ()
    _rules: Rules | None = None

    @property
    def rules(self) -> Rules:
        """The table's rules (built once from the spec)."""
        if self._rules is None:
            # the stored rules are Rules.to_dict(): every knob, "scoring" among them
            self._rules = Rules.from_dict(dict(self.spec.rules))
        return self._rules

    @property
    def live(self) -> bool:
        """Whether the table plays at the live pace."""
        return self.spec.pace == "live"

    def in_play(self) -> bool:
        """The match is on (started, not over)."""
        m = self.match
        return self.status == "playing" and m is not None and not m.over

    def connected(self, seat: int) -> bool:
        """Whether a socket speaks for ``seat``."""
        return self.presence.sockets[seat] > 0

    def bot_controlled(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` right now (a bot's seat, or a human's while away)."""
        s = self.seats[seat]
        return s.kind == "bot" or s.away

    def humans(self) -> list[int]:
        """Seats a person holds (away ones included; a friend still waiting excluded)."""
        return [s.seat for s in self.seats if s.kind == "human"]

    def any_human_here(self) -> bool:
        """Whether some person holding a seat (or about to) has a socket open."""
        return any(self.connected(s.seat) for s in self.seats if s.kind == "human" or s.pending)

    def seat_for_token(self, token_hash: str) -> int | None:
        """The seat whose token hashes to ``token_hash`` (a friend still waiting included)."""
        for s in self.seats:
            held = s.token_hash if s.pending is None else s.pending.token_hash
            if held is not None and held == token_hash:
                return s.seat
        return None

    def durable(self) -> tuple[Any, ...]:
        """Everything the stored events rebuild, as one comparable value: the spec, seats,
        status, the match (its record and where the round stands), seq, the turn's start,
        the last move's time and number, the open annulment, the ranking, the rematch offered,
        the command ids, the fair-deal inputs and the moves the computer made for people."""
        m = self.match
        match = None if m is None else (m.to_record(), m.turn, m.round_over, m.over)
        return (
            self.spec,
            self.seats,
            self.status,
            match,
            self.seq,
            self.turn_started_at,
            self.moved_at,
            self.moved_seq,
            self.annulment,
            self.ranking,
            self.rematch,
            dict(self.cmd_ids),
            dict(self.fair),
            self.stand_ins,
        )
