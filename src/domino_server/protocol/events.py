"""Server → client events: one Pydantic model per frame type, discriminated on ``type``.

``view`` fields carry exactly ``domino_core.view_for(match, seat).to_dict()``
(docs/DESIGN.md §1); ``event`` fields carry one public log entry or table entry.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .commands import Reaction

RejectionCode = Literal[
    "bad_json",
    "bad_command",
    "frame_too_large",
    "not_your_turn",
    "illegal_move",
    "not_allowed",
    "duplicate_id",
    "rate_limited",
    "match_over",
    "not_started",
    "unavailable",
    "stale",
]

BotLevel = Literal["rabisco", "nino", "voquelonia"]


class AwaySpell(BaseModel):
    """A person away while their seat's bot plays it (RULES.md §10 Absence)."""

    model_config = ConfigDict(extra="forbid")

    moves: int = Field(description="Moves (plays, draws, passes) the bot made for the seat")
    since_round: int = Field(description="The round in which the bot took the seat over")


class AwayEnded(AwaySpell):
    """An away spell that a socket's coming just ended."""

    until_round: int = Field(description="The round in which the person took the seat back")


class SeatInfo(BaseModel):
    """One seat as everybody may see it (never its token)."""

    model_config = ConfigDict(extra="forbid")

    seat: int
    name: str
    kind: Literal["human", "bot", "empty"]
    bot: BotLevel | None = None
    connected: bool = False
    creator: bool = False
    open: bool = Field(
        False, description="Whether a friend arriving by the link may take this seat now"
    )
    away: AwaySpell | None = Field(
        None, description="While a person's bot plays their seat (they are away): since "
        "which round, and how many moves it has made for them",
    )


class Annulment(BaseModel):
    """An open annulment proposal: who proposed it and the votes so far (seat → agree)."""

    model_config = ConfigDict(extra="forbid")

    by: int
    votes: dict[str, bool]


class RankingResult(BaseModel):
    """A finished match's experience points (RULES.md §10): per seat (null: none), and
    why nobody earned any when that is the case."""

    model_config = ConfigDict(extra="forbid")

    points: list[int | None]
    reason: (
        Literal["annulled", "fewer_than_two_people", "shared_address", "unknown_address"] | None
    ) = None


class FairDealInfo(BaseModel):
    """The latest round's fair deal (docs/RECORD.md §Fair deals): its commitment, published
    before it is dealt, and its server seed once the round is over."""

    model_config = ConfigDict(extra="forbid")

    algorithm: str
    round: int
    commitment: str = Field(description="SHA-256 (hex) of the round's 32-byte server seed")
    seeded: list[int] = Field(description="Seats whose client seed the deal has")
    deal_at: str | None = Field(
        description="ISO time the deal goes on without the missing seeds; null once dealt"
    )
    server_seed: str | None = Field(description="The seed (64 hex digits) once revealed")


class RematchOffer(BaseModel):
    """The new table where the same players may go on."""

    model_config = ConfigDict(extra="forbid")

    table: str
    by: int = Field(description="The seat whose player opened it")


class StandInMove(BaseModel):
    """One entry of the round's log that the computer made for a person."""

    model_config = ConfigDict(extra="forbid")

    entry: int = Field(description="The entry's number in the view's log (from 0)")
    reason: Literal["away", "timeout", "held"] = Field(
        description="away: its person was away and the seat's bot played it; timeout: "
        "the server played it when its person's turn timer ran out; held: the seat's bot "
        "played it before a friend took the seat (a bot's seat nobody takes has no mark)"
    )


class StandIns(BaseModel):
    """The moves of a round that the computer made for people (RULES.md §10 Seats and bots,
    Absence, Pace): the same log entries' events carry ``stand_in`` with the same reason,
    but for the moves a bot made in a seat before anyone was on the way to it (``held``
    once a friend takes the seat: no event could say it then)."""

    model_config = ConfigDict(extra="forbid")

    round: int = Field(description="The round (the view's ``round``) whose log this is about")
    moves: list[StandInMove]


class TableSummary(BaseModel):
    """The public summary of a table."""

    model_config = ConfigDict(extra="forbid")

    id: str
    status: Literal["waiting", "playing", "finished"]
    rules: dict[str, Any]
    pace: Literal["live", "correspondence"]
    turn_seconds: float | None = None
    deadline: str | None = Field(
        None,
        description="ISO time of the running turn timer, of the next round's start (live), "
        "or of the absence claim (correspondence)",
    )
    seats: list[SeatInfo]
    annulment: Annulment | None = None
    ranking: RankingResult | None = Field(
        None, description="Once the match is over: the experience points it gave"
    )
    fair: FairDealInfo | None = Field(
        None, description="The latest round's commitment (null before the first one)"
    )
    rematch: RematchOffer | None = Field(
        None, description="Once the match is over: the new table a player opened for the "
        "same players, if one did",
    )
    stand_in: StandIns | None = Field(
        None, description="The round's moves the computer made for a person, by their log "
        "entry (null before the first deal)",
    )


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Welcome(_Event):
    """First frame after the handshake: which seat this socket speaks for (null: spectator)."""

    type: Literal["welcome"] = "welcome"
    seat: int | None
    table: TableSummary
    seq: int
    now: str | None = Field(
        None,
        description="The server's time (ISO 8601): deadlines are by this clock, so a page "
        "counts them against it rather than against its device's own",
    )
    away_ended: AwayEnded | None = Field(
        None,
        description="This socket's coming took the seat back from its bot (its person was "
        "away): what the bot did meanwhile, for a page that saw none of it",
    )


class Snapshot(_Event):
    """The whole state this seat may see, as of event ``seq`` (``view`` null before the start)."""

    type: Literal["snapshot"] = "snapshot"
    seq: int
    table: TableSummary
    view: dict[str, Any] | None


class TableEvent(_Event):
    """One numbered table event and, for the latest one, this seat's view after it: whole
    (``view``) or, on a socket opened with ``view=patch`` that already has a view, as
    ``patch``: the top-level view keys that changed with their new values,
    ``log_append``, the log entries to add when the log only grew, and ``rounds_append``,
    the round results to add when ``rounds`` only grew."""

    type: Literal["event"] = "event"
    seq: int
    event: dict[str, Any]
    view: dict[str, Any] | None = None
    patch: dict[str, Any] | None = None


class TableChanged(_Event):
    """The table summary changed (names, connections, deadlines)."""

    type: Literal["table"] = "table"
    table: TableSummary


class Accepted(_Event):
    """Command ``id`` was applied; ``seq`` is the last event it produced (0 if none)."""

    type: Literal["accepted"] = "accepted"
    id: str
    seq: int


class Rejected(_Event):
    """Command ``id`` was not applied; nothing changed."""

    type: Literal["rejected"] = "rejected"
    id: str
    code: RejectionCode
    reason: str


class Error(_Event):
    """A frame that could not be answered by id (bad JSON, unknown command, too large...)."""

    type: Literal["error"] = "error"
    code: RejectionCode
    detail: str


class ReactionShown(_Event):
    """A player's quick reaction (the ``react`` command), for everyone at the table, as it
    happens: not numbered, not stored, not resent on resume."""

    type: Literal["reaction"] = "reaction"
    seat: int
    reaction: Reaction


class Pong(_Event):
    """Answer to ``ping``."""

    type: Literal["pong"] = "pong"
    id: str


ServerEvent = Annotated[
    Welcome
    | Snapshot
    | TableEvent
    | TableChanged
    | ReactionShown
    | Accepted
    | Rejected
    | Error
    | Pong,
    Field(discriminator="type"),
]

server_event_adapter: TypeAdapter[ServerEvent] = TypeAdapter(ServerEvent)

#: One websocket message from the server: a frame, or frames that were ready together
#: (one command's events, the table summary, the answer), in order, as an array.
ServerMessage = ServerEvent | list[ServerEvent]

server_message_adapter: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)
