"""Ops: the Dockerfile is clean under hadolint, and the commands the image runs
(install, migrate and serve with its environment, the healthcheck) work outside docker."""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from .harness import free_port

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(instruction, arguments) pairs, continuation lines joined, comments dropped."""
    out: list[tuple[str, str]] = []
    buf = ""
    for line in DOCKERFILE.read_text().splitlines():
        if not buf and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.rstrip().endswith("\\"):
            buf += line.rstrip()[:-1] + " "
            continue
        buf += line
        word, _, rest = buf.strip().partition(" ")
        out.append((word.upper(), rest.strip()))
        buf = ""
    return out


def test_dockerfile_is_clean_under_hadolint() -> None:
    hadolint = shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint")
    result = subprocess.run([hadolint, str(DOCKERFILE)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    instructions = dockerfile_instructions()
    users = [arg for ins, arg in instructions if ins == "USER"]
    assert users and not users[-1].startswith(("0", "root"))  # runs as non-root
    assert any(ins == "HEALTHCHECK" for ins, _ in instructions)
    assert any(ins == "VOLUME" and "/data" in arg for ins, arg in instructions)


@pytest.mark.slow
def test_the_images_install_migrate_and_serve_commands_work(tmp_path: Path) -> None:
    instructions = dockerfile_instructions()
    env_pairs: dict[str, str] = {}
    for ins, arg in instructions:
        if ins == "ENV":
            for item in shlex.split(arg):
                key, _, value = item.partition("=")
                env_pairs[key] = value
    app = tmp_path / "app"  # WORKDIR /app
    app.mkdir()
    for ins, arg in instructions:  # COPY src dst, relative to the build context
        if ins == "COPY":
            src, dst = arg.split()[:-1], arg.split()[-1]
            for s in src:
                target = app / (s if dst in ("./", ".") else dst)
                if (ROOT / s).is_dir():
                    shutil.copytree(
                        ROOT / s, target, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
                    )
                else:
                    shutil.copy(ROOT / s, target)
    site = tmp_path / "site"
    pip_runs = [arg for ins, arg in instructions if ins == "RUN" and "pip install" in arg]
    assert pip_runs == ["pip install --no-cache-dir ."]
    # the same install, into a target folder (dependencies come from the test venv)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-cache-dir",
            "--no-deps",
            "--target",
            str(site),
            ".",
        ],
        cwd=app,
        check=True,
    )
    port = free_port()
    data = tmp_path / "data"  # the volume
    data.mkdir()
    env = {
        **os.environ,
        **env_pairs,
        "DOMINO_HOST": "127.0.0.1",
        "DOMINO_PORT": str(port),
        "DOMINO_DATABASE_URL": env_pairs["DOMINO_DATABASE_URL"].replace("/data/", f"{data}/"),
        "DOMINO_WEB_DIR": str(app / "web"),
        "DOMINO_MIGRATIONS_DIR": str(app / "migrations"),
        "PYTHONPATH": str(site),
        "PATH": f"{site / 'bin'}{os.pathsep}{os.environ['PATH']}",
    }
    where = subprocess.run(
        [sys.executable, "-c", "import domino_server; print(domino_server.__file__)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert where.startswith(str(site)), "the installed copy is the one that runs"
    cmd = json.loads(next(arg for ins, arg in instructions if ins == "CMD"))
    assert cmd == ["domino", "serve"]
    proc = subprocess.Popen(
        [str(site / "bin" / cmd[0]), *cmd[1:]],
        env=env,
        cwd=app,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        give_up = time.monotonic() + 60  # bounded by time: a 503 answer comes back at once
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=1).status_code == 200:
                    break
            if proc.poll() is not None or time.monotonic() > give_up:
                pytest.fail("the served app did not become ready")
            time.sleep(0.1)
        created = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={"preset": "classic", "seats": 2, "goal": 50},
            timeout=10,
        )
        assert created.status_code == 201
        invite = httpx.get(created.json()["invite_url"].replace("localhost", "127.0.0.1"))
        assert invite.status_code == 200 and "<html" in invite.text.lower()
        health = next(arg for ins, arg in instructions if ins == "HEALTHCHECK")
        check = json.loads(health[health.index("CMD") + 3 :].strip())
        check = [part.replace(":8000/", f":{port}/") for part in check]
        assert subprocess.run(check, env=env).returncode == 0
        db = sqlite3.connect(data / "domino.sqlite3")
        assert db.execute("select version_num from alembic_version").fetchone() == ("0003_leases",)
        assert db.execute("select count(*) from tables").fetchone() == (1,)
    finally:
        proc.terminate()
        proc.wait(15)
