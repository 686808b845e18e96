"""The race model the hard player values a round's end by foretells who wins the match
(issue 15: it plays for the match), measured as ``benchmarks/race_fit.py`` does."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from domino_core import Rules
from domino_core.bots.points_race import ROUND_POINTS, race_points, win_chance


@pytest.fixture(scope="module")
def fit(load_benchmark: Callable[[str], ModuleType]) -> ModuleType:
    return load_benchmark("race_fit")


def test_the_race_at_two_seats_with_a_boneyard_is_as_wide_as_matches_are(
    fit: ModuleType,
) -> None:
    # In classic at two seats a hand that drew is worth many points, so a round can swing
    # a match: the width the bot uses foretells the winners of 120 Nino matches better
    # than the old single width and than half or twice its own.
    rules = Rules.from_preset("classic", seats=2, goal=100)
    samples = [s for seed in range(120) for s in fit.match_scores(rules, seed)]
    width = race_points(rules)
    loss = fit.log_loss(samples, 100, width)
    for other in (ROUND_POINTS, width / 2, width * 2):
        assert loss < fit.log_loss(samples, 100, other) - 0.005, other
    # and a side it calls the clear favourite does not win far less often than it says
    sure = [float(side == w) for s, w in samples for side in (0, 1)
            if win_chance(s, 100, side, width) > 0.85]
    assert len(sure) > 20 and sum(sure) / len(sure) > 0.75


def test_each_preset_and_seat_count_has_its_width() -> None:
    widths = {(p, n): race_points(Rules.from_preset(p, seats=n, goal=100))
              for p in ("classic", "draw", "block", "fives", "caribbean") for n in (2, 3, 4)}
    assert widths[("fives", 2)] == ROUND_POINTS  # fives scores as it goes: as before
    assert widths[("classic", 2)] > 2 * widths[("fives", 2)]
    # the batida preset scored by pips plays like block
    batida = Rules.from_preset("batida", seats=2, goal=100, scoring="pips")
    assert race_points(batida) == widths[("block", 2)]
