"""Several instances on one PostgreSQL behind HAProxy, on loopback ports, for tests.

- :func:`postgres_base`: the server of ``DOMINO_TEST_POSTGRES_URL``, or a throwaway one
  started here (``initdb`` + ``pg_ctl``, on a free port, deleted at the end);
- :class:`Cluster`: N ``domino serve`` subprocesses (each with its own instance id) on a
  fresh database, and HAProxy in front with ``deploy/haproxy.cfg`` rewritten for the
  test's ports; :attr:`Cluster.front` speaks HTTP and websockets through HAProxy;
- :class:`Player`: a websocket client for one seat that reconnects through HAProxy and
  resumes from its last sequence number when its socket is closed, resending the
  command it was waiting on with the same id (so nothing is applied twice).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

from server.harness import Server, TableApi, free_port, new_postgres_database
from server.local_postgres import LocalPostgres, pg_bin

ROOT = Path(__file__).resolve().parents[2]
HAPROXY = os.environ.get("HAPROXY", shutil.which("haproxy") or "/usr/sbin/haproxy")

#: What every instance of a test cluster runs with (short leases: failover in seconds).
CLUSTER_ENV = {
    "DOMINO_LEASE_SECONDS": "3",
    "DOMINO_HANDOVER_WAIT_SECONDS": "3",
    "DOMINO_BOT_WORKERS": "1",
    "DOMINO_LOG_LEVEL": "info",
}


def run_sync(coro: Any) -> Any:
    """Run ``coro`` to its end from sync code, even when called inside an event loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def wait_for(pred: Any, timeout: float, what: str, every: float = 0.05) -> Any:
    """Poll ``pred()`` until it returns something true (that value), or fail after
    ``timeout`` seconds saying ``what`` did not happen."""
    end = time.monotonic() + timeout
    while True:
        got = pred()
        if got:
            return got
        if time.monotonic() > end:
            raise TimeoutError(f"{what}: not within {timeout} s")
        time.sleep(every)


def fresh_database(base: str) -> str:
    """A new empty database on the PostgreSQL server of ``base`` (an asyncpg URL)."""
    return new_postgres_database(base, f"domino_cluster_{uuid.uuid4().hex[:10]}")


#: the creations a minute from one address ``deploy/haproxy.cfg`` lets through
EDGE_CREATIONS = 20


def haproxy_config(
    front_port: int, servers: list[tuple[str, int]], creations: int = EDGE_CREATIONS
) -> str:
    """``deploy/haproxy.cfg`` bound to ``front_port`` on loopback, with ``servers``
    (name, port) between its BEGIN/END markers, no container DNS, and ``creations`` tables
    a minute from one address (the tests' client makes them all from 127.0.0.1)."""
    text = (ROOT / "deploy" / "haproxy.cfg").read_text()
    limit = f"{{ sc_http_req_rate(0) gt {EDGE_CREATIONS} }}"
    assert limit in text, "the creation limit of deploy/haproxy.cfg moved"
    text = text.replace(limit, f"{{ sc_http_req_rate(0) gt {creations} }}")
    head, rest = text.split("    # BEGIN servers\n", 1)
    _, tail = rest.split("    # END servers\n", 1)
    lines = "".join(f"    server {n} 127.0.0.1:{p} check\n" for n, p in servers)
    cfg = head + lines + tail
    cfg = cfg.replace("    bind :8080\n", f"    bind 127.0.0.1:{front_port}\n")
    cfg = cfg.replace(" resolvers docker", "")
    cfg = cfg.replace("resolvers docker\n    nameserver dns 127.0.0.11:53\n    hold valid 5s\n", "")
    return cfg


class Front(TableApi):
    """HAProxy's address, with the same helpers as :class:`tests.server.harness.Server`
    (so :class:`tests.server.harness.Client` can talk through it)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.http = f"http://127.0.0.1:{port}"
        self.client = httpx.Client(base_url=self.http, timeout=20)

    ws_url = Server.ws_url

    def post(self, path: str, body: Any = None, token: str | None = None) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.client.post(path, json=body, headers=headers)

    def get(self, path: str, **kw: Any) -> httpx.Response:
        return self.client.get(path, **kw)


class Instance(Server):
    """One ``domino serve`` of the cluster, named ``name`` (its instance id)."""

    def __init__(self, name: str, url: str, env: dict[str, str], log_path: Path) -> None:
        super().__init__(url, {**CLUSTER_ENV, **env}, log_path)
        self.name = name  # HAProxy's name for it (the port stays across restarts)
        self.starts = 0

    @property
    def instance_id(self) -> str:
        """The lease owner name of the current process: ``i2.0``, then ``i2.1``..."""
        return f"{self.name}.{self.starts - 1}"

    def start(self, timeout: float = 30.0) -> None:
        self.starts += 1
        self.env["DOMINO_INSTANCE_ID"] = self.instance_id
        super().start(timeout)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def pause(self) -> None:
        """SIGSTOP the server (it keeps its sockets and leases but does nothing)."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGSTOP)

    def resume(self) -> None:
        """SIGCONT."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGCONT)

    def terminate(self) -> None:
        """SIGTERM, then wait for the process to end (a graceful stop)."""
        self.stop()


class Cluster:
    """N instances on one fresh database, HAProxy in front."""

    def __init__(
        self,
        base_url: str,
        tmp: Path,
        n: int = 3,
        env: dict[str, str] | None = None,
        creations: int = 100_000,
    ):
        self.creations = creations  # HAProxy's limit a minute (the tests create many)
        self.url = fresh_database(base_url)
        self.tmp = tmp
        self.env = env or {}
        self.instances = [
            Instance(f"i{k}", self.url, self.env, tmp / f"i{k}.log") for k in range(1, n + 1)
        ]
        self.front = Front(free_port())
        self.haproxy: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        for inst in self.instances:  # each waits until /readyz answers
            inst.start()
        cfg = self.tmp / "haproxy.cfg"
        servers = [(i.name, i.port) for i in self.instances]
        cfg.write_text(haproxy_config(self.front.port, servers, self.creations))
        check = subprocess.run([HAPROXY, "-c", "-f", str(cfg)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
        log = open(self.tmp / "haproxy.log", "ab")  # noqa: SIM115
        self.haproxy = subprocess.Popen([HAPROXY, "-f", str(cfg), "-db"], stdout=log, stderr=log)
        wait_for(lambda: self._front_up(), 15, "HAProxy answers")

    def _front_up(self) -> bool:
        with contextlib.suppress(httpx.HTTPError):
            return self.front.get("/readyz").status_code == 200
        return False

    def by_name(self, name: str) -> Instance:
        return next(i for i in self.instances if i.name == name)

    def stop(self) -> None:
        if self.haproxy is not None:
            self.haproxy.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.haproxy.wait(5)
            if self.haproxy.poll() is None:
                self.haproxy.kill()
        for inst in self.instances:
            if inst.alive():
                with contextlib.suppress(Exception):
                    inst.resume()
            inst.stop()
        self.front.client.close()

    # reading the database -------------------------------------------------------
    def query(self, sql: str, *args: Any) -> list[Any]:
        """Rows of ``sql`` on the cluster's database (asyncpg, ``$1`` parameters)."""
        import asyncpg

        async def run() -> list[Any]:
            conn = await asyncpg.connect(self.url.replace("postgresql+asyncpg://", "postgresql://"))
            try:
                return list(await conn.fetch(sql, *args))
            finally:
                await conn.close()

        return run_sync(run())

    def owner(self, table_id: str) -> str | None:
        """The instance (HAProxy's name for it) holding ``table_id``'s unexpired lease now,
        or None."""
        rows = self.query(
            "SELECT owner FROM leases WHERE table_id = $1 AND owner IS NOT NULL"
            " AND expires_at > extract(epoch from clock_timestamp())",
            table_id,
        )
        return str(rows[0]["owner"]).partition(".")[0] if rows else None


@contextlib.contextmanager
def postgres_base() -> Iterator[str]:
    """An asyncpg URL of a PostgreSQL server to create test databases on."""
    url = os.environ.get("DOMINO_TEST_POSTGRES_URL")
    if url:
        yield url
        return
    found = pg_bin()
    if found is None:
        import pytest

        pytest.skip("no PostgreSQL: set DOMINO_TEST_POSTGRES_URL or install postgresql")
    pg = LocalPostgres(found)
    pg.start()
    try:
        yield pg.url
    finally:
        pg.stop()
