"""Where the web client and the Alembic migrations are: in a built wheel they come as
package data (``domino_server/_bundle/``, put there by ``setup.py``); in a checkout
(or an editable install) they are the repository's ``web/`` and ``migrations/``."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
BUNDLE = PACKAGE / "_bundle"
CHECKOUT = PACKAGE.parents[1]  # src/domino_server -> the repository root


def shipped(name: str) -> Path | None:
    """The bundled copy of ``name`` (``web``, ``migrations``, ``alembic.ini``), else the
    checkout's, else None."""
    for base in (BUNDLE, CHECKOUT):
        candidate = base / name
        if candidate.exists():
            return candidate
    return None


def default_web_dir() -> str:
    """The web client folder this install ships, or ``""`` (then ``/`` is not served)."""
    found = shipped("web")
    return str(found) if found is not None and found.is_dir() else ""


def default_migrations_dir() -> str:
    """The Alembic migrations folder this install ships (a path even when missing, so
    that the error names where it looked)."""
    found = shipped("migrations")
    return str(found if found is not None else BUNDLE / "migrations")
