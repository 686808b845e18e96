"""The computer players: Rabisco (easy), Nino (medium), Vó Quelônia (hard).

``choose_move(view, level=...)`` is all a caller needs. A bot is given one seat's
``View`` and nothing else, so it can only use what that seat may see.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domino_core.bots import easy, hard, medium
from domino_core.bots.knowledge import Knowledge, Option, knowledge_from, pair_str
from domino_core.moves import Move
from domino_core.tiles import Tile
from domino_core.view import View

LEVELS = ("rabisco", "nino", "voquelonia")
"""Bot names, easiest first: easy, medium, hard."""

ALIASES = {"easy": "rabisco", "medium": "nino", "hard": "voquelonia"}
"""English names accepted for the levels."""


def choose_option(
    k: Knowledge,
    *,
    level: str,
    seed: int | None = None,
    think_time: float | None = None,
    playouts: int | None = None,
) -> Option:
    """The bot's choice among ``k.legal``, as the bots' own ``Option`` value.

    The hard level searches from the ``View`` in ``k.source``; when ``k`` was read from
    view JSON, the ``View`` is rebuilt from it (``View.from_dict``). Raises
    ``ValueError`` as :func:`choose_move` does.
    """
    name = ALIASES.get(level, level)
    if not k.legal:
        raise ValueError("it is not this seat's turn: the view offers no legal move")
    rng = random.Random(seed)
    if name == "rabisco":
        return easy.choose(k, rng)
    if name == "nino":
        return medium.choose(k)
    if name == "voquelonia":
        if isinstance(k.source, Mapping) and len(k.legal) > 1:
            k = replace(k, source=View.from_dict(k.source))
        return hard.choose(
            k, rng, think_time=think_time, playouts=playouts, seeded=seed is not None
        )
    raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")


def to_move(option: Option) -> Move:
    """The engine's ``Move`` for a bots' ``Option``."""
    if option.kind == "draw":
        return Move.draw()
    if option.kind == "pass":
        return Move.pass_()
    assert option.tile is not None
    return Move.play(Tile.parse(pair_str(option.tile)), option.end)


def choose_move(
    view: View | Mapping[str, Any],
    *,
    level: str,
    seed: int | None = None,
    think_time: float | None = None,
    playouts: int | None = None,
) -> Move:
    """The move the bot ``level`` plays for the seat whose ``view`` this is.

    ``level``: one of ``LEVELS`` (or ``easy``/``medium``/``hard``). ``seed`` makes the
    choice reproducible; ``think_time`` (seconds, hard level only, default 0.5) bounds
    the search. With a seed and no ``playouts``, the hard level spends a fixed
    playout budget equivalent to ``think_time`` on this machine, so that the same
    seed gives the same move; without a seed it searches until the clock runs out.
    ``view`` is a seat's ``View`` or its JSON (``View.to_dict()``); every level accepts
    both and plays the same move for either (the hard level rebuilds the ``View`` from
    the JSON). Raises ``ValueError`` for an unknown level, a spectator's view, or a
    view where it is not this seat's turn.
    """
    k = knowledge_from(view)
    option = choose_option(k, level=level, seed=seed, think_time=think_time, playouts=playouts)
    return to_move(option)


__all__ = ["ALIASES", "LEVELS", "choose_move", "choose_option", "to_move"]
