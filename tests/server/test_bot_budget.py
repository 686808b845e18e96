"""The bot pool under load (issue 11 point 6): the hard bot's budget shrinks as hard
requests queue up, so that a burst drains in about one budget; answers come from worker
processes (the real pool, two workers)."""

from __future__ import annotations

import asyncio

import pytest

from domino_core import Match, Rules, view_for
from domino_server.bots import HANDOFF, MIN_SHARE, BotPool


def test_the_hard_budget_shrinks_with_the_queue_and_never_below_its_floor() -> None:
    pool = BotPool(2, 1.0)
    try:
        assert pool.budget("nino") is None  # only the hard bot thinks for a budget
        assert pool.budget("voquelonia") == 1.0
        pool.hard = 4  # 4 hard requests on 2 workers: each gets half
        assert pool.budget("voquelonia") == 0.5
        pool.hard = 2  # a full budget each, but asked 1.2 s ago: only what is left of
        # twice the budget (minus the hand-off)
        assert pool.budget("voquelonia", asked=10.0, now=11.2) == pytest.approx(0.65)
        assert pytest.approx(2.0 - HANDOFF - 1.2) == 0.65
        pool.hard = 10_000
        assert pool.budget("voquelonia") == MIN_SHARE
    finally:
        pool.close()


async def test_a_burst_of_hard_moves_is_answered_within_twice_the_budget() -> None:
    pool = BotPool(2, 0.2)
    try:
        await pool.warm_up()
        m = Match(Rules.from_preset("fives", seats=4), seed=5)
        view = view_for(m, m.turn)
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        moves = await asyncio.gather(*(pool.choose(view, "voquelonia") for _ in range(8)))
        took = loop.time() - t0
        legal = {str(x) for x in m.legal_moves()}
        assert set(moves) <= legal
        assert pool.waiting == 0 and pool.hard == 0 and len(pool.answers) == 8
        given = [b for _, _, b in pool.answers]
        assert all(b is not None and b <= 0.2 for b in given) and min(b or 1 for b in given) < 0.2
        assert took < 2 * 0.2 + 1.0, took  # the burst drained in about one budget
    finally:
        pool.close()
