"""Writing a match's game record (``domino-record/1``, see ``docs/RECORD.md``).

Reading and replaying records is :mod:`domino_core.record`; this module needs only what
a match keeps for its record (:class:`Recorded`), so that :class:`domino_core.match.Match`
can write itself without importing the reader.
"""

from __future__ import annotations

from typing import Any, Protocol

from .deal import Deal
from .rules import KNOBS, Rules

__all__ = ["FORMAT", "Recorded", "write_record"]

FORMAT = "domino-record/1"


class Recorded(Protocol):
    """What a record is written from: the rules, and every round's deal and plays."""

    @property
    def rules(self) -> Rules:
        """The match's rules."""
        ...

    @property
    def history(self) -> list[tuple[Deal, list[str]]]:
        """Every round's deal and its plays in record notation, in order."""
        ...


def write_record(match: Recorded) -> dict[str, Any]:
    """The ``domino-record/1`` object of a match (finished or in progress).

    ``rules`` holds preset, seats and goal, plus only the knobs that differ from
    the preset. Each round holds its deal and the plays in record notation (the
    opening tile ``"left-right"`` as laid, every later play with its end); draws
    and passes are left out, since replay derives them.
    """
    rules = match.rules
    header: dict[str, Any] = {"preset": rules.preset, "seats": rules.seats, "goal": rules.goal}
    if rules.scoring != Rules.from_preset(rules.preset, rules.seats).scoring:
        header["scoring"] = "batida" if rules.batida else "pips"
    base = Rules.from_preset(rules.preset, rules.seats, rules.goal, scoring=rules.scoring)
    for knob in KNOBS:
        if knob != "scoring" and getattr(rules, knob) != getattr(base, knob):
            value = getattr(rules, knob)
            header[knob] = list(value) if isinstance(value, tuple) else value
    rounds = [{"hands": [[str(t) for t in hand] for hand in deal.hands],
               "boneyard": [str(t) for t in deal.boneyard],
               "plays": list(plays)}
              for deal, plays in match.history]
    return {"format": FORMAT, "rules": header, "rounds": rounds}
