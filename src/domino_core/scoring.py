"""Round-end scoring: RULES.md §6 (who wins a round, and how many points), and §6b
through :mod:`domino_core.batida` where rules score by batida.

Every function here is pure: it reads the hands left at the end of a round (as
bitmasks per seat) and returns who took the round.

Readings of the rule book where its words leave room (each checked against the
conformance records in ``tests/data/records``):

- With teams, "player" means "team" (§1): ``draw``/``block``/``fives`` "all other
  hands" on a domino are the other team's two hands (fives-4-teams, round 1), and a
  blocked round's "(sum of all others) − own" is the other team's pips minus the
  winning team's.
- A side that wins a round with an award of 0 (fives rounds 1 or 2 down to 0; a
  domino against a hand of 0-0) still takes the round: it is the round's ``winner``
  and, with ``next_opener = "winner"``, opens the next one (fives-2, rounds 3 and 4).
  "Nobody scored" (§3) means a tie that gives the round to no side.
- ``classic`` solo ties: among the seats tied on the lowest pips, the sorted tile
  values are compared as sequences; when two or more share the best sequence,
  nobody scores, even if a third tied seat compares worse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .batida import BatidaKind, batida_kind, batida_points, blocked_winner
from .rules import Rules
from .tiles import TILE_VALUE, ids_of, pips_of


@dataclass(frozen=True, slots=True)
class Award:
    """Who took a round: ``side`` (None: nobody scored), its ``points``, the ``seat``
    that counts as the round's winner for choosing the next opener and, for a domino
    under batida scoring, which ``batida`` it was (RULES.md §6b)."""

    side: int | None
    points: int
    seat: int | None
    batida: BatidaKind | None = None


NOBODY = Award(None, 0, None)

#: :func:`award`'s values, one per ``(side, points, seat, batida)`` (awards are immutable).
_AWARDS: dict[tuple[int | None, int, int | None, BatidaKind | None], Award] = {}


def award(side: int | None, points: int, seat: int | None,
          batida: BatidaKind | None = None) -> Award:
    """``Award(side, points, seat, batida)``, shared: made once for each value (a frozen
    dataclass takes longer to make than to look up)."""
    key = (side, points, seat, batida)
    got = _AWARDS.get(key)
    if got is None:
        got = _AWARDS[key] = Award(side, points, seat, batida)
    return got


def round_to_five(points: int) -> int:
    """The nearest multiple of 5 (12 → 10, 13 → 15), as fives rounds round awards."""
    return (points + 2) // 5 * 5


def _order_from(opener: int, seats: int) -> list[int]:
    return [(opener + i) % seats for i in range(seats)]


def score_domino(
    rules: Rules,
    hands: list[int],
    out_seat: int,
    last: int | None = None,
    ends_before: Sequence[int] = (),
) -> Award:
    """The award when ``out_seat`` played its last tile.

    Batida scoring (RULES.md §6b) needs that tile's id, ``last``, and the pips of the
    open ends before it was laid, ``ends_before``; pips scoring ignores both.
    """
    teams = rules.teams
    side = out_seat % 2 if teams else out_seat
    if rules.batida:
        if last is None:
            raise ValueError("batida scoring needs the last tile and the ends before it")
        kind = batida_kind(last, ends_before)
        return award(side, batida_points(rules, kind), out_seat, kind)
    # the hands hold no tile twice: the pips of several are those of their union
    if not teams:
        others = 0
        for seat, hand in enumerate(hands):
            if seat != out_seat:
                others |= hand
        points = pips_of(others)  # everyone else's pips
    elif rules.scoring == "caribbean":
        # Caribbean teams: all four hands, the partner's included.
        points = pips_of(hands[0] | hands[1] | hands[2] | hands[3])
    else:
        # With teams "everyone else" is the other team (RULES.md §1): seats 1 - side, 3 - side.
        points = pips_of(hands[1 - side] | hands[3 - side])
    return _pips_award(rules, side, points, out_seat)


def score_blocked(rules: Rules, hands: list[int], opener: int) -> Award:
    """The award when nobody can play (RULES.md §6, the "blocked" rows; batida: §6b).

    The lowest pips win (team: both hands). Ties: teams score nothing, except
    ``caribbean`` where the opener's side wins; solo ``classic`` compares sorted tile
    values, solo ``caribbean`` takes the tied seat first in turn order from ``opener``,
    the others score nothing. ``Award.seat`` (the next opener under ``winner``) is the
    winning seat, or with teams the winning team's seat with the lower hand, then the
    one earlier in turn order from ``opener``.
    """
    if rules.batida:
        won = blocked_winner(rules, hands, opener)
        return NOBODY if won is None else award(won[0], rules.blocked_points, won[1])
    pips = list(map(pips_of, hands))
    scoring = rules.scoring
    if rules.teams:
        team0 = pips[0] + pips[2]
        team1 = pips[1] + pips[3]
        if team0 == team1:
            if scoring != "caribbean":
                return NOBODY
            side = opener % 2
        else:
            side = 0 if team0 < team1 else 1
        if scoring == "classic":
            points = team1 if side == 0 else team0
        elif scoring == "caribbean":
            points = team0 + team1
        else:
            points = team1 - team0 if side == 0 else team0 - team1
        # The winning team's seat with the lower hand, then the earlier from the opener.
        first = opener if opener % 2 == side else (opener + 1) % 4
        second = (first + 2) % 4
        seat = second if pips[second] < pips[first] else first
        return _pips_award(rules, side, points, seat)
    low = min(pips)
    if pips.count(low) == 1:
        seat = pips.index(low)
    else:
        tied = [s for s in _order_from(opener, rules.seats) if pips[s] == low]
        if scoring == "classic":
            keys = {s: sorted(TILE_VALUE[t] for t in ids_of(hands[s])) for s in tied}
            best = min(keys.values())
            winners = [s for s in tied if keys[s] == best]
            if len(winners) != 1:
                return NOBODY
            seat = winners[0]
        elif scoring == "caribbean":
            seat = tied[0]
        else:
            return NOBODY
    others = sum(pips) - pips[seat]
    points = others - pips[seat] if scoring in ("standard", "fives") else others
    return _pips_award(rules, seat, points, seat)


def _pips_award(rules: Rules, side: int, points: int, seat: int) -> Award:
    """The award of a round scored by pips (fives rounds it to the nearest 5, RULES.md §6)."""
    return award(side, round_to_five(points) if rules.fives else points, seat)
