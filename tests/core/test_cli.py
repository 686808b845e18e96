"""The ``domino`` command: ``replay`` exit codes and output, ``serve``/``arena`` passthrough."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from domino_core.cli import main

RECORDS = Path(__file__).resolve().parent.parent / "data" / "records"


def test_replay_prints_the_expected_json_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(RECORDS / "fives-2.json")]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == json.loads((RECORDS / "fives-2.expected.json").read_text())
    assert err == ""


def test_replay_bad_record_one_line_on_stderr_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = json.loads((RECORDS / "classic-2.json").read_text())
    record["rounds"][0]["plays"][2] = "4-4 R"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "round 1, play 3: 4-4 does not fit the open ends 3 and 6\n"


def test_replay_invalid_json_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "domino-record/1", ')
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "not JSON" in err


def test_replay_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_replay_reads_standard_input(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO((RECORDS / "block-2.json").read_text()))
    assert main(["replay", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["over"] is True


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage: domino" in capsys.readouterr().err


def test_serve_and_arena_pass_every_argument_through(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, list[str]]] = []
    for name in ("domino_server.cli", "domino_core.arena"):
        fake = types.ModuleType(name)
        fake.main = lambda argv, _n=name: calls.append((_n, argv)) or 0  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, name, fake)
    assert main(["serve", "--host", "127.0.0.1", "--port", "8123", "--help"]) == 0
    assert main(["arena", "--bots", "nino,rabisco", "-n", "4"]) == 0
    assert calls == [("domino_server.cli", ["--host", "127.0.0.1", "--port", "8123", "--help"]),
                     ("domino_core.arena", ["--bots", "nino,rabisco", "-n", "4"])]


def test_console_script_and_core_import_no_server_code(tmp_path: Path) -> None:
    """The installed ``domino`` script works, and importing the CLI pulls in no server."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    probe = subprocess.run(
        [sys.executable, "-c",
         "import sys, domino_core, domino_core.cli, domino_core.record;"
         "print(sorted(m for m in sys.modules if m.split('.')[0] in "
         "('domino_server', 'fastapi', 'asyncio', 'sqlalchemy')))"],
        capture_output=True, text=True, env=env, check=True)
    assert probe.stdout.strip() == "[]"
    script = Path(sys.executable).with_name("domino")
    if not script.exists():
        pytest.skip("the domino console script is not installed (pip install -e .)")
    run = subprocess.run([str(script), "replay", str(RECORDS / "draw-3.json")],
                         capture_output=True, text=True)
    assert run.returncode == 0
    assert json.loads(run.stdout) == json.loads((RECORDS / "draw-3.expected.json").read_text())
