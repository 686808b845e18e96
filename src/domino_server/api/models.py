"""HTTP request and response bodies (with the examples OpenAPI shows)."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, JsonValue

from ..protocol.events import BotLevel, TableSummary

Preset = Literal["classic", "draw", "block", "fives", "caribbean", "batida"]

def plain_text(text: str | None) -> str | None:
    """``text`` unchanged, or ValueError when it holds a control character (NUL
    included) or a lone UTF-16 surrogate: text no database stores alike and no JSON
    answer can carry."""
    if text is not None:
        for ch in text:
            if unicodedata.category(ch) in ("Cc", "Cs"):
                raise ValueError(
                    "must not hold control characters (such as NUL) or lone UTF-16 surrogates"
                )
    return text


#: A player's name at a seat.
Name = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(plain_text)]

#: The player token a create or join answers with (the one sent, or a new one).
IssuedPlayerToken = Annotated[
    str, Field(description="The player's key for experience points (keep it)")
]

PlayerToken = Annotated[
    str | None,
    Field(
        min_length=16,
        max_length=64,
        description="The player's own key for experience points (kept by the browser); "
        "omit it the first time and keep the one the answer gives",
    ),
    AfterValidator(plain_text),
]


class CreateTable(BaseModel):
    """A new table. The creator sits at seat 0."""

    model_config = ConfigDict(
        extra="forbid",
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

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"name": "Bia"}]})

    name: Name
    player_token: PlayerToken = None
    seat: int | None = Field(None, ge=0, le=3, description="The free seat chosen, if any")


class AnnulmentVote(BaseModel):
    """An answer to the open annulment proposal."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"agree": True}]})

    agree: bool


_TABLE_ID = "Qk3n1v5oXb0tq0sH2c9m1A"
_TABLE_EXAMPLE: dict[str, JsonValue] = {
    "id": _TABLE_ID,
    "status": "waiting",
    "rules": {
        "preset": "classic",
        "seats": 2,
        "goal": 50,
        "teams": False,
        "hand_size": 7,
        "drawing": True,
        "redeal_doubles": 4,
        "next_opener": "rotate",
        "closed_table": "all_pass",
        "auto_draw": True,
        "scoring": "classic",
    },
    "pace": "live",
    "turn_seconds": 30,
    "deadline": None,
    "seats": [
        {
            "seat": 0,
            "name": "Ana",
            "kind": "human",
            "bot": None,
            "connected": False,
            "creator": True,
        },
        {
            "seat": 1,
            "name": "Nino",
            "kind": "empty",
            "bot": "nino",
            "connected": False,
            "creator": False,
        },
    ],
    "annulment": None,
}
_TOKEN_EXAMPLE = "k1p2mX0vQe9v3Vd1cY7WwA2hZrU8sN4b"
_PLAYER_EXAMPLE = "pA7r2kQ9xW1mZ0vB3nC5dE8fG4hJ6tY2"


class CreatedTable(BaseModel):
    """The creator's seat, its token (keep it secret) and the link to share."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "table_id": _TABLE_EXAMPLE["id"],
                    "seat": 0,
                    "token": _TOKEN_EXAMPLE,
                    "invite_url": f"https://domino.example/t/{_TABLE_EXAMPLE['id']}",
                    "table": _TABLE_EXAMPLE,
                    "player_token": _PLAYER_EXAMPLE,
                }
            ]
        }
    )

    table_id: str
    seat: int
    token: str
    invite_url: str
    table: TableSummary
    player_token: IssuedPlayerToken


class JoinedTable(BaseModel):
    """The friend's seat and its token (keep it secret)."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "seat": 1,
                    "token": _TOKEN_EXAMPLE,
                    "table": _TABLE_EXAMPLE,
                    "player_token": _PLAYER_EXAMPLE,
                }
            ]
        }
    )

    seat: int
    token: str
    table: TableSummary
    player_token: IssuedPlayerToken


class ActionDone(BaseModel):
    """The action was applied; ``seq`` is the last table event it produced."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [{"seq": 4, "table": {**_TABLE_EXAMPLE, "status": "playing"}}]
        }
    )

    seq: int
    table: TableSummary


class PlayerStats(BaseModel):
    """A player's experience (RULES.md §10 Ranking); ``place`` 1 is the top."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [{"name": "Ana", "points": 45, "matches": 3, "wins": 2, "place": 7}]
        }
    )

    name: str | None = Field(description="The name last played under (null: no points yet)")
    points: int
    matches: int = Field(description="Finished matches that gave points")
    wins: int
    place: int | None = Field(description="Place in the ranking (null: not ranked yet)")


class RankingRow(PlayerStats):
    """One line of the ranking."""

    you: bool = Field(False, description="This line is the player whose token was sent")


class Ranking(BaseModel):
    """The players with the most experience points, best first."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "players": [
                        {
                            "name": "Ana",
                            "points": 120,
                            "matches": 7,
                            "wins": 5,
                            "place": 1,
                            "you": False,
                        },
                        {
                            "name": "Bia",
                            "points": 85,
                            "matches": 9,
                            "wins": 3,
                            "place": 2,
                            "you": True,
                        },
                    ]
                }
            ]
        }
    )

    players: list[RankingRow]


class TableListing(BaseModel):
    """One table of a player's list: its summary and where the match stands, as any
    spectator may see it."""

    table: TableSummary
    round: int | None = Field(description="The round being played (null before the start)")
    turn: int | None = Field(
        description="The seat on turn (null before the start, between rounds, once over)"
    )
    scores: list[int] | None = Field(description="Points per side, as in the view")
    winner: int | None = Field(description="Once the match is over: the winning side")


class TableList(BaseModel):
    """The tables asked for that exist, in the order asked (unknown ids are left out)."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "tables": [
                        {
                            "table": {**_TABLE_EXAMPLE, "status": "playing"},
                            "round": 2,
                            "turn": 1,
                            "scores": [12, 30],
                            "winner": None,
                        }
                    ]
                }
            ]
        }
    )

    tables: list[TableListing]
