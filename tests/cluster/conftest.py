"""Fixtures: a PostgreSQL server for the whole session (``DOMINO_TEST_POSTGRES_URL`` or a
throwaway one) and ``make_cluster``, which starts instances and HAProxy and stops them."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

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
