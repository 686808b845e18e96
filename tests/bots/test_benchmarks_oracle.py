"""The oracle suite of ``benchmarks/bots.py`` (issue 3 point 5): a tiny smoke run.

The suite judges the bots' picks by the value of each move in the TRUE match (every
hidden hand known); these tests check that those values mean what they claim and
that a run prints its table, reproducibly for a seed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from types import ModuleType

import pytest

from domino_core import Match, Rules, view_for
from domino_core.bots import choose_move
from domino_core.bots.knowledge import knowledge_from


@pytest.fixture(scope="module")
def bench(load_benchmark: Callable[[str], ModuleType]) -> ModuleType:
    return load_benchmark("bots")


def test_a_play_that_wins_the_match_is_the_oracles_best_at_full_value(bench: ModuleType) -> None:
    # Fives to 50: near the end, a play scoring what the side still needs wins on the spot.
    found = 0
    for game in range(200):
        match = Match(Rules.from_preset("fives", seats=2, goal=50), seed=game)
        while not match.over:
            if match.round_over:
                match.start_next_round()
                continue
            view = view_for(match, match.turn)
            k = knowledge_from(view)
            need = k.goal - k.scores[k.my_side]
            wins = [i for i, o in enumerate(k.legal) if o.kind == "play" and o.points >= need]
            if wins and len(wins) < len(k.legal):
                values, errors = bench.oracle_values(view, match, random.Random(game), 40)
                assert all(values[i] == 1.0 for i in wins)
                assert max(values) == 1.0
                assert all(0.0 <= v <= 1.0 for v in values) and all(e >= 0 for e in errors)
                found += 1
                break
            match.push(choose_move(view, level="nino"))
        if found == 3:
            return
    pytest.fail("no position with a match-winning play among other moves in 200 matches")


def test_posterior_worlds_give_the_seat_exactly_its_view_with_other_hidden_hands(
    bench: ModuleType,
) -> None:
    for preset, seats in (("classic", 2), ("fives", 2), ("classic", 4)):
        deep = [p for p in bench.true_positions(preset, seats, 12, 5) if len(p.moves) >= 3]
        assert deep
        pos = deep[0]
        sampler = bench.PosteriorSampler(pos)
        rng = random.Random(1)
        worlds = []
        while len(worlds) < 4 and sampler.tries < 3000:
            world = sampler.sample(rng)
            if world is not None:
                worlds.append(world)
        assert len(worlds) == 4, (preset, seats)
        mover = pos.view.seat
        for world in worlds:
            assert view_for(world, mover).to_dict() == pos.view.to_dict()
        others = [s for s in range(seats) if s != mover]
        truth = [sorted(pos.match.hand(s)) for s in others]
        assert any([sorted(w.hand(s)) for s in others] != truth for w in worlds)


def test_the_suite_prints_every_player_and_the_paired_differences_reproducibly(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench, "ORACLE_TIMES", (0.001, 0.005, 0.02))
    argv = ["--suite", "oracle", "--configs", "classic-2", "--positions", "3"]
    argv += ["--oracle-playouts", "20", "--worlds", "3", "--world-playouts", "5"]
    argv += ["--jobs", "1", "--seed", "7"]
    assert bench.main(argv) == 0
    first = capsys.readouterr().out
    for label in ("hard 0.001 s", "hard 0.02 s", "Nino (medium)", "Rabisco (easy)"):
        assert label in first
    assert "classic, 2 seats" in first and "3 positions" in first
    assert "TRUE-WORLD oracle" in first and "POSTERIOR oracle" in first
    assert first.count("hard 0.001 s - hard 0.005 s") == 2
    assert first.count("hard 0.005 s - hard 0.02 s") == 2
    assert bench.main(argv) == 0
    second = capsys.readouterr().out

    def untimed(text: str) -> str:
        return re.sub(r"\(\d+ s\)", "", text)

    assert untimed(first) == untimed(second)
