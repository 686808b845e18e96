"""Server settings, read from the environment with the ``DOMINO_`` prefix.

Every field can be set as ``DOMINO_<FIELD>`` (e.g. ``DOMINO_DATABASE_URL``,
``DOMINO_GRACE_SECONDS``). Tests build :class:`Settings` directly with short timers.
"""

from __future__ import annotations

import os
import re
import secrets
import socket

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from .paths import default_migrations_dir, default_web_dir

DAY = 24 * 3600.0

#: The browsers' push services, where subscriptions' endpoints are (``push_hosts``):
#: Chrome, Edge on Android, Opera, Samsung Internet (FCM); Firefox (Mozilla autopush);
#: Safari (Apple); Edge on Windows (WNS).
PUSH_HOSTS = "fcm.googleapis.com,push.services.mozilla.com,push.apple.com,notify.windows.com"

_HOST_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
_HOST_TLD = re.compile(r"[a-z]{2,63}|xn--[a-z0-9-]{1,59}")


def push_hosts_of(value: str) -> str:
    """``value`` (the ``push_hosts`` setting) normalised: comma-separated DNS names,
    lowercase, without spaces around them; a leading ``.`` or ``*.`` is dropped (every
    entry already means itself and any name ending in ``.`` it). Blank: any public name.
    Raises :class:`ValueError` naming the first entry that is no DNS name (``a b``,
    ``https://...``, an IP address, an empty entry), so a mistyped setting stops the
    server at startup instead of making every stored subscription look unreachable."""
    if not value.strip():
        return ""
    names: list[str] = []
    for entry in value.split(","):
        name = entry.strip().lower()
        for prefix in ("*.", "."):
            if name.startswith(prefix):
                name = name[len(prefix):]
                break
        name = name.removesuffix(".")  # the root's dot, as in "push.apple.com."
        labels = name.split(".")
        if not (
            len(name) <= 253
            and len(labels) >= 2
            and all(_HOST_LABEL.fullmatch(label) for label in labels)
            and _HOST_TLD.fullmatch(labels[-1])
        ):
            raise ValueError(
                f"DOMINO_PUSH_HOSTS: {entry.strip()!r} is not a DNS name (expected "
                "comma-separated host names such as fcm.googleapis.com, without scheme, "
                "port, path or spaces; empty for any public host)"
            )
        names.append(name)
    return ",".join(names)


def _default_instance_id() -> str:
    """This process's name among several instances: host, process id and 24 random bits
    (never the same twice, so a restarted instance never mistakes an old lease for its own)."""
    return f"{socket.gethostname()[:32]}-{os.getpid()}-{secrets.token_hex(3)}"


class Settings(BaseSettings):
    """Every knob of the server. Durations are seconds (floats, so tests may use fractions)."""

    model_config = SettingsConfigDict(env_prefix="DOMINO_", extra="ignore")

    database_url: str = Field(
        "sqlite+aiosqlite:///./data/domino.sqlite3",
        description="SQLAlchemy async URL: sqlite+aiosqlite:///PATH or postgresql+asyncpg://...",
    )
    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str = Field("", description="Base URL for invite links; empty: from the request")
    web_dir: str = Field(default_factory=default_web_dir, description="Static web client folder")
    migrations_dir: str = Field(
        default_factory=default_migrations_dir, description="Alembic migrations folder"
    )
    log_level: str = "info"

    # pace and presence
    grace_seconds: float = Field(30.0, description="Disconnect grace before a bot plays the seat")
    absence_seconds: float = Field(
        2 * DAY, description="Correspondence: turn age that allows a claim"
    )
    idle_seconds: float = Field(7 * DAY, description="No move for this long: the match is annulled")
    round_pause_seconds: float = Field(
        8.0, description="Live: hands stay shown this long before the next round starts by itself"
    )
    client_seed_seconds: float = Field(
        2.0,
        description="How long a deal waits, after its commitment, for the human seats' client "
        "seeds before it goes on with those it got (at once when every human seat sent one)",
    )
    bot_delay_seconds: float = Field(0.8, description="Live: minimum pause before a bot's move")
    min_turn_seconds: float = Field(5.0, description="Shortest turn timer a table may ask for")
    sweep_seconds: float = Field(60.0, description="How often stored deadlines are checked")

    # bots
    bot_workers: int = Field(
        default_factory=lambda: max(1, os.cpu_count() or 2),
        ge=1,
        description="Processes in the bot pool (default: one per core; they run at a lower "
        "priority than the server, so bots never slow a table's answers)",
    )
    bot_think_seconds: float | None = Field(1.0, description="Hard bot's thinking budget")
    timeout_bot: str = Field("nino", description="Bot level that moves for a timed-out seat")

    # protocol limits
    max_frame_bytes: int = Field(
        8192, description="Frames larger than this are answered error frame_too_large"
    )
    max_transport_bytes: int = Field(
        1 << 20,
        description="Websocket messages larger than this are not read at all: the socket "
        "is closed with 1009 (must exceed max_frame_bytes)",
    )
    ws_compression: bool = Field(
        False, description="permessage-deflate on sockets (less bandwidth, more CPU)"
    )
    ws_ping_seconds: float = Field(
        4.0,
        gt=0,
        description="Websocket pings this often; a socket that answers none within as long "
        "is closed (others then see its seat disconnected)",
    )
    resume_window: int = Field(256, ge=1, description="Events kept in memory per table for resume")
    outbound_queue: int = Field(
        256, ge=1, description="Frames queued per socket before dropping it"
    )
    rate_per_second: float = Field(20.0, description="Sustained commands per second per socket")
    rate_burst: int = Field(40, description="Commands a socket may send in one burst")
    create_per_minute: float = Field(
        10.0, ge=0, description="Tables one client address may create per minute, sustained"
    )
    create_burst: int = Field(
        10, ge=1, description="Tables one client address may create at once (then 429)"
    )

    # group commit: a move is acknowledged once it is durable (the WAL fsynced on SQLite, the
    # transaction committed on PostgreSQL); under load, moves that come within the gap share
    # one, which cuts the server's CPU per move at a human pace by 30% (docs/BENCHMARKS.md)
    commit_gap_seconds: float = Field(
        0.012,
        ge=0,
        le=0.1,
        description="Least time between the starts of two durable commits (the SQLite WAL's "
        "fsync, a PostgreSQL transaction); what comes in between waits and shares the next "
        "one. A move after a quiet spell goes at once (0: never wait)",
    )

    # latency: with thousands of sockets each waiting on young coroutines and futures,
    # even Python's young collections pause the loop for 50-170 ms (docs/BENCHMARKS.md);
    # the tables' own data holds no cycle, so automatic collection is off (0) and a full
    # pass runs on a fixed beat, or once enough new objects piled up (core.collector)
    gc_thresholds: tuple[int, int, int] = (0, 20, 1_000)
    gc_full_grown: int = Field(
        2_000_000,
        ge=0,
        description="A full garbage collection runs before its beat once this many more "
        "tracked objects were made than freed since the last one (0: only on the beat)",
    )
    gc_full_seconds: float = Field(
        600.0,
        ge=0,
        description="Seconds between full garbage collections, which free what closed "
        "connections leave in reference cycles (a few hundred objects a minute under a "
        "300-table soak) and pause the loop while they run (0: only once gc_full_grown "
        "new objects piled up, or by Python's own thresholds if gc_thresholds turns them on)",
    )

    # Web Push reminders (correspondence tables)
    vapid_private_key: str = Field(
        "",
        description="VAPID private key (base64url of the raw 32-byte P-256 scalar); empty: "
        "one is made on first start and kept in the database",
    )
    vapid_subject: str = Field(
        "mailto:domino@localhost", description="VAPID contact (mailto: or https: URL)"
    )
    push_after_seconds: float = Field(DAY, description="Reminder when a turn is this old")
    push_claim_notice_seconds: float = Field(
        6 * 3600.0, description="Reminder this long before the absence claim opens"
    )
    push_poll_seconds: float = Field(15.0, description="How often due reminders are looked for")
    push_retry_seconds: float = Field(30.0, description="First retry delay (doubles each try)")
    push_max_attempts: int = Field(8, ge=1, description="Tries before a reminder is given up")
    push_ttl_seconds: int = Field(86400, description="How long a push service keeps it")
    push_allow_http: bool = Field(
        False,
        description="Tests' local push service only: accept http:// push endpoints on any "
        "host, loopback and IP addresses included, and no push_hosts check",
    )
    push_hosts: str = Field(
        PUSH_HOSTS,
        description="Comma-separated host names a push subscription's endpoint must be, or "
        "end in (.NAME): the browsers' push services (Chrome, Firefox, Safari, Edge). Empty: "
        "any public DNS name (IP addresses, localhost and local names are always refused). "
        "Checked at startup: an entry that is no DNS name stops the server",
    )

    @field_validator("push_hosts")
    @classmethod
    def _push_hosts_are_dns_names(cls, value: str) -> str:
        return push_hosts_of(value)

    # tables
    actor_idle_seconds: float = Field(600.0, description="Evict an actor with no socket this long")

    # several instances on one PostgreSQL (docs/SCALING.md)
    leases: str = Field(
        "auto",
        pattern="^(auto|on|off)$",
        description="Own live tables by lease: auto (on for PostgreSQL, off for SQLite), on, off",
    )
    instance_id: str = Field(
        default_factory=_default_instance_id,
        min_length=1,
        max_length=64,
        description="This instance's name in the leases table (unique per process)",
    )
    lease_seconds: float = Field(
        10.0, gt=0, description="A table lease lasts this long unless renewed (every third)"
    )
    handover_wait_seconds: float = Field(
        5.0, ge=0, description="How long a request waits for another instance to hand over"
    )

    def leases_on(self) -> bool:
        """Whether tables are owned by lease (several instances may share the database)."""
        if self.leases == "auto":
            return not self.database_url.startswith("sqlite")
        return self.leases == "on"


def get_settings() -> Settings:
    """Settings from the environment (a fresh read each call)."""
    return Settings()
