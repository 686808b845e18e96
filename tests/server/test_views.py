"""Each seat's view text, built with the shared parts encoded once, is exactly the JSON of
``view_for(match, seat).to_dict()`` at every point of whole matches (every preset, 2-4
seats, spectators, round ends and the match end)."""

from __future__ import annotations

import json
import random
from dataclasses import fields

import pytest

from domino_core import PRESETS, Match, Rules, View, view_for, views_for
from domino_server.tables.connection import dumps
from domino_server.tables.patches import FIELDS, Patcher, apply_patch
from domino_server.tables.views import ViewCache, view_texts


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_view_texts_are_each_seats_own_view(preset: str, seats: int) -> None:
    rng = random.Random(f"{preset}{seats}")
    goal = 6 if preset == "batida" else 50  # batida plays to 3..12 (RULES.md §6b)
    match = Match(Rules.from_preset(preset, seats=seats, goal=goal), seed=rng.randrange(10**6))
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


@pytest.mark.parametrize("together", [False, True], ids=["view_for", "views_for"])
@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seats", [2, 4])
def test_patches_rebuild_each_seats_view(preset: str, seats: int, together: bool) -> None:
    """Folding the patches a seat is sent, from its first whole view, gives exactly its
    view after every move, round end, next round and the match end; a patch holds only
    keys whose value changed, so during a round it is a fraction of the view. The same
    whether each seat's views come from calls of their own (``view_for``) or from one call
    for every seat (``views_for``, as the server makes them: the seats' patches then share
    what they have in common)."""
    rng = random.Random(f"patch{preset}{seats}")
    goal = 6 if preset == "batida" else 50  # batida plays to 3..12 (RULES.md §6b)
    match = Match(Rules.from_preset(preset, seats=seats, goal=goal), seed=rng.randrange(10**6))
    watchers: list[int | None] = [*range(seats), None]
    last = {s: view_for(match, s) for s in watchers}
    held = {s: json.loads(dumps(v.to_dict())) for s, v in last.items()}
    sizes: list[float] = []
    appended: set[str] = set()
    while not match.over:
        if match.round_over:
            match.start_next_round()
        else:
            match.push(rng.choice(match.legal_moves()))
        patcher = Patcher()  # one per event, shared by its seats
        made = views_for(match, watchers) if together else {}
        for seat in watchers:
            new = made[seat] if together else view_for(match, seat)
            text = patcher.patch_text(last[seat], new)
            patch = json.loads(text)
            appended.update(k for k in patch if k.endswith("_append"))
            whole = new.to_dict()
            replaced = [k for k in patch if not k.endswith("_append")]
            assert all(whole.get(k) != held[seat].get(k) for k in replaced)
            held[seat] = apply_patch(held[seat], patch)
            assert held[seat] == json.loads(dumps(whole))
            if not match.round_over:
                sizes.append(len(text) / len(dumps(whole)))
            last[seat] = new
    assert sizes and sum(sizes) / len(sizes) < 0.4
    # lists that only grow are extended, not sent whole (``rounds`` once a round has ended
    # and another has begun)
    assert "log_append" in appended
    assert "rounds_append" in appended or len(match.results) < 3


def test_patches_compare_every_field_of_a_view() -> None:
    """A field added to ``View`` but not to the patch's list would never be patched."""
    assert {attr for attr, _, _ in FIELDS} | {"log"} == {f.name for f in fields(View)}
    assert [key for _, key, _ in FIELDS] == [
        k for k in view_for(Match(Rules.from_preset("classic"), seed=1), 0).to_dict() if k != "log"
    ]
