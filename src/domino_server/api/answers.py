"""HTTP answers about tables (with the examples OpenAPI shows)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from ..protocol.events import TableSummary
from .fields import IssuedPlayerToken

__all__ = ["ActionDone", "CreatedTable", "JoinedTable", "TableList", "TableListing"]

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
    now: str | None = Field(
        None,
        description="The server's time (ISO 8601): the deadlines are by this clock",
        examples=["2026-12-06T10:00:00.000+00:00"],
    )
