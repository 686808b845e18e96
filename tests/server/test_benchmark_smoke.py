"""Smoke tests of the soak, flood and server benchmarks: they run against a real server and
print their figures (the figures themselves are in docs/BENCHMARKS.md, not asserted)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.mark.slow
def test_soak_prints_memory_over_time(
    load_benchmark: Callable[[str], ModuleType],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # its helpers module, serving.py
    soak = load_benchmark("soak")
    soak.main(["--tables", "4", "--minutes", "0.35", "--every", "6", "--warmup", "0",
               "--human-delay", "0.05", "--bot-delay", "0.05"])  # fmt: skip
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if re.match(r"\s+\d+\.\d+\s+\d+", line)]
    assert len(rows) >= 3, out
    assert all(int(r[1]) > 10 for r in rows), out  # the server's RSS in MiB
    assert int(rows[-1][3]) >= 1 and int(rows[-1][4]) > 0, out  # live tables, moves
    judged = r"verdict: (FLAT|GROWING)[^:]*: server RSS slope [-+]\d+\.\d+ MiB/min"
    assert re.search(judged, out), out


@pytest.mark.slow
def test_flood_prints_the_other_tables_answers_against_the_budget(
    load_benchmark: Callable[[str], ModuleType],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    flood = load_benchmark("flood")
    flood.main(["--tables", "15", "--answers", "2", "--bot-delay", "0.1", "--think", "0.1"])
    out = capsys.readouterr().out
    assert re.search(r"flood: 10 tables of 3 hard bots created and started, 5 refused", out), out
    assert re.search(r"under flood: 2 answers, median [\d.]+ s", out), out
    assert "target: every answer within 2x budget" in out


def test_the_soak_verdict_tells_a_rise_that_follows_the_tables_from_a_leak(
    load_benchmark: Callable[[str], ModuleType], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    verdict = load_benchmark("soak").verdict
    flat = [(m, 100.0, 50.0, 4) for m in range(6)]
    # 2 MiB per extra table held and nothing else: the rise follows the tables.
    held = [4 + m + m % 2 for m in range(6)]  # more and more tables, not in a straight line
    follows = [(m, 100.0 + 2 * held[m], 50.0, held[m]) for m in range(6)]
    leak = [(m, 100.0 + 5 * m, 50.0, 4) for m in range(6)]
    assert verdict(flat, 0, 1).startswith("verdict: FLAT: server RSS slope +0.00 MiB/min")
    assert verdict(follows, 0, 1).startswith("verdict: FLAT at a constant number of tables")
    assert verdict(leak, 0, 1).startswith("verdict: GROWING: server RSS slope +5.00 MiB/min")
    assert verdict(flat[:1], 0, 1).startswith("verdict: not judged")


@pytest.mark.slow
def test_the_server_benchmark_times_people_beside_hard_bots_always_thinking(
    load_benchmark: Callable[[str], ModuleType],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # its package serverload/
    server = load_benchmark("server")
    server.main(["--tables", "4", "--seconds", "3", "--think", "0.2", "--skip-echo",
                 "--hard-bots", "2"])  # fmt: skip
    out = capsys.readouterr().out
    moves = re.search(r"moves:\s+(\d+) moves/s\s+p50\s+[\d.]+ ms\s+p99\s+[\d.]+ ms", out)
    assert moves and int(moves[1]) > 0, out
    bots = re.search(r"bots : 2 hard bots thinking all the time beside them: (\d+) answers, "
                     r"p50 [\d.]+ s, p99 [\d.]+ s", out)
    assert bots and int(bots[1]) > 0, out
    assert "commands rejected: 0" in out, out
