"""Players: one's own experience points and the ranking (RULES.md §10 Ranking)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, status
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from ...tables.tokens import hash_token
from ..deps import StoreDep
from ..ranking import PlayerStats, Ranking, RankingRow

router = APIRouter(prefix="/api", tags=["players"])

player_bearer = HTTPBearer(
    auto_error=False,
    scheme_name="PlayerToken",
    description="The player token (`player_token`) that create or join returned: the "
    "same for every table this browser plays (not a seat token)",
)


#: The stored columns of a player that the API shows (never ``key_hash``).
SHOWN = ("name", "points", "matches", "wins")


def _shown(row: dict[str, Any]) -> dict[str, Any]:
    return {k: row[k] for k in SHOWN}


@router.get(
    "/players/me",
    summary="My experience points",
    responses={
        401: {"description": "Missing player token"},
        404: {"description": "No seat was ever taken with this player token"},
    },
)
async def my_stats(
    store: StoreDep,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(player_bearer)],
) -> PlayerStats:
    """Points, finished matches and wins of the player whose token is in
    ``Authorization: Bearer``; zeros until a match has given points. A token no create
    or join ever used is unknown: 404."""
    if creds is None or not creds.credentials:
        raise HTTPException(
            status.HTTP_401_UNAUTHORIZED,
            "missing player token (Authorization: Bearer PLAYER_TOKEN)",
            headers={"WWW-Authenticate": "Bearer"},
        )
    key_hash = hash_token(creds.credentials)
    row = await store.player(key_hash)
    if row is None:
        if not await store.player_known(key_hash):
            raise HTTPException(status.HTTP_404_NOT_FOUND, "unknown player token")
        return PlayerStats(name=None, points=0, matches=0, wins=0, place=None)
    return PlayerStats(**_shown(row), place=row["place"])


@router.get("/ranking", summary="The ranking")
async def ranking(
    store: StoreDep,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(player_bearer)],
    limit: Annotated[int, Query(ge=1, le=100, description="How many players")] = 20,
) -> Ranking:
    """The players with the most experience points, best first (names only). With a
    player token (``Authorization: Bearer``, optional), that player's line says ``you``."""
    rows = await store.top_players(limit)
    mine = hash_token(creds.credentials) if creds and creds.credentials else None
    lines: list[RankingRow] = []
    for i, r in enumerate(rows):  # equal points share a place, as in /players/me
        same = i > 0 and rows[i - 1]["points"] == r["points"]
        place = lines[-1].place if same else i + 1
        lines.append(RankingRow(**_shown(r), place=place, you=r["key_hash"] == mine))
    return Ranking(players=lines)
