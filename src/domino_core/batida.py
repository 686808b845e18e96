"""Batida scoring (RULES.md §6b): points by how the winner went out, not by pips.

A going-out play is one of four *batidas*, decided from the open ends just before the
last tile is laid:

- ``"simples"``: a tile that is not a double and fits only one end;
- ``"carroca"``: a double that fits only one end (batida de carroça);
- ``"la-e-lo"``: a tile that is not a double and could go on either end (both open
  ends carry one of its numbers: ends 3 and 5 with 3-5, or ends 4 and 4 with 4-1);
- ``"cruzada"``: a double that could go on either end (both ends show its number).

A blocked round goes to the side with the lowest pips (team totals at 4) for
``blocked_points``; a tie scores nothing.

>>> from domino_core.tiles import Tile
>>> batida_kind(Tile(4, 1).id, [4, 4])
'la-e-lo'
>>> batida_kind(Tile(5, 5).id, [3, 5])
'carroca'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .rules import Rules
from .tiles import IS_DOUBLE, TILE_A, TILE_B, pips_of

BatidaKind = Literal["simples", "carroca", "la-e-lo", "cruzada"]

#: The four batidas in the order of ``Rules.batida_points``.
BATIDAS: tuple[BatidaKind, ...] = ("simples", "carroca", "la-e-lo", "cruzada")

_CLOSED = -1


def batida_kind(tile_id: int, ends_before: Sequence[int]) -> BatidaKind:
    """Which batida laying ``tile_id`` last is, given the open ends' pips before it.

    ``ends_before`` lists the pips of every open end (closed ends as -1 are ignored).
    The tile "could go on either end" when at least two open ends carry one of its
    numbers. A round whose opening tile is also the opener's last (hands of one tile)
    has no ends to fit: it counts as a simples, or a carroça for a double *(decision)*.
    """
    a, b = TILE_A[tile_id], TILE_B[tile_id]
    fitting = sum(1 for p in ends_before if p != _CLOSED and p in (a, b))
    double = IS_DOUBLE[tile_id]
    if fitting >= 2:
        return "cruzada" if double else "la-e-lo"
    return "carroca" if double else "simples"


def batida_points(rules: Rules, kind: BatidaKind) -> int:
    """The points ``rules`` give a batida of ``kind``."""
    return rules.batida_points[BATIDAS.index(kind)]


def blocked_winner(rules: Rules, hands: Sequence[int], opener: int) -> tuple[int, int] | None:
    """``(side, seat)`` taking a blocked round under batida scoring, or None on a tie.

    The lowest pips win (with teams, the two hands of a team together); any tie for the
    lowest scores nothing, whatever the other seats hold. ``seat`` (who opens the next
    round under ``next_opener = "winner"``) is the winning seat or, with teams, the winning
    team's seat with the lower hand, then the one earlier in turn order from ``opener``.
    """
    pips = [pips_of(h) for h in hands]
    n = rules.seats
    order = [(opener + i) % n for i in range(n)]
    if rules.teams:
        team = [pips[0] + pips[2], pips[1] + pips[3]]
        if team[0] == team[1]:
            return None
        side = 0 if team[0] < team[1] else 1
        seat = min((s for s in order if s % 2 == side), key=lambda s: (pips[s], order.index(s)))
        return side, seat
    low = min(pips)
    tied = [s for s in order if pips[s] == low]
    if len(tied) != 1:
        return None
    return tied[0], tied[0]


__all__ = ["BATIDAS", "BatidaKind", "batida_kind", "batida_points", "blocked_winner"]
