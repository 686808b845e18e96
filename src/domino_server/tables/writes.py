"""Every change of a table is stored first, then told: :meth:`TableWrites._commit`
commits one :class:`~domino_server.store.repo.Write` and only then advances ``seq`` and
sends the new events to every socket, each seat's view through the core's view function
(``views_for``) alone."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from domino_core import View, views_for

from ..store.repo import EventRow, Write
from .connection import Connection, dumps
from .ranking import outcome
from .state import TableState
from .stored import now
from .views import Patcher, view_texts

__all__ = ["MEMORY_COLUMNS", "TableWrites"]

log = logging.getLogger(__name__)

#: Row values kept in memory only: on load they derive from the stored events.
MEMORY_COLUMNS = ("turn_started_at", "last_move_at")


class _Patches:
    """One seat's view after an event, as each of its patch-asking sockets needs it: the
    whole view for a socket that has none yet, else the patch from the one it has (both
    made once for sockets that share them)."""

    def __init__(self, view: View, patcher: Patcher) -> None:
        self.view = view
        self.patcher = patcher
        # id of a socket's last view → (that view, the frame body from it)
        self.texts: dict[int, tuple[View | None, str]] = {}

    def body(self, conn: Connection) -> str:
        """The frame body for ``conn`` (``"view":…`` or ``"patch":…``); remembers the view."""
        old, conn.last_view = conn.last_view, self.view
        made = self.texts.get(id(old))
        if made is not None:
            return made[1]
        if old is None:
            text = '"view":' + dumps(self.view.to_dict())
        else:
            text = '"patch":' + self.patcher.patch_text(old, self.view)
        self.texts[id(old)] = (old, text)
        return text


class TableWrites(TableState):
    """Storing a change, then publishing it."""

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
            if ev.payload.get("type") == "ranking":
                self._note_ranking(ev.payload)
            self.seq = ev.seq
            self.ring.append((ev.seq, ev.payload))
            if ev.cmd_id is not None and ev.seat is not None:
                self.cmd_ids[(ev.seat, ev.cmd_id)] = ev.seq
        self._publish(w.events, summary=summary or bool(w.seats) or "status" in w.table)
        return self.seq

    def _publish(self, rows: list[EventRow], *, summary: bool) -> None:
        """Send ``rows`` to every socket; the last carries each seat's view (or, to a socket
        that asked for patches, what changed in it). A ``table`` frame follows when asked
        for or when the public deadline changed (a new turn)."""
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
        head: str | None = None
        views: dict[int | None, View] = {}
        full: dict[int | None, str] = {}
        if rows and watched:
            last = rows[-1]
            head = dumps({"type": "event", "seq": last.seq, "event": last.payload})[:-1]
            if self.match is None:
                full = dict.fromkeys(watched, "null")
            else:
                views = views_for(self.match, watched)
                whole = [s for s in watched if any(not c.patch for c in self.conns[s])]
                if whole:
                    full = view_texts(self.match, whole, self._view_cache, views)
        patcher = Patcher(self._view_cache)
        for seat in watched:
            patches = _Patches(views[seat], patcher) if seat in views else None
            for conn in list(self.conns[seat]):
                for text in plain:
                    conn.send_text(text)
                if head is not None:
                    if conn.patch and patches is not None:
                        body = patches.body(conn)
                    else:
                        body = '"view":' + full[seat]
                    conn.send_text(f"{head},{body}}}")
                if table_text is not None:
                    conn.send_text(table_text)

    def _summary_text(self) -> str:
        """The ``table`` frame of the summary now; remembers the deadline it announced."""
        self._deadline_sent = self.deadlines.public()
        return dumps({"type": "table", "table": self.summary()})

    def _broadcast_summary(self) -> None:
        self._broadcast(self._summary_text())

    def _broadcast(self, text: str) -> None:
        """Queue the encoded frame ``text`` on every socket of the table (a frame that is
        the same for every seat: never a view)."""
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
        if self.match is None or not self.match.over:  # None: the first deal waits
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
        fair_seed: tuple[int, str] | None = None,
        summary: bool = False,
    ) -> int:
        t = now()
        cols = self._match_changed(t)
        awards: list[dict[str, Any]] = []
        m = self.match
        if m is not None and (m.round_over or m.over):  # the round is over: show its seed
            revealed = self.fairness.reveal(m.round_no)
            if revealed is not None:
                rows = [*rows, ("info", revealed)]
        if self.match is not None and self.match.over and self.status != "finished":
            result = outcome(self.match, self.seats)  # the points, stored with the end
            rows = [*rows, ("info", result.event(len(self.seats)))]
            awards = [
                {
                    "key_hash": a.player_hash,
                    "name": a.name,
                    "points": a.points,
                    "won": a.won,
                    "at": t,
                }
                for a in result.awards
            ]
        events = self._events(rows, seat=seat, cmd_id=cmd_id, move=move, ts=t)
        cols.update(self._finish_cols(t))
        cols.update(extra or {})
        w = Write(self.id, events=events, table=cols, deal=deal, seats=seats or {}, awards=awards,
                  fair_seed=fair_seed)
        return await self._commit(w, summary=summary)
