"""The hard player's bitmask playouts at two seats (``bots/line_playouts.py``) end every
round as the engine's own playout does, on the same luck."""

from __future__ import annotations

import random

from domino_core.bots import choose_move, hard, knowledge_from
from domino_core.bots.candidates import engine_moves, representatives
from domino_core.bots.engine_playouts import rebuild, value_of
from domino_core.bots.line_playouts import RANDOM_NUMBERS, LinePlayouts, supported
from domino_core.bots.sampling import Sampler
from domino_core.determinize import board_from_view
from domino_core.view import View

from .helpers import positions


class _Replay:
    """A stand-in for ``random.Random`` whose ``random()`` gives these numbers in order."""

    def __init__(self, numbers: list[float]) -> None:
        self.random = iter(numbers).__next__


def test_each_candidate_ends_its_round_as_the_engine_playout_on_the_same_luck() -> None:
    checked = 0
    for preset in ("classic", "draw", "block"):
        rng = random.Random(5)
        for match, view in positions(preset, 160, seed=11, seats=(2,)):
            k = knowledge_from(view)
            searched = sorted(set(representatives(k)))
            if len(searched) >= 2 and supported(k):
                options = [k.legal[i] for i in searched]
                board = board_from_view(view)
                line = LinePlayouts(k, view.rules, board, view.opener, options)
                sampler = Sampler(k)
                for _ in range(3):
                    world = sampler.sample(rng)
                    state = rng.getstate()
                    got = line.values(world, rng)
                    rng.setstate(state)
                    luck = [rng.random() for _ in range(RANDOM_NUMBERS)]
                    base = rebuild(k, world, board)
                    want = []
                    for move in engine_moves(options):
                        m = base.copy()
                        m.push(move)
                        m.playout(_Replay(luck))  # type: ignore[arg-type]
                        want.append(value_of(m, k.my_side, k.goal))
                    assert got == want, (preset, view.log)
                    checked += 1
            match.push(choose_move(view, level="medium"))
    assert checked > 300


def test_only_two_seats_on_a_line_by_pips_take_the_bitmask_path() -> None:
    seen: dict[tuple[str, int], bool] = {}
    for preset in ("classic", "fives", "caribbean", "batida"):
        for match, view in positions(preset, 30, seed=3):
            k = knowledge_from(view)
            if any(o.kind != "play" for o in k.legal):
                match.push(choose_move(view, level="medium"))
                continue
            key = (preset, view.rules.seats)
            seen[key] = seen.get(key, False) or supported(k)
            match.push(choose_move(view, level="medium"))
    assert seen[("classic", 2)]
    assert not any(v for (p, n), v in seen.items() if n != 2 or p in ("fives", "batida"))


def test_a_seeded_hard_choice_at_two_seats_is_repeatable_and_spends_the_line_rate() -> None:
    for match, view in positions("classic", 40, seed=8, seats=(2,)):
        k = knowledge_from(view)
        if len(set(representatives(k))) >= 3 and supported(k) and view.boneyard > 6:
            assert isinstance(k.source, View)
            a = choose_move(view, level="hard", seed=42, think_time=0.1)
            b = choose_move(view, level="hard", seed=42, think_time=0.1)
            assert a == b
            _, counts = hard.evaluate(k, random.Random(1), think_time=0.1, seeded=True)
            searched = len(set(representatives(k)))
            per_candidate = int(0.1 * hard.LINE_PLAYOUTS_PER_SECOND) // searched
            assert max(counts) >= per_candidate
            return
        match.push(choose_move(view, level="medium"))
    raise AssertionError("no position with three candidates")
