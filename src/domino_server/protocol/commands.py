"""Client → server commands: one Pydantic model per command, discriminated on ``type``.

Every command carries ``id`` (1..64 characters, chosen by the client); the server
answers it with ``accepted {id, seq}`` or ``rejected {id, code, reason}``
(``ping`` with ``pong {id}``). A command id already applied for this seat is
rejected with ``duplicate_id`` and not applied again. Fields are strict: a number must
be a JSON integer (``"3"``, ``true`` or ``3.0`` is no ``last_seq``), a boolean a JSON
boolean.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

CommandId = Annotated[str, Field(min_length=1, max_length=64)]
TileText = Annotated[str, Field(pattern=r"^[0-6]-[0-6]$", examples=["6-4"])]
#: A table id as ``tables.tokens.new_table_id`` makes them (22 URL-safe characters).
TableIdText = Annotated[
    str, Field(pattern=r"^[A-Za-z0-9_-]{22}$", examples=["k3Jq9x0Zr8WcT1mBvYp4Aa"])
]


class _Command(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    id: CommandId


class _Move(_Command):
    at: int | None = Field(
        None,
        ge=0,
        description="The number of the last table event the page had seen when the player "
        "chose this move: refused as `stale` if the match moved on since (a move, a deal, "
        "an ending), so a move chosen on one board never lands on a later one. Optional.",
    )


class Play(_Move):
    """Lay ``tile`` on ``end`` (``null`` only for the first tile of a round)."""

    type: Literal["play"]
    tile: TileText
    end: Literal["L", "R", "U", "D"] | None = None


class Draw(_Move):
    """Draw one tile from the boneyard (only offered where auto-draw is off)."""

    type: Literal["draw"]


class Pass(_Move):
    """Pass the turn (only offered where auto-draw is off and nothing fits)."""

    type: Literal["pass"]


class NextRound(_Command):
    """Start the next round once the current one is over."""

    type: Literal["next_round"]


class Start(_Command):
    """The creator starts the match; bots take the seats still free."""

    type: Literal["start"]


class Resign(_Command):
    """Leave for good: this seat's side loses the match."""

    type: Literal["resign"]


class ProposeAnnulment(_Command):
    """Propose to annul the match (it ends with no winner if every human agrees)."""

    type: Literal["propose_annulment"]


class VoteAnnulment(_Command):
    """Answer the open annulment proposal."""

    type: Literal["vote_annulment"]
    agree: bool


class ClaimAbsence(_Command):
    """Correspondence: end the match because the seat on turn has been away too long."""

    type: Literal["claim_absence"]


class OfferRematch(_Command):
    """After the match: tell the table's other players the new table where the same
    friends play again (``table``, made by ``POST /api/tables``), so their pages offer it
    instead of each making one of their own. Only ``POST /api/tables/{id}/rematch`` sends
    it (it checks the new table against the database), not a socket."""

    type: Literal["rematch"]
    table: TableIdText


#: The quick reactions a player may show the table (each client words them in its language).
Reaction = Literal["nice", "good_game", "oops", "thinking", "thanks", "wow"]


class React(_Command):
    """Show the table a quick reaction (from a fixed set: no free text). It reaches every
    socket of the table as a ``reaction`` frame; it is not a table event (not numbered,
    not stored, not resent on resume). One per seat every 1.5 seconds."""

    type: Literal["react"]
    reaction: Reaction


class ClientSeed(_Command):
    """Add this seat's client seed to the deal of round ``round`` (docs/RECORD.md §Fair
    deals), after its commitment was published and before it is dealt: text of 1..64
    characters without control characters. One per seat and round; bots add none."""

    type: Literal["client_seed"]
    round: int = Field(ge=1)
    seed: Annotated[str, Field(min_length=1, max_length=64,
                               pattern=r"^[^\x00-\x1f\x7f-\x9f]+$")]


class Sync(_Command):
    """Ask again for every event after ``last_seq`` (or a snapshot if too old)."""

    type: Literal["sync"]
    last_seq: int = Field(ge=0)


class Ping(_Command):
    """Keep-alive; answered with ``pong {id}``."""

    type: Literal["ping"]


ClientCommand = Annotated[
    Play
    | Draw
    | Pass
    | NextRound
    | Start
    | Resign
    | ProposeAnnulment
    | VoteAnnulment
    | ClaimAbsence
    | React
    | ClientSeed
    | Sync
    | Ping,
    Field(discriminator="type"),
]

client_command_adapter: TypeAdapter[ClientCommand] = TypeAdapter(ClientCommand)

#: Every command ``type``, read off the union's members.
COMMAND_TYPES: frozenset[str] = frozenset(
    get_args(member.model_fields["type"].annotation)[0]
    for member in get_args(get_args(ClientCommand)[0])
)
