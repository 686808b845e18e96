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

Prints moves per second, p50/p99 round trip (command sent → its ``accepted``), the
echo's round trips per second and latency, the ratio, CPU used by the server and by
this client, the server's memory per live table (resident set growth while the tables
are loaded, divided by their number), and the commands rejected (0 unless a bug).

It also prints the floor: the least game work a move needs (``benchmarks/move_floor.py``, run
in this process once the servers are stopped) added to the relay's server CPU per move,
and the share of the echo that even a design with nothing else could reach.

Figures (2026-11-30, quiet machine, SQLite; see docs/BENCHMARKS.md for every run):

    python benchmarks/server.py --tables 500 --seconds 20
      echo   27,163 round trips/s   p50  16 ms   p99  36 ms   36 µs server CPU per round trip
      moves   2,416 moves/s         p50 187 ms   p99 270 ms   8.9% of the echo (target 30%)
      server CPU per move 416 µs, client CPU per move 187 µs
      bytes per move: 1,060 to the mover, 1,344 to the other seat
      relay (the same traffic, no game) 13,477/s = 49.6% of the echo, 71 µs server CPU
      floor: least game work per move with today's code 96 µs (command 2, move 6, views
      46, patches 34, durable row 6, hand-off 2) + the transport 71 µs (relay) = 167 µs of
      server CPU: with nothing else at all, at most 22% of the echo; 30% allows 121 µs
      memory 105 KiB per live table (two sockets each)
    python benchmarks/server.py --tables 500 --seconds 20 --think 2 --skip-echo   (human pace)
      moves     250 moves/s         p50 1.9–2.1 ms   p99 12–20 ms (runs on two days)

Flat out, every table keeps one move in flight, so latency is simply tables / moves per
second (Little's law): p99 < 50 ms at 500 tables would take > 10,000 moves/s. At a human
pace the same 500 tables are answered in about a millisecond.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import uvloop
import websockets
from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from domino_server.tables.views import apply_patch

sys.path.insert(0, str(Path(__file__).parent))
from move_floor import least_work

FRAME = {"type": "play", "id": "c123456", "tile": "6-4", "end": "L"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int:
    """Resident set size of ``pid`` in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds used so far by ``pid`` (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def echo_app() -> Any:
    """A plain FastAPI websocket that parses each JSON frame and sends it back."""
    app = FastAPI()

    @app.websocket("/echo")
    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                msg = json.loads(await ws.receive_text())
                await ws.send_text(json.dumps(msg))

    @app.websocket("/relay/{table}/{seat}/{seats}")
    async def relay(ws: WebSocket, table: str, seat: int, seats: int) -> None:
        """The game's socket traffic without the game: each frame received is answered,
        like a move, with one message to every seat of its table, of the sizes the game
        sent per move (the frame says them), the sender's carrying the ``accepted``."""
        await ws.accept()
        socks = relay_tables.setdefault(table, [None] * seats)
        socks[seat] = ws
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                cmd = json.loads(await ws.receive_text())
                turn = (seat + 1) % seats
                for other in socks:
                    if other is not None and other is not ws:
                        body = {"type": "event", "turn": turn, "pad": "x" * cmd["other"]}
                        await other.send_text(json.dumps(body))
                event = {"type": "event", "turn": turn, "pad": "x" * cmd["mover"]}
                await ws.send_text(json.dumps([event, {"type": "accepted", "id": cmd["id"]}]))

    relay_tables: dict[str, list[WebSocket | None]] = {}
    return app


def start(cmd: list[str], env: dict[str, str], url: str) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    for _ in range(300):
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=1).status_code < 500:
                return proc
        if proc.poll() is not None:
            raise SystemExit(f"{cmd} exited with {proc.returncode}")
        time.sleep(0.1)
    raise SystemExit(f"{cmd} did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(p / 100 * len(s)))]


class Window:
    """The measured window of one run, shared by its simulated clients: they connect,
    wait for :attr:`started`, and stop at :meth:`loop_deadline`."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.stop_at = float("inf")

    def loop_deadline(self) -> float:
        """The end of the window on the running loop's clock."""
        loop = asyncio.get_running_loop()
        return loop.time() + (self.stop_at - time.perf_counter())

    async def measure(
        self, tasks: list[asyncio.Task[None]], seconds: float, server_pid: int, settle: float
    ) -> tuple[float, float, float]:
        """Let the clients connect for ``settle`` seconds, open the window for ``seconds``,
        wait for every client; the elapsed time and the CPU (seconds per second) used by
        the server and by this client meanwhile."""
        await asyncio.sleep(settle)
        t_start = time.perf_counter()
        self.stop_at = t_start + seconds
        cpu0, me0 = cpu_seconds(server_pid), time.process_time()
        self.started.set()
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - t_start
        server_cpu = (cpu_seconds(server_pid) - cpu0) / elapsed
        client_cpu = (time.process_time() - me0) / elapsed
        return elapsed, server_cpu, client_cpu


async def run_echo(
    port: int, conns: int, seconds: float, server_pid: int
) -> tuple[float, list[float], float, float]:
    """Round trips per second, their latencies, and the CPU (seconds per second) used by
    the echo server and by this client while measuring."""
    lat: list[float] = []
    count = 0
    window = Window()

    async def one() -> None:
        nonlocal count
        async with websockets.connect(f"ws://127.0.0.1:{port}/echo") as ws:
            await window.started.wait()
            text = json.dumps(FRAME)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(window.loop_deadline()):
                    while True:
                        t0 = time.perf_counter()
                        await ws.send(text)
                        json.loads(await ws.recv())  # as the game's ``accepted``
                        lat.append(time.perf_counter() - t0)
                        count += 1

    tasks = [asyncio.create_task(one()) for _ in range(conns)]
    elapsed, server_cpu, client_cpu = await window.measure(
        tasks, seconds, server_pid, settle=min(5.0, 0.01 * conns)
    )
    return count / elapsed, lat, server_cpu, client_cpu


async def run_relay(
    port: int, tables: int, seats: int, seconds: float, sizes: tuple[int, int], server_pid: int
) -> tuple[float, list[float], float, float]:
    """The transport floor: ``tables`` groups of ``seats`` sockets pass the turn round as the
    game does, each "move" answered with messages of the game's sizes (``sizes``: bytes to
    the mover, bytes to each other seat). Returns what :func:`run_echo` returns."""
    lat: list[float] = []
    count = 0
    window = Window()

    async def seat_loop(table: int, seat: int) -> None:
        nonlocal count
        url = f"ws://127.0.0.1:{port}/relay/t{table}/{seat}/{seats}"
        async with websockets.connect(url, max_size=2**22) as ws:
            await window.started.wait()
            n = 0
            sent = 0.0

            async def move() -> None:
                nonlocal n, sent
                n += 1
                sent = time.perf_counter()
                cmd = {"type": "play", "tile": "3-5", "end": 0, "id": f"c{n}"}
                await ws.send(json.dumps({**cmd, "mover": sizes[0], "other": sizes[1]}))

            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(window.loop_deadline()):
                    if seat == 0:
                        await move()
                    while True:
                        msg = json.loads(await ws.recv())
                        if isinstance(msg, list):  # the answer to this seat's move
                            lat.append(time.perf_counter() - sent)
                            count += 1
                        elif msg["turn"] == seat:
                            await move()

    tasks = [asyncio.create_task(seat_loop(t, s)) for t in range(tables) for s in range(seats)]
    elapsed, server_cpu, client_cpu = await window.measure(
        tasks, seconds, server_pid, settle=min(5.0, 0.01 * tables * seats)
    )
    return count / elapsed, lat, server_cpu, client_cpu


class Seat:
    def __init__(self, ws: Any, seat: int) -> None:
        self.ws = ws
        self.seat = seat
        self.view: dict[str, Any] | None = None
        self.n = 0


async def run_game(
    port: int,
    tables: int,
    seats: int,
    seconds: float,
    server_pid: int,
    think: float = 0.0,
    pace: str = "correspondence",
) -> dict[str, Any]:
    http = f"http://127.0.0.1:{port}"
    lat: list[float] = []
    moves = 0
    refused = 0
    done_tables = 0
    bytes_mover = bytes_all = 0  # received while measuring: by the seat that moved, by all
    async with httpx.AsyncClient(timeout=60) as client:
        rss0 = rss_kib(server_pid)

        async def make_table() -> list[Seat]:
            r = await client.post(
                f"{http}/api/tables",
                json={
                    "preset": "block",
                    "seats": seats,
                    "goal": 300,
                    "pace": pace,
                    "name": "P0",
                },
            )
            created = r.json()
            tid = created["table_id"]
            tokens = [(created["seat"], created["token"])]
            for i in range(1, seats):
                j = await client.post(f"{http}/api/tables/{tid}/join", json={"name": f"P{i}"})
                tokens.append((j.json()["seat"], j.json()["token"]))
            out = []
            for i, tok in tokens:
                ws = await websockets.connect(
                    f"ws://127.0.0.1:{port}/ws/tables/{tid}?token={tok}&view=patch",
                    max_size=2**22,
                )
                out.append(Seat(ws, i))
            return out

        sem = asyncio.Semaphore(20)
        rng = random.Random(1)

        async def guarded() -> list[Seat]:
            async with sem:
                return await make_table()

        all_tables = await asyncio.gather(*(guarded() for _ in range(tables)))
        await asyncio.sleep(1.0)
        rss1 = rss_kib(server_pid)
        stop_at = t_measure = float("inf")
        go = asyncio.Event()

        async def seat_loop(seat: Seat, first: bool) -> None:
            nonlocal moves, refused, done_tables, bytes_mover, bytes_all
            pending: dict[str, tuple[float, bool]] = {}

            async def send(cmd: dict[str, Any]) -> None:
                seat.n += 1
                cid = f"c{seat.n}"
                pending[cid] = (time.perf_counter(), cmd["type"] in ("play", "draw", "pass"))
                await seat.ws.send(json.dumps({**cmd, "id": cid}))

            def take(f: dict[str, Any]) -> None:
                """Note one frame: the view (whole, or a patch of ours), or an answer."""
                nonlocal moves, refused
                kind = f["type"]
                if kind == "event":
                    if f.get("patch") is not None and seat.view is not None:
                        seat.view = apply_patch(seat.view, f["patch"])
                    elif f["view"] is not None:
                        seat.view = f["view"]
                elif kind in ("accepted", "rejected"):
                    sent = pending.pop(f["id"], None)
                    refused += kind == "rejected"
                    # only moves count, after the warm-up (every table's start)
                    if sent is not None and kind == "accepted" and sent[1] and sent[0] >= t_measure:
                        lat.append(time.perf_counter() - sent[0])
                        moves += 1
                elif kind == "snapshot":
                    seat.view = f["view"]

            await go.wait()
            if first:
                await send({"type": "start"})
            loop = asyncio.get_running_loop()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(loop.time() + (stop_at - time.perf_counter())):
                    while True:
                        raw = await seat.ws.recv()
                        counted = moves
                        # a message is one frame, or an array of frames ready together
                        frames = json.loads(raw)
                        for f in frames if isinstance(frames, list) else [frames]:
                            take(f)
                        if time.perf_counter() >= t_measure:
                            bytes_all += len(raw)
                            bytes_mover += len(raw) if moves > counted else 0
                        v = seat.view
                        if v is None or pending:
                            continue
                        if v["over"]:
                            done_tables += 1
                            break
                        if v["round_over"]:
                            if v["seat"] == 0:
                                await send({"type": "next_round"})
                        elif v["turn"] == v["seat"] and v["legal"]:
                            if think:
                                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                            m = v["legal"][0]
                            cmd = (
                                {"type": "play", "tile": m["tile"], "end": m["end"]}
                                if m["type"] == "play"
                                else {"type": m["type"]}
                            )
                            await send(cmd)

        tasks = [
            asyncio.create_task(seat_loop(s, i == 0)) for t in all_tables for i, s in enumerate(t)
        ]
        warmup = 2.0 + think
        t_start = time.perf_counter()
        t_measure = t_start + warmup
        stop_at = t_measure + seconds
        go.set()
        await asyncio.sleep(warmup)
        cpu0, me0 = cpu_seconds(server_pid), time.process_time()
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - t_measure
        server_cpu = (cpu_seconds(server_pid) - cpu0) / elapsed
        client_cpu = (time.process_time() - me0) / elapsed
        for t in all_tables:
            for s in t:
                with contextlib.suppress(Exception):
                    await s.ws.close()
    return {
        "moves_per_s": moves / elapsed,
        "server_cpu": server_cpu,
        "client_cpu": client_cpu,
        "lat": lat,
        "rss_per_table_kib": (rss1 - rss0) / tables,
        "tables_finished": done_tables,
        "rejected": refused,
        # mean bytes per move sent to the mover and to each other seat
        "sizes": (
            bytes_mover // max(moves, 1),
            (bytes_all - bytes_mover) // max(moves * (seats - 1), 1),
        ),
    }


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
        "DOMINO_CREATE_BURST": "100000",
        "DOMINO_OUTBOUND_QUEUE": "4096",
    }
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
    )
    echo = start(
        [sys.executable, __file__, "--echo-server", str(eport)],
        env,
        f"http://127.0.0.1:{eport}/docs",
    )
    try:
        echo_rate, echo_lat, echo_cpu, echo_client = (
            (float("nan"), [], float("nan"), float("nan"))
            if args.skip_echo
            else uvloop.run(run_echo(eport, args.tables, args.seconds, echo.pid))
        )
        res = uvloop.run(
            run_game(gport, args.tables, args.seats, args.seconds, game.pid, args.think, args.pace)
        )
        relay_rate, relay_lat, relay_cpu, relay_client = (
            (float("nan"), [], float("nan"), float("nan"))
            if args.skip_echo or args.think
            else uvloop.run(
                run_relay(eport, args.tables, args.seats, args.seconds, res["sizes"], echo.pid)
            )
        )
    finally:
        stop(game)
        stop(echo)
    lat = res["lat"]
    print(
        f"tables: {args.tables} x {args.seats} human seats, {args.seconds:.0f} s each, "
        f"database {db.split(':')[0]}"
    )
    print(
        f"echo : {echo_rate:9.0f} round trips/s   p50 {pct(echo_lat, 50) * 1e3:6.2f} ms   "
        f"p99 {pct(echo_lat, 99) * 1e3:6.2f} ms"
    )
    mean = statistics.fmean(lat) * 1e3 if lat else 0.0
    print(
        f"moves: {res['moves_per_s']:9.0f} moves/s         p50 {pct(lat, 50) * 1e3:6.2f} ms   "
        f"p99 {pct(lat, 99) * 1e3:6.2f} ms   (mean {mean:.2f} ms)"
    )
    print(
        f"cpu  : server {res['server_cpu'] * 100:.0f}% of a core, "
        f"clients {res['client_cpu'] * 100:.0f}%, "
        f"server CPU per move {res['server_cpu'] / max(res['moves_per_s'], 1e-9) * 1e6:.0f} µs, "
        f"client CPU per move {res['client_cpu'] / max(res['moves_per_s'], 1e-9) * 1e6:.0f} µs"
    )
    print(
        f"echo : server {echo_cpu * 100:.0f}% of a core, clients {echo_client * 100:.0f}%, "
        f"server CPU per round trip {echo_cpu / echo_rate * 1e6:.0f} µs, "
        f"client CPU per round trip {echo_client / echo_rate * 1e6:.0f} µs"
    )
    print(
        f"relay: {relay_rate:9.0f} moves/s         p50 {pct(relay_lat, 50) * 1e3:6.2f} ms   "
        f"p99 {pct(relay_lat, 99) * 1e3:6.2f} ms   the same socket traffic without the game "
        f"({res['sizes'][0]} B to the mover, {res['sizes'][1]} B to each other seat per move), "
        f"{relay_cpu / relay_rate * 1e6:.0f} µs server CPU, "
        f"{relay_client / relay_rate * 1e6:.0f} µs client CPU per move"
    )
    print(
        f"ratio: {res['moves_per_s'] / echo_rate * 100:.1f}% of the echo "
        f"(the transport alone, relay: {relay_rate / echo_rate * 100:.1f}%)"
    )
    if not (args.skip_echo or args.think):
        floor = least_work(args.seats)  # in this process, the servers stopped
        relay_us = relay_cpu / relay_rate * 1e6
        echo_us = echo_cpu / echo_rate * 1e6
        least = floor["total"] + relay_us
        steps = ", ".join(f"{k} {v:.0f}" for k, v in floor.items() if k != "total")
        print(
            f"floor: least game work per move with today's code {floor['total']:.0f} µs "
            f"({steps}; benchmarks/move_floor.py) + the transport {relay_us:.0f} µs (relay) = "
            f"{least:.0f} µs of server CPU: with nothing else at all, at most "
            f"{echo_us / least * 100:.0f}% of the echo ({echo_us:.0f} µs per round trip); "
            f"30% allows {echo_us / 0.3:.0f} µs"
        )
        need = args.tables / 0.05
        print(
            f"p99  : under 50 ms with {args.tables} tables flat out needs more than "
            f"{need:,.0f} moves/s (Little's law: one move in flight per table), "
            f"{need / echo_rate * 100:.0f}% of the echo"
        )
    print(f"memory: {res['rss_per_table_kib']:.1f} KiB per live table (server RSS growth)")
    print(
        f"matches finished during the run: {res['tables_finished']}, "
        f"commands rejected: {res['rejected']} (should be 0)"
    )


if __name__ == "__main__":
    main()
