"""What the sockets hear of the events of an accepted command, once committed: reactions
go out as they are, stored events through the :class:`~.publisher.Publisher` (with the
``table`` summary when one of them changes it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..table import Stored, TableState
from ..table.events import Presence, Reacted
from .connection import dumps
from .publisher import Publisher

__all__ = ["SUMMARY_TYPES", "announce"]

#: Table entries that change the ``table`` summary.
SUMMARY_TYPES = frozenset(
    ("started", "seat_joined", "seat_human", "seat_bot", "annulment_proposed",
     "annulment_vote", "annulled", "match_end", "ranking", "rematch",
     "fair_commit", "client_seed", "round_start", "fair_reveal")
)  # fmt: skip


def announce(
    publisher: Publisher, state: TableState, events: Sequence[Any], stored: list[Stored]
) -> None:
    """Tell the sockets of ``events`` (``stored`` are those among them that were stored),
    ``state`` being the table after them."""
    publisher.remember(stored)
    changed = False
    for ev in events:
        if isinstance(ev, Reacted):
            text = {"type": "reaction", "seat": ev.seat, "reaction": ev.reaction}
            publisher.broadcast(dumps(text))
        elif isinstance(ev, Presence) or ev.payload.get("type") in SUMMARY_TYPES:
            changed = True
    publisher.publish(state, stored, summary_changed=changed)
