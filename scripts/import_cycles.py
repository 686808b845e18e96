"""Print the import circles between the modules of a package; exit 1 if there is one.

Every ``import`` and ``from ... import`` counts, at module level, inside a function or
under ``if TYPE_CHECKING:`` (an import deferred or kept for types is still a knot). A
package's submodules run its ``__init__`` anyway, so an edge from a submodule to its own
package is ignored.

    python scripts/import_cycles.py src/domino_core [src/domino_server ...]
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def graph(root: Path) -> dict[str, set[str]]:
    """Module → the modules of the same package it imports."""
    modules = {_module_name(root, p): p for p in root.rglob("*.py")}
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        is_pkg = path.name == "__init__.py"
        base = name.split(".") if is_pkg else name.split(".")[:-1]
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                pkg = base[: len(base) - node.level + 1] if node.level else []
                mod = ".".join(pkg + ([node.module] if node.module else []))
                targets = [mod] + [f"{mod}.{a.name}" for a in node.names]
            for t in targets:
                if t in modules and t != name and not name.startswith(t + "."):
                    edges[name].add(t)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main(argv: list[str]) -> int:
    """Check each package directory in ``argv``; print every circle found."""
    found = 0
    for arg in argv or ["src/domino_core"]:
        for comp in cycles(graph(Path(arg).resolve())):
            found += 1
            print(f"import circle: {' <-> '.join(comp)}")
    if not found:
        print("no import circles")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
