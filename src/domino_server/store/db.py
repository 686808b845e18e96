"""The async engine and schema migration (Alembic, run on start)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine


def make_engine(url: str) -> AsyncEngine:
    """An async engine for ``url``; SQLite gets WAL mode, ``synchronous=FULL`` and
    foreign keys on. Its errors never show a statement's parameters (a logged error must
    not carry a push key, a token's hash or an address's)."""
    kwargs: dict[str, Any] = {"hide_parameters": True}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"timeout": 30}
    else:
        kwargs["pool_size"] = 5
        kwargs["pool_pre_ping"] = True
    engine = create_async_engine(url, **kwargs)
    if url.startswith("sqlite"):
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def make_sqlite_writer(url: str) -> Engine | None:
    """For a SQLite ``url``: a plain (blocking) engine on the same file, with which the
    store commits each loop iteration's writes on the loop (and checkpoints on a thread).
    None for other databases (their async driver needs neither)."""
    if not url.startswith("sqlite"):
        return None
    plain = "sqlite" + url[url.index(":") :]  # drop the +aiosqlite driver
    engine = create_engine(
        plain, connect_args={"timeout": 30, "check_same_thread": False}, hide_parameters=True
    )
    event.listen(engine, "connect", _sqlite_pragmas)
    event.listen(engine, "connect", _writer_pragmas)
    return engine


def _writer_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """The writer commits on the event loop, so nothing slow or blocking may happen in
    its commits: no WAL checkpoint (``store.commit_sqlite.LoopCommitter`` runs them on a
    thread), no fsync (``synchronous=NORMAL``: the committer fsyncs the WAL file on a
    thread before it acknowledges any write of the batch, so an acknowledged commit is
    as durable as under ``FULL``, power cuts included; ``tests/server/test_hostile_input.py``
    checks the order), and no waiting for a lock held by another connection
    (``busy_timeout`` 0: the committer then commits that batch on a thread)."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=0")
    cur.close()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL, with ``synchronous=FULL``: each commit syncs the WAL before it returns, so
    an accepted move survives a power cut as well as a crash (NORMAL syncs only at
    checkpoints and may lose the last commits on power loss). Its cost is in
    docs/BENCHMARKS.md (benchmarks/sqlite_sync.py)."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def alembic_config(url: str, migrations_dir: str) -> Any:
    """An Alembic ``Config`` for ``url`` running the scripts in ``migrations_dir``."""
    from alembic.config import Config

    if not (Path(migrations_dir) / "env.py").is_file():
        raise RuntimeError(
            f"no Alembic migrations in {migrations_dir!r}: set DOMINO_MIGRATIONS_DIR to the "
            "repository's migrations/ folder"
        )
    cfg = Config()
    cfg.set_main_option("script_location", migrations_dir)
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def migrate(url: str, migrations_dir: str) -> None:
    """Create or upgrade the database at ``url`` to the latest schema (blocking; call
    before the event loop starts)."""
    from alembic import command

    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).expanduser().resolve().parent.mkdir(parents=True, exist_ok=True)
    command.upgrade(alembic_config(url, migrations_dir), "head")
