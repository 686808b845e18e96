"""Ops: the Dockerfile is clean under hadolint, and the commands the image runs
(install, migrate and serve with its environment, the healthcheck) work outside docker."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from alembic.script import ScriptDirectory

from .harness import free_port
from .installs import fresh_venv, imported_from, serving

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


def build_context(into: Path) -> set[str]:
    """The files ``docker build .`` would send, by Docker's own ``.dockerignore`` rules
    (``docker.utils.build.exclude_paths``), copied into ``into``; their relative paths."""
    from docker.utils.build import exclude_paths

    patterns = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    kept = set(exclude_paths(str(ROOT), patterns, dockerfile="Dockerfile"))
    for rel in kept:
        source, target = ROOT / rel, into / rel
        if source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return kept


def test_every_copy_source_is_in_the_build_context(tmp_path: Path) -> None:
    kept = build_context(tmp_path / "context")
    for ins, arg in dockerfile_instructions():
        if ins == "COPY":
            for source in arg.split()[:-1]:
                assert source in kept, f"COPY {source}: .dockerignore leaves it out"
    assert not any(p.startswith((".venv", "tests/", "data/", ".git/")) for p in kept)


@pytest.mark.slow
def test_the_images_install_migrate_and_serve_commands_work(tmp_path: Path) -> None:
    """The Dockerfile's COPY and RUN steps, run from exactly its build context into a
    fresh venv; then its CMD with its ENV serves, migrates the volume and passes its
    HEALTHCHECK (on the port its ``DOMINO_PORT`` names, here not the default)."""
    context = tmp_path / "context"
    build_context(context)
    instructions = dockerfile_instructions()
    env_pairs: dict[str, str] = {}
    for ins, arg in instructions:
        if ins == "ENV":
            for item in shlex.split(arg):
                key, _, value = item.partition("=")
                env_pairs[key] = value
    app = tmp_path / "app"  # WORKDIR /app
    app.mkdir()
    bin_dir = fresh_venv(tmp_path / "venv")  # the image's python, with pip
    data = tmp_path / "data"  # the volume
    data.mkdir()
    base_env = {k: v for k, v in os.environ.items() if not k.startswith(("DOMINO_", "PYTHON"))}
    base_env["PATH"] = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"
    ran_install = False
    for ins, arg in instructions:
        if ins == "COPY":  # COPY src... dst, relative to the build context
            sources, dst = arg.split()[:-1], arg.split()[-1]
            for s in sources:
                target = app / (s if dst in ("./", ".") else dst)
                if (context / s).is_dir():
                    shutil.copytree(context / s, target)
                else:
                    shutil.copy(context / s, target)
        elif ins == "RUN" and "pip install" in arg:
            script = arg.replace("/app", str(app))
            subprocess.run(["sh", "-ec", script], cwd=app, env=base_env, check=True)
            ran_install = True
    assert ran_install
    port = free_port()
    env = {
        **base_env,
        **env_pairs,
        "DOMINO_HOST": "127.0.0.1",
        "DOMINO_PORT": str(port),
        "DOMINO_DATABASE_URL": env_pairs["DOMINO_DATABASE_URL"].replace("/data/", f"{data}/"),
    }
    where = imported_from(bin_dir, env, app)
    assert where.startswith(str(tmp_path / "venv")), "the installed copy is the one that runs"
    cmd = json.loads(next(arg for ins, arg in instructions if ins == "CMD"))
    assert cmd == ["domino", "serve"]
    base = f"http://127.0.0.1:{port}"
    with serving([str(bin_dir / cmd[0]), *cmd[1:]], env, app, tmp_path / "serve.log", base):
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
        check = [str(bin_dir / "python") if part == "python" else part for part in check]
        assert subprocess.run(check, env=env).returncode == 0
        db = sqlite3.connect(data / "domino.sqlite3")
        head = ScriptDirectory(str(ROOT / "migrations")).get_current_head()
        assert db.execute("select version_num from alembic_version").fetchone() == (head,)
        assert db.execute("select count(*) from tables").fetchone() == (1,)
        db.close()


def test_the_compose_cluster_sets_real_settings_and_sees_players_addresses() -> None:
    """deploy/compose.yaml: every ``DOMINO_*`` it sets is a setting the server reads (a
    misspelt one would be ignored without a word), the instances publish no port (only
    HAProxy reaches them) and trust its ``X-Forwarded-For``: else every player would
    share HAProxy's address, one creation limit for all and no ranking points."""
    import yaml

    from domino_server.core.config import Settings

    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    env = compose["x-domino"]["environment"]
    known = {f"DOMINO_{name.upper()}" for name in Settings.model_fields}
    assert {k for k in env if k.startswith("DOMINO_")} <= known
    assert env.get("FORWARDED_ALLOW_IPS"), "the instances ignore HAProxy's X-Forwarded-For"
    instances = [s for s in compose["services"].values() if s.get("build")]
    assert len(instances) >= 2 and not any("ports" in s for s in instances)
    assert "option forwardfor" in (ROOT / "deploy" / "haproxy.cfg").read_text()
