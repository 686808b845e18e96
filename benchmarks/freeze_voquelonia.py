"""Freeze today's Vó Quelônia into ``benchmarks/vendor/frozen_voquelonia/`` (issue 15).

The frozen copy is the bar a later hard bot is measured against (``benchmarks/bots.py
--suite frozen``): the modules of ``src/domino_core/bots/`` the hard level runs on, and
``domino_core/determinize.py`` (its worlds), copied with their imports of each other made
relative; the engine itself (``Match``, ``Board``, ``Rules``...) stays shared. Refresh it,
when the bar should move, with

    python benchmarks/freeze_voquelonia.py

which copies the modules again, records the last commit that changed them in ``_source.py`` and
sorts the imports with ruff. ``__init__.py`` (the entry point) is kept as it is.
"""

from __future__ import annotations

import datetime
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "src" / "domino_core"
TARGET = Path(__file__).resolve().parent / "vendor" / "frozen_voquelonia"
#: What the hard level imports from bots/ (all but easy.py and the package's __init__).
BOT_MODULES = (
    "batida_choice", "batida_playout", "batida_race", "batida_reading", "batida_search",
    "hard", "inference", "knowledge", "medium", "playout", "sampling",
)
CORE_MODULES = ("determinize",)


def frozen_text(text: str, core: bool) -> str:
    """A module's source with its bot imports made relative (``core``: a module of
    ``domino_core`` itself, whose own relative imports then name ``domino_core``)."""
    if core:
        text = re.sub(r"^from \.(\w+) import", r"from domino_core.\1 import", text, flags=re.M)
        for name in CORE_MODULES:
            text = text.replace(f"from domino_core.{name} import", f"from .{name} import")
        return text
    text = text.replace("from domino_core.bots import ", "from . import ")
    text = re.sub(r"^(\s*)from domino_core\.bots\.(\w+) import", r"\1from .\2 import", text,
                  flags=re.M)
    for name in CORE_MODULES:
        text = text.replace(f"from domino_core.{name} import", f"from .{name} import")
    return text


def main() -> int:
    TARGET.mkdir(exist_ok=True)
    for name in BOT_MODULES:
        source = (CORE / "bots" / f"{name}.py").read_text()
        (TARGET / f"{name}.py").write_text(frozen_text(source, core=False))
    for name in CORE_MODULES:
        (TARGET / f"{name}.py").write_text(frozen_text((CORE / f"{name}.py").read_text(), True))
    # the last commit that changed what is copied (its modules may be edited since: see
    # ``git status``), which stays the same however the branch is merged
    sources = ["src/domino_core/bots", *(f"src/domino_core/{n}.py" for n in CORE_MODULES)]
    commit = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%H", "--", *sources],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    today = datetime.date.today().isoformat()
    (TARGET / "_source.py").write_text(
        '"""Where the frozen copy comes from (written by ``freeze_voquelonia.py``)."""\n\n'
        f'COMMIT = "{commit}"\nFROZEN_ON = "{today}"\n'
    )
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    subprocess.run([ruff, "check", "--quiet", "--fix", "--select", "I", str(TARGET)], check=False)
    print(f"froze {len(BOT_MODULES) + len(CORE_MODULES)} modules of {commit[:10]} into {TARGET}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
