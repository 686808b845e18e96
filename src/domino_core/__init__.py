"""domino_core: the rules of Brazilian dominó (double-six), views, records and bots.

The rules are docs/RULES.md and the record format docs/RECORD.md (the source of truth).

Pure Python, no I/O. Start with :class:`Match`::

    >>> from domino_core import Match, Rules, view_for
    >>> match = Match(Rules.from_preset("fives", seats=2), seed=7)
    >>> move = match.legal_moves()[0]
    >>> _ = match.push(move)
"""

from .deal import Deal, IllegalDeal, check_deal, shuffle_deal
from .match import EndReason, Match
from .moves import End, IllegalMove, Move
from .result import RoundResult
from .rules import PRESETS, Rules
from .tiles import ALL_TILES, Tile
from .view import View, view_for, views_for

__all__ = [
    "ALL_TILES",
    "PRESETS",
    "Deal",
    "End",
    "EndReason",
    "IllegalDeal",
    "IllegalMove",
    "Match",
    "Move",
    "RoundResult",
    "Rules",
    "Tile",
    "View",
    "check_deal",
    "shuffle_deal",
    "view_for",
    "views_for",
]
