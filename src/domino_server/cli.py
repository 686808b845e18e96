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
from urllib.parse import unquote_plus

from .core.config import Settings

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}

#: A ``name=value`` pair of a query string (or of other log text): the name is looked at
#: percent-decoded, as the server reads it (``%74oken=`` is ``token=``).
_PAIR = re.compile(r"(?<![\w%.+-])([\w%.+-]+)=([^&\s\"#]*)")
#: A token subprotocol, or a bearer header.
_SECRET = re.compile(r"(domino\.token\.|Bearer\s+)[^&\s\"',;]+", re.IGNORECASE)


def _secret_name(name: str) -> bool:
    """Whether the query parameter ``name`` (as written) may name a credential: it holds
    ``token`` (``token``, ``player_token``) once percent-decoded, as often as it takes.
    Blanking a value too many is harmless; one too few is not."""
    for _ in range(4):
        decoded = unquote_plus(name)
        if decoded == name:
            break
        name = decoded
    return "token" in name.lower()


def _blank(match: re.Match[str]) -> str:
    name = match.group(1)
    return f"{name}=[redacted]" if _secret_name(name) else match.group(0)


def redact(text: str) -> str:
    """``text`` with every credential value replaced by ``[redacted]``: a query value
    whose parameter is a token however it is spelled, a token subprotocol, a bearer
    token. Applied to the text itself, before any JSON encoding."""
    if "=" in text:
        text = _PAIR.sub(_blank, text)
    return _SECRET.sub(r"\1[redacted]", text)


def _redacted(value: object) -> object:
    """``value`` (a log field) with :func:`redact` applied to every text in it."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {redact(str(k)): _redacted(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_redacted(v) for v in value]
    if value is None or isinstance(value, bool | int | float):
        return value
    return redact(str(value))


class JsonFormatter(logging.Formatter):
    """One JSON object per log line (structured logs); ``extra={...}`` fields are kept,
    and no credential is ever written: every text is redacted (:func:`redact`) before the
    line is encoded, so the line stays valid JSON."""

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
        return json.dumps(_redacted(out), ensure_ascii=True)


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
