"""Fixtures: ``make_server`` starts real servers (SQLite, or PostgreSQL when
``DOMINO_TEST_POSTGRES_URL`` is set) and stops them after the test.

Every server test runs on SQLite and on PostgreSQL; without ``DOMINO_TEST_POSTGRES_URL``
the PostgreSQL runs fail, unless ``DOMINO_TEST_SKIP`` lists ``postgres`` (see needs.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from needs import need

from .harness import Server, fresh_database_url, postgres_url

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    if request.param == "postgresql":
        need("postgres", None if postgres_url() else "DOMINO_TEST_POSTGRES_URL is not set")
    return str(request.param)


@pytest.fixture
def make_server(tmp_path: Path, backend: str) -> Iterator[Callable[..., Server]]:
    started: list[Server] = []

    def make(env: dict[str, str] | None = None, database_url: str | None = None) -> Server:
        url = database_url or fresh_database_url(tmp_path, backend)
        server = Server(url, env, log_path=tmp_path / f"server-{len(started)}.log")
        server.start()
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[Server]:
    """One server on SQLite only (for what does not depend on the database)."""
    server = Server(fresh_database_url(tmp_path), log_path=tmp_path / "server.log")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def server(make_server: Callable[..., Server]) -> Server:
    return make_server()
