"""A live table's state in memory and what can be read from it without changing it.

The state is the fold of the table's stored events (:meth:`TableState.restore`):
``round`` rows replay a stored deal, ``move`` rows a move, ``resign`` and ``annul``
rows the end of the match; the rest only inform clients. The classes that change it
build on this one, each in its own file: :mod:`.writes` (commit, then tell the sockets),
:mod:`.seats` (sockets coming and going, seats changing hands), :mod:`.requests`
(commands), :mod:`.turns` (bots and deadlines) and :mod:`.actor` (the task).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Any

from domino_core import Match, Move, Rules, view_for

from ..core.config import Settings
from ..fairness import TableFairness
from ..store.repo import MATCH_KINDS, EventRow, LoadedTable, Store
from .clock import Deadlines
from .connection import Connection
from .stored import deal_from_json, iso, now
from .views import ViewCache

__all__ = ["TableState"]


class TableState:
    """One table's state: rows, seats, the match, the events kept for resuming, sockets."""

    def __init__(self, table_id: str, store: Store, settings: Settings, bots: Any) -> None:
        self.id = table_id
        self.store = store
        self.settings = settings
        self.bots = bots
        self.row: dict[str, Any] = {}
        self.seats: list[dict[str, Any]] = []
        self.deals: dict[int, tuple[list[list[str]], list[str]]] = {}
        self.match: Match | None = None
        self.seq = 0
        self.ring: deque[tuple[int, dict[str, Any]]] = deque(maxlen=settings.resume_window)
        self.cmd_ids: dict[tuple[int, str], int] = {}
        self.annulment: dict[str, Any] | None = None
        self.ranking: dict[str, Any] | None = None  # the finished match's experience points
        self.conns: dict[int | None, set[Connection]] = {}
        self.version = 0
        self.bot_pending: tuple[int, int] | None = None  # (seat, version)
        self.timeout_pending: int | None = None  # version a timeout move was asked for
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.last_active = time.monotonic()
        self._timer: asyncio.TimerHandle | None = None
        self._bot_tasks: set[asyncio.Task[None]] = set()
        self._rules: Rules | None = None
        self._bot_failures = 0
        self.broken = False  # a write failed and the state could not be reloaded yet
        self._deadline_sent: float | None = None  # the deadline the last ``table`` frame had
        self._view_cache = ViewCache()
        self.reacted_at: dict[int, float] = {}  # seat → when it last showed a reaction
        #: Every round's fair-deal inputs (the seeds: never sent before the round's end).
        self.fairness = TableFairness(table_id, settings.client_seed_seconds)

    # ---------------------------------------------------------------- state
    def restore(self, loaded: LoadedTable) -> None:
        """Rebuild the state from the stored rows (the same fold live play performs)."""
        self.row = loaded.row
        self.seats = loaded.seats
        self.deals = loaded.deals
        self.match = None
        self.fairness = TableFairness(self.id, self.settings.client_seed_seconds)
        self.annulment = None
        self.ranking = None
        self.row["turn_started_at"] = self.row["last_move_at"] = None
        for ev in loaded.events:
            if ev.kind in MATCH_KINDS:
                self.row["turn_started_at"] = self.row["last_move_at"] = ev.created_at
            self.fairness.fold(ev.payload, ev.created_at, loaded.fair_seeds)
            self._fold(ev)
            self.seq = ev.seq
            self.ring.append((ev.seq, ev.payload))
            if ev.cmd_id is not None and ev.seat is not None:
                self.cmd_ids[(ev.seat, ev.cmd_id)] = ev.seq
        loaded_at = now()
        for seat in self.seats:  # nobody is connected to a freshly loaded table
            if seat["kind"] == "human" and seat["away_since"] is None:
                seat["away_since"] = loaded_at
        self.version += 1

    def _fold(self, ev: EventRow) -> None:
        """Apply one stored event to the in-memory match (replay)."""
        p = ev.payload
        if ev.kind == "round":
            hands, boneyard = self.deals[p["round"]]
            deal = deal_from_json(hands, boneyard)
            self.fairness.dealt(self.rules, p["round"])
            if p["round"] == 1:
                self.match = Match(self.rules, deals=[deal])
            else:
                assert self.match is not None
                self.match.start_next_round(deal)
        elif ev.kind == "move":
            assert self.match is not None and ev.move is not None
            self.match.push(Move.parse(ev.move))
        elif ev.kind == "resign":
            assert self.match is not None
            self._core_resign(p["seat"], p.get("reason", "resign"))
        elif ev.kind == "annul":
            assert self.match is not None
            self.match.annul(p["reason"])
        elif p["type"] == "annulment_proposed":
            self.annulment = {"by": p["seat"], "votes": {str(p["seat"]): True}}
        elif p["type"] == "annulment_vote" and self.annulment is not None:
            self.annulment["votes"][str(p["seat"])] = p["agree"]
            if not p["agree"]:
                self.annulment = None
        elif p["type"] == "ranking":
            self._note_ranking(p)

    def _note_ranking(self, event: dict[str, Any]) -> None:
        """Keep a ``ranking`` event's points for the summary (replayed or just stored)."""
        self.ranking = {"points": event["points"], "reason": event["reason"]}

    def _core_resign(self, seat: int, reason: str) -> list[dict[str, Any]]:
        assert self.match is not None
        return self.match.resign(seat, reason)

    @property
    def rules(self) -> Rules:
        """The table's rules (built once from the stored ``rules`` object)."""
        if self._rules is None:
            # to_dict() adds the derived "scoring", which from_dict() refuses
            knobs = {k: v for k, v in self.row["rules"].items() if k != "scoring"}
            self._rules = Rules.from_dict(knobs)
        return self._rules

    @property
    def status(self) -> str:
        """``waiting``, ``playing`` or ``finished``."""
        return str(self.row["status"])

    def humans(self) -> list[int]:
        """Seats held by a human (away ones included; a friend waiting to take over excluded)."""
        return [s["seat"] for s in self.seats if s["kind"] == "human"]

    def bot_controlled(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` right now."""
        s = self.seats[seat]
        return s["kind"] == "bot" or bool(s["away"])

    def connected(self, seat: int) -> bool:
        """Whether a socket speaks for ``seat``."""
        return bool(self.conns.get(seat))

    def seat_for_token(self, token_hash: str) -> int | None:
        """The seat whose token hashes to ``token_hash``."""
        for s in self.seats:
            if s["token_hash"] is not None and s["token_hash"] == token_hash:
                return int(s["seat"])
        return None

    @property
    def deadlines(self) -> Deadlines:
        """The table's deadlines, derived from stored times and settings."""
        return Deadlines(self)

    def summary(self) -> dict[str, Any]:
        """The public table summary (docs/DESIGN.md §2 ``table``)."""
        return {
            "id": self.id,
            "status": self.status,
            "rules": self.row["rules"],
            "pace": self.row["pace"],
            "turn_seconds": self.row["turn_seconds"],
            "deadline": iso(self.deadlines.public()),
            "seats": [
                {
                    "seat": s["seat"],
                    "name": s["name"],
                    "kind": s["kind"],
                    "bot": s["bot"]
                    if self.bot_controlled(s["seat"]) or s["kind"] == "empty"
                    else None,
                    "connected": self.connected(s["seat"]),
                    "creator": bool(s["creator"]),
                }
                for s in self.seats
            ],
            "annulment": self.annulment,
            "ranking": self.ranking,
            "fair": self._fair_summary(),
        }

    def _fair_summary(self) -> dict[str, Any] | None:
        """The summary's ``fair``: the latest round's commitment (docs/DESIGN.md §2)."""
        humans = [s["seat"] for s in self.seats if s["kind"] == "human" and not s["away"]]
        out = self.fairness.public(humans)
        if out is not None:
            out["deal_at"] = iso(out["deal_at"])
        return out

    def listing(self) -> dict[str, Any]:
        """The summary with where the match stands, as a spectator sees it (``round``,
        ``turn``, ``scores``, ``winner`` from ``view_for(match, None)``; null before the
        start): what a player's list of tables shows."""
        out: dict[str, Any] = {"table": self.summary()}
        if self.match is None:
            return out | {"round": None, "turn": None, "scores": None, "winner": None}
        v = view_for(self.match, None)
        turn = None if v.round_over or v.over else v.turn
        return out | {
            "round": v.round_no,
            "turn": turn,
            "scores": list(v.scores),
            "winner": v.winner,
        }

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """What ``seat`` may see (None before the start)."""
        if self.match is None:
            return None
        return view_for(self.match, seat).to_dict()
