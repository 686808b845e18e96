"""``domino serve``: migrate the database, then serve the API, the websocket and the web client.

Every option falls back to its ``DOMINO_*`` environment variable (see
:class:`domino_server.core.config.Settings`).
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
import time
from collections.abc import Sequence

from .core.config import Settings

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}

#: A credential inside log text: a ``token=`` query value (old websocket URLs), a token
#: subprotocol, or a bearer header.
_SECRET = re.compile(r"((?:player_)?token=|domino\.token\.|Bearer\s+)[^&\s\"',;]+")


def redact(text: str) -> str:
    """``text`` with every credential value replaced by ``[redacted]``."""
    return _SECRET.sub(r"\1[redacted]", text)


class JsonFormatter(logging.Formatter):
    """One JSON object per log line (structured logs); ``extra={...}`` fields are kept,
    and no credential is ever written (:func:`redact`)."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, object] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and key not in out:
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return redact(json.dumps(out, ensure_ascii=True, default=str))


def setup_logging(level: str) -> None:
    """Structured logs on standard error."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line of ``domino serve``."""
    p = argparse.ArgumentParser(prog="domino serve", description=__doc__)
    p.add_argument("--host", help="address to listen on (DOMINO_HOST, default 127.0.0.1)")
    p.add_argument("--port", type=int, help="port (DOMINO_PORT, default 8000)")
    p.add_argument("--database-url", help="SQLAlchemy async URL (DOMINO_DATABASE_URL)")
    p.add_argument("--no-migrate", action="store_true", help="do not run migrations first")
    p.add_argument("--migrate-only", action="store_true", help="migrate, then exit")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``domino serve ARGV``; returns the exit code."""
    args = parse_args(argv)
    overrides = {
        k: v
        for k, v in {
            "host": args.host,
            "port": args.port,
            "database_url": args.database_url,
        }.items()
        if v is not None
    }
    settings = Settings(**overrides)
    setup_logging(settings.log_level)
    log = logging.getLogger("domino_server")
    if not args.no_migrate:
        from .store.db import migrate

        migrate(settings.database_url, settings.migrations_dir)
        log.info("database migrated")
    if args.migrate_only:
        return 0

    import uvicorn

    from .api.direct_send import SUPPORTED
    from .app import create_app

    # uvicorn's sans-I/O protocol, where this uvicorn has what api.direct_send reads: frames
    # written without a task per socket, and uvicorn's own pings off for the one heartbeat
    # that watches every socket (api.heartbeat); else uvicorn's defaults and its pings
    pings = None if SUPPORTED else settings.ws_ping_seconds
    uvicorn.run(
        create_app(settings, own_pings=SUPPORTED),
        host=settings.host,
        port=settings.port,
        log_config=None,
        ws_max_size=max(settings.max_transport_bytes, settings.max_frame_bytes + 1),
        ws_per_message_deflate=settings.ws_compression,
        ws="websockets-sansio" if SUPPORTED else "auto",
        ws_ping_interval=pings,
        ws_ping_timeout=pings,
        proxy_headers=True,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
