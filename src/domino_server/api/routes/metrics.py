"""``GET /metrics``: every metric of :mod:`domino_server.metrics`, Prometheus text."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

router = APIRouter(tags=["health"])


@router.get("/metrics", summary="Prometheus metrics", response_class=Response)
async def metrics() -> Response:
    """Live tables, sockets, commands and rejections, latencies, bots, evictions and
    reloads, in the Prometheus text format."""
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)
