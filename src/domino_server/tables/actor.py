"""One asyncio task per live table: inbox → core → store → fan-out.

Everything that changes a table goes through :meth:`TableActor.ask` and is handled
one at a time by the actor's task: the core applies it (an illegal move changes
nothing), the resulting events are committed to the database, and only then does
any socket hear of them, each seat through ``domino_core.view_for`` alone.

The table's state is the fold of its stored events (:meth:`TableActor.restore`):
``round`` rows replay a stored deal, ``move`` rows a move, ``resign`` and ``annul``
rows the end of the match; the rest only inform clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import secrets
import time
from collections import deque
from collections.abc import Iterable
from typing import Any

from domino_core import Deal, IllegalMove, Match, Move, Rules, Tile, shuffle_deal, view_for

from ..core.config import Settings
from ..protocol import commands as c
from ..store.repo import MATCH_KINDS, EventRow, LoadedTable, Store, Write
from .clock import Deadlines
from .connection import Connection, dumps
from .messages import Answer, Attach, BotAnswer, Detach, Join, Rejection, Reply, Resync
from .views import ViewCache, view_texts

__all__ = ["BOT_NAMES", "TableActor"]

log = logging.getLogger(__name__)

BOT_NAMES = {"rabisco": "Rabisco", "nino": "Nino", "voquelonia": "Vó Quelônia"}

MOVE_COMMANDS = (c.Play, c.Draw, c.Pass)


_TICK = object()

#: Row values kept in memory only: on load they derive from the stored events.
MEMORY_COLUMNS = ("turn_started_at", "last_move_at")
_RNG = secrets.SystemRandom()


def _copy_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A copy of a log entry deep enough that the core's later changes do not reach it."""
    return {k: list(v) if isinstance(v, list) else v for k, v in entry.items()}


def now() -> float:
    """Wall-clock seconds since the epoch (stored deadlines use it)."""
    return time.time()


def iso(ts: float | None) -> str | None:
    """ISO 8601 UTC text of ``ts`` (None stays None)."""
    if ts is None:
        return None
    return dt.datetime.fromtimestamp(ts, dt.UTC).isoformat(timespec="milliseconds")


def deal_to_json(deal: Deal) -> tuple[list[list[str]], list[str]]:
    """A deal as stored: hands and boneyard as tile texts."""
    return [[str(t) for t in hand] for hand in deal.hands], [str(t) for t in deal.boneyard]


def deal_from_json(hands: list[list[str]], boneyard: list[str]) -> Deal:
    """The stored deal back as a :class:`domino_core.Deal`."""
    return Deal(
        hands=tuple(tuple(Tile.parse(t) for t in hand) for hand in hands),
        boneyard=tuple(Tile.parse(t) for t in boneyard),
    )


def move_from_command(cmd: c.Play | c.Draw | c.Pass) -> Move:
    """The core move a move command asks for."""
    if isinstance(cmd, c.Play):
        return Move.play(cmd.tile, cmd.end)  # text keeps its order for an opening play
    if isinstance(cmd, c.Draw):
        return Move.draw()
    return Move.pass_()


class TableActor:
    """The single owner of one table's state while it is live."""

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

    # ---------------------------------------------------------------- state
    def restore(self, loaded: LoadedTable) -> None:
        """Rebuild the state from the stored rows (the same fold live play performs)."""
        self.row = loaded.row
        self.seats = loaded.seats
        self.deals = loaded.deals
        self.match = None
        self.annulment = None
        self.row["turn_started_at"] = self.row["last_move_at"] = None
        for ev in loaded.events:
            if ev.kind in MATCH_KINDS:
                self.row["turn_started_at"] = self.row["last_move_at"] = ev.created_at
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
        }

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """What ``seat`` may see (None before the start)."""
        if self.match is None:
            return None
        return view_for(self.match, seat).to_dict()

    # ---------------------------------------------------------------- task
    def start(self) -> None:
        """Start the actor's task."""
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.id}")
        self.inbox.put_nowait(_TICK)

    async def stop(self) -> None:
        """Stop the task and any bot request; sockets are closed (clients may reconnect)."""
        if self._timer is not None:
            self._timer.cancel()
        for t in list(self._bot_tasks):
            t.cancel()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        for conns in self.conns.values():
            for conn in conns:
                conn.close(1012, "server restarting")

    async def ask(self, seat: int | None, request: Any) -> Reply:
        """Hand ``request`` (a command, :class:`Join`...) to the actor; its reply."""
        fut: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self.inbox.put_nowait((seat, request, fut))
        return await fut

    def submit(self, seat: int | None, command: Any, conn: Connection) -> None:
        """Hand a socket's ``command`` to the actor without waiting: its ``accepted`` or
        ``rejected`` goes to ``conn`` right after the events it produced."""
        self.inbox.put_nowait((seat, command, Answer(conn, command.id)))

    def tell(self, message: Any) -> None:
        """Hand ``message`` (:class:`Attach`, :class:`Detach`...) to the actor, no reply."""
        self.inbox.put_nowait(message)

    def poke(self) -> None:
        """Make the actor check its deadlines now."""
        self.inbox.put_nowait(_TICK)

    async def _run(self) -> None:
        while True:
            item = await self.inbox.get()
            if self.broken and not await self._reload():
                self._refuse(item)  # the database is unreachable: change nothing
                continue
            try:
                await self._handle(item)
                await self._check_deadlines()
                self._drive()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: failure; reloading from the database", self.id)
                self.broken = True
                await self._reload()
            self._schedule()

    async def _reload(self) -> bool:
        """Rebuild the state from the database; False if it cannot be read now."""
        try:
            loaded = await self.store.load(self.id)
        except Exception:
            log.exception("table %s: cannot reload from the database", self.id)
            return False
        if loaded is not None:
            self.cmd_ids.clear()
            self.ring.clear()
            self.restore(loaded)
        self.broken = False
        return True

    def _refuse(self, item: Any) -> None:
        """Answer ``item`` without touching the state (used while the database is away)."""
        if isinstance(item, tuple):
            fut = item[2]
            if not fut.done():
                fut.set_result(Reply(self.seq, "not_allowed", "storage unavailable; try again"))
        elif isinstance(item, Attach):
            item.conn.close(1011, "storage unavailable; reconnect later")
        elif isinstance(item, Resync):
            item.conn.send(
                {
                    "type": "rejected",
                    "id": item.cmd_id,
                    "code": "not_allowed",
                    "reason": "storage unavailable; try again",
                }
            )
        if self._timer is not None:  # try again in a second even if nobody asks
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(1.0, self.poke)

    async def _handle(self, item: Any) -> None:
        if item is _TICK:
            return
        if isinstance(item, Attach):
            await self._attach(item.conn, item.last_seq)
            return
        if isinstance(item, Resync):
            self.resume(item.conn, item.last_seq)
            item.conn.send({"type": "accepted", "id": item.cmd_id, "seq": self.seq})
            return
        if isinstance(item, Detach):
            await self._detach(item.conn)
            return
        if isinstance(item, BotAnswer):
            await self._bot_answer(item)
            return
        seat, request, fut = item
        self.last_active = time.monotonic()
        try:
            reply = await self._request(seat, request)
        except Rejection as r:
            reply = Reply(seq=self.seq, code=r.code, reason=r.reason)
        except Exception:
            if not fut.done():
                fut.set_result(Reply(self.seq, "not_allowed", "server failure; nothing changed"))
            raise
        if not fut.done():
            fut.set_result(reply)

    # ---------------------------------------------------------------- writes
    def _events(
        self,
        entries: Iterable[tuple[str, dict[str, Any]]],
        *,
        seat: int | None = None,
        cmd_id: str | None = None,
        move: str | None = None,
        ts: float | None = None,
    ) -> list[EventRow]:
        """Number ``(kind, payload)`` pairs after the current seq, stamped ``ts`` (default:
        now); the first row carries the command's seat, id and move."""
        ts = now() if ts is None else ts
        rows: list[EventRow] = []
        for i, (kind, payload) in enumerate(entries):
            first = i == 0
            rows.append(
                EventRow(
                    seq=self.seq + 1 + i,
                    kind=kind,
                    payload=payload,
                    created_at=ts,
                    seat=seat if first else None,
                    cmd_id=cmd_id if first else None,
                    move=move if first else None,
                )
            )
        return rows

    async def _commit(self, w: Write, *, summary: bool = False) -> int:
        """Store ``w``, then (and only then) advance seq and tell every socket."""
        memory = {k: w.table.pop(k) for k in MEMORY_COLUMNS if k in w.table}
        await self.store.write(w)
        if "status" in w.table:
            log.info(
                "table %s",
                w.table["status"],
                extra={
                    "table": self.id,
                    "status": w.table["status"],
                    "end_reason": getattr(self.match, "end_reason", None),
                    "winner": getattr(self.match, "winner", None),
                },
            )
        for col, val in (w.table | memory).items():
            self.row[col] = val
        for seat, vals in w.seats.items():
            self.seats[seat].update(vals)
        if w.deal is not None:
            self.deals[w.deal[0]] = (w.deal[1], w.deal[2])
        for ev in w.events:
            self.seq = ev.seq
            self.ring.append((ev.seq, ev.payload))
            if ev.cmd_id is not None and ev.seat is not None:
                self.cmd_ids[(ev.seat, ev.cmd_id)] = ev.seq
        self._publish(w.events, summary=summary or bool(w.seats) or "status" in w.table)
        return self.seq

    def _publish(self, rows: list[EventRow], *, summary: bool) -> None:
        """Send ``rows`` to every socket; the last carries each seat's view. A ``table``
        frame follows when asked for or when the public deadline changed (a new turn)."""
        deadline = self.deadlines.public()
        if deadline != self._deadline_sent:
            summary = True
        if not rows and not summary:
            return
        table_text = self._summary_text() if summary else None
        watched = [seat for seat, conns in self.conns.items() if conns]
        plain = [
            dumps({"type": "event", "seq": r.seq, "event": r.payload, "view": None})
            for r in rows[:-1]
        ]
        last_texts: dict[int | None, str] = {}
        if rows and watched:
            last = rows[-1]
            head = dumps({"type": "event", "seq": last.seq, "event": last.payload})[:-1]
            if self.match is None:
                views: dict[int | None, str] = dict.fromkeys(watched, "null")
            else:
                views = view_texts(self.match, watched, self._view_cache)
            last_texts = {seat: f'{head},"view":{text}}}' for seat, text in views.items()}
        for seat in watched:
            last_text = last_texts.get(seat)
            for conn in list(self.conns[seat]):
                for text in plain:
                    conn.send_text(text)
                if last_text is not None:
                    conn.send_text(last_text)
                if table_text is not None:
                    conn.send_text(table_text)

    def _summary_text(self) -> str:
        """The ``table`` frame of the summary now; remembers the deadline it announced."""
        self._deadline_sent = self.deadlines.public()
        return dumps({"type": "table", "table": self.summary()})

    def _broadcast_summary(self) -> None:
        text = self._summary_text()
        for conns in self.conns.values():
            for conn in conns:
                conn.send_text(text)

    def _match_changed(self, t: float) -> dict[str, Any]:
        """Table columns to store after the match changed at ``t``."""
        self.version += 1
        self.timeout_pending = None
        cols: dict[str, Any] = {"turn_started_at": t, "last_move_at": t}
        return cols

    def _end_rows(self, entries: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
        """A ``match_end`` row when the match is over and ``entries`` lack one (the goal)."""
        assert self.match is not None
        if not self.match.over or any(e.get("type") == "match_end" for e in entries):
            return []
        return [
            (
                "info",
                {
                    "type": "match_end",
                    "reason": self.match.end_reason or "goal",
                    "winner": self.match.winner,
                },
            )
        ]

    def _finish_cols(self, t: float) -> dict[str, Any]:
        assert self.match is not None
        if not self.match.over:
            return {}
        self.annulment = None
        return {"status": "finished", "finished_at": t}

    async def _store_match_change(
        self,
        rows: list[tuple[str, dict[str, Any]]],
        *,
        seat: int | None = None,
        cmd_id: str | None = None,
        move: str | None = None,
        extra: dict[str, Any] | None = None,
        deal: tuple[int, list[list[str]], list[str]] | None = None,
        seats: dict[int, dict[str, Any]] | None = None,
    ) -> int:
        t = now()
        cols = self._match_changed(t)
        events = self._events(rows, seat=seat, cmd_id=cmd_id, move=move, ts=t)
        cols.update(self._finish_cols(t))
        cols.update(extra or {})
        w = Write(self.id, events=events, table=cols, deal=deal, seats=seats or {})
        return await self._commit(w)

    # ---------------------------------------------------------------- requests
    async def _request(self, seat: int | None, req: Any) -> Reply:
        if isinstance(req, Join):
            return await self._join(req)
        if seat is None:
            raise Rejection("not_allowed", "spectators cannot act; join the table first")
        key = (seat, req.id)
        if key in self.cmd_ids:
            raise Rejection(
                "duplicate_id",
                f"command {req.id!r} was already applied (event {self.cmd_ids[key]})",
            )
        if isinstance(req, c.Start):
            return Reply(await self._start(seat, req.id))
        if self.status == "waiting":
            raise Rejection("not_started", "the match has not started yet")
        if self.status == "finished":
            raise Rejection("match_over", "the match is over")
        assert self.match is not None
        if isinstance(req, MOVE_COMMANDS):
            return Reply(await self._move(seat, req))
        if isinstance(req, c.NextRound):
            return Reply(await self._next_round(seat, req.id))
        if isinstance(req, c.Resign):
            self._require_human(seat)
            return Reply(await self._resign(seat, "resign", by=seat, cmd_id=req.id))
        if isinstance(req, c.ProposeAnnulment):
            return Reply(await self._propose(seat, req.id))
        if isinstance(req, c.VoteAnnulment):
            return Reply(await self._vote(seat, req.id, req.agree))
        if isinstance(req, c.ClaimAbsence):
            return Reply(await self._claim(seat, req.id))
        raise Rejection("bad_command", f"unknown command {type(req).__name__}")

    def _require_human(self, seat: int) -> None:
        if self.seats[seat]["kind"] != "human":
            raise Rejection("not_allowed", "a bot plays this seat until the next turn")

    async def _move(self, seat: int, cmd: c.Play | c.Draw | c.Pass) -> int:
        assert self.match is not None
        if self.match.round_over:
            raise Rejection("not_allowed", "the round is over; start the next round")
        if self.match.turn != seat:
            raise Rejection("not_your_turn", f"it is seat {self.match.turn}'s turn")
        if self.bot_controlled(seat):
            raise Rejection("not_your_turn", "a bot is playing this seat right now")
        try:
            move = move_from_command(cmd)
        except ValueError as exc:
            raise Rejection("illegal_move", str(exc)) from exc
        return await self._apply_move(seat, move, cmd_id=cmd.id)

    async def _apply_move(self, seat: int, move: Move, *, cmd_id: str | None) -> int:
        assert self.match is not None
        try:
            # copies: the core may keep updating its own log entries afterwards
            entries = [_copy_entry(e) for e in self.match.push(move)]
        except IllegalMove as exc:
            raise Rejection("illegal_move", str(exc)) from exc
        if not entries:
            entries = [self._merged_entry(seat, move)]
        rows: list[tuple[str, dict[str, Any]]] = [
            ("move" if i == 0 else "info", e) for i, e in enumerate(entries)
        ]
        rows += self._end_rows(entries)
        return await self._store_match_change(rows, seat=seat, cmd_id=cmd_id, move=str(move))

    def _merged_entry(self, seat: int, move: Move) -> dict[str, Any]:
        """The event for a move the core folded into its previous log entry (a second
        manual draw in a row adds to the first one's count)."""
        assert self.match is not None
        log_ = view_for(self.match, None).to_dict()["log"]
        last = log_[-1] if log_ else {}
        if move.kind == "draw":
            return {"type": "draw", "seat": seat, "count": 1, "ends": list(last.get("ends", []))}
        return {"type": str(move.kind), "seat": seat}

    async def _start(self, seat: int, cmd_id: str | None) -> int:
        if self.status != "waiting":
            raise Rejection("not_allowed", "the match has already started")
        if not self.seats[seat]["creator"]:
            raise Rejection("not_allowed", "only the table's creator can start the match")
        t = now()
        seat_cols: dict[int, dict[str, Any]] = {}
        rows: list[tuple[str, dict[str, Any]]] = [("info", {"type": "started", "seat": seat})]
        for s in self.seats:
            if s["kind"] == "empty":
                level = s["bot"] or "nino"
                seat_cols[s["seat"]] = {"kind": "bot", "bot": level, "name": BOT_NAMES[level]}
                rows.append(
                    (
                        "info",
                        {"type": "seat_bot", "seat": s["seat"], "bot": level, "reason": "start"},
                    )
                )
            elif (
                s["kind"] == "human"
                and self.row["pace"] == "live"
                and not self.connected(s["seat"])
            ):
                seat_cols[s["seat"]] = {"away_since": t}
        match = Match(self.rules)
        hands, boneyard = deal_to_json(match.deal)
        self.match = match
        rows.append(("round", {"type": "round_start", "round": 1, "opener": match.opener}))
        return await self._store_match_change(
            rows,
            seat=seat,
            cmd_id=cmd_id,
            extra={"status": "playing"},
            deal=(1, hands, boneyard),
            seats=seat_cols,
        )

    async def _next_round(self, seat: int | None, cmd_id: str | None) -> int:
        assert self.match is not None
        if not self.match.round_over or self.match.over:
            raise Rejection("not_allowed", "the round is still being played")
        deal = shuffle_deal(self.rules, _RNG)
        entries = self.match.start_next_round(deal)
        hands, boneyard = deal_to_json(deal)
        n = self.match.round_no
        rows: list[tuple[str, dict[str, Any]]] = [
            ("round", e) if e.get("type") == "round_start" else ("info", e) for e in entries
        ]
        if not any(k == "round" for k, _ in rows):
            rows.insert(
                0, ("round", {"type": "round_start", "round": n, "opener": self.match.opener})
            )
        return await self._store_match_change(
            rows, seat=seat, cmd_id=cmd_id, deal=(n, hands, boneyard)
        )

    async def _resign(self, seat: int, reason: str, *, by: int, cmd_id: str | None) -> int:
        entries = self._core_resign(seat, reason)
        rows: list[tuple[str, dict[str, Any]]] = [
            ("resign", {"type": "resign", "seat": seat, "reason": reason, "by": by})
        ]
        rows += [("info", e) for e in entries]
        return await self._store_match_change(rows, seat=by, cmd_id=cmd_id)

    async def _annul(
        self,
        reason: str,
        *,
        seat: int | None,
        cmd_id: str | None,
        before: list[tuple[str, dict[str, Any]]] | None = None,
    ) -> int:
        assert self.match is not None
        entries = self.match.annul(reason)
        rows = list(before or [])
        rows.append(("annul", {"type": "annulled", "reason": reason}))
        rows += [("info", e) for e in entries]
        self.annulment = None
        return await self._store_match_change(rows, seat=seat, cmd_id=cmd_id)

    async def _propose(self, seat: int, cmd_id: str) -> int:
        self._require_human(seat)
        if self.annulment is not None:
            raise Rejection("not_allowed", "an annulment proposal is already open")
        proposed = ("info", {"type": "annulment_proposed", "seat": seat})
        if self.humans() == [seat]:
            return await self._annul("annulled", seat=seat, cmd_id=cmd_id, before=[proposed])
        w = Write(self.id, events=self._events([proposed], seat=seat, cmd_id=cmd_id))
        self.annulment = {"by": seat, "votes": {str(seat): True}}
        return await self._commit(w, summary=True)

    async def _vote(self, seat: int, cmd_id: str, agree: bool) -> int:
        self._require_human(seat)
        if self.annulment is None:
            raise Rejection("not_allowed", "no annulment proposal is open")
        if str(seat) in self.annulment["votes"]:
            raise Rejection("not_allowed", "this seat has already voted")
        vote = ("info", {"type": "annulment_vote", "seat": seat, "agree": agree})
        votes = {**self.annulment["votes"], str(seat): agree}
        if agree and all(votes.get(str(h)) for h in self.humans()):
            return await self._annul("annulled", seat=seat, cmd_id=cmd_id, before=[vote])
        w = Write(self.id, events=self._events([vote], seat=seat, cmd_id=cmd_id))
        self.annulment = None if not agree else {**self.annulment, "votes": votes}
        return await self._commit(w, summary=True)

    async def _claim(self, seat: int, cmd_id: str) -> int:
        assert self.match is not None
        self._require_human(seat)
        if self.row["pace"] != "correspondence":
            raise Rejection("not_allowed", "absence claims exist only in correspondence tables")
        turn = self.match.turn
        if turn is None or turn == seat or self.seats[turn]["kind"] != "human":
            raise Rejection("not_allowed", "no absent player is holding up the game")
        allowed_at = self.deadlines.absence()
        if allowed_at is None or now() < allowed_at:
            raise Rejection("not_allowed", f"seat {turn} may still play until {iso(allowed_at)}")
        return await self._resign(turn, "absence", by=seat, cmd_id=cmd_id)

    async def _join(self, req: Join) -> Reply:
        if self.status == "finished":
            raise Rejection("match_over", "the match is over")
        seat = self._free_seat()
        if seat is None:
            raise Rejection("not_allowed", "every seat is taken by a person")
        cols: dict[str, Any] = {"name": req.name, "token_hash": req.token_hash}
        payload: dict[str, Any] = {"type": "seat_joined", "seat": seat, "name": req.name}
        if self.status == "waiting":
            cols["kind"] = "human"
            cols["away_since"] = now()
        else:
            payload["pending"] = True  # a bot keeps the seat until the next turn boundary
        w = Write(self.id, events=self._events([("info", payload)]), seats={seat: cols})
        seq = await self._commit(w)
        if self.status == "playing":
            await self._handover(seat)
        return Reply(seq, data={"seat": seat})

    def _free_seat(self) -> int | None:
        """Where a friend arriving now sits: empty seats first, then a bot's seat."""
        order = list(range(len(self.seats)))
        rules = self.row["rules"]
        partner = self.row.get("partner")
        if rules.get("teams") and len(self.seats) == 4 and partner in ("friend", "bot"):
            order.remove(2)
            if partner == "friend":
                order.insert(0, 2)
            elif self.status == "waiting":
                order.append(2)
        for kind in ("empty", "bot"):
            for i in order:
                s = self.seats[i]
                if s["kind"] == kind and s["token_hash"] is None:
                    if kind == "bot" and partner == "bot" and i == 2 and self.status != "waiting":
                        continue
                    return i
        return None

    # ---------------------------------------------------------------- seats
    async def _handover(self, seat: int) -> None:
        """Give ``seat`` to its human (a friend who joined, or a player back from being
        away) unless its bot is thinking on turn; then it happens after that move."""
        s = self.seats[seat]
        waiting_friend = s["kind"] == "bot" and s["token_hash"] is not None
        away = s["kind"] == "human" and s["away"]
        if not (waiting_friend or away):
            return
        if self.status == "finished":
            return
        if self.bot_pending is not None and self.bot_pending[0] == seat:
            return
        cols: dict[str, Any] = {"kind": "human", "away": False}
        if not self.connected(seat):
            cols["away_since"] = now()
        else:
            cols["away_since"] = None
        w = Write(
            self.id,
            events=self._events([("info", {"type": "seat_human", "seat": seat})]),
            seats={seat: cols},
        )
        await self._commit(w)

    async def _attach(self, conn: Connection, last_seq: int | None) -> None:
        self.last_active = time.monotonic()
        seat = conn.seat
        if seat is not None:
            for old in list(self.conns.get(seat, ())):
                old.close(4001, "replaced by a newer connection for this seat")
                self.conns[seat].discard(old)
        self.conns.setdefault(seat, set()).add(conn)
        conn.send({"type": "welcome", "seat": seat, "table": self.summary(), "seq": self.seq})
        self.resume(conn, last_seq)
        if seat is not None and self.seats[seat]["kind"] == "human" and self.seats[seat]["away"]:
            await self._handover(seat)
        elif seat is not None and self.seats[seat]["away_since"] is not None:
            w = Write(self.id, seats={seat: {"away_since": None}})
            await self._commit(w, summary=True)
        else:
            self._broadcast_summary()

    def resume(self, conn: Connection, last_seq: int | None) -> None:
        """Send ``conn`` every event after ``last_seq``, or a snapshot when the gap is older
        than the events kept (or ``last_seq`` is None or ahead of the table)."""
        oldest = self.ring[0][0] if self.ring else self.seq + 1
        if last_seq is None or last_seq > self.seq or last_seq + 1 < oldest:
            conn.send(
                {
                    "type": "snapshot",
                    "seq": self.seq,
                    "table": self.summary(),
                    "view": self.view(conn.seat),
                }
            )
            return
        missed = [(s, p) for s, p in self.ring if s > last_seq]
        for i, (s, p) in enumerate(missed):
            view = self.view(conn.seat) if i == len(missed) - 1 else None
            conn.send({"type": "event", "seq": s, "event": p, "view": view})

    async def _detach(self, conn: Connection) -> None:
        conns = self.conns.get(conn.seat)
        if conns is None or conn not in conns:
            return
        conns.discard(conn)
        self.last_active = time.monotonic()
        seat = conn.seat
        if seat is not None and not conns and self.seats[seat]["kind"] == "human":
            w = Write(self.id, seats={seat: {"away_since": now()}})
            await self._commit(w, summary=True)
        else:
            self._broadcast_summary()

    # ---------------------------------------------------------------- bots and clock
    def _drive(self) -> None:
        """Ask a bot for the move when a bot-played seat is on turn."""
        m = self.match
        if self.status != "playing" or m is None or m.over or m.round_over:
            return
        turn = m.turn
        if turn is None or not self.bot_controlled(turn):
            return
        if self.bot_pending is not None and self.bot_pending[1] == self.version:
            return
        level = self.seats[turn]["bot"] or self.settings.timeout_bot
        self._ask_bot(turn, level, timeout=False)

    def _ask_bot(self, seat: int, level: str, *, timeout: bool) -> None:
        assert self.match is not None
        version = self.version
        if not timeout:
            self.bot_pending = (seat, version)
        view = view_for(self.match, seat)
        delay = 0.0
        if self.row["pace"] == "live" and not timeout:
            started = self.row.get("turn_started_at") or now()
            delay = max(0.0, started + self.settings.bot_delay_seconds - now())
        if self._bot_failures and not timeout:  # back off when the bot keeps failing
            delay += min(30.0, 0.5 * 2 ** min(self._bot_failures, 6))

        async def think() -> None:
            try:
                if delay:
                    await asyncio.sleep(delay)
                move = await self.bots.choose(view, level)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: bot %s failed for seat %s", self.id, level, seat)
                move = ""
            self.inbox.put_nowait(BotAnswer(seat, version, move, timeout))

        task = asyncio.get_running_loop().create_task(think())
        self._bot_tasks.add(task)
        task.add_done_callback(self._bot_tasks.discard)

    async def _bot_answer(self, ans: BotAnswer) -> None:
        if not ans.timeout and self.bot_pending == (ans.seat, ans.version):
            self.bot_pending = None
        if ans.version != self.version or self.match is None or self.match.turn != ans.seat:
            return  # stale: the table moved on meanwhile
        if not ans.move:
            self._bot_failures += 1
            return
        if not ans.timeout and not self.bot_controlled(ans.seat):
            return
        try:
            await self._apply_move(ans.seat, Move.parse(ans.move), cmd_id=None)
        except (Rejection, ValueError) as exc:
            log.error("table %s: bot move %r refused: %s", self.id, ans.move, exc)
            self._bot_failures += 1
            return
        self._bot_failures = 0
        for s in range(len(self.seats)):
            await self._handover(s)

    async def _check_deadlines(self) -> None:
        """Apply whatever deadline has passed: grace, turn timer, round pause, idleness."""
        if self.status != "playing" or self.match is None:
            return
        t = now()
        d = self.deadlines
        idle = d.idle()
        if idle is not None and t >= idle:
            await self._annul("abandoned", seat=None, cmd_id=None)
            return
        for seat in d.grace_expired(t):
            w = Write(
                self.id,
                events=self._events(
                    [
                        (
                            "info",
                            {
                                "type": "seat_bot",
                                "seat": seat,
                                "bot": self.seats[seat]["bot"] or self.settings.timeout_bot,
                                "reason": "away",
                            },
                        )
                    ]
                ),
                seats={
                    seat: {
                        "away": True,
                        "bot": self.seats[seat]["bot"] or self.settings.timeout_bot,
                    }
                },
            )
            await self._commit(w)
        pause = d.round_pause()
        if pause is not None and t >= pause:
            await self._next_round(None, None)
            return
        turn = d.turn()
        if turn is not None and t >= turn and self.timeout_pending != self.version:
            assert self.match.turn is not None
            self.timeout_pending = self.version
            self._ask_bot(self.match.turn, self.settings.timeout_bot, timeout=True)

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        when = self.deadlines.next_wakeup(self.timeout_pending == self.version)
        if when is None:
            return
        delay = max(0.0, when - now()) + 0.001
        self._timer = asyncio.get_running_loop().call_later(delay, self.inbox.put_nowait, _TICK)
