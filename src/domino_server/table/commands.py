"""What the machine is asked to do: the players' commands (already parsed from the wire)
and what only the server sends (a timer that fired, a bot's answer, a socket that came or
went). ``seat`` None is a spectator or the server itself."""

from __future__ import annotations

from dataclasses import dataclass

from domino_core import Move

__all__ = [
    "BotMoved",
    "Claim",
    "ClientSeed",
    "Command",
    "Join",
    "NextRound",
    "Play",
    "Propose",
    "React",
    "Resign",
    "SocketCame",
    "SocketWent",
    "Start",
    "Tick",
    "Vote",
]


@dataclass(frozen=True, slots=True)
class Play:
    """A move (play, draw or pass) by the person at ``seat``."""

    seat: int | None
    cmd_id: str
    kind: str  # "play" | "draw" | "pass"
    tile: str | None = None  # a play's tile text ("6-4"; its order matters for an opening)
    end: str | None = None  # a play's end ("L", "R", "U", "D"; None: the only place)
    #: the last event the person had seen when choosing it (None: not said); refused as
    #: stale if the match moved on since (``TableState.moved_seq``)
    at: int | None = None

    def to_move(self) -> Move:
        """The core move asked for; ValueError when its tile text does not parse."""
        if self.kind == "play":
            return Move.play(self.tile or "", self.end)
        return Move.draw() if self.kind == "draw" else Move.pass_()


@dataclass(frozen=True, slots=True)
class Start:
    """The creator starts the match; ``seed``: a fresh 32-byte server seed for round 1's
    deal (drawn by the shell: the machine draws nothing)."""

    seat: int | None
    cmd_id: str
    seed: bytes


@dataclass(frozen=True, slots=True)
class NextRound:
    """Deal the next round (any person holding a seat); ``seed``: a fresh server seed."""

    seat: int | None
    cmd_id: str
    seed: bytes


@dataclass(frozen=True, slots=True)
class ClientSeed:
    """A person's client seed for round ``round``'s committed deal (RECORD.md §Fair deals)."""

    seat: int | None
    cmd_id: str
    round: int
    seed: str


@dataclass(frozen=True, slots=True)
class Resign:
    """The person at ``seat`` resigns (their side loses)."""

    seat: int | None
    cmd_id: str


@dataclass(frozen=True, slots=True)
class Propose:
    """Propose to annul the match."""

    seat: int | None
    cmd_id: str


@dataclass(frozen=True, slots=True)
class Vote:
    """Vote on the open annulment proposal."""

    seat: int | None
    cmd_id: str
    agree: bool


@dataclass(frozen=True, slots=True)
class Claim:
    """Correspondence: end the match against the seat on turn for its absence."""

    seat: int | None
    cmd_id: str


@dataclass(frozen=True, slots=True)
class Rematch:
    """After the match: the new table where the same players play again."""

    seat: int | None
    cmd_id: str
    table: str


@dataclass(frozen=True, slots=True)
class React:
    """A quick reaction (shown to every socket, not stored)."""

    seat: int | None
    cmd_id: str
    reaction: str


@dataclass(frozen=True, slots=True)
class Join:
    """A friend arriving by the link (the hashes are stored, never sent)."""

    name: str
    token_hash: str
    player_hash: str | None = None
    ip_hash: str | None = None
    seat: int | None = None  # the free seat chosen on the invitation (seat_choice)


@dataclass(frozen=True, slots=True)
class SocketCame:
    """A socket for ``seat`` opened (spectators are not told to the machine)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SocketWent:
    """A socket for ``seat`` closed, or its send loop died."""

    seat: int


@dataclass(frozen=True, slots=True)
class BotMoved:
    """A bot's ``move`` for ``seat``, computed for the state at ``seq``; ``timeout``: the
    move the server plays for a person whose turn timer ran out."""

    seat: int
    seq: int
    move: str
    timeout: bool = False


@dataclass(frozen=True, slots=True)
class Tick:
    """A timer fired: act on every deadline passed (``seed``: a fresh server seed, for the
    next round's deal should the round pause be over)."""

    seed: bytes


Command = (
    Play
    | Start
    | NextRound
    | ClientSeed
    | Resign
    | Propose
    | Vote
    | Claim
    | Rematch
    | React
    | Join
    | SocketCame
    | SocketWent
    | BotMoved
    | Tick
)
