"""Moving a host's data to another database: ``domino copy-db --from URL --to URL``.

A host starts on the SQLite file ``domino serve`` makes, and moves to PostgreSQL when one
file is not enough (several instances, docs/SCALING.md). Nothing a player has may be lost
on the way: every table with its seats, deals, fair-deal seeds and numbered events (so a
match goes on where it stood, and its record and replay are the same), the players'
experience points, the Web Push keys (browsers subscribed with them) and the reminders.

The source is only read: it must exist, hold data and be at the latest schema (as
``domino serve`` leaves it; else ``domino serve --migrate-only`` first). The target is
brought to the latest schema and must hold none of this data yet. Every row is read in one
snapshot of the source (SQLite: one read transaction; PostgreSQL: REPEATABLE READ), so the
copy is of one moment even if a server still writes there (stop it first, or what it
writes after that moment stays behind), and written in one transaction of the target, all
or nothing, in batches. Leases are not copied: they only say which running instance holds
a table, and a fresh database has none running. On PostgreSQL the counters of the numbered
ids are set past the copied rows. Errors never show a statement's parameters (push keys
and hashes are among them).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import Table, func, insert, select, text
from sqlalchemy.ext.asyncio import AsyncConnection

from .db import alembic_config, make_engine, migrate
from .models import leases, metadata

__all__ = ["COPIED", "CannotCopy", "TargetNotEmpty", "copy_database"]

#: The tables copied, parents before children (foreign keys); leases are left out.
COPIED: tuple[Table, ...] = tuple(t for t in metadata.sorted_tables if t is not leases)

#: Rows read and written at a time.
BATCH = 1000


class CannotCopy(RuntimeError):
    """The copy cannot be made as asked (the message says why); nothing was written."""


class TargetNotEmpty(CannotCopy):
    """The target database already holds data of a host: copying would mix two hosts."""


def _head(migrations_dir: str, url: str) -> str | None:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config(url, migrations_dir)).get_current_head()


async def _count(conn: AsyncConnection, table: Table) -> int:
    return int((await conn.execute(select(func.count()).select_from(table))).scalar_one())


async def _snapshot(read: AsyncConnection) -> None:
    """Begin one read of the whole source at one moment."""
    if read.dialect.name == "postgresql":
        await read.execution_options(isolation_level="REPEATABLE READ")
        await read.begin()
    else:
        await read.begin()
        await read.exec_driver_sql("BEGIN")  # the SQLite driver begins only before a write
        await read.exec_driver_sql("SELECT count(*) FROM sqlite_master")  # the moment: now


async def _copy(
    source: str, target: str, head: str | None, say: Callable[[str], None]
) -> dict[str, int]:
    src, dst = make_engine(source), make_engine(target)
    copied: dict[str, int] = {}
    try:
        async with src.connect() as read, dst.begin() as write:
            await _snapshot(read)
            try:
                version = (await read.exec_driver_sql(
                    "SELECT version_num FROM alembic_version")).scalar()
            except Exception as exc:  # no such table: not a database domino serve made
                raise CannotCopy("the source holds no Dominó database") from exc
            if version != head:
                raise CannotCopy(
                    f"the source is at schema {version}, not the latest ({head}): run "
                    "domino serve --migrate-only --database-url SOURCE first"
                )
            if not any([await _count(read, t) for t in COPIED]):
                raise CannotCopy("the source holds no data: is its URL the right one?")
            held = [t.name for t in COPIED if await _count(write, t)]
            if held:
                raise TargetNotEmpty(
                    f"the target database already holds data ({', '.join(held)}): "
                    "copy into an empty database"
                )
            for table in COPIED:
                key = list(table.primary_key.columns)
                rows = await read.stream(select(table).order_by(*key))
                n = 0
                async for part in rows.mappings().partitions(BATCH):
                    await write.execute(insert(table), [dict(r) for r in part])
                    n += len(part)
                copied[table.name] = n
                say(f"{table.name}: {n} row{'' if n == 1 else 's'}")
            if write.dialect.name == "postgresql":
                for table in COPIED:  # the next numbered id comes after the copied ones
                    for col in table.primary_key.columns:
                        if col.autoincrement is True:
                            await write.execute(text(
                                f"SELECT setval(pg_get_serial_sequence('{table.name}', "
                                f"'{col.name}'), COALESCE(MAX({col.name}), 0) + 1, false) "
                                f"FROM {table.name}"
                            ))
    finally:
        await src.dispose()
        await dst.dispose()
    return copied


def copy_database(
    source: str, target: str, migrations_dir: str, say: Callable[[str], None] = print
) -> dict[str, int]:
    """Copy every table, player and reminder of ``source`` into ``target`` (async
    SQLAlchemy URLs; see the module); the rows copied per table. Raises
    :class:`CannotCopy` (:class:`TargetNotEmpty` when the target holds data already) and
    writes nothing when the copy cannot be made."""
    if source == target:
        raise CannotCopy("the source and the target are the same database")
    if source.startswith("sqlite"):
        path = source.split("///", 1)[-1]
        if not path or path == ":memory:" or not Path(path).is_file():
            raise CannotCopy(f"there is no SQLite file at {path!r}")
    migrate(target, migrations_dir)
    return asyncio.run(_copy(source, target, _head(migrations_dir, source), say))
