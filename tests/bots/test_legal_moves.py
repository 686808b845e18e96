"""Every bot returns a legal move, in thousands of positions of every preset and seat count."""

from __future__ import annotations

import random

import pytest

from domino_core.bots import LEVELS, choose_move

from .helpers import ALL_PRESETS, positions


@pytest.mark.parametrize("preset", ALL_PRESETS)
@pytest.mark.parametrize("level", ["rabisco", "nino"])
def test_quick_bots_only_play_legal_moves(preset: str, level: str) -> None:
    rng = random.Random(7)
    checked = 0
    for i, (match, view) in enumerate(positions(preset, 2000, seed=11)):
        legal = match.legal_moves()
        move = choose_move(view, level=level, seed=i)
        assert move in legal, f"{level} chose {move} in {preset}; legal: {legal}"
        checked += 1
        # Half the time the bot's move is played, half the time a random one: varied positions.
        match.push(move if rng.random() < 0.5 else rng.choice(legal))
    assert checked == 2000


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_hard_bot_only_plays_legal_moves(preset: str) -> None:
    rng = random.Random(3)
    for i, (match, view) in enumerate(positions(preset, 250, seed=5)):
        legal = match.legal_moves()
        move = choose_move(view, level="voquelonia", seed=i, playouts=16)
        assert move in legal, f"hard chose {move} in {preset}; legal: {legal}"
        match.push(move if rng.random() < 0.5 else rng.choice(legal))


def test_levels_and_english_names() -> None:
    match, view = next(positions("classic", 1, seed=1))
    assert LEVELS == ("rabisco", "nino", "voquelonia")
    for name in ("easy", "medium", "hard"):
        assert choose_move(view, level=name, seed=1, playouts=8) in match.legal_moves()
    with pytest.raises(ValueError, match="unknown bot level"):
        choose_move(view, level="grandmaster")


def test_a_view_off_turn_is_refused() -> None:
    from domino_core import view_for

    match, _ = next(positions("classic", 1, seed=2))
    other = (match.turn + 1) % match.rules.seats  # type: ignore[operator]
    with pytest.raises(ValueError, match="not this seat's turn"):
        choose_move(view_for(match, other), level="nino")


def test_every_level_plays_the_same_move_from_the_view_json_as_from_the_view() -> None:
    rng = random.Random(5)
    seen = 0
    for i, (match, view) in enumerate(positions("fives", 60, seed=3, seats=(2, 4))):
        if len(view.legal) > 1 and seen < 4:
            seen += 1
            for level in LEVELS:
                a = choose_move(view, level=level, seed=i, playouts=40)
                b = choose_move(view.to_dict(), level=level, seed=i, playouts=40)
                assert a == b and a in match.legal_moves()
        match.push(rng.choice(match.legal_moves()))
    assert seen == 4


def test_the_hard_search_itself_asks_for_a_view_object() -> None:
    from domino_core.bots import hard
    from domino_core.bots.knowledge import knowledge_from

    for match, view in positions("classic", 40, seed=3):
        if len(view.legal) > 1:
            break
        match.push(match.legal_moves()[0])
    with pytest.raises(TypeError, match="View"):
        hard.choose(knowledge_from(view.to_dict()), random.Random(1), playouts=8)
