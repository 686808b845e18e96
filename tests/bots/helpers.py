"""Shared helpers of the bot tests: random positions from real matches."""

from __future__ import annotations

import random
from collections.abc import Iterator

from domino_core import PRESETS, Match, Rules, View, view_for

SEATS = (2, 3, 4)
ALL_PRESETS = tuple(PRESETS)


def rules_of(preset: str, seats: int, goal: int = 100) -> Rules:
    """The preset's rules at ``seats`` seats."""
    return Rules.from_preset(preset, seats=seats, goal=goal)


def positions(
    preset: str, count: int, seed: int, seats: tuple[int, ...] = SEATS
) -> Iterator[tuple[Match, View]]:
    """``count`` positions of ``preset`` from real matches, across the seat counts in turn.

    Each time, the view of the seat on turn is yielded with its match; the caller
    must push one move on the match (its bot's, or any legal one) before the next.
    """
    rng = random.Random(seed)
    made = 0
    game = 0
    while made < count:
        n = seats[game % len(seats)]
        goal = rng.choice((50, 100) if preset == "classic" else (50, 100, 150))
        match = Match(rules_of(preset, n, goal), seed=seed * 1000 + game)
        game += 1
        while not match.over and made < count:
            if match.round_over:
                match.start_next_round()
                continue
            seat = match.turn
            assert seat is not None
            yield match, view_for(match, seat)
            made += 1
