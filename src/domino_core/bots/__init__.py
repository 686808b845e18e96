"""The computer players: Rabisco (easy), Nino (medium), Vó Quelônia (hard).

``choose_move(view, level=...)`` is all a caller needs. A bot is given one seat's
``View`` and nothing else, so it can only use what that seat may see.
"""

from __future__ import annotations

import random
from typing import Any

from domino_core.bots import easy, hard, medium
from domino_core.bots.knowledge import Knowledge, Option, knowledge_from, pair_str

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
    """The bot's choice among ``k.legal``, as the bots' own ``Option`` value."""
    name = ALIASES.get(level, level)
    if not k.legal:
        raise ValueError("it is not this seat's turn: the view offers no legal move")
    rng = random.Random(seed)
    if name == "rabisco":
        return easy.choose(k, rng)
    if name == "nino":
        return medium.choose(k)
    if name == "voquelonia":
        return hard.choose(
            k, rng, think_time=think_time, playouts=playouts, seeded=seed is not None
        )
    raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")


def to_move(option: Option) -> Any:
    """The engine's ``Move`` for a bots' ``Option``."""
    from domino_core import Move, Tile

    if option.kind == "draw":
        return Move.draw()
    if option.kind == "pass":
        return Move.pass_()
    assert option.tile is not None
    return Move.play(Tile.parse(pair_str(option.tile)), option.end)


def choose_move(
    view: Any,
    *,
    level: str,
    seed: int | None = None,
    think_time: float | None = None,
    playouts: int | None = None,
) -> Any:
    """The move the bot ``level`` plays for the seat whose ``view`` this is.

    ``level``: one of ``LEVELS`` (or ``easy``/``medium``/``hard``). ``seed`` makes the
    choice reproducible; ``think_time`` (seconds, hard level only, default 0.5) bounds
    the search. With a seed and no ``playouts``, the hard level spends a fixed
    playout budget equivalent to ``think_time`` on this machine, so that the same
    seed gives the same move; without a seed it searches until the clock runs out.
    Raises ``ValueError`` for an unknown level or a view where it is not this seat's turn.
    """
    k = knowledge_from(view)
    option = choose_option(k, level=level, seed=seed, think_time=think_time, playouts=playouts)
    return to_move(option)


__all__ = ["ALIASES", "LEVELS", "choose_move", "choose_option", "to_move"]
