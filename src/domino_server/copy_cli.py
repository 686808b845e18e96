"""``domino copy-db --from URL --to URL``: move a host's data to another database (from the
SQLite file of ``domino serve`` to PostgreSQL, say); see :mod:`.store.copy`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from sqlalchemy.exc import SQLAlchemyError

from .core.config import Settings
from .store.copy import CannotCopy, copy_database


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``domino copy-db ARGV``; 0 once every row is copied, 1 if nothing was."""
    p = argparse.ArgumentParser(
        prog="domino copy-db",
        description="Copy every table (seats, deals, events), player and reminder of one "
        "database into another, empty one (migrated first; the source is only read, and must be "
        "at the latest schema). Stop the server on the source first: what it writes after the "
        "copy starts stays behind. Example: domino "
        "copy-db --from sqlite+aiosqlite:///data/domino.sqlite3 --to "
        "postgresql+asyncpg://user:pass@host/domino",
    )
    p.add_argument("--from", dest="source", required=True, help="the database to read")
    p.add_argument("--to", dest="target", required=True, help="the empty database to fill")
    args = p.parse_args(argv)
    try:
        copied = copy_database(args.source, args.target, Settings().migrations_dir)
    except CannotCopy as exc:
        print(f"domino copy-db: {exc}; nothing was copied", file=sys.stderr)
        return 1
    except (SQLAlchemyError, OSError) as exc:  # a URL that names no reachable database
        # the error's kind and the driver's own words, never SQLAlchemy's text (it would
        # hold the statement's parameters: push keys, hashes)
        cause = getattr(exc, "orig", None) or exc
        print(f"domino copy-db: {type(cause).__name__}: {str(cause).splitlines()[0][:200]}; "
              "nothing was copied", file=sys.stderr)
        return 1
    tables, players = copied.get("tables", 0), copied.get("players", 0)
    print(f"copied {tables} table{'' if tables == 1 else 's'} and "
          f"{players} player{'' if players == 1 else 's'}")
    return 0
