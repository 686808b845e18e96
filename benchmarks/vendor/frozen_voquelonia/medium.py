"""Nino, the medium computer player: a good club player's rules of thumb.

Each legal play gets a score from the habits a club player has:

- go out when it can; in fives, take the points (and the goal) on the table;
- shed heavy tiles and doubles early (they cost most when the round ends);
- keep numbers varied and keep tiles that fit the ends it leaves (control);
- count tiles (7 of each number) and read passes and draws: leave ends the next
  opponent lacks, never ends its partner lacks;
- with a partner, don't cover the partner's number, cover the opponents';
- in fives, deny the next seat easy points;
- close the table (a block) only when its side would win the block as RULES.md §6
  scores it: with a partner, the two hands of each team together;
- scored by batida (§6b), where going out first is what scores (and with tiles asleep
  many rounds block, won by the lightest hand): it plays to make the next seat pass
  (the chance that it holds nothing for the ends left, from the unseen tiles and what
  it showed it lacks) and to keep its partner playing; with two tiles left it keeps the
  one that would go out as a double or on both ends (a carroça, lá-e-lô or cruzada).

The best-scoring play is chosen; ties go to the heavier tile, then the first offered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .inference import known_voids
from .knowledge import (
    EndSlot,
    Knowledge,
    Option,
    Pair,
    after_play,
    ends_count,
    fits,
    pips,
)

_WIN = 1_000_000.0
#: By batida: the weight of the chance that the next seat must pass after a play, and of
#: the chance that the partner must (tuned in the arena against Rabisco, matches to 6).
BATIDA_NEXT_PASSES = 50.0
BATIDA_PARTNER_PASSES = 3.0


def end_owners(k: Knowledge) -> dict[str, int]:
    """Which seat laid the tile at each open end (the opener owns both sides of the first tile)."""
    owners: dict[str, int] = {}
    for e in k.log:
        if e.get("type") != "play":
            continue
        seat = int(e["seat"])
        end = e.get("end")
        if end is None:
            owners = {"L": seat, "R": seat}
        else:
            owners[str(end)] = seat
    return owners


def reply_points(
    k: Knowledge, seat: int, ends: Mapping[str, EndSlot], voids: set[int], unseen: set[Pair]
) -> float:
    """Expected fives points ``seat`` can score at once on ``ends`` (its best play), roughly.

    Each unseen tile it could hold is held with probability hand size / candidates.
    """
    candidates = [t for t in unseen if t[0] not in voids and t[1] not in voids]
    if not candidates or k.hand_counts[seat] == 0:
        return 0.0
    p = min(1.0, k.hand_counts[seat] / len(candidates))
    best: list[int] = []
    for t in candidates:
        top = 0
        for name in fits(t, ends):
            c = ends_count(after_play(ends, t, name, fives=True))
            if c > 0 and c % 5 == 0:
                top = max(top, c)
        if top:
            best.append(top)
    best.sort(reverse=True)
    expected, none_yet = 0.0, 1.0
    for pts in best:
        expected += pts * p * none_yet
        none_yet *= 1.0 - p
    return expected


def pass_chance(
    k: Knowledge, seat: int, open_pips: set[int], unseen: set[Pair], voids: set[int]
) -> float:
    """The chance that ``seat`` holds no tile for ``open_pips``, roughly: each unseen tile
    it could hold (none of its numbers known lacking) is held with probability hand size
    over candidates, independently."""
    pool = [t for t in unseen if t[0] not in voids and t[1] not in voids]
    if not pool or k.hand_counts[seat] == 0:
        return 1.0
    p = min(1.0, k.hand_counts[seat] / len(pool))
    fitting = sum(1 for t in pool if t[0] in open_pips or t[1] in open_pips)
    return float((1.0 - p) ** fitting)


@dataclass(frozen=True, slots=True)
class _Context:
    unseen: set[Pair]
    voids: dict[int, set[int]]
    owners: dict[str, int]


def context(k: Knowledge) -> _Context:
    """What ``score_play`` reads about the position besides the play (made once a move)."""
    return _Context(k.unseen(), known_voids(k), end_owners(k))



def score_play(k: Knowledge, o: Option, ctx: _Context | None = None) -> float:
    """The club player's score of one legal play (higher is better)."""
    c = context(k) if ctx is None else ctx
    assert o.tile is not None
    tile = o.tile
    fives = k.fives()
    rest = list(k.hand)
    rest.remove(tile)
    batida = k.batida()
    if not rest:
        return _WIN + (k.batida_value(tile, k.ends) if batida else o.points)
    if fives and k.scores[k.my_side] + o.points >= k.goal:
        return _WIN
    ends = after_play(k.ends, tile, o.end, fives=fives)
    unseen = c.unseen
    voids = c.voids
    nxt = (k.seat + 1) % k.seats
    partner = k.partner()
    score = 0.0

    # Points now, and what the next seat could answer with (fives).
    if fives:
        score += 3.0 * o.points
        score -= 1.5 * reply_points(k, nxt, ends, voids.get(nxt, set()), unseen)

    # Shed weight and doubles (by batida too: with tiles asleep many rounds block, and the
    # lightest hand takes a block).
    score += 1.0 * pips(tile) + (4.0 if tile[0] == tile[1] else 0.0)

    # By batida, with one tile left: keep the one that would go out for the most.
    if batida and len(rest) == 1 and fits(rest[0], ends):
        score += 3.0 * (k.batida_value(rest[0], ends) - k.batida_points[0])

    # Keep numbers varied and keep tiles that fit what is left open.
    numbers = {n for t in rest for n in t}
    score += 1.5 * len(numbers)
    open_pips = {s.pip for s in ends.values()}
    playable = sum(1 for t in rest if t[0] in open_pips or t[1] in open_pips)
    score += 2.0 * min(playable, 3) - (5.0 if playable == 0 else 0.0)

    # Read passes and draws, count tiles: leave the next opponent nothing to play.
    opp_can = [n for n in open_pips if n not in voids.get(nxt, set())]
    if not opp_can:
        score += 8.0
    else:
        score -= 1.0 * len(opp_can)
    if partner is not None:
        partner_lacks = voids.get(partner, set())
        if open_pips and open_pips <= partner_lacks:
            score -= 5.0
    if batida:
        # Going out first is what scores: make the next seat pass, keep the partner playing.
        score += BATIDA_NEXT_PASSES * pass_chance(k, nxt, open_pips, unseen, voids.get(nxt, set()))
        if partner is not None:
            score -= BATIDA_PARTNER_PASSES * pass_chance(
                k, partner, open_pips, unseen, voids.get(partner, set()))

    # Partner's numbers stay open; opponents' get covered.
    if partner is not None and o.end is not None:
        owner = c.owners.get(o.end)
        if owner == partner:
            score -= 3.0
        elif owner is not None and k.side_of(owner) != k.my_side:
            score += 2.0

    # A play that closes the table: only when this side would win the block.
    live = [t for t in unseen if t[0] in open_pips or t[1] in open_pips]
    if not live and not any(t[0] in open_pips or t[1] in open_pips for t in rest):
        score += 40.0 if wins_block(k, rest, unseen) else -40.0
    return score


_EPS = 1e-9


def expected_hands(k: Knowledge, rest: list[Pair], unseen: set[Pair]) -> list[float]:
    """Each seat's expected pips if the table closed now with ``rest`` left in this hand.

    This seat's are exact; another seat's are its hand size times the mean unseen
    tile. Where drawing is on and a closed table is only blocked once everyone has
    passed (``all_pass``), the next seat draws the boneyard out first (RULES.md §5),
    so the boneyard is added to its hand.
    """
    mean = sum(pips(t) for t in unseen) / len(unseen) if unseen else 0.0
    out = [k.hand_counts[s] * mean for s in range(k.seats)]
    out[k.seat] = float(sum(pips(t) for t in rest))
    if k.drawing and k.closed_table == "all_pass":
        out[(k.seat + 1) % k.seats] += k.boneyard * mean
    return out


def wins_block(k: Knowledge, rest: list[Pair], unseen: set[Pair]) -> bool:
    """Whether this seat's side would take the round if the table closed now (RULES.md §6).

    Sides are compared as §6 compares them, on ``expected_hands``: with teams, each
    team's two hands together; the lowest total wins. A tie wins only where §6 gives
    it to this side: with ``caribbean`` scoring, to the opener's team, or (solo) to
    the tied seat first in turn order from the opener. Elsewhere a tie scores nothing,
    and a solo ``classic`` tie is decided by tiles this seat cannot see, so it is not
    counted as a win.
    """
    seat_pips = expected_hands(k, rest, unseen)
    side_pips = [0.0] * k.sides
    for s, p in enumerate(seat_pips):
        side_pips[k.side_of(s)] += p
    mine = side_pips[k.my_side]
    others = [p for side, p in enumerate(side_pips) if side != k.my_side]
    lowest = min(others)
    if mine < lowest - _EPS:
        return True
    if mine > lowest + _EPS or k.scoring != "caribbean":
        return False
    if k.teams:
        return k.side_of(k.opener) == k.my_side
    tied = [s for s in range(k.seats) if abs(side_pips[s] - mine) <= _EPS]
    return min(tied, key=lambda s: (s - k.opener) % k.seats) == k.seat


def choose(k: Knowledge) -> Option:
    """The medium player's move among ``k.legal`` (which must not be empty)."""
    plays = [o for o in k.legal if o.kind == "play" and o.tile is not None]
    if not plays:
        return k.legal[0]
    if len(plays) == 1:
        return plays[0]
    ctx = context(k)
    scored = [
        (score_play(k, o, ctx), pips(o.tile) if o.tile else 0, -i, o) for i, o in enumerate(plays)
    ]
    return max(scored, key=lambda x: (x[0], x[1], x[2]))[3]
