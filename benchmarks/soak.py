"""Soak: ``--tables`` (300) live tables played for ``--minutes`` (30); the server's
memory over time.

Each table has two seats: a person (this script, connected, playing its first legal move
after ``--human-delay`` seconds) and Nino, at the server's real bot pause. A finished
match is replaced by a new table, so ``--tables`` stay live throughout and finished ones
are left to the server's eviction (``--actor-idle-seconds``, ``--sweep-seconds``). Every
``--every`` seconds it prints the resident memory of the server process and of its bot
workers, the live tables the server holds (from ``/metrics``) and the moves played; at
the end, a verdict on the samples from ``--warmup`` minutes on: the least-squares slope
of the server's memory (FLAT when at most ``--target`` MiB/min), and its growth over the
last 10 minutes. The target (issue 16): memory stays flat once warm.

    python benchmarks/soak.py [--tables 300] [--minutes 30] [--every 60] [--warmup 12]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import time
from collections.abc import Sequence

import httpx
from serving import Seat, Served


class Tally:
    """What every table loop did so far."""

    def __init__(self) -> None:
        self.moves = 0
        self.matches = 0
        self.errors = 0


async def play_tables(base: str, tally: Tally, human_delay: float, stop: float) -> None:
    """One table after another until ``stop`` (a ``time.monotonic`` instant)."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while time.monotonic() < stop:
            try:
                r = await http.post(
                    "/api/tables",
                    json={"preset": "classic", "seats": 2, "goal": 50, "bots": [None, "nino"]},
                )
                r.raise_for_status()
                t = r.json()
                seat = Seat(base, t["table_id"], t["token"])
                await seat.connect()
                await seat.send({"type": "start"})
                await play_match(seat, tally, human_delay, stop)
                await seat.close()
            except (OSError, TimeoutError, httpx.HTTPError, KeyError) as exc:
                tally.errors += 1
                print(f"  table loop error: {type(exc).__name__}: {exc}")
                await asyncio.sleep(1)


async def play_match(seat: Seat, tally: Tally, human_delay: float, stop: float) -> None:
    """Play ``seat`` until its match is over or ``stop``."""
    asked = False
    while time.monotonic() < stop:
        with contextlib.suppress(TimeoutError):
            await seat.frames(timeout=5)
        v = seat.view
        if v is None:
            continue
        if v["over"]:
            tally.matches += 1
            return
        if v["round_over"]:
            if not asked:
                await seat.send({"type": "next_round"})
                asked = True
            continue
        asked = False
        if seat.my_turn():
            await asyncio.sleep(human_delay)
            await seat.play_first_legal()
            tally.moves += 1
            with contextlib.suppress(TimeoutError):  # the answer and the events
                while seat.my_turn():
                    await seat.frames(timeout=5)


def scrape(base: str) -> dict[str, float]:
    """The server's ``/metrics`` samples, by name with labels (empty if unreachable)."""
    out: dict[str, float] = {}
    with contextlib.suppress(httpx.HTTPError):
        for line in httpx.get(f"{base}/metrics", timeout=10).text.splitlines():
            if line and not line.startswith("#"):
                name, _, value = line.rpartition(" ")
                out[name] = float(value)
    return out


def live_tables(base: str) -> int:
    """``domino_live_tables`` from the server's ``/metrics``."""
    return int(scrape(base).get("domino_live_tables", -1))


def gc_pauses(metrics: dict[str, float]) -> str:
    """What the server's full garbage collections on its beat cost (``/metrics``)."""
    n = metrics.get("domino_gc_full_seconds_count", 0.0)
    if not n:
        return "full garbage collections on the beat: none"
    bounds = sorted(
        (float(k.split('le="')[1].rstrip('"}')), v)
        for k, v in metrics.items()
        if k.startswith("domino_gc_full_seconds_bucket") and "+Inf" not in k
    )
    under = next((f"all within {le:g} s" for le, count in bounds if count >= n), "some over 10 s")
    mean = metrics["domino_gc_full_seconds_sum"] / n
    return f"full garbage collections on the beat: {n:.0f}, mean pause {mean:.3f} s, {under}"


def slope(points: Sequence[tuple[float, float]]) -> float:
    """The least-squares slope of (x, y) ``points`` (0 for fewer than two)."""
    n = len(points)
    if n < 2:
        return 0.0
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    var = sum((x - mx) ** 2 for x, _ in points)
    return 0.0 if var == 0 else sum((x - mx) * (y - my) for x, y in points) / var


def slope_at_constant(points: Sequence[tuple[float, float, float]]) -> float | None:
    """For (x, z, y) ``points``: the slope of y in x with z held constant (least squares
    of y = a + b·x + c·z), or None when x and z cannot be told apart."""
    n = len(points)
    if n < 3:
        return None
    mx, mz, my = (sum(p[i] for p in points) / n for i in range(3))
    sxx = sum((p[0] - mx) ** 2 for p in points)
    szz = sum((p[1] - mz) ** 2 for p in points)
    sxz = sum((p[0] - mx) * (p[1] - mz) for p in points)
    sxy = sum((p[0] - mx) * (p[2] - my) for p in points)
    szy = sum((p[1] - mz) * (p[2] - my) for p in points)
    det = sxx * szz - sxz**2
    if szz == 0:
        return sxy / sxx if sxx else None
    return None if abs(det) < 1e-9 * sxx * szz else (sxy * szz - szy * sxz) / det


#: A sample: (minutes, server MiB, bot workers MiB, tables the server holds).
Sample = tuple[float, float, float, int]


def verdict(samples: Sequence[Sample], warmup: float, target: float) -> str:
    """The judgement on the samples from ``warmup`` on: the least-squares slope of the
    server's RSS (MiB/min) against ``target``, and the same slope at a constant number of
    tables held (finished tables stay in memory for ``DOMINO_ACTOR_IDLE_SECONDS``, so
    their number follows the rate of play); its first and last figures, and its growth
    over the last 10 minutes."""
    warm = [s for s in samples if s[0] >= warmup]
    if len(warm) < 2:
        return f"verdict: not judged (fewer than 2 samples after the {warmup:g}-min warm-up)"
    per_min = slope([(s[0], s[1]) for s in warm])
    held = slope_at_constant([(s[0], s[3], s[1]) for s in warm])
    bots = slope([(s[0], s[2]) for s in warm])
    last = [s for s in warm if s[0] >= warm[-1][0] - 10]
    if per_min <= target:
        word = "FLAT"
    elif held is not None and held <= target:
        word = "FLAT at a constant number of tables held (the rise follows them)"
    else:
        word = "GROWING"
    at_held = "n/a" if held is None else f"{held:+.2f} MiB/min"
    return (
        f"verdict: {word}: server RSS slope {per_min:+.2f} MiB/min after the {warmup:g}-min "
        f"warm-up (target <= {target:g}), {at_held} at a constant number of tables held "
        f"({warm[0][3]} -> {warm[-1][3]}, {min(s[3] for s in warm)}-{max(s[3] for s in warm)}); "
        f"{warm[0][1]:.0f} -> {warm[-1][1]:.0f} MiB from {warm[0][0]:.1f} to "
        f"{warm[-1][0]:.1f} min, {last[-1][1] - last[0][1]:+.0f} MiB over the last "
        f"{last[-1][0] - last[0][0]:.1f} min; bot workers {bots:+.2f} MiB/min"
    )


async def run(args: argparse.Namespace) -> list[Sample]:
    """The soak; its samples."""
    env = {"DOMINO_CREATE_BURST": "100000000", "DOMINO_BOT_DELAY_SECONDS": str(args.bot_delay)}
    if args.actor_idle_seconds is not None:
        env["DOMINO_ACTOR_IDLE_SECONDS"] = str(args.actor_idle_seconds)
    if args.sweep_seconds is not None:
        env["DOMINO_SWEEP_SECONDS"] = str(args.sweep_seconds)
    served = Served(env)
    samples: list[Sample] = []
    try:
        t0 = time.monotonic()
        stop = t0 + args.minutes * 60
        tally = Tally()
        print(f"soak: {args.tables} live tables for {args.minutes} min on {served.base}")
        print(f"{'min':>6} {'server MiB':>10} {'bots MiB':>9} {'live':>5} {'moves':>8} "
              f"{'matches':>8} {'errors':>6}")  # fmt: skip
        loops = [asyncio.create_task(play_tables(served.base, tally, args.human_delay, stop))
                 for _ in range(args.tables)]  # fmt: skip
        while time.monotonic() < stop:
            await asyncio.sleep(min(args.every, max(0.0, stop - time.monotonic())))
            main, bots = served.rss_mib()
            minute = (time.monotonic() - t0) / 60
            live = await asyncio.to_thread(live_tables, served.base)
            samples.append((minute, main, bots, live))
            print(f"{minute:6.1f} {main:10.0f} {bots:9.0f} {live:5d} {tally.moves:8d} "
                  f"{tally.matches:8d} {tally.errors:6d}", flush=True)  # fmt: skip
        await asyncio.gather(*loops, return_exceptions=True)
        print(verdict(samples, args.warmup, args.target))
        print(gc_pauses(await asyncio.to_thread(scrape, served.base)))
        print(f"{tally.moves} moves, {tally.matches} matches, {tally.errors} errors")
    finally:
        served.stop()
    return samples


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=300)
    p.add_argument("--minutes", type=float, default=30.0)
    p.add_argument("--every", type=float, default=60.0, help="seconds between samples")
    p.add_argument("--warmup", type=float, default=12.0,
                   help="minutes before memory is judged (by default finished tables are kept "
                        "for 10: the held count is level from about 11 on)")  # fmt: skip
    p.add_argument("--target", type=float, default=1.0,
                   help="largest server RSS slope after warm-up judged flat (MiB/min)")  # fmt: skip
    p.add_argument("--human-delay", type=float, default=1.0, help="the person's pause (s)")
    p.add_argument("--bot-delay", type=float, default=0.8, help="DOMINO_BOT_DELAY_SECONDS")
    p.add_argument("--actor-idle-seconds", type=float, default=None,
                   help="DOMINO_ACTOR_IDLE_SECONDS (server default: 600)")  # fmt: skip
    p.add_argument("--sweep-seconds", type=float, default=None,
                   help="DOMINO_SWEEP_SECONDS (server default: 60)")  # fmt: skip
    asyncio.run(run(p.parse_args(argv)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
