"""Fencing: with several instances (PostgreSQL), every write of a table is conditional on
this instance's lease of it (RULES of ownership in docs/SCALING.md).

The epoch held when a write is handed in is checked inside the writing transaction
(:func:`.leases.fenced_out`); a write whose lease is gone fails with :class:`Fenced`
without touching anything."""

from __future__ import annotations

from typing import Protocol

__all__ = ["Fence", "Fenced"]


class Fenced(Exception):
    """A write refused because this instance does not hold the table's lease (any more)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id}: this instance does not hold its lease")
        self.table_id = table_id


class Fence(Protocol):
    """The leases this instance holds, as the store checks them."""

    owner: str

    def epoch(self, table_id: str) -> int | None:
        """The epoch of the lease held on ``table_id`` now, or None if none is."""

    def lost(self, table_id: str, epoch: int | None) -> None:
        """Told (on the event loop) when a write of ``table_id`` decided under ``epoch``
        (None: under no valid lease) was fenced out."""
