"""HTTP request bodies (with the examples OpenAPI shows). Strict: a number must be a JSON
number and a flag a JSON true/false (``"seat": "1"`` is refused, not read as 1)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..protocol.commands import TableIdText
from ..protocol.events import BotLevel
from .fields import Name, PlayerToken, Preset

__all__ = ["AnnulmentVote", "CreateTable", "JoinTable"]


class CreateTable(BaseModel):
    """A new table. The creator sits at seat 0."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "preset": "classic",
                    "seats": 4,
                    "goal": 100,
                    "pace": "live",
                    "turn_seconds": 30,
                    "bots": [None, "nino", None, "rabisco"],
                    "partner": "friend",
                    "name": "Ana",
                }
            ]
        },
    )

    preset: Preset = "classic"
    seats: int = Field(4, ge=2, le=4)
    goal: int | None = Field(
        None,
        ge=3,
        le=300,
        description="classic: 50 or 100; batida scoring: 3..12; others 50..300. "
        "null: the preset's (100; batida 6)",
    )
    pace: Literal["live", "correspondence"] = "live"
    turn_seconds: float | None = Field(
        None,
        gt=0,
        le=600,
        description="Live turn timer (at least the server's minimum, 5 s "
        "by default); null: no timer",
    )
    bots: list[BotLevel | None] = Field(
        default_factory=list,
        max_length=4,
        description="Per seat: the computer player that takes it if no friend does "
        "(null: Nino). Seat 0 (the creator) is ignored.",
    )
    partner: Literal["friend", "bot"] | None = Field(
        None,
        description="4 seats with teams: 'friend' seats the first friend who joins opposite "
        "the creator (seat 2); 'bot' keeps seat 2 for its bot. null: friends fill seats in order.",
    )
    name: Name = Field("Jogador", description="The creator's name")
    teams: bool | None = Field(None, description="Override the preset's teams (4 seats only)")
    # The other knobs of RULES.md §9; each one left out keeps the preset's value.
    hand_size: int | None = Field(None, ge=1, le=14, description="Tiles dealt to each seat")
    drawing: bool | None = Field(None, description="Undealt tiles form a boneyard to draw from")
    redeal_doubles: int | None = Field(
        None, ge=1, le=7, description="Deal again when a hand gets this many doubles "
        "(send null to turn it off)"
    )
    next_opener: Literal["rotate", "winner"] | None = None
    closed_table: Literal["all_pass", "at_once"] | None = None
    auto_draw: bool | None = Field(None, description="The server draws and passes for players")
    scoring: Literal["pips", "batida"] | None = Field(
        None, description="'batida': by how the winner went out (RULES.md §6b); 'pips': §6"
    )
    batida_points: list[Annotated[int, Field(ge=1, le=12)]] | None = Field(
        None, min_length=4, max_length=4,
        description="Points of a batida simples, de carroça, lá-e-lô and cruzada",
    )
    blocked_points: int | None = Field(
        None, ge=0, le=12, description="Points of a blocked round under batida scoring"
    )
    player_token: PlayerToken = None


class JoinTable(BaseModel):
    """A friend arriving by the invite link."""

    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra={"examples": [{"name": "Bia"}]}
    )

    name: Name
    player_token: PlayerToken = None
    seat: int | None = Field(
        None, ge=0, le=3, description="The free seat chosen, if any (one of the table's)"
    )


class AnnulmentVote(BaseModel):
    """An answer to the open annulment proposal."""

    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra={"examples": [{"agree": True}]}
    )

    agree: bool


class RematchTable(BaseModel):
    """The new table where this table's players go on (made by ``POST /api/tables``)."""

    model_config = ConfigDict(
        extra="forbid", strict=True,
        json_schema_extra={"examples": [{"table": "k3Jq9x0Zr8WcT1mBvYp4Aa"}]},
    )

    table: TableIdText
