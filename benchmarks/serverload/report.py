"""What ``benchmarks/server.py`` prints: one run's figures, and what follows from them."""

from __future__ import annotations

import statistics
from typing import Any

from .procs import pct


def report(
    args: Any,
    db: str,
    res: dict[str, Any],
    echo: tuple[float, list[float], float, float],
    relay: tuple[float, list[float], float, float],
    floor: dict[str, float] | None,
) -> None:
    """Print the run's figures (see the module text of ``benchmarks/server.py``)."""
    echo_rate, echo_lat, echo_cpu, echo_client = echo
    relay_rate, relay_lat, relay_cpu, relay_client = relay
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
    game_us = res["server_cpu"] / max(res["moves_per_s"], 1e-9) * 1e6
    relay_us = relay_cpu / relay_rate * 1e6 if relay_rate == relay_rate else float("nan")
    print(
        f"game : {game_us:.0f} µs server CPU per move = {game_us / relay_us:.1f}x the relay's "
        f"{relay_us:.0f} µs (target at most 3x)"
    )
    if floor is not None:
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
    per_socket = res["rss_per_socket_kib"]
    print(
        f"memory: {res['rss_per_table_kib']:.1f} KiB per live table with its {args.seats} "
        f"sockets, {per_socket:.1f} KiB per socket, so "
        f"{res['rss_per_table_kib'] - args.seats * per_socket:.1f} KiB per table alone "
        f"(server RSS growth)"
    )
    if args.think:
        # a table makes about one move per think time (its seats think in turn), so one
        # core's worth of CPU serves 1 s / (CPU per move) moves per second
        per_core = 1e6 / max(game_us, 1e-9) * args.think
        print(
            f"pace : {args.tables} tables at a {args.think:g} s think: {game_us:.0f} µs per "
            f"move, p99 {pct(res['lat'], 99) * 1e3:.1f} ms; one core's CPU serves about "
            f"{per_core:,.0f} such tables (CPU alone: check p99 < 50 ms at that count)"
        )
    if res.get("beside") is not None:
        answers = res["beside"]
        print(
            f"bots : {args.hard_bots} hard bots thinking all the time beside them: "
            f"{len(answers)} answers, p50 {pct(answers, 50):.2f} s, p99 {pct(answers, 99):.2f} s, "
            f"max {max(answers, default=float('nan')):.2f} s (the pool's full budget is "
            "DOMINO_BOT_THINK_SECONDS, 1 s by default; target: every answer within 2x it)"
        )
    print(
        f"matches finished during the run: {res['tables_finished']}, "
        f"commands rejected: {res['rejected']} (should be 0)"
        + (f", most often: {res['reasons']}" if res["rejected"] else "")
    )
