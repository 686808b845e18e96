"""Helpers for the install tests: a fresh venv that borrows this run's third-party
packages (no download) and a ``pip`` in it, as a clean machine would have."""

from __future__ import annotations

import site
import sys
import venv
from pathlib import Path


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
