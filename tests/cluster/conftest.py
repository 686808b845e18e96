"""Fixtures: a PostgreSQL server for the whole session (``DOMINO_TEST_POSTGRES_URL`` or a
throwaway one), ``make_cluster``, which starts instances and HAProxy and stops them, and
``url``, a migrated database of its own (in the server's collation and in an English one)."""

from __future__ import annotations

import asyncio
import shutil
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncpg
import pytest

from domino_server.core.config import Settings
from domino_server.store.db import migrate
from needs import need

from .harness import HAPROXY, Cluster, postgres_base


@pytest.fixture(scope="session")
def pg_base() -> Iterator[str]:
    with postgres_base() as url:
        yield url


@pytest.fixture
def make_cluster(pg_base: str, tmp_path: Path) -> Iterator[Callable[..., Cluster]]:
    if not shutil.which(HAPROXY) and not Path(HAPROXY).exists():
        pytest.skip("haproxy is not installed (apt-get install -y haproxy)")
    started: list[Cluster] = []

    def make(n: int = 3, env: dict[str, str] | None = None, **kw: int) -> Cluster:
        cluster = Cluster(pg_base, tmp_path, n, env, **kw)
        started.append(cluster)
        cluster.start()
        return cluster

    yield make
    for cluster in started:
        cluster.stop()


@pytest.fixture(params=["default", "en-US"])
async def url(pg_base: str, request: pytest.FixtureRequest) -> AsyncIterator[str]:
    """A migrated database; ``en-US``: one whose text sorts by an English collation (many
    hosts' default), where ``ORDER BY table_id`` is not the ids' byte order."""
    name = f"domino_order_{uuid.uuid4().hex[:10]}"
    how = ""
    if request.param != "default":
        how = f" TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE '{request.param}'"
    conn = await asyncpg.connect(pg_base.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        await conn.execute(f'CREATE DATABASE "{name}"{how}')
    except asyncpg.PostgresError as exc:
        need("postgres", f"PostgreSQL cannot make an {request.param} database: {exc}")
    finally:
        await conn.close()
    db = f"{pg_base.rpartition('/')[0]}/{name}"
    with ThreadPoolExecutor(1) as pool:  # Alembic runs its own event loop
        await asyncio.get_running_loop().run_in_executor(
            pool, migrate, db, Settings().migrations_dir
        )
    yield db
