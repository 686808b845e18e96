"""Helpers for the install tests: a fresh venv that borrows this run's third-party
packages (no download) and a ``pip`` in it, as a clean machine would have."""

from __future__ import annotations

import contextlib
import site
import subprocess
import sys
import venv
from collections.abc import Iterator
from pathlib import Path

from .harness import wait_ready


def fresh_venv(where: Path) -> Path:
    """A new venv at ``where``; its bin folder. Third-party packages come from this test
    run's environment by one ``.pth`` line (the checkout itself is not importable from
    it: the editable install's hook is not read from there); its ``pip`` is this run's
    pip acting on the new venv."""
    venv.create(where, with_pip=False)
    (lib,) = (where / "lib").glob("python3*/site-packages")
    deps = [p for p in site.getsitepackages() if Path(p).is_dir()]
    (lib / "test-deps.pth").write_text("\n".join(deps) + "\n")
    bin_dir = where / "bin"
    pip = bin_dir / "pip"
    pip.write_text(
        f'#!/bin/sh\nexec "{sys.executable}" -m pip --python "{bin_dir / "python"}" "$@"\n'
    )
    pip.chmod(0o755)
    return bin_dir


def imported_from(bin_dir: Path, env: dict[str, str], cwd: Path) -> str:
    """Where the venv of ``bin_dir`` imports ``domino_server`` from (in ``cwd``)."""
    return subprocess.run(
        [str(bin_dir / "python"), "-c", "import domino_server; print(domino_server.__file__)"],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@contextlib.contextmanager
def serving(
    cmd: list[str], env: dict[str, str], cwd: Path, log_path: Path, base: str
) -> Iterator[None]:
    """Run the server ``cmd`` in ``cwd`` until it is ready at ``base``; stop it after."""
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            cmd, env=env, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            wait_ready(proc, base, log_path)
            yield
        finally:
            proc.terminate()
            proc.wait(15)
