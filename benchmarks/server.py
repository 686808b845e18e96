"""Server throughput: simulated players on loopback against a real ``domino serve``.

    python benchmarks/server.py [--tables 500] [--seats 2] [--seconds 20] [--think 0]
                                [--database-url URL]

Starts the game server and a plain FastAPI websocket JSON echo server (the ceiling),
each in its own process, and drives both from this process, on the same uvloop loop
and in the same way (one timeout per connection, small frames decoded with ``json``):

- echo: one connection per simulated table sends a move-sized JSON frame and waits
  for it to come back, as fast as it can;
- game: ``--tables`` bot-free tables with humans on every seat (correspondence pace, no
  timers, or ``--pace live``); whoever is on turn sends the first legal move and waits for
  its ``accepted``. The players read their views as the web client does: as patches
  (``view=patch``: a whole view first, then what changed in it), decoding every message.

The parts live in ``benchmarks/serverload/`` (processes, transport, players, report).

Prints moves per second, p50/p99 round trip (command sent → its ``accepted``), the
echo's round trips per second and latency, the ratio, CPU used by the server and by
this client, the server's memory per live table (resident set growth while the tables
are loaded, divided by their number) and per socket (one more socket per table), the
game's server CPU per move against the relay's, at ``--think`` how many such tables one
core holds, and the commands rejected (0 unless a bug).

It also prints the floor: the least game work a move needs (``benchmarks/move_floor.py``, run
in this process once the servers are stopped) added to the relay's server CPU per move,
and the share of the echo that even a design with nothing else could reach.

Figures (2026-12-05, a slow window of this shared 2-core machine, SQLite; see
docs/BENCHMARKS.md for every run, PostgreSQL too; compare ratios within one run):

    python benchmarks/server.py --tables 500 --seconds 15
      echo   20,799 round trips/s   p50  20 ms   p99  48 ms
      game   515 µs server CPU per move = 5.2x the relay's 99 µs (target at most 3x)
      relay  (the same traffic, no game) 9,721 moves/s, 46.7% of the echo
      memory 110 KiB per live table with its two sockets, 44 KiB per socket
    python benchmarks/server.py --tables 2000 --seconds 20 --think 2 --skip-echo   (human pace)
      991 moves/s   p50 16 ms   p99 38 ms   674 µs server CPU per move (460 µs in a fast
      window, 2026-12-03); one core's CPU serves about 3,000 such tables

Flat out, every table keeps one move in flight, so latency is simply tables / moves per
second (Little's law): p99 < 50 ms at 500 tables would take > 10,000 moves/s. At a human
pace the same 500 tables are answered in about a millisecond.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from functools import partial
from pathlib import Path

import uvloop

sys.path.insert(0, str(Path(__file__).parent))
from move_floor import least_work
from serverload.bot_tables import hard_bot_tables
from serverload.players import run_game
from serverload.procs import free_port, start, stop
from serverload.report import report
from serverload.transport import echo_app, run_echo, run_relay


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, default=500)
    p.add_argument("--seats", type=int, default=2, choices=(2, 3, 4))
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a player waits before each move (0: as fast as possible); "
        "with a pace, the latency shows how a loaded server answers real players",
    )
    p.add_argument(
        "--pace",
        choices=("correspondence", "live"),
        default="correspondence",
        help="table pace: correspondence (an absence deadline moves every turn, so each move "
        "also sends a table frame to every seat) or live without a turn timer",
    )
    p.add_argument(
        "--hard-bots",
        type=int,
        default=0,
        help="also keep this many tables whose hard bot thinks all the time (a person who "
        "moves at once against Vó Quelônia, fives): the people's latency under a busy bot "
        "pool, and the bots' answer times (issue 11 point 6)",
    )
    p.add_argument("--skip-echo", action="store_true", help="measure the game server only")
    p.add_argument("--database-url", default=None, help="default: a fresh SQLite file")
    p.add_argument("--echo-server", type=int, default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.echo_server:
        import uvicorn

        uvicorn.run(
            echo_app(),
            host="127.0.0.1",
            port=args.echo_server,
            log_level="warning",
            ws_per_message_deflate=False,
        )
        return

    tmp = tempfile.mkdtemp(prefix="domino-bench-")
    db = args.database_url or f"sqlite+aiosqlite:///{tmp}/bench.sqlite3"
    env = {
        **os.environ,
        "DOMINO_LOG_LEVEL": "warning",
        "DOMINO_RATE_PER_SECOND": "100000",
        "DOMINO_RATE_BURST": "100000",
        "DOMINO_OUTBOUND_QUEUE": "4096",
        "DOMINO_CREATE_PER_MINUTE": "1000000",
        "DOMINO_CREATE_BURST": "1000000",
    }
    if args.hard_bots:
        env["DOMINO_BOT_DELAY_SECONDS"] = "0"  # the bots' answers as fast as they come
    gport, eport = free_port(), free_port()
    game = start(
        [
            sys.executable,
            "-m",
            "domino_server.cli",
            "--host",
            "127.0.0.1",
            "--port",
            str(gport),
            "--database-url",
            db,
        ],
        env,
        f"http://127.0.0.1:{gport}/readyz",
        Path(tmp) / "server.log",
    )
    echo = start(
        [sys.executable, __file__, "--echo-server", str(eport)],
        env,
        f"http://127.0.0.1:{eport}/docs",
    )
    try:
        echo_res = (
            (float("nan"), [], float("nan"), float("nan"))
            if args.skip_echo
            else uvloop.run(run_echo(eport, args.tables, args.seconds, echo.pid))
        )
        beside = (
            None if not args.hard_bots
            else partial(hard_bot_tables, gport, args.hard_bots)
        )
        res = uvloop.run(
            run_game(gport, args.tables, args.seats, args.seconds, game.pid, args.think,
                     args.pace, beside)
        )
        relay = (
            (float("nan"), [], float("nan"), float("nan"))
            if args.skip_echo
            else uvloop.run(
                run_relay(eport, args.tables, args.seats, args.seconds, res["sizes"], echo.pid)
            )
        )
    finally:
        stop(game)
        stop(echo)
    flat_out = not (args.skip_echo or args.think)
    floor = least_work(args.seats) if flat_out else None  # in this process, servers stopped
    report(args, db, res, echo_res, relay, floor)


if __name__ == "__main__":
    main()
