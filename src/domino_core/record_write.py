"""Writing a match's game record (``domino-record/1``, or ``/2`` with fair-deal proofs,
see ``docs/RECORD.md``).

Reading and replaying records is :mod:`domino_core.record`; this module needs only what
a match keeps for its record (:class:`Recorded`), so that :class:`domino_core.match.Match`
can write itself without importing the reader.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .deal import Deal
from .fairdeal import FairProof
from .leaving import EndReason
from .record_end import END_REASONS, Ending
from .rules import KNOBS, Rules

__all__ = ["FORMAT", "FORMAT_END", "FORMAT_FAIR", "Recorded", "write_record"]

FORMAT = "domino-record/1"
#: The format with a fair-deal proof per round (RECORD.md §Fair deals); both are read.
FORMAT_FAIR = "domino-record/2"
#: ``/2`` that may also say how a match ended otherwise than at the goal (``end``): a
#: reader of ``/1`` and ``/2`` alone refuses it by its format, not by an unknown key.
FORMAT_END = "domino-record/3"


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

    @property
    def end_reason(self) -> EndReason | None:
        """Why the match ended, or ``None`` while it runs."""
        ...

    @property
    def end_seat(self) -> int | None:
        """The seat that resigned or lost by absence, if one did."""
        ...

    @property
    def end_draws(self) -> int | None:
        """Drawing by hand, a match ended inside a round: the tiles drawn after its last
        play (``record_end.Ending.draws``); else None."""
        ...


def write_record(match: Recorded,
                 fair: Sequence[FairProof | None] | None = None) -> dict[str, Any]:
    """The ``domino-record/1`` object of a match (finished or in progress), or with
    ``fair`` (one proof per round dealt, in order) the ``domino-record/2`` object whose
    rounds carry them as ``"fair"`` (a ``None`` proof leaves that round without one).

    ``rules`` holds preset, seats and goal, plus only the knobs that differ from
    the preset. Each round holds its deal and the plays in record notation (the
    opening tile ``"left-right"`` as laid, every later play with its end); draws
    and passes are left out, since replay derives them. A match that ended by a
    resignation, an absence, an annulment or abandonment is a ``domino-record/3`` with
    an ``end`` (RECORD.md).
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
    out: dict[str, Any] = {"format": FORMAT, "rules": header, "rounds": rounds}
    if fair is not None:
        if len(fair) != len(rounds):
            raise ValueError(f"{len(fair)} fair-deal proofs for {len(rounds)} rounds")
        for rnd, proof in zip(rounds, fair, strict=True):
            if proof is not None:
                rnd["fair"] = proof.to_dict()
        out["format"] = FORMAT_FAIR
    if match.end_reason in END_REASONS:  # (end_seat: None but for a seat that left)
        out["format"] = FORMAT_END
        out["end"] = Ending(match.end_reason, match.end_seat, match.end_draws).to_dict()
    return out
