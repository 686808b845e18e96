"""The table as a pure machine (no asyncio, sockets, threads or database).

``decide(state, command, now) -> list[Event] | Rejection`` holds every table rule of
RULES.md §10; ``evolve(state, event) -> state`` applies one event; a table is restored by
folding its stored events (:func:`restore`). The asyncio shell around it is
:mod:`domino_server.tables`.
"""

from .decide import REACTION_GAP, decide
from .decision import Rejection
from .events import MATCH_KINDS, Event, Presence, Reacted, Stored
from .evolve import evolve, fold
from .restore import initial, restore
from .state import BOT_NAMES, SeatState, TableSpec, TableState, Timing, bot_name

__all__ = [
    "BOT_NAMES",
    "MATCH_KINDS",
    "REACTION_GAP",
    "Event",
    "Presence",
    "Reacted",
    "Rejection",
    "SeatState",
    "Stored",
    "TableSpec",
    "TableState",
    "Timing",
    "bot_name",
    "decide",
    "evolve",
    "fold",
    "initial",
    "restore",
]
