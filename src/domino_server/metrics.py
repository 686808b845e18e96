"""Every Prometheus metric the server exports at ``/metrics`` (``prometheus-client``,
default registry). The code that sees an event calls into here; nothing else defines
metrics. Names start with ``domino_``; seconds and totals follow Prometheus' naming."""

from __future__ import annotations

import time
from collections.abc import Callable

from prometheus_client import Counter, Gauge, Histogram

#: Buckets for in-process latencies (command answers, commits): 0.5 ms to 10 s.
FAST_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
#: Buckets for bot answers (a hard bot thinks about a second): 10 ms to 60 s.
BOT_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 20, 30, 60)

LIVE_TABLES = Gauge("domino_live_tables", "Table actors held in memory")
CONNECTED_SOCKETS = Gauge("domino_connected_sockets", "Open table websockets")
COMMANDS = Counter(
    "domino_commands_total", "Websocket frames received, by command type", ["type"]
)
REJECTED = Counter(
    "domino_commands_rejected_total",
    "Commands and frames answered rejected or error, by reason",
    ["reason"],
)
ACCEPT_SECONDS = Histogram(
    "domino_command_accept_seconds",
    "From a command reaching its table to its accepted answer being queued",
    buckets=FAST_BUCKETS,
)
COMMIT_SECONDS = Histogram(
    "domino_commit_seconds", "One database transaction of table writes", buckets=FAST_BUCKETS
)
BOT_QUEUE = Gauge("domino_bot_queue_length", "Bot moves asked for and not yet answered")
BOT_SECONDS = Histogram(
    "domino_bot_answer_seconds",
    "From a bot move being asked for to its answer (queue wait included)",
    buckets=BOT_BUCKETS,
)
SOCKET_MESSAGES = Counter(
    "domino_socket_messages_total",
    "Websocket messages sent to table sockets, by path: written at once (direct) or "
    "through the socket's queue and writer task (queued: a slow reader, or another server)",
    ["path"],
)
EVICTIONS = Counter("domino_table_evictions_total", "Idle table actors dropped from memory")
RELOADS = Counter(
    "domino_table_reloads_total",
    "Table actors rebuilt from the database, by why",
    ["reason"],
)
GC_FULL_SECONDS = Histogram(
    "domino_gc_full_seconds",
    "Full garbage collections on the beat (the event loop is paused meanwhile)",
    buckets=FAST_BUCKETS,
)
TABLES_CREATED = Counter("domino_tables_created_total", "Tables created")
TABLES_REFUSED = Counter(
    "domino_tables_refused_total", "Table creations refused by the per-address limit"
)


def watch_live_tables(count: Callable[[], int]) -> None:
    """Read the live-table gauge from ``count`` at each scrape."""
    LIVE_TABLES.set_function(count)


def answered(ok: bool, code: str | None, started: float) -> None:
    """A command's answer: its latency since ``started`` (``time.perf_counter``) if
    accepted, else a rejection by ``code``."""
    if ok:
        ACCEPT_SECONDS.observe(time.perf_counter() - started)
    else:
        REJECTED.labels(reason=code or "not_allowed").inc()
