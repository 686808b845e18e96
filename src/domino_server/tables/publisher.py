"""The table's sockets and what they are told: each stored event once committed, with each
seat's view made by the core's view function alone (``views_for``; a patch is made from two
such views), resuming by seq from the events kept in memory, and the ``table`` summary."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterable
from typing import Any

from domino_core import View, view_for, views_for

from ..core.jsontext import encode
from ..table import TableState
from ..table.convert import iso
from ..table.deadlines import public
from ..table.events import Stored
from ..table.summary import summary, summary_key
from .connection import Connection, dumps
from .messages import Resync
from .outage import refuse
from .patches import Patcher
from .views import ViewCache, view_texts

__all__ = ["Publisher"]

#: Stands for the deadline in a ``table`` frame's text while it is cut around it.
_MARK = "\u0000deadline\u0000"  # (a NUL: no name or other text of a table holds one)


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


class Publisher:
    """The sockets of one table by seat (None: spectators) and the recent events."""

    def __init__(self, resume_window: int) -> None:
        self.conns: dict[int | None, set[Connection]] = {}
        self.ring: deque[tuple[int, dict[str, Any]]] = deque(maxlen=resume_window)
        self._cache = ViewCache()
        self._deadline_sent: float | None = None
        # the last ``table`` frame's text before and after its deadline, and its key
        self._summary: tuple[str, str] | None = None
        self._summary_key: tuple[Any, ...] = ()

    def count(self, seat: int | None) -> int:
        """Sockets open for ``seat``."""
        return len(self.conns.get(seat, ()))

    def any(self) -> bool:
        """Whether any socket (spectators too) is open."""
        return any(self.conns.values())

    def remember(self, events: Iterable[Stored]) -> None:
        """Keep ``events`` for resuming sockets (the last ``resume_window`` of them)."""
        for ev in events:
            self.ring.append((ev.seq, ev.payload))

    def attach(self, state: TableState, conn: Connection, last_seq: int | None,
               back: dict[str, int] | None = None) -> None:
        """Add ``conn`` (an older socket of its seat retires once answered), send it
        ``welcome`` (with ``back``, the away spell its coming ended, if it did) and what
        it missed."""
        if conn.seat is not None:
            for old in list(self.conns.get(conn.seat, ())):
                old.retire(4001, "replaced by a newer connection for this seat")
                self.conns[conn.seat].discard(old)
        self.conns.setdefault(conn.seat, set()).add(conn)
        welcome = {
            "type": "welcome", "seat": conn.seat, "table": summary(state), "seq": state.seq,
            "now": iso(time.time()),  # the page counts deadlines by this clock, not its own
        }
        if back is not None:
            welcome["away_ended"] = back
        conn.send(welcome)
        self.resume(state, conn, last_seq)

    def detach(self, conn: Connection) -> bool:
        """Drop ``conn``; whether it was here (a retired one no longer is)."""
        conns = self.conns.get(conn.seat)
        if conns is None or conn not in conns:
            return False
        conns.discard(conn)
        return True

    def resync(self, state: TableState, item: Resync) -> None:
        """Answer a socket's ``sync``: what it missed, then ``accepted`` (``unavailable``
        if that fails: answered all the same, since a retiring socket waits for it)."""
        try:
            self.resume(state, item.conn, item.last_seq)
        except Exception:
            refuse(item, state.seq)
            raise
        item.conn.send({"type": "accepted", "id": item.cmd_id, "seq": state.seq})
        item.conn.answered()

    def resume(self, state: TableState, conn: Connection, last_seq: int | None) -> None:
        """Send ``conn`` every event after ``last_seq``, or a snapshot when the gap is older
        than the events kept (or ``last_seq`` is None or ahead of the table)."""
        oldest = self.ring[0][0] if self.ring else state.seq + 1
        if last_seq is None or last_seq > state.seq or last_seq + 1 < oldest:
            view = self._whole_view(state, conn)
            conn.send({"type": "snapshot", "seq": state.seq, "table": summary(state), "view": view})
            return
        missed = [(s, p) for s, p in self.ring if s > last_seq]
        for i, (s, p) in enumerate(missed):
            view = self._whole_view(state, conn) if i == len(missed) - 1 else None
            conn.send({"type": "event", "seq": s, "event": p, "view": view})

    def _whole_view(self, state: TableState, conn: Connection) -> dict[str, Any] | None:
        """``conn``'s whole view now (None before the start); the base of its next patch."""
        if state.match is None:
            return None
        v = view_for(state.match, conn.seat)
        if conn.patch:
            conn.last_view = v
        return v.to_dict()

    def publish(self, state: TableState, rows: list[Stored], *, summary_changed: bool) -> None:
        """Send ``rows`` (committed) to every socket; the last carries each seat's view (or,
        to a socket that asked for patches, what changed in it). A ``table`` frame follows
        when asked for, when the public deadline changed (a new turn) or when anything
        else it shows did (a move the computer made for a person: its ``away`` count, the
        round's ``stand_in``), so that no page shows an older summary than the view."""
        deadline = public(state)
        key = summary_key(state)
        if deadline != self._deadline_sent or key != self._summary_key:
            summary_changed = True
        if not rows and not summary_changed:
            return
        table_text = self.summary_text(state, deadline, key) if summary_changed else None
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
            if state.match is None:
                full = dict.fromkeys(watched, "null")
            else:
                views = views_for(state.match, watched)
                whole = [s for s in watched if any(not c.patch for c in self.conns[s])]
                if whole:
                    full = view_texts(state.match, whole, self._cache, views)
        patcher = Patcher(self._cache)
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

    def summary_text(self, state: TableState, deadline: float | None, key: tuple[Any, ...]) -> str:
        """The ``table`` frame of the summary now, ``deadline`` being ``public(state)`` and
        ``key`` its ``summary_key``; remembers the deadline it announced. The summary is
        made again only when more than its deadline changed."""
        self._deadline_sent = deadline
        if self._summary is None or key != self._summary_key:
            # the frame's text around its deadline (a unique mark, cut out again)
            text = dumps({"type": "table", "table": {**summary(state), "deadline": _MARK}})
            head, _, tail = text.partition(encode(_MARK))  # the first: before any name
            self._summary, self._summary_key = (head, tail), key
        head, tail = self._summary
        return head + encode(iso(deadline)) + tail

    def broadcast(self, text: str) -> None:
        """Queue the encoded frame ``text`` on every socket of the table (a frame that is
        the same for every seat: never a view)."""
        for conns in self.conns.values():
            for conn in conns:
                conn.send_text(text)

    def close_all(self, code: int, reason: str) -> None:
        """Close every socket (clients may reconnect and resume)."""
        for conns in self.conns.values():
            for conn in conns:
                conn.close(code, reason)
