"""Server CPU per move on the table actors' path alone, with parts of it switched off.

    python benchmarks/actor_path.py [--tables 500] [--seconds 6] [--pace correspondence]

A diagnostic for issue 4, point 9 (what a move costs, and where). No sockets and no HTTP:
the real :class:`Registry`, table actors and store (a fresh SQLite file, group commit on
its writer thread) in one process, with :class:`Connection` objects whose queues the
simulated players drain directly. As over a socket, each command is validated into its
Pydantic model and handed to the actor; the actor answers after its events. Players pick
the first legal move from the match itself (they do not decode frames); the time they
spend choosing is measured and taken off. What stays in the figure besides the server's
own work is each player's task wake-up per frame it reads, a stand-in for the socket
writer task the server runs per connection.

Each line runs the same load with some parts replaced by nothing, to show their cost.
These switches break the server's guarantees and exist only here:

- ``db``: ``Store.write`` returns at once (nothing is stored, nothing is awaited);
- ``summary``: the ``table`` frame a new deadline sends every turn is a fixed stub;
- ``views``: no view or patch is made per move (each socket's frame holds ``{}``).

The socket traffic is measured by ``benchmarks/server.py`` (its relay); the least game
work by ``benchmarks/move_floor.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import uvloop

from domino_server.core.config import Settings
from domino_server.protocol import commands as c
from domino_server.store.db import make_engine, make_sqlite_writer, migrate
from domino_server.store.repo import Store, Write
from domino_server.table.state import TableState
from domino_server.tables import publisher
from domino_server.tables.actor import TableActor
from domino_server.tables.connection import Connection
from domino_server.tables.messages import Attach, Join
from domino_server.tables.registry import Registry
from domino_server.tables.tokens import hash_token, new_token

MIGRATIONS = str(Path(__file__).resolve().parent.parent / "migrations")

#: The lines printed: parts switched off in each.
RUNS: tuple[tuple[str, ...], ...] = (
    (),
    ("db",),
    ("summary",),
    ("views",),
    ("db", "summary", "views"),
)


@contextlib.contextmanager
def switched_off(parts: tuple[str, ...], store: Store) -> Any:
    """Replace ``parts`` of the server by nothing while the block runs."""
    saved: list[tuple[Any, str, Any]] = []

    def swap(owner: Any, name: str, value: Any) -> None:
        saved.append((owner, name, getattr(owner, name)))
        setattr(owner, name, value)

    if "db" in parts:
        real = store.write

        async def nothing(w: Write) -> None:
            if w.new_table is not None or w.new_seats:  # the tables themselves are stored
                await real(w)

        swap(store, "write", nothing)
    if "summary" in parts:

        def stub(
            self: publisher.Publisher, state: TableState, deadline: float | None, key: object
        ) -> str:
            self._deadline_sent = deadline
            return '{"type":"table","table":{}}'

        swap(publisher.Publisher, "summary_text", stub)
    if "views" in parts:

        def empty(self: publisher._Patches, conn: Connection) -> str:
            return '"patch":{}'

        swap(publisher._Patches, "body", empty)
    try:
        yield
    finally:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)


async def run(
    url: str, tables: int, seconds: float, pace: str, parts: tuple[str, ...]
) -> dict[str, float]:
    """Moves per second and the server's CPU µs per move with ``parts`` switched off, on
    the migrated database ``url``."""
    store = Store(make_engine(url), make_sqlite_writer(url))
    store.start()
    # no client seeds come from these sockets: deal at once (docs/RECORD.md §Fair deals)
    registry = Registry(store, Settings(database_url=url, client_seed_seconds=0), None)
    moves = 0
    player_time = 0.0
    stop = False
    go = asyncio.Event()  # set once every table is made

    async def player(actor: TableActor, conn: Connection, first: bool) -> None:
        nonlocal moves, player_time
        seat = conn.seat
        assert seat is not None
        n = 0
        pending: str | None = None
        is_move = False

        def submit(frame: dict[str, Any]) -> None:
            nonlocal n, pending, is_move
            n += 1
            pending = frame["id"] = f"c{n}"
            is_move = frame["type"] in ("play", "draw", "pass")
            actor.submit(seat, c.client_command_adapter.validate_python(frame), conn)

        await go.wait()
        if first:
            submit({"type": "start"})
        while not stop:
            text = await conn.queue.get()
            if text is None:
                return
            t0 = time.perf_counter()
            if pending is not None and f'"id":"{pending}"' in text:
                moves += is_move and text.startswith('{"type":"accepted"')
                pending = None
            m = actor.match
            chosen: dict[str, Any] | None = None
            if pending is None and conn.queue.empty() and m is not None and not m.over:
                if m.round_over:
                    if seat == 0:
                        chosen = {"type": "next_round"}
                elif m.turn == seat:
                    mv = m.legal_moves()[0]
                    chosen = (
                        {"type": "play", "tile": str(mv.tile), "end": mv.end}
                        if mv.kind == "play"
                        else {"type": str(mv.kind)}
                    )
            player_time += time.perf_counter() - t0
            if chosen is not None:
                submit(chosen)  # validation is the server's work, as over a socket

    with switched_off(parts, store):
        tasks = []
        for _ in range(tables):
            actor, _token = await registry.create(
                rules={"preset": "block", "seats": 2, "goal": 300},
                pace=pace,
                turn_seconds=None,
                bots=[None, None],
                partner=None,
                name="P0",
            )
            await actor.ask(None, Join("P1", hash_token(new_token())))
            for seat in (0, 1):
                conn = Connection(seat, 4096, patch=True)
                actor.tell(Attach(conn, None))
                tasks.append(asyncio.create_task(player(actor, conn, seat == 0)))
        go.set()
        await asyncio.sleep(min(1.0, 0.002 * tables))  # every table started
        m0, p0, cpu0, t0 = moves, player_time, time.process_time(), time.perf_counter()
        await asyncio.sleep(seconds)
        m1, p1, cpu1, t1 = moves, player_time, time.process_time(), time.perf_counter()
        stop = True
        for actor in list(registry.actors.values()):
            await actor.stop()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    await store.close()
    done = max(m1 - m0, 1)
    return {
        "moves_per_s": done / (t1 - t0),
        "server_us": ((cpu1 - cpu0) - (p1 - p0)) / done * 1e6,
        "player_us": (p1 - p0) / done * 1e6,
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, default=500)
    p.add_argument("--seconds", type=float, default=6.0)
    p.add_argument("--pace", choices=("correspondence", "live"), default="correspondence")
    args = p.parse_args(argv)
    os.environ.setdefault("DOMINO_LOG_LEVEL", "warning")
    print(f"{args.tables} two-seat tables in one process, no sockets, {args.pace} pace")
    for parts in RUNS:
        with tempfile.TemporaryDirectory(prefix="domino-actors-") as tmp:
            url = f"sqlite+aiosqlite:///{tmp}/bench.sqlite3"
            migrate(url, MIGRATIONS)
            res = uvloop.run(run(url, args.tables, args.seconds, args.pace, parts))
        label = "as shipped" if not parts else "without " + " + ".join(parts)
        print(
            f"  {label:32s} {res['moves_per_s']:7.0f} moves/s   server CPU "
            f"{res['server_us']:5.0f} µs per move   (players {res['player_us']:.0f} µs, taken off)"
        )


if __name__ == "__main__":
    main()
