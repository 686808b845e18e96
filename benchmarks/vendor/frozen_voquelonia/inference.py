"""What each seat is known to lack, from the public log of the round.

Every other seat's hidden hand is modelled as *groups* of tiles that entered the
hand together (the deal, then each draw), each with the numbers it is known not
to hold and, for the deal, single tiles it cannot hold:

- a ``pass`` with open ends E: every tile the seat holds lacks E;
- a ``draw`` of k tiles at ends E: every tile held before lacks E, and the drawn
  tiles that did not fit lack E too; when the seat then plays, the tile it plays
  is the last one drawn (no other tile could fit);
- a ``play`` from the hand removes one tile from the most constrained group that
  could have held it. Groups made earlier always lack a superset of what later
  ones lack, so this choice never rules out a possible deal;
- the opening of round 1 (RULES.md §3): the opener had to play the highest double
  dealt (or, with no double dealt, the heaviest tile), so no hand was dealt a
  higher double (or any double, or a heavier tile).

The model is *sound*: every deal consistent with the public information fits
it, so sampling (``sampling.py``) from it is always possible.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .knowledge import ALL_PAIRS, Knowledge, Pair, parse_pair


@dataclass(slots=True)
class Group:
    """Hidden tiles of one seat that came into its hand together."""

    count: int
    voids: set[int] = field(default_factory=set)
    """Numbers none of these tiles bears."""
    banned: set[Pair] = field(default_factory=set)
    """Single tiles none of these can be."""

    def allows(self, tile: Pair) -> bool:
        """Whether ``tile`` may be one of this group's tiles."""
        return tile[0] not in self.voids and tile[1] not in self.voids and tile not in self.banned


def _heavier(a: Pair, b: Pair) -> bool:
    """RULES.md §3: ``a`` outranks ``b`` as an opening tile without doubles."""
    return (a[0] + a[1], a[0]) > (b[0] + b[1], b[0])


def _opening_bans(first: Pair) -> set[Pair]:
    """Tiles no hand can have been dealt, given round 1 was opened with ``first``."""
    if first[0] == first[1]:
        return {(d, d) for d in range(7) if d > first[0]}
    return {t for t in ALL_PAIRS if t[0] == t[1] or _heavier(t, first)}


def hidden_groups(k: Knowledge) -> dict[int, list[Group]]:
    """For every other seat, the groups its current hidden hand is made of.

    The counts of a seat's groups add up to its current hand count. If the log
    cannot be read consistently (it always can for a view made by the engine),
    that seat falls back to one unconstrained group.
    """
    plays = [0] * k.seats
    drawn = [0] * k.seats
    for e in k.log:
        kind = e.get("type")
        if kind == "play":
            plays[int(e["seat"])] += 1
        elif kind == "draw":
            drawn[int(e["seat"])] += int(e.get("count") or 1)
    groups: dict[int, list[Group]] = {}
    for s in range(k.seats):
        if s != k.seat:
            dealt = k.hand_counts[s] + plays[s] - drawn[s]
            groups[s] = [Group(dealt)]
    broken: set[int] = set()
    last: Mapping[str, Any] | None = None
    first_play = True
    for e in k.log:
        kind = e.get("type")
        if kind not in ("play", "draw", "pass"):
            continue
        seat = int(e["seat"])
        if kind == "play":
            tile = parse_pair(str(e["tile"]))
            if first_play and k.round_no == 1:
                bans = _opening_bans(tile)
                for s, gs in groups.items():
                    gs[0].banned |= bans
                    if s == seat:
                        gs[0].banned.discard(tile)
            first_play = False
            if seat in groups:
                gs = groups[seat]
                if last is not None and last.get("type") == "draw" and last.get("seat") == seat:
                    target = gs[-1]
                else:
                    eligible = [g for g in gs if g.count > 0 and g.allows(tile)]
                    target = eligible[0] if eligible else gs[-1]
                    if not eligible:
                        broken.add(seat)
                target.count -= 1
                if target.count < 0:
                    broken.add(seat)
        elif seat in groups:
            ends = {int(p) for p in e.get("ends") or ()}
            for g in groups[seat]:
                g.voids |= ends
            if kind == "draw":
                groups[seat].append(Group(int(e.get("count") or 1), set(ends)))
        last = e
    for s, gs in groups.items():
        live = [g for g in gs if g.count > 0]
        if (
            s in broken
            or any(g.count < 0 for g in gs)
            or sum(g.count for g in live) != (k.hand_counts[s])
        ):
            live = [Group(k.hand_counts[s])] if k.hand_counts[s] else []
        groups[s] = live
    return groups


def known_voids(k: Knowledge, groups: dict[int, list[Group]] | None = None) -> dict[int, set[int]]:
    """For every other seat, the numbers it surely does not hold now.

    That is what its passes and draws showed (still true of every tile it holds),
    plus the numbers whose seven tiles are all seen by this seat (tile counting).
    A seat with no tiles lacks every number.
    """
    gs_by_seat = hidden_groups(k) if groups is None else groups
    unseen = k.unseen()
    dead = {n for n in range(7) if not any(n in t for t in unseen)}
    out: dict[int, set[int]] = {}
    for s, gs in gs_by_seat.items():
        if not gs:
            out[s] = set(range(7))
            continue
        common = set(range(7))
        for g in gs:
            common &= g.voids
        out[s] = common | dead
    return out
