"""One asyncio task per live table: a thin shell around the pure machine.

inbox → ``decide`` (:mod:`domino_server.table`) → store (committed) → ``evolve`` → publish
each seat's view. Everything that changes a table goes through :meth:`TableActor.ask` (or
``submit``, ``tell``) and is handled one at a time: a rejected command changes nothing, the
events of an accepted one are committed before any socket hears of them, and a write that
fails leaves the state as stored (the state is only evolved after the commit). The
collaborators are passed in: the store, the clock, the bot pool (through a
:class:`~.botdriver.BotDriver`), the :class:`~.publisher.Publisher` of the sockets, and
the dealer that draws each round's server seed (the deal is the machine's, from it:
docs/RECORD.md §Fair deals).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from domino_core import Match, view_for

from .. import metrics
from ..push import Reminders
from ..store.repo import Store
from ..table import Rejection, Stored, TableState, decide, evolve
from ..table import commands as mc
from ..table.deadlines import bot_turn, next_wakeup
from ..table.summary import listing, summary
from .alarm import Alarm
from .announce import announce
from .botdriver import BotDriver
from .connection import Connection
from .messages import Answer, Attach, Detach, Join, Look, Reply, Resync
from .outage import UNAVAILABLE, refuse
from .publisher import Publisher
from .storing import write_for
from .translate import machine_command

__all__ = ["TableActor"]

log = logging.getLogger(__name__)

#: An inbox item that only makes the actor look at its deadlines.
TICK = object()


class TableActor:
    """The single owner of one table's state while it is live."""

    def __init__(
        self,
        state: TableState,
        *,
        store: Store,
        publisher: Publisher,
        bots: BotDriver,
        dealer: Callable[[], bytes],
        clock: Callable[[], float] = time.time,
        reload: Callable[[], Any] | None = None,
        reminders: Reminders | None = None,
    ) -> None:
        self.state = state
        self.id = state.spec.table_id
        self.store = store
        self.publisher = publisher
        self.bots = bots
        self.dealer = dealer
        self.clock = clock
        self._reload_from = reload  # async () -> TableState | None: the stored state
        self.reminders = reminders  # Web Push reminders, told of each commit (correspondence)
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.last_active = time.monotonic()
        self.broken = False  # a write failed: reload the stored state before going on
        self.stopped = False  # no longer this instance's to run (stopped, handed over)
        self._alarm = Alarm(clock)  # the next deadline's wake-up
        self._counted: set[Connection] = set()  # sockets the machine was told came

    # ------------------------------------------------------------ read side
    @property
    def match(self) -> Match | None:
        """The match (None before the start)."""
        return self.state.match

    @property
    def seq(self) -> int:
        """The last stored event's number."""
        return self.state.seq

    @property
    def status(self) -> str:
        """``waiting``, ``playing`` or ``finished``."""
        return self.state.status

    def seat_for_token(self, token_hash: str) -> int | None:
        """The seat whose token hashes to ``token_hash``."""
        return self.state.seat_for_token(token_hash)

    def summary(self) -> dict[str, Any]:
        """The public table summary."""
        return summary(self.state)

    def listing(self) -> dict[str, Any]:
        """The summary with where the match stands (a player's list of tables)."""
        return listing(self.state)

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """What ``seat`` may see (None before the start)."""
        m = self.state.match
        return None if m is None else view_for(m, seat).to_dict()

    # ------------------------------------------------------------ the inbox
    def start(self) -> None:
        """Start the actor's task."""
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.id}")
        self.inbox.put_nowait(TICK)
        self.remind()  # what a crash right after a commit may have left untold

    async def stop(self) -> None:
        """Stop the task and any bot request; sockets are closed (clients may reconnect)."""
        self.stopped = True
        self._alarm.cancel()
        self.bots.cancel()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        self.publisher.close_all(1012, "server restarting")

    async def ask(self, seat: int | None, request: Any) -> Reply:
        """Hand ``request`` (a command, :class:`Join`...) to the actor; its reply."""
        fut: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self.inbox.put_nowait((seat, request, fut))
        return await fut

    def submit(self, seat: int | None, command: Any, conn: Connection) -> None:
        """Hand a socket's ``command`` to the actor without waiting: its ``accepted`` or
        ``rejected`` goes to ``conn`` right after the events it produced."""
        conn.unanswered += 1
        self.inbox.put_nowait((seat, command, Answer(conn, command.id)))

    def tell(self, message: Any) -> None:
        """Hand ``message`` (:class:`Attach`, :class:`Detach`...) to the actor, no reply."""
        self.inbox.put_nowait(message)

    def poke(self) -> None:
        """Make the actor check its deadlines now."""
        self.inbox.put_nowait(TICK)

    async def _run(self) -> None:
        while True:
            item = await self.inbox.get()
            if self.broken and not await self._reload():
                self._refuse(item)  # the database is unreachable: change nothing
                continue
            try:
                await self._handle(item)
                await self._deadlines()
                now = self.clock()
                self.bots.want(self.state, bot_turn(self.state, now), now, self.tell)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: failure; reloading from the database", self.id)
                self.broken = True
            self._schedule()

    async def _apply(self, command: mc.Command) -> Reply:
        """Decide ``command``; store its events, then evolve and publish. Raises when the
        write fails (nothing changed, in memory or on any socket)."""
        events = decide(self.state, command, self.clock())
        if isinstance(events, Rejection):
            return Reply(self.state.seq, events.code, events.reason)
        stored = [e for e in events if isinstance(e, Stored)]
        if stored:
            await self.store.write(write_for(self.id, stored))
        for ev in events:
            self.state = evolve(self.state, ev)
        announce(self.publisher, self.state, events, stored)
        if stored:
            self.remind()
        return Reply(self.state.seq)

    def standing(self) -> tuple[dict[str, Any], Match | None] | None:
        """The table's public summary and its match, as they stand now (None once stopped:
        whoever loads the table next tells its reminders)."""
        return None if self.stopped else (self.summary(), self.state.match)

    def remind(self) -> None:
        """Tell the reminders where a correspondence table stands (never blocks): after
        each stored event and after loading."""
        if self.reminders is not None and not self.state.live:
            self.reminders.table_committed(self.id, self.standing)

    async def _handle(self, item: Any) -> None:
        if item is TICK:
            return
        self.last_active = time.monotonic()
        if isinstance(item, Attach):
            await self._attach(item.conn, item.last_seq)
        elif isinstance(item, Detach):
            self.publisher.detach(item.conn)
            if item.conn in self._counted and item.conn.seat is not None:
                self._counted.discard(item.conn)
                await self._apply(mc.SocketWent(item.conn.seat))
        elif isinstance(item, Resync):
            self.publisher.resync(self.state, item)
        elif isinstance(item, mc.BotMoved):
            if self.bots.asked == (item.seq, item.timeout):
                self.bots.asked = None  # answered: asked again if the table still waits
            reply = await self._apply(item)
            if reply.code == "illegal_move" or not item.move:
                log.error("table %s: bot move %r refused: %s", self.id, item.move, reply.reason)
                self.bots.failures += 1
                self.bots.asked = None
            elif reply.ok:
                self.bots.failures = 0
        else:
            seat, request, fut = item
            try:
                reply = await self._request(seat, request)
            except Exception:
                if not fut.done():
                    fut.set_result(Reply(self.state.seq, "unavailable", UNAVAILABLE))
                raise
            if not fut.done():
                fut.set_result(reply)

    async def _request(self, seat: int | None, req: Any) -> Reply:
        if isinstance(req, Look):
            return Reply(self.state.seq, data=listing(self.state))
        if isinstance(req, Join):
            reply = await self._apply(req)
            if reply.ok:
                reply.data = {"seat": self._joined_seat(req)}
            return reply
        return await self._apply(machine_command(seat, req, self.dealer))

    def _joined_seat(self, req: Join) -> int:
        seat = self.state.seat_for_token(req.token_hash)
        assert seat is not None
        return seat

    async def _attach(self, conn: Connection, last_seq: int | None) -> None:
        """Tell the machine a socket came (a person back may take their seat), then send
        the socket ``welcome`` and what it missed."""
        back = None
        if conn.seat is not None:
            spell = self.state.seats[conn.seat]  # (a frozen value: kept as it was)
            try:
                await self._apply(mc.SocketCame(conn.seat))
            except Exception:
                conn.close(1011, "storage unavailable; reconnect later")
                raise
            self._counted.add(conn)
            if spell.away and not self.state.seats[conn.seat].away:
                m = self.state.match
                back = {"moves": spell.away_moves, "since_round": spell.away_round,
                        "until_round": spell.away_round if m is None else m.round.round_no}
        self.publisher.attach(self.state, conn, last_seq, back)

    async def _deadlines(self) -> None:
        """Act on every deadline passed (a few steps at most: idle, grace, round pause)."""
        for _ in range(4):
            when = next_wakeup(self.state, turn_asked=True)
            if when is None or self.clock() < when:
                return
            before = self.state.seq
            await self._apply(mc.Tick(self.dealer()))
            if self.state.seq == before:
                return

    def _schedule(self) -> None:
        """Set the alarm for the next deadline."""
        when = next_wakeup(self.state, turn_asked=self.bots.turn_asked(self.state))
        self._alarm.at(when, self.poke)

    async def _reload(self) -> bool:
        """Take the stored state again; False if it cannot be read now."""
        if self._reload_from is None:
            self.broken = False
            return True
        try:
            state = await self._reload_from()
        except Exception:
            log.exception("table %s: cannot reload from the database", self.id)
            return False
        metrics.RELOADS.labels(reason="failure").inc()
        if state is not None:
            state.presence = self.state.presence  # the sockets are still here
            self.state = state
        self.broken = False
        return True

    def _refuse(self, item: Any) -> None:
        """Answer ``item`` without touching the state (used while the database is away)."""
        refuse(item, self.state.seq)
        self._alarm.after(1.0, self.poke)  # try again in a second even if nobody asks
