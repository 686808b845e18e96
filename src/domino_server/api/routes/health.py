"""Liveness and readiness."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, status

from ..deps import StoreDep

router = APIRouter(tags=["health"])


@router.get("/healthz", summary="The process is up")
async def healthz() -> dict[str, str]:
    """Always ``{"status": "ok"}`` while the server answers."""
    return {"status": "ok"}


@router.get("/readyz", summary="The database answers")
async def readyz(store: StoreDep) -> dict[str, str]:
    """``{"status": "ready"}`` when the database answers, else 503."""
    try:
        await store.ping()
    except Exception as exc:
        raise HTTPException(status.HTTP_503_SERVICE_UNAVAILABLE, "database unavailable") from exc
    return {"status": "ready"}
