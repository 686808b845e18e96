"""The FastAPI application factory: HTTP routes, the table websocket, the web client."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from . import __version__, metrics
from .api import ws
from .api.body_limit import BodyLimit
from .api.database_away import install_database_away
from .api.direct_send import RawSend
from .api.docs import install_docs
from .api.errors import install_error_handlers
from .api.heartbeat import Heartbeat
from .api.routes import health, players, push, records, replay, tables
from .api.routes import metrics as metrics_route
from .bots import BotPool
from .cluster.ownership import Ownership, TableBusy
from .cluster.sweeper import ClusterSweeper
from .core.collector import Collector
from .core.config import Settings
from .push import Reminders
from .store.db import make_engine, make_sqlite_writer
from .store.leases import Leases
from .store.repo import Store
from .tables.registry import Registry
from .tables.sweeper import Sweeper

log = logging.getLogger("domino_server")


def create_app(
    settings: Settings | None = None, *, bots: object | None = None, own_pings: bool = False
) -> FastAPI:
    """The ASGI app for ``settings`` (default: from the environment).

    The database must already be migrated (``domino serve`` does it first). ``bots``
    replaces the process pool (tests may pass their own). ``own_pings``: the server's own
    websocket pings are off, the app's heartbeat pings every socket (``domino serve``).
    """
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(
            make_engine(settings.database_url),
            make_sqlite_writer(settings.database_url),
            commit_gap=settings.commit_gap_seconds,
        )
        store.start()
        pool = (
            bots if bots is not None else BotPool(settings.bot_workers, settings.bot_think_seconds)
        )
        reminders = app.state.reminders = Reminders(store.engine, settings, transact=store.transact)
        await reminders.start()
        ownership = _ownership(settings, store)
        if ownership is not None:
            store.fence = ownership
            await ownership.start()
        registry = Registry(store, settings, pool, reminders, ownership=ownership)
        app.state.settings = settings
        app.state.store = store
        app.state.registry = registry
        heartbeat = app.state.heartbeat = Heartbeat(
            settings.ws_ping_seconds, server_pings=not own_pings
        )
        heartbeat.repeating.start()
        metrics.watch_live_tables(lambda: len(registry.actors))
        restored = await registry.restore_all()
        collector = Collector(
            settings.gc_thresholds, settings.gc_full_seconds, settings.gc_full_grown
        )
        collector.start()
        log.info("ready: %d playing tables restored", restored)
        sweeper = Sweeper(registry) if ownership is None else ClusterSweeper(registry, ownership)
        sweeper.repeating.start()
        try:
            yield
        finally:
            collector.stop()
            await sweeper.repeating.stop()
            await heartbeat.repeating.stop()
            await registry.close()
            await reminders.stop()
            if ownership is not None:
                await ownership.close()  # after the actors' last writes: release the leases
            await store.close()
            if bots is None and isinstance(pool, BotPool):
                pool.close()

    app = FastAPI(
        title="Dominó",
        version=__version__,
        summary="Brazilian dominó (double-six) tables by link, live or at your own pace.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(RawSend)  # (websockets written to without a task: api.direct_send)
    app.add_middleware(BodyLimit)  # 413 for a request body over its route's limit
    install_docs(app)
    install_error_handlers(app)
    install_database_away(app)  # 503, not 500, while the database cannot be reached
    app.state.settings = settings

    @app.exception_handler(TableBusy)
    async def busy(_request: Request, exc: TableBusy) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=503, headers={"Retry-After": "1"})

    app.include_router(health.router)
    app.include_router(metrics_route.router)
    app.include_router(tables.router)
    app.include_router(records.router)
    app.include_router(replay.router)
    app.include_router(players.router)
    app.include_router(push.router)
    app.include_router(ws.router)

    web = Path(settings.web_dir) if settings.web_dir else None
    if web is not None and web.is_dir():

        @app.get("/t/{table_id}", include_in_schema=False)
        @app.get("/t/{table_id}/replay", include_in_schema=False)
        @app.get("/replay", include_in_schema=False)
        async def invite(table_id: str = "") -> FileResponse:
            index = web / "index.html"
            if not index.is_file():
                raise HTTPException(404, "the web client is not installed")
            return FileResponse(index)

        app.mount("/", StaticFiles(directory=web, html=True), name="web")
    return app


def _ownership(settings: Settings, store: Store) -> Ownership | None:
    """Table leases for several instances on one PostgreSQL (None on SQLite, by default)."""
    if not settings.leases_on():
        return None
    leases = Leases(store.engine, settings.instance_id, settings.lease_seconds)
    dsn = settings.database_url.replace("postgresql+asyncpg://", "postgresql://", 1)
    return Ownership(leases, dsn, settings.handover_wait_seconds)
