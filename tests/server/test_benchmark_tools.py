"""The diagnostics of issue 4 point 9 (``benchmarks/move_floor.py``, ``benchmarks/actor_path.py``):
tiny runs, so that the figures they print come from a working measurement."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import uvloop

from domino_server.store.db import migrate
from domino_server.tables import publisher


def test_floor_times_every_step_of_a_move(load_benchmark: Callable[[str], ModuleType]) -> None:
    floor = load_benchmark("move_floor")
    for seats in (2, 4):
        res = floor.least_work(seats, moves=200)
        steps = {k: v for k, v in res.items() if k != "total"}
        assert set(steps) == {"command", "move", "views", "patches", "durable row", "hand-off"}
        assert all(v > 0 for v in steps.values())
        assert abs(res["total"] - sum(steps.values())) < 1e-9


def test_actor_path_keeps_the_tables_playing_with_parts_switched_off(
    load_benchmark: Callable[[str], ModuleType], tmp_path: Path
) -> None:
    bench = load_benchmark("actor_path")
    summary_text = publisher.Publisher.summary_text
    body = publisher._Patches.body
    for i, parts in enumerate(((), ("db", "summary", "views"))):
        url = f"sqlite+aiosqlite:///{tmp_path}/bench{i}.sqlite3"
        migrate(url, bench.MIGRATIONS)
        res = uvloop.run(bench.run(url, 20, 0.5, "correspondence", parts))
        assert res["moves_per_s"] > 20, parts  # moves were played and answered
        assert res["server_us"] > 0
    # the switches are undone afterwards
    assert publisher.Publisher.summary_text is summary_text
    assert publisher._Patches.body is body
