"""``make test`` (scripts/test.sh) cannot pass by accident: a missing dependency stops
it with the list of what is missing and the opt-out to use."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "test.sh"


def run(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """scripts/test.sh with a PATH that holds no node (only the basic tools)."""
    tools = tmp_path / "bin"
    tools.mkdir(exist_ok=True)
    for tool in (
        "bash",
        "ls",
        "sort",
        "tail",
        "cut",
        "tr",
        "paste",
        "sed",
        "id",
        "xargs",
        "dirname",
        "cat",
        "env",
    ):
        for where in ("/usr/bin", "/bin"):
            if (Path(where) / tool).exists() and not (tools / tool).exists():
                (tools / tool).symlink_to(Path(where) / tool)
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DOMINO_", "CHROMIUM"))}
    full = {**base, "PATH": str(tools), "DOMINO_TEST_NO_INSTALL": "1", **env}
    return subprocess.run(
        ["bash", str(SCRIPT), "--collect-only"], env=full, capture_output=True, text=True
    )


def test_missing_node_and_chromium_fail_the_run_and_name_the_opt_out(tmp_path: Path) -> None:
    result = run(tmp_path, CHROMIUM_PATH=str(tmp_path / "no-chromium"))
    assert result.returncode == 1
    assert "missing:" in result.stderr
    assert "node" in result.stderr and "Chromium" in result.stderr
    assert "DOMINO_TEST_SKIP=" in result.stderr
    opt_out = result.stderr.split("DOMINO_TEST_SKIP=")[1].split()[0]
    assert {"browser", "js"} <= set(opt_out.split(","))
    assert "== pytest" not in result.stdout


def test_an_unknown_opt_out_name_is_refused(tmp_path: Path) -> None:
    result = run(tmp_path, DOMINO_TEST_SKIP="browsers")
    assert result.returncode == 2
    assert "unknown name 'browsers'" in result.stderr
