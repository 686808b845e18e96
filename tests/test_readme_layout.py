"""The README's Layout table names files that exist: every file or folder a row names
(in backticks) is found under that row's path, so a reader who follows it lands on code."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def layout_rows() -> list[tuple[str, list[str]]]:
    """Each row of the Layout table: the folder it is under (an indented row: the last
    folder row's), and the names it gives."""
    text = (ROOT / "README.md").read_text()
    table = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    rows: list[tuple[str, list[str]]] = []
    base = ""
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[0].startswith("`"):
            continue
        names = re.findall(r"`\s*([^`]+?)\s*`", cells[0]) + re.findall(r"`([^`\s]+)`", cells[1])
        if not cells[0].startswith("` "):
            base = names[0] if names[0].endswith("/") else ""
        rows.append((base, names))
    return rows


def looks_like_a_path(name: str) -> bool:
    return bool(re.fullmatch(r"[\w./*-]+", name)) and (
        name.endswith("/") or re.search(r"\.(py|md|js|cfg|yaml)$", name) is not None
    )


def found(base: str, name: str) -> bool:
    """Whether ``name`` is a path from the repository's root, or is found in the folder
    ``base`` (at any depth: a row names its files by their own names), never in what is
    installed there (node_modules)."""
    if (ROOT / name).exists():
        return True
    if not base:
        return False
    return any("node_modules" not in p.parts for p in (ROOT / base).rglob(name.rstrip("/")))


def test_every_file_the_layout_names_exists() -> None:
    rows = layout_rows()
    assert len(rows) > 10, "the Layout table was not found"
    missing = []
    for base, names in rows:
        for name in filter(looks_like_a_path, names):
            if not found(base, name):
                missing.append(f"{name} (under {base or '.'})")
    assert not missing, f"the README's Layout names what is not there: {missing}"
