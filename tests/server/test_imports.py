"""No import circles in ``src/domino_server`` (issue 11 point 7): each module's imports of
other server modules, read from its source (leaving out those under ``TYPE_CHECKING``,
which never run), form a graph without cycles. ``from . import x`` imports the submodule
``x``; ``from .pkg import name`` imports the package (its ``__init__``) and, when ``name``
is a submodule, that too."""

from __future__ import annotations

import ast
from pathlib import Path

import domino_server

ROOT = Path(domino_server.__file__).parent
PKG = "domino_server"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, name: str) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []  # annotations only: never run
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if node.module:
                out.add(target)
            out.update(f"{target}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {t for t in out if t.startswith(PKG)}


def test_the_server_has_no_import_circles() -> None:
    files = {_module(p): p for p in ROOT.rglob("*.py")}
    graph = {
        name: {t for t in _imports(p, name) if t in files and t != name}
        for name, p in files.items()
    }
    seen: dict[str, int] = {}  # 1: on the current path, 2: done
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        seen[node] = 1
        for nxt in sorted(graph[node]):
            if seen.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in seen:
                visit(nxt, [*path, nxt])
        seen[node] = 2

    for name in sorted(graph):
        if name not in seen:
            visit(name, [name])
    assert cycles == []
