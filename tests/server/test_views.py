"""Each seat's view text, built with the shared parts encoded once, is exactly the JSON of
``view_for(match, seat).to_dict()`` at every point of whole matches (every preset, 2-4
seats, spectators, round ends and the match end)."""

from __future__ import annotations

import random

import pytest

from domino_core import PRESETS, Match, Rules, view_for
from domino_server.tables.connection import dumps
from domino_server.tables.views import ViewCache, view_texts


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_view_texts_are_each_seats_own_view(preset: str, seats: int) -> None:
    rng = random.Random(f"{preset}{seats}")
    match = Match(Rules.from_preset(preset, seats=seats, goal=50), seed=rng.randrange(10**6))
    watchers: list[int | None] = [*range(seats), None]
    cache = ViewCache()  # one per table, as the actor keeps it
    checked = 0
    while not match.over and checked < 400:
        rng.shuffle(watchers)
        texts = view_texts(match, watchers, cache)
        assert set(texts) == set(watchers)
        for seat in watchers:
            assert texts[seat] == dumps(view_for(match, seat).to_dict())
        checked += 1
        if match.round_over:
            match.start_next_round()
        else:
            match.push(rng.choice(match.legal_moves()))
    assert match.over  # the walk reached the match end (and its final views)
    texts = view_texts(match, watchers, cache)
    for seat in watchers:
        assert texts[seat] == dumps(view_for(match, seat).to_dict())
