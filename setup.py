"""Build hook: the wheel carries the web client, the Alembic migrations and their config.

``web/``, ``migrations/`` and ``alembic.ini`` live at the repository root (where a checkout
serves them from); a built wheel copies them into ``domino_server/_bundle/`` so that an
installed ``domino serve`` finds them (see :mod:`domino_server.core.paths`). Editable
installs keep using the checkout's folders. Everything else is in ``pyproject.toml``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED = ("web", "migrations", "alembic.ini")


class BuildPyWithBundle(build_py):
    """``build_py`` that also copies :data:`BUNDLED` into ``domino_server/_bundle``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "domino_server" / "_bundle"
        for name in BUNDLED:
            source = ROOT / name
            if not source.exists():
                raise SystemExit(f"cannot build the wheel: {source} is missing")
            if source.is_dir():
                shutil.rmtree(target / name, ignore_errors=True)  # no stale file of an older build
                shutil.copytree(
                    source,
                    target / name,
                    dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules"),
                )
            else:
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / name)


setup(cmdclass={"build_py": BuildPyWithBundle})
