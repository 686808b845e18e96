"""The hard player's bitmask playouts in fives (``bots/fives_playouts.py``) end every
round as the engine path does (``engine_playouts.play_out_each``, greedy), on the same luck."""

from __future__ import annotations

import random

import pytest

from domino_core.bots import choose_move, hard, knowledge_from
from domino_core.bots.candidates import engine_moves, representatives
from domino_core.bots.engine_playouts import play_out_each, rebuild
from domino_core.bots.fives_playouts import FivesPlayouts, supported
from domino_core.bots.sampling import Sampler
from domino_core.determinize import board_from_view

from .helpers import positions


def test_each_candidate_ends_its_round_as_the_engine_path_on_the_same_luck() -> None:
    checked = {2: 0, 3: 0, 4: 0}
    opening = spinner_late = 0
    rng = random.Random(5)
    for match, view in positions("fives", 900, seed=17):
        k = knowledge_from(view)
        searched = sorted(set(representatives(k)))
        if len(searched) >= 2 and supported(k):
            options = [k.legal[i] for i in searched]
            board = board_from_view(view)
            opening += board.center is None
            spinner_late += board.center is not None and not board.spinner
            fives = FivesPlayouts(k, view.rules, board, view.opener, options)
            sampler = Sampler(k)
            for _ in range(2):
                world = sampler.sample(rng)
                seed = rng.getrandbits(32)
                got = fives.values(world, seed)
                base = rebuild(k, world, board)
                want = play_out_each(
                    base, engine_moves(options), k.my_side, k.goal, fives=True, seed=seed
                )
                assert got == want, (view.rules.seats, view.log)
                checked[view.rules.seats] += 1
        match.push(choose_move(view, level="medium"))
    assert min(checked.values()) > 100, checked
    assert opening and spinner_late


def test_a_hard_search_in_fives_is_the_engine_paths_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the same budget the bitmask path picks what the engine path picks: the same
    worlds, the same luck, the same values."""
    compared = 0
    for match, view in positions("fives", 60, seed=23, seats=(2,)):
        k = knowledge_from(view)
        if len(set(representatives(k))) >= 2 and supported(k):
            fast = hard.evaluate(k, random.Random(3), playouts=300)
            with monkeypatch.context() as m:
                m.setattr(hard, "fives_supported", lambda k: False)
                slow = hard.evaluate(k, random.Random(3), playouts=300)
            assert fast == slow
            compared += 1
        match.push(choose_move(view, level="medium"))
    assert compared >= 10


def test_a_seeded_hard_choice_in_fives_is_repeatable_and_spends_the_fives_rate() -> None:
    for match, view in positions("fives", 40, seed=8, seats=(2,)):
        k = knowledge_from(view)
        if len(set(representatives(k))) >= 3 and supported(k) and view.boneyard > 6:
            a = choose_move(view, level="hard", seed=42, think_time=0.1)
            b = choose_move(view, level="hard", seed=42, think_time=0.1)
            assert a == b
            _, counts = hard.evaluate(k, random.Random(1), think_time=0.1, seeded=True)
            searched = len(set(representatives(k)))
            assert max(counts) >= int(0.1 * hard.FIVES_PLAYOUTS_PER_SECOND[2]) // searched
            assert max(counts) > int(0.1 * hard.PLAYOUTS_PER_SECOND) // searched * 2
            return
        match.push(choose_move(view, level="medium"))
    raise AssertionError("no position with three candidates")
