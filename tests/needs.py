"""What a test needs from the machine (Chromium, PostgreSQL, node, HAProxy) and the
documented way to go without: ``DOMINO_TEST_SKIP`` (comma separated, any of
``browser,postgres,js,cluster``). A test whose dependency is missing FAILS, saying what
is missing, unless its name is in ``DOMINO_TEST_SKIP``; then it is skipped, and says so.
``scripts/test.sh`` installs (as root) or finds everything and sets the variables."""

from __future__ import annotations

import os

import pytest

#: The names ``DOMINO_TEST_SKIP`` may list.
KNOWN = ("browser", "postgres", "js", "cluster")


def skipped() -> set[str]:
    """The dependencies the user opted out of by ``DOMINO_TEST_SKIP``."""
    raw = os.environ.get("DOMINO_TEST_SKIP", "")
    return {part.strip() for part in raw.split(",") if part.strip()}


def need(name: str, missing: str | None) -> None:
    """Go on when ``missing`` is None (the dependency ``name`` is here); else skip the
    test if ``name`` is opted out, or fail it with ``missing`` and how to opt out."""
    assert name in KNOWN, name
    if missing is None:
        return
    if name in skipped():
        pytest.skip(f"{name} skipped by DOMINO_TEST_SKIP ({missing})")
    pytest.fail(
        f"{missing}. Run `make test` (scripts/test.sh finds or installs it), or opt out "
        f"with DOMINO_TEST_SKIP={name}",
        pytrace=False,
    )
