"""A throwaway PostgreSQL cluster in a temporary folder, on a free loopback port, that a
test may stop and start again (a database outage, for real)."""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

from .harness import free_port


def pg_bin() -> Path | None:
    """The PostgreSQL binaries: ``DOMINO_TEST_PG_BIN`` (what scripts/test.sh finds) or
    ``PG_BIN``, else the newest under /usr/lib/postgresql; None if there are none."""
    given = os.environ.get("DOMINO_TEST_PG_BIN") or os.environ.get("PG_BIN")
    if given:
        return Path(given)
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                   key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0)
    return found[-1].parent if found else None


class LocalPostgres:
    """``start`` (the first time: ``initdb``), ``halt`` (an immediate stop, the data
    kept), ``start`` again on the same port, ``stop`` (halt and delete)."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.dir = Path(tempfile.mkdtemp(prefix="domino-pg-"))
        self.port = free_port()
        self.url = f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *cmd: str) -> None:
        line = [str(self.bin / cmd[0]), *cmd[1:]]
        if os.geteuid() == 0:  # initdb refuses to run as root
            shutil.chown(self.dir, "postgres")
            line = ["su", "postgres", "-c", shlex.join(line)]
        subprocess.run(line, check=True, capture_output=True)

    def start(self) -> None:
        data = str(self.dir / "data")
        if not (self.dir / "data").exists():
            self._run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8")
        opts = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
                " -c max_connections=300 -c fsync=off")
        self._run("pg_ctl", "-D", data, "-o", opts, "-l", str(self.dir / "pg.log"), "-w",
                  "start")

    def halt(self) -> None:
        """Stop at once (``-m immediate``: open connections are cut), keeping the data."""
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self.halt()
        shutil.rmtree(self.dir, ignore_errors=True)
