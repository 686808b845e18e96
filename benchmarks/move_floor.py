"""The least game work a move needs with today's code, step by step (issue 4, point 9).

    python benchmarks/move_floor.py [--seats 2] [--moves 3000]

Plays random matches of the server benchmark's preset (block, to 300) and times, per move,
only the steps that a server holding to DESIGN.md and to issue 4 must take for it, each
alone and at its cheapest (the best of several passes over the same moves):

- command: the decoded frame validated into its Pydantic command (the protocol's models);
- move: ``Match.push`` (the referee, which also writes the public log and the record);
- views: ``views_for`` for every seat (issue 4 point 3: each seat's view comes from the
  core's view function);
- patches: each seat's patch from its previous view (``Patcher.patch_text``: what a
  socket reading patches is sent, and the least a seat can be told);
- durable row: one event row for the move in SQLite with the server's pragmas (WAL,
  ``synchronous=NORMAL``) through the raw ``sqlite3`` module, 100 rows per commit (the
  server writes one row per event, one to three per move, through SQLAlchemy);
- hand-off: one asyncio task wake-up through a queue on uvloop (the table actor's inbox).

Left out, so the sum is a floor and not an estimate: socket traffic (the server
benchmark measures it as its relay), JSON decoding and encoding of frames (the relay does
both), the durable write's completion, seq numbers, deadlines, the table summary, the
answers' bookkeeping, and the views and patches of round starts (moves only are timed).
The views and patches are this repository's own ``view_for`` and ``Patcher``: the floor
of today's code, which a faster view function would lower.

:func:`least_work` is also run by ``benchmarks/server.py``, which adds its relay's server
CPU per move to the sum.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvloop

from domino_core import Match, Move, Rules, views_for
from domino_server.protocol import commands as c
from domino_server.tables.patches import Patcher

#: Best of this many passes for each step.
PASSES = 5


def _positions(seats: int, moves: int, seed: int) -> list[tuple[Match, Move]]:
    """``moves`` positions before a random legal move, from random block matches to 300."""
    rng = random.Random(seed)
    rules = Rules.from_preset("block", seats=seats, goal=300)
    out: list[tuple[Match, Move]] = []
    while len(out) < moves:
        m = Match(rules, seed=rng.randrange(2**32))
        while not m.over and len(out) < moves:
            if m.round_over:
                m.start_next_round()
                continue
            mv = rng.choice(m.legal_moves())
            out.append((m.copy(), mv))
            m.push(mv)
    return out


def _best(run: Callable[[], object], n: int) -> float:
    """Least µs per item of ``run`` (``n`` items) over :data:`PASSES` passes."""
    best = float("inf")
    for _ in range(PASSES):
        t0 = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - t0)
    return best / n * 1e6


def _command_frame(mv: Move, i: int) -> dict[str, Any]:
    if mv.kind == "play":
        assert mv.tile is not None
        return {"type": "play", "id": f"c{i}", "tile": str(mv.tile), "end": mv.end}
    return {"type": str(mv.kind), "id": f"c{i}"}


def _hand_off(n: int) -> float:
    """µs per wake-up of a task waiting on an ``asyncio.Queue`` (uvloop), ``n`` times."""

    async def main() -> float:
        inbox: asyncio.Queue[int] = asyncio.Queue()
        done: asyncio.Queue[int] = asyncio.Queue()

        async def actor() -> None:
            while (i := await inbox.get()) >= 0:
                done.put_nowait(i)

        task = asyncio.get_running_loop().create_task(actor())
        t0 = time.perf_counter()
        for i in range(n):
            inbox.put_nowait(i)
            await done.get()
        elapsed = time.perf_counter() - t0
        inbox.put_nowait(-1)
        await task
        return elapsed / n * 1e6 / 2  # two wake-ups per round: the actor's and ours

    return min(uvloop.run(main()) for _ in range(PASSES))


def least_work(seats: int = 2, moves: int = 3000, seed: int = 2026) -> dict[str, float]:
    """µs per move of each step (see the module's text) and their ``total``."""
    pos = _positions(seats, moves, seed)
    n = len(pos)
    frames = [_command_frame(mv, i) for i, (_, mv) in enumerate(pos)]
    out: dict[str, float] = {}

    out["command"] = _best(lambda: [c.client_command_adapter.validate_python(f) for f in frames], n)

    everyone = range(seats)
    best = {"move": float("inf"), "views": float("inf"), "patches": float("inf")}
    for _ in range(PASSES):
        # each pass on fresh copies, with every seat's view before the move made (untimed),
        # as the server has them: the views a socket was last sent (one views_for call)
        pushed = [m.copy() for m, _ in pos]
        before = [list(views_for(m, everyone).values()) for m in pushed]
        t0 = time.perf_counter()
        for m, (_, mv) in zip(pushed, pos, strict=True):
            m.push(mv)
        t1 = time.perf_counter()
        after = [list(views_for(m, everyone).values()) for m in pushed]
        t2 = time.perf_counter()
        for olds, news in zip(before, after, strict=True):
            p = Patcher()
            for old, new in zip(olds, news, strict=True):
                p.patch_text(old, new)
        t3 = time.perf_counter()
        for key, spent in (("move", t1 - t0), ("views", t2 - t1), ("patches", t3 - t2)):
            best[key] = min(best[key], spent / n * 1e6)
    out.update(best)
    out["durable row"] = _durable_row(pos, pushed)
    out["hand-off"] = _hand_off(n)
    out["total"] = sum(out.values())
    return out


def _durable_row(pos: list[tuple[Match, Move]], pushed: list[Match]) -> float:
    """µs per move of storing its event row: raw ``sqlite3``, the server's pragmas and
    columns, a transaction per 100 rows."""
    payloads = [m.round.log[-1] if m.round.log else {} for m in pushed]
    with tempfile.TemporaryDirectory(prefix="domino-floor-") as tmp:
        db = sqlite3.connect(Path(tmp) / "floor.sqlite3", isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute(
            "CREATE TABLE events (table_id TEXT, seq INTEGER, kind TEXT, seat INTEGER, "
            "cmd_id TEXT, move TEXT, payload JSON, created_at REAL, "
            "PRIMARY KEY (table_id, seq))"
        )
        seq = [0]

        def store() -> None:
            rows: list[tuple[Any, ...]] = []
            for (_, mv), payload in zip(pos, payloads, strict=True):
                seq[0] += 1
                rows.append(
                    (f"t{seq[0] % 500}", seq[0], "move", 0, "c1", str(mv), json.dumps(payload),
                     time.time())
                )
                if len(rows) == 100:
                    commit(rows)
            if rows:
                commit(rows)

        def commit(rows: list[tuple[Any, ...]]) -> None:
            db.execute("BEGIN")
            db.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?,?)", rows)
            db.execute("COMMIT")
            rows.clear()

        spent = _best(store, len(pos))
        db.close()
    return spent


def _print(res: dict[str, float], seats: int) -> None:
    print(f"least game work per move, {seats} seats (µs, best of {PASSES} passes):")
    for k, v in res.items():
        print(f"  {k:12s} {v:6.1f}")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--seats", type=int, default=2, choices=(2, 3, 4))
    p.add_argument("--moves", type=int, default=3000)
    args = p.parse_args(argv)
    _print(least_work(args.seats, args.moves), args.seats)


if __name__ == "__main__":
    main()
