"""The arena: duplicate pairing, reproducibility, the printed table."""

from __future__ import annotations

import pytest

from domino_core import Rules
from domino_core.arena import BotSpec, main, rotations, run, tally, tasks_for, wilson


def test_each_deal_set_is_played_in_every_seating_with_the_same_deals() -> None:
    rules = Rules.from_preset("classic", seats=2, goal=50)
    lineup = [BotSpec.parse("nino"), BotSpec.parse("rabisco")]
    outcomes = run(tasks_for(rules, lineup, 6, seed=9, keep_records=True), jobs=1, progress=False)
    assert len(outcomes) == 6
    by_deal: dict[int, list] = {}
    for o in outcomes:
        by_deal.setdefault(o.deal_no, []).append(o)
    assert sorted(by_deal) == [0, 1, 2]
    for pair in by_deal.values():
        first, second = sorted(pair, key=lambda o: o.rotation)
        assert first.labels == ("nino", "rabisco") and second.labels == ("rabisco", "nino")
        assert first.record is not None and second.record is not None
        shared = min(len(first.record["rounds"]), len(second.record["rounds"]))
        for r in range(shared):  # the same deal, round by round, whoever sits where
            assert first.record["rounds"][r]["hands"] == second.record["rounds"][r]["hands"]
            assert first.record["rounds"][r]["boneyard"] == second.record["rounds"][r]["boneyard"]
    stats = tally(rules, outcomes)
    assert stats["nino"].matches == stats["rabisco"].matches == 6
    assert stats["nino"].wins + stats["rabisco"].wins == 6


def test_teams_swap_sides_and_three_seats_rotate_three_ways() -> None:
    nino, rab = BotSpec.parse("nino"), BotSpec.parse("easy")
    assert rotations([nino, rab, nino, rab]) == [(nino, rab, nino, rab), (rab, nino, rab, nino)]
    assert len(rotations([nino, rab, rab])) == 3


def test_results_are_reproducible_and_independent_of_processes() -> None:
    rules = Rules.from_preset("fives", seats=2, goal=50)
    lineup = [BotSpec.parse("voquelonia#40"), BotSpec.parse("nino")]
    tasks = tasks_for(rules, lineup, 4, seed=3)
    one = run(tasks, jobs=1, progress=False)
    two = run(tasks, jobs=2, progress=False)
    key = [(o.deal_no, o.rotation, o.winner, o.scores, o.rounds, o.moves) for o in one]
    assert key == [(o.deal_no, o.rotation, o.winner, o.scores, o.rounds, o.moves) for o in two]


def test_wilson_interval() -> None:
    lo, hi = wilson(60, 100)
    assert lo == pytest.approx(0.502, abs=1e-3) and hi == pytest.approx(0.691, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_main_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["--bots", "medium,easy", "--seats", "4", "--goal", "50", "--matches", "2", "--quiet"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "classic, 4 seats teams, goal 50: 2 matches" in out
    assert "95% CI" in out and "ms/move" in out
    assert "medium" in out and "easy" in out


def test_main_rejects_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--bots", "grandmaster,nino", "--quiet"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    rules = Rules.from_preset("block", seats=3, goal=50)
    lineup = [BotSpec.parse("nino"), BotSpec.parse("rabisco"), BotSpec.parse("rabisco")]
    run(tasks_for(rules, lineup, 3, seed=1), jobs=1, progress=True)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "3/3 matches" in captured.err and "[####" in captured.err


def test_domino_arena_command_runs_the_arena(capsys: pytest.CaptureFixture[str]) -> None:
    from domino_core.cli import main as domino

    assert (
        domino(
            [
                "arena",
                "--bots",
                "hard#20,nino",
                "--preset",
                "caribbean",
                "--seats",
                "4",
                "--goal",
                "50",
                "--matches",
                "2",
                "--quiet",
            ]
        )
        == 0
    )
    assert "caribbean, 4 seats teams, goal 50: 2 matches" in capsys.readouterr().out
