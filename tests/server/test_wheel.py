"""The built wheel runs on its own: installed into a fresh venv and started from an
unrelated folder, ``domino serve`` migrates, serves the web client at ``/`` and creates
a table (no checkout folder, no ``DOMINO_WEB_DIR`` or ``DOMINO_MIGRATIONS_DIR``)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from .harness import free_port
from .installs import fresh_venv, imported_from, serving

ROOT = Path(__file__).resolve().parents[2]


def build_wheel(out: Path) -> Path:
    """``pip wheel .`` of the checkout into ``out``; the wheel's path."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("domino-*.whl")
    return wheel


@pytest.mark.slow
def test_the_installed_wheel_serves_the_client_and_creates_a_table(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path / "dist")
    bin_dir = fresh_venv(tmp_path / "venv")
    subprocess.run([str(bin_dir / "pip"), "install", "-q", "--no-deps", str(wheel)], check=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DOMINO_", "PYTHON"))}
    where = imported_from(bin_dir, env, elsewhere)
    assert where.startswith(str(tmp_path / "venv")), "the wheel's copy is the one that runs"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    cmd = [str(bin_dir / "domino"), "serve", "--port", str(port)]
    with serving(cmd, env, elsewhere, tmp_path / "serve.log", base):
        home = httpx.get(f"{base}/", timeout=10)
        assert home.status_code == 200 and "<html" in home.text.lower()
        assert httpx.get(f"{base}/app.js", timeout=10).status_code == 200
        created = httpx.post(
            f"{base}/api/tables", json={"preset": "classic", "seats": 2, "goal": 50}, timeout=10
        )
        assert created.status_code == 201, created.text
        invite = httpx.get(created.json()["invite_url"].replace("localhost", "127.0.0.1"))
        assert invite.status_code == 200 and "<html" in invite.text.lower()
        db = sqlite3.connect(elsewhere / "data" / "domino.sqlite3")  # the default, from cwd
        assert db.execute("select count(*) from tables").fetchone() == (1,)
        db.close()
