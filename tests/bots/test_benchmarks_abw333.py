"""The abw333 suite of ``benchmarks/bots.py`` (issue 15): our bot playing abw333/dominoes'
own game through a mirrored ``Match`` (``benchmarks/abw333_mirror.py``).

abw333/dominoes is not a dependency: these tests need its source tree in ``$ABW333_DIR``
(default ``/tmp/abw333``) and are skipped without it, except the one that checks the
suite says it is skipped.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from domino_core.arena import deal_stream
from domino_core.tiles import Tile

ABW333_DIR = os.environ.get("ABW333_DIR", "/tmp/abw333")


@pytest.fixture(scope="module")
def suite(load_benchmark: Callable[[str], ModuleType]) -> ModuleType:
    load_benchmark("bots")  # puts benchmarks/ on sys.path, for the suite's own imports
    return load_benchmark("bots_abw333")


@pytest.fixture(scope="module")
def mirrors(load_benchmark: Callable[[str], ModuleType]) -> ModuleType:
    return load_benchmark("abw333_mirror")


@pytest.fixture(scope="module")
def dominoes(mirrors: ModuleType) -> Any:
    module = mirrors.load_abw333(ABW333_DIR)
    if module is None:
        pytest.skip(f"abw333/dominoes not found in {ABW333_DIR} (set ABW333_DIR)")
    return module


def _tiles(hand: Any) -> set[Tile]:
    return {Tile.of(d.first, d.second) for d in hand}


def _check_view(mirror: Any, seat: int) -> None:
    """The view of ``seat`` holds its hand and what is public, and no other hand's tile."""
    game = mirror.game
    view = mirror.view(seat)
    assert set(view.hand) == _tiles(game.hands[seat])
    assert list(view.hand_counts) == [len(h) for h in game.hands]
    # past rounds: the hands each ended with, shown face up once it was over
    past = mirror.series.games[:-1]
    assert [[set(h) for h in r.hands] for r in view.rounds] == [
        [_tiles(h) for h in g.hands] for g in past
    ]
    public = view.to_dict()
    del public["hand"]
    del public["rounds"]
    text = json.dumps(public)
    for other in range(4):
        if other != seat:
            for t in _tiles(game.hands[other]):
                assert f"{t.high}-{t.low}" not in text and f"{t.low}-{t.high}" not in text
    played = [Tile.of(d.first, d.second) for d, _ in filter(None, game.moves)]
    assert list(view.played) == played
    # abw333's passes (None moves) are the view's, seat for seat
    seat_of, passes = game.starting_player, []
    for move in game.moves:
        if move is None:
            passes.append(seat_of)
        seat_of = (seat_of + 1) % 4
    assert [e["seat"] for e in view.log if e["type"] == "pass"] == passes
    if seat == game.turn:
        assert {lm.move.tile for lm in view.legal} == {
            Tile.of(d.first, d.second) for d, _ in game.valid_moves
        }


def test_each_seat_sees_exactly_what_it_may_through_a_whole_match(
    mirrors: ModuleType, dominoes: Any
) -> None:
    rng = random.Random(3)
    for deal_no in range(3):
        mirror = mirrors.Mirror(dominoes, deal_stream(mirrors.RULES, 11, deal_no))
        rounds = 0
        while True:
            game = mirror.game
            while game.result is None:
                for seat in range(4):
                    _check_view(mirror, seat)
                if game.turn % 2:  # one team picks among abw333's moves, the other among ours
                    domino, left = rng.choice(game.valid_moves)
                else:
                    view = mirror.view(game.turn)
                    domino, left = mirror.to_abw333(rng.choice(view.legal).move)
                mirror.play(domino, left)
            rounds += 1
            if not mirror.next_round():
                break
            assert mirror.match.scores == mirror.series.scores
            assert mirror.match.round.opener == mirror.game.starting_player
        assert mirror.series.is_over() and mirror.match.over
        assert mirror.match.winner == (0 if mirror.series.scores[0] >= 100 else 1)
        assert len(mirror.match.results) == rounds == len(mirror.series.games)


@pytest.mark.parametrize("player", ["bota_gorda", "probabilistic_alphabeta"])
def test_a_tiny_run_finishes_and_counts_every_match_and_round(
    suite: ModuleType, dominoes: Any, player: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # probabilistic_alphabeta kept cheap: 2 worlds, exact search only from move 18
    out = suite.abw333(ABW333_DIR, player, 2, 18, 0.002, 2, 5, 1)
    assert out is not None and len(out) == 4  # 2 deal sets x 2 seatings
    for o in out:
        assert o.rounds and all(r in (0.0, 0.5, 1.0) for r in o.rounds)
        assert o.moves[0] > 0 and o.moves[1] > 0 and o.cpu[0] > 0
    text = capsys.readouterr().out
    rounds = sum(len(o.rounds) for o in out)
    assert f"2 deal sets x 2 seatings, {rounds} rounds" in text
    assert "matches won" in text and "of 4" in text and "CPU ms/move" in text


def test_without_abw333_the_suite_is_skipped_with_a_word(
    suite: ModuleType, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    assert suite.abw333(str(tmp_path), "bota_gorda", 30, 6, 0.01, 1, 1, 1) is None
    assert suite.abw333(None, "bota_gorda", 30, 6, 0.01, 1, 1, 1) is None
    assert capsys.readouterr().out.count("abw333 suite skipped") == 2
