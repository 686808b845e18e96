"""Browser tests: the real server on a loopback port, driven by the Debian Chromium.

The server runs as a subprocess of ``python -m domino_server.cli`` with a
temporary SQLite database and fast bot pacing (``DOMINO_BOT_DELAY_SECONDS``),
and a long ``DOMINO_ROUND_PAUSE_SECONDS`` so that "Next round" is the player's
click. Screenshots go to build/screenshots/ (``make screenshots`` copies the README's
to docs/screenshots/). Without Chromium the tests fail, unless ``DOMINO_TEST_SKIP``
lists ``browser`` (see tests/needs.py).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from needs import need

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _no_chromium() -> str | None:
    """Why Chromium cannot run here, or None."""
    if os.access(CHROMIUM, os.X_OK):
        return None
    return f"no Chromium at {CHROMIUM} (set CHROMIUM_PATH, or apt-get install chromium)"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    need("browser", _no_chromium())
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_server(tmp: Path, **settings: str) -> Iterator[str]:
    """Start ``python -m domino_server.cli`` on a free loopback port; yield its base URL.

    ``settings`` are extra ``DOMINO_*`` variables (names without the prefix).
    """
    need("browser", _no_chromium())
    port = _free_port()
    env = {
        **os.environ,
        "DOMINO_DATABASE_URL": f"sqlite+aiosqlite:///{tmp / 'web.sqlite3'}",
        "DOMINO_BOT_DELAY_SECONDS": "0.05",
        "DOMINO_BOT_THINK_SECONDS": "0.05",
        "DOMINO_ROUND_PAUSE_SECONDS": "600",
        "DOMINO_GRACE_SECONDS": "30",
        "DOMINO_WEB_DIR": str(ROOT / "web"),
        "DOMINO_LOG_LEVEL": "warning",
        "DOMINO_CREATE_BURST": "100000",
        **{f"DOMINO_{k.upper()}": v for k, v in settings.items()},
    }
    log = open(tmp / "server.log", "wb")  # noqa: SIM115 (closed at teardown)
    proc = subprocess.Popen(
        [sys.executable, "-m", "domino_server.cli", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=1) as res:
                    if res.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                log.flush()
                raise RuntimeError((tmp / "server.log").read_text()[-3000:])
            time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a running server (one for the whole session, torn down after)."""
    with running_server(tmp_path_factory.mktemp("server")) as base:
        yield base


@pytest.fixture(scope="module")
def quick_absence_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server where a correspondence turn may be claimed after 10 seconds (not 2 days):
    long enough for a loaded machine to show the wait before the claim opens."""
    with running_server(
        tmp_path_factory.mktemp("absence"), absence_seconds="10", sweep_seconds="1"
    ) as base:
        yield base


@pytest.fixture
def shots() -> Path:
    """Where screenshots are saved (build/screenshots/, never a tracked file)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


#: axe-core, installed from npm by tests/web/package.json (``npm ci --prefix tests/web``).
AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's source, to inject into pages. Installed here with ``npm ci`` when it is
    missing (npm on PATH); without it the accessibility tests fail, loudly: they are not
    skipped."""
    if not AXE.is_file() and shutil.which("npm"):
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--prefix", str(AXE.parents[2])],
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
            timeout=300,
        )
    if not AXE.is_file():
        pytest.fail(
            f"axe-core is not installed at {AXE}: run `npm ci --prefix tests/web` "
            "(tests/web/package.json) before the browser tests"
        )
    return AXE.read_text()


@pytest.fixture(autouse=True)
def no_page_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that uses `page` fails if the client throws an uncaught error."""
    if "page" not in request.fixturenames:
        yield
        return
    page = request.getfixturevalue("page")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield
    assert not errors, f"uncaught errors in the page: {errors}"
