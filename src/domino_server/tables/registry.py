"""Finds, creates, loads and evicts table actors; restores live tables after a restart.

An actor is assembled here from its collaborators: the state restored from the store
(:func:`domino_server.table.restore`), the store, a :class:`~.publisher.Publisher`, a
:class:`~.botdriver.BotDriver` over the bot pool, and the dealer.

With several instances (``ownership`` set) the registry holds a table only with its
lease: it takes the lease before loading the table (asking the holder to hand it over
when there is one), drops the table when the lease is lost, hands it over when another
instance asks, and leaves tables nobody watches to the cluster sweeper.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from domino_core.fairdeal import new_server_seed

from .. import metrics
from ..core.config import Settings
from ..push import Reminders
from ..store.repo import Store, Write
from ..table import TableState, Timing, restore
from ..table.deadlines import bot_turn, round_pause
from ..table.summary import listing
from .actor import TableActor
from .botdriver import BotDriver
from .messages import Attach, Look, Reply
from .new_table import seat_rows, table_row
from .publisher import Publisher
from .tokens import address_hash, hash_token, is_table_id, new_table_id, new_token

if TYPE_CHECKING:
    from ..cluster.ownership import Ownership

#: Close code and reason for a table's sockets when this instance stops holding it (its
#: lease was lost or handed over): the client reconnects and resumes from its last seq.
MOVED_CODE = 4012
MOVED_REASON = "the table moved to another server: reconnect"

log = logging.getLogger(__name__)


class TableUnreadable(RuntimeError):
    """A live table did not answer what it holds (:meth:`Registry.listing`)."""


class Registry:
    """The live actors, by table id."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        bots: Any,
        reminders: Reminders | None = None,
        *,
        ownership: Ownership | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.bots = bots
        self.reminders = reminders
        self.actors: dict[str, TableActor] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self.timing = Timing(
            grace=settings.grace_seconds,
            absence=settings.absence_seconds,
            idle=settings.idle_seconds,
            round_pause=settings.round_pause_seconds,
            timeout_bot=settings.timeout_bot,
            seed_window=settings.client_seed_seconds,
        )
        self.evictions = 0
        self.ownership = ownership
        self._stopping: set[asyncio.Task[None]] = set()
        if ownership is not None:
            ownership.on_lost = self.lost
            ownership.on_handover = self.hand_over

    async def get(self, table_id: str) -> TableActor | None:
        """The live actor of ``table_id``, loading it from the database if needed (with
        several instances: once its lease is ours; raises
        :class:`~domino_server.cluster.ownership.TableBusy` if it cannot be had now)."""
        actor = self.actors.get(table_id)
        if actor is not None:
            if self.ownership is None or self.ownership.fresh(table_id):
                return actor
            if await self.ownership.confirm(table_id):  # ran out by our clock: still ours?
                return actor
            self.lost(table_id)  # taken by another instance meanwhile: never serve it
        if not is_table_id(table_id):  # no such table: nothing to ask the database
            return None
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            actor = self.actors.get(table_id)
            if actor is None:
                if self.ownership is not None:
                    if not await self.ownership.leases.exists(table_id):
                        self._locks.pop(table_id, None)
                        return None
                    await self.ownership.take(table_id)
                actor = await self._live(table_id)
                if actor is not None:
                    metrics.RELOADS.labels(reason="load").inc()
        return actor

    async def adopt(self, table_id: str) -> TableActor | None:
        """Bring ``table_id`` to life under a lease already taken (the cluster sweeper)."""
        async with self._locks.setdefault(table_id, asyncio.Lock()):
            return self.actors.get(table_id) or await self._live(table_id)

    async def _live(self, table_id: str) -> TableActor | None:
        """Load, start and keep the actor of ``table_id`` (its lease, if any, is held)."""
        try:
            actor = await self._restored(table_id)
        except BaseException:
            await self._release(table_id)
            raise
        if actor is None:
            self._locks.pop(table_id, None)
            await self._release(table_id)
            return None
        actor.start()
        self.actors[table_id] = actor
        return actor

    async def _release(self, table_id: str) -> None:
        if self.ownership is not None:
            await self.ownership.release(table_id)

    def lost(self, table_id: str) -> None:
        """The lease of ``table_id`` is gone: drop the table now, its sockets closed with
        :data:`MOVED_CODE` before anything more could reach them."""
        if self.ownership is not None:
            self.ownership.forget(table_id)
        actor = self.actors.pop(table_id, None)
        if actor is None:
            return
        actor.publisher.close_all(MOVED_CODE, MOVED_REASON)
        task = asyncio.get_running_loop().create_task(_stopped(actor))
        self._stopping.add(task)
        task.add_done_callback(self._stopping.discard)

    async def hand_over(self, table_id: str) -> None:
        """Another instance asks for ``table_id``: finish what the actor has, stop it,
        close its sockets (:data:`MOVED_CODE`) and release the lease."""
        async with self._locks.setdefault(table_id, asyncio.Lock()):
            actor = self.actors.get(table_id)
            if actor is not None:
                with contextlib.suppress(Exception):  # a reply after everything queued
                    await asyncio.wait_for(actor.ask(None, Look()), 2.0)
                self.actors.pop(table_id, None)
                actor.publisher.close_all(MOVED_CODE, MOVED_REASON)
                await _stopped(actor)
            await self._release(table_id)
        log.info("table handed over", extra={"table": table_id})

    async def listing(self, table_id: str) -> dict[str, Any] | None:
        """What a player's list of tables shows of ``table_id`` (``table.summary.listing``), or
        None if there is no such table. A table that is not live is read from the database
        without being brought to life: no task, not kept in memory."""
        actor = self.actors.get(table_id)
        if actor is not None:  # asked in turn: a move being stored is not shown yet
            reply = await actor.ask(None, Look())
            if not reply.ok:
                raise TableUnreadable(f"table {table_id}: {reply.reason}")
            return reply.data
        if not is_table_id(table_id):
            return None
        state = await self.load_state(table_id)
        return None if state is None else listing(state)

    async def load_state(self, table_id: str) -> TableState | None:
        """The stored table ``table_id`` as the machine's state (its events folded), or None."""
        loaded = await self.store.load(table_id)
        if loaded is None:
            return None
        return restore(
            loaded.row, loaded.seats, loaded.deals, loaded.events, self.timing, time.time(),
            loaded.fair_seeds,
        )

    async def _restored(self, table_id: str) -> TableActor | None:
        """An actor holding the stored table ``table_id`` (not started), or None."""
        state = await self.load_state(table_id)
        if state is None:
            return None
        return TableActor(
            state,
            store=self.store,
            publisher=Publisher(self.settings.resume_window),
            bots=BotDriver(table_id, self.bots, self.settings.bot_delay_seconds),
            dealer=new_server_seed,  # each round's server seed (the machine deals from it)
            reload=lambda: self.load_state(table_id),
            reminders=self.reminders,
        )

    async def create(
        self,
        *,
        rules: dict[str, Any],
        pace: str,
        turn_seconds: float | None,
        bots: list[str | None],
        partner: str | None,
        name: str,
        player_hash: str | None = None,
        address: str | None = None,
    ) -> tuple[TableActor, str]:
        """Store a new table with the creator in seat 0; the actor and the creator's token.
        ``player_hash`` and ``address`` are the creator's, for the ranking."""
        table_id = new_table_id()
        token = new_token()
        t = time.time()
        row = table_row(table_id, t, rules, pace, turn_seconds, partner)
        creator = (name, hash_token(token), player_hash, address_hash(table_id, address))
        seats = seat_rows(table_id, t, int(rules["seats"]), bots, creator)
        await self.store.write(Write(table_id, new_table=row, new_seats=seats))
        log.info("table created", extra={"table": table_id, "rules": rules, "pace": pace})
        if self.ownership is not None:
            # not kept here: the instance its link leads to takes it when it is first asked
            actor = await self._restored(table_id)
        else:
            actor = await self.get(table_id)
        assert actor is not None
        return actor, token

    async def restore_all(self) -> int:
        """Load every playing table (after a restart): their bots and timers resume.
        With several instances the cluster sweeper claims them instead (none here)."""
        if self.ownership is not None:
            return 0
        ids = await self.store.table_ids("playing")
        for table_id in ids:
            await self.get(table_id)
        return len(ids)

    async def evict_idle(self) -> None:
        """Drop actors with no socket for ``actor_idle_seconds``: nothing moves at them by
        itself (a live table with no person here stands still; a correspondence table's
        deadlines are found again by the sweep). The stored state is the whole table."""
        cutoff = time.monotonic() - self.settings.actor_idle_seconds
        for table_id, actor in list(self.actors.items()):
            if actor.publisher.any() or actor.last_active > cutoff:
                continue
            if not actor.inbox.empty():
                continue
            self.evictions += 1
            del self.actors[table_id]
            self._locks.pop(table_id, None)
            await actor.stop()
            await self._release(table_id)
            metrics.EVICTIONS.inc()

    async def close(self) -> None:
        """Stop every actor. With several instances, a table with nobody here that would
        go on by itself (a round pause to end, a bot to move) keeps its lease until it
        runs out, instead of releasing it: nobody will ask for it, so another instance's
        sweep takes it as orphaned and goes on (a released table waits for a request; at
        your own pace the next round would wait for days)."""
        now = time.time()
        keep = [] if self.ownership is None else [
            table_id for table_id, actor in self.actors.items()
            if not actor.publisher.any()
            and (round_pause(actor.state) is not None or bot_turn(actor.state, now) is not None)
        ]
        for actor in list(self.actors.values()):
            await actor.stop()
        self.actors.clear()
        if self.ownership is not None:
            for table_id in keep:
                self.ownership.forget(table_id)  # (ownership.close releases the others)
        for task in list(self._stopping):
            with contextlib.suppress(BaseException):
                await task


async def _stopped(actor: TableActor) -> None:
    """Stop ``actor`` and answer what was still in its inbox (nothing of it was done)."""
    await actor.stop()
    while not actor.inbox.empty():
        item = actor.inbox.get_nowait()
        if isinstance(item, Attach):  # a socket that came too late: it reconnects
            item.conn.close(MOVED_CODE, MOVED_REASON)
        elif isinstance(item, tuple) and len(item) == 3 and not item[2].done():
            item[2].set_result(Reply(actor.seq, "unavailable", MOVED_REASON + " and send it again"))
