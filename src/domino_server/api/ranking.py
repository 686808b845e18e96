"""HTTP answers about players' experience and the ranking (RULES.md §10 Ranking)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["PlayerStats", "Ranking", "RankingRow"]


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
