"""A frozen copy of Vó Quelônia, the hard bot (issue 15): the bar a later hard bot must
beat in ``benchmarks/bots.py --suite frozen``.

The modules beside this file are copies of ``src/domino_core/bots/`` (and of
``domino_core/determinize.py``) as they were at ``_source.COMMIT``, made by
``benchmarks/freeze_voquelonia.py``: run it again to move the bar. They are left as they
were copied (a copy, not code to keep in step); only this file is written by hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domino_core.bots import to_move
from domino_core.moves import Move
from domino_core.view import View

from . import hard
from ._source import COMMIT, FROZEN_ON
from .knowledge import knowledge_from

__all__ = ["COMMIT", "FROZEN_ON", "choose_move"]


def choose_move(
    view: View | Mapping[str, Any],
    *,
    level: str = "voquelonia",
    seed: int | None = None,
    think_time: float | None = None,
    playouts: int | None = None,
) -> Move:
    """The frozen hard bot's move for the seat whose ``view`` this is, as
    ``domino_core.bots.choose_move`` gives the live one's (``level`` is ignored)."""
    if not isinstance(view, View):
        view = View.from_dict(view)
    option = hard.choose(
        knowledge_from(view), random.Random(seed), think_time=think_time, playouts=playouts,
        seeded=seed is not None,
    )
    return to_move(option)  # type: ignore[arg-type]  # the frozen Option, alike
