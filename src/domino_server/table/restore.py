"""A table from what is stored: its spec and seats as created, then the fold of its events.

The stored seat rows hold what never changes (who created the table, each seat's chosen
bot) and the hashes a friend brought when joining (the ``secret`` of their
``seat_joined`` event); everything else about a seat comes from the events. Another
instance taking a table over restores it the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .convert import deal_from_json
from .events import Stored
from .evolve import fold
from .state import Presence, SeatState, TableSpec, TableState, Timing

__all__ = ["StoredEvent", "initial", "restore", "spec_from_row"]


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One event row as read back (the store's ``EventRow`` has these fields)."""

    seq: int
    kind: str
    payload: dict[str, Any]
    created_at: float
    seat: int | None = None
    cmd_id: str | None = None
    move: str | None = None


def spec_from_row(row: Mapping[str, Any]) -> TableSpec:
    """The table's spec from its stored row."""
    return TableSpec(
        table_id=str(row["id"]),
        rules=dict(row["rules"]),
        pace=row["pace"],
        turn_seconds=row["turn_seconds"],
        partner=row.get("partner"),
    )


def initial(
    spec: TableSpec, seats: Sequence[Mapping[str, Any]], timing: Timing, since: float
) -> TableState:
    """The table as created: the creator in their seat, the others empty with their bot
    chosen; nobody connected since ``since``."""
    out = []
    for s in seats:
        if s["creator"]:
            out.append(
                SeatState(
                    seat=int(s["seat"]),
                    kind="human",
                    name=str(s["name"]),
                    bot=None,
                    creator=True,
                    token_hash=s["token_hash"],
                    player_hash=s.get("player_hash"),
                    ip_hash=s.get("ip_hash"),
                )
            )
        else:
            out.append(SeatState(seat=int(s["seat"]), kind="empty", name="", bot=s["bot"]))
    return TableState(
        spec=spec, timing=timing, seats=tuple(out), presence=Presence.nobody(len(out), since)
    )


def restore(
    row: Mapping[str, Any],
    seats: Sequence[Mapping[str, Any]],
    deals: Mapping[int, tuple[list[list[str]], list[str]]],
    events: Iterable[Any],
    timing: Timing,
    now: float,
    fair_seeds: Mapping[int, str] | None = None,
) -> TableState:
    """The table's state now: :func:`initial`, then every stored event folded in order.
    ``events`` read like :class:`StoredEvent`; ``now``: nobody is connected since then;
    ``fair_seeds``: each committed round's server seed (hex), as stored."""
    by_seat = {int(s["seat"]): s for s in seats}
    state = initial(spec_from_row(row), seats, timing, now)
    seeds = fair_seeds or {}
    state = fold(state, (_event(e, deals, by_seat, seeds) for e in events))
    # nobody is here yet: every grace period runs from now, not from a stored start (a
    # table taken over from another instance would otherwise hand its people's seats to
    # bots the moment it is loaded, while they reconnect)
    state.presence = Presence.nobody(len(state.seats), now)
    return state


def _event(
    e: Any,
    deals: Mapping[int, tuple[list[list[str]], list[str]]],
    seats: Mapping[int, Mapping[str, Any]],
    fair_seeds: Mapping[int, str],
) -> Stored:
    p = e.payload
    secret: dict[str, Any] | None = None
    if e.kind == "round":
        hands, boneyard = deals[p["round"]]
        secret = {"deal": deal_from_json(hands, boneyard), "hands": hands, "boneyard": boneyard}
    elif p.get("type") == "fair_commit":
        secret = {"server_seed": fair_seeds[p["round"]]}
    elif p.get("type") == "seat_joined":
        s = seats[p["seat"]]
        secret = {k: s.get(k) for k in ("token_hash", "player_hash", "ip_hash")}
    return Stored(
        seq=e.seq,
        kind=e.kind,
        payload=p,
        at=e.created_at,
        seat=e.seat,
        cmd_id=e.cmd_id,
        move=e.move,
        secret=secret,
    )
