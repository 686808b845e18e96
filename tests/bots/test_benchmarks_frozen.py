"""The frozen copy of Vó Quelônia and the frozen suite of ``benchmarks/bots.py`` (issue 15)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import random
import re
from collections.abc import Callable
from types import ModuleType

import pytest

from domino_core import Match, Rules, view_for


@pytest.fixture(scope="module")
def bench(load_benchmark: Callable[[str], ModuleType]) -> ModuleType:
    return load_benchmark("bots")  # puts benchmarks/ on sys.path


@pytest.fixture(scope="module")
def frozen(bench: ModuleType) -> ModuleType:
    return importlib.import_module("vendor.frozen_voquelonia")


def test_the_frozen_bot_runs_on_its_own_copy_not_on_the_live_bots(frozen: ModuleType) -> None:
    # a change to src/domino_core/bots/ must not move the bar: no frozen module uses a
    # function, class or module of domino_core.bots (the shared engine is fine)
    names = [m.name for m in pkgutil.iter_modules(frozen.__path__)]
    assert {"hard", "medium", "knowledge", "sampling", "determinize"} <= set(names)
    for name in names:
        module = importlib.import_module(f"vendor.frozen_voquelonia.{name}")
        for value in vars(module).values():
            where = value.__name__ if inspect.ismodule(value) else getattr(value, "__module__", "")
            if inspect.ismodule(value) or inspect.isfunction(value) or inspect.isclass(value):
                assert not str(where).startswith("domino_core.bots"), (name, where)
    assert len(frozen.COMMIT) == 40 or frozen.COMMIT == "unknown"


def test_the_frozen_bot_plays_legal_moves_the_same_for_a_seed(frozen: ModuleType) -> None:
    for preset, seats in (("classic", 2), ("fives", 2), ("classic", 4), ("batida", 4)):
        match = Match(Rules.from_preset(preset, seats=seats), seed=4)
        rng = random.Random(4)
        while not match.round_over:
            view = view_for(match, match.turn)
            move = frozen.choose_move(view, seed=9, playouts=60)
            assert move in view.legal_moves
            assert frozen.choose_move(view.to_dict(), seed=9, playouts=60) == move
            match.push(move if rng.random() < 0.5 else rng.choice(view.legal_moves))


def test_the_frozen_suite_plays_the_live_bot_against_the_frozen_one(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--suite", "frozen", "--configs", "classic-2,classic-4", "--matches", "2"]
    assert bench.main([*argv, "--think", "0.002", "--jobs", "1", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert "classic, 2 seats, goal 100: 2 matches" in text
    assert "classic, 4 seats teams, goal 100: 2 matches" in text
    for label in ("voquelonia@0.002", "frozen@0.002"):  # a table row each, 2 matches
        rows = re.findall(rf"^{label} +(\d+) +(\d+) ", text, flags=re.M)
        assert len(rows) == 2 and all(m == "2" and int(w) <= 2 for m, w in rows)
    assert "target >= 60% of the matches" in text
