"""The hard player's playouts in fives, straight on bitmasks.

``engine_playouts.play_out_each`` rebuilds a ``Match`` for every sampled world, copies it for every
candidate, pushes the candidate through the engine's rules and plays the round out with
``playout.greedy_fives_playout``: most of the time goes to the set-up and to the engine's
general path (a ``Board`` with its arms, the legal plays through the round state). Here a
world is a list of hand bitmasks and a boneyard in draw order, the board is seven small
values (four ends, which ends carry a crosswise double, which arms hold a tile, the
spinner's pips, the ends' count, RULES.md §7), and each candidate is played out by the
same greedy policy on the same random numbers as the engine path: every round ends as
the engine's does (``tests/bots/test_fives_playouts.py``), so the hard player makes the
same moves on the same budget, only faster.

Where the greedy playout is the whole round: fives, not batida, a round blocked when
every seat passes in a row (``closed_table = "all_pass"``) and every candidate a play
(``supported``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from domino_core.board import CLOSED, END_MASK, Board
from domino_core.bots.batida_search import PAIR_ID, mask_of_pairs
from domino_core.bots.knowledge import Knowledge, Option
from domino_core.bots.points_race import ScoresWorth, race_chance
from domino_core.bots.sampling import World
from domino_core.legality import plays_on
from domino_core.moves import END_INDEX
from domino_core.rules import Rules
from domino_core.scoring import score_blocked, score_domino
from domino_core.tiles import IS_DOUBLE, TILE_A, TILE_B, TILE_VALUE

__all__ = ["GREED", "FivesPlayouts", "supported"]

GREED = 0.75
"""``playout.greedy_fives_playout``'s default: the share of turns that take the most
points at once."""


def supported(k: Knowledge) -> bool:
    """Whether ``FivesPlayouts`` plays ``k``'s candidates out (see the module)."""
    return (
        k.fives()
        and k.scoring != "batida"
        and k.closed_table == "all_pass"
        and all(o.kind == "play" and o.tile is not None for o in k.legal)
    )


#: ``plays_on``'s answers by the tiles of a hand fitting each end (the key of
#: ``legality.moves_of_key``, worked out in ``FivesPlayouts._one``), cleared when it grows
#: past ``_CACHE_SIZE`` entries.
_PLAYS: dict[int, list[tuple[int, int]]] = {}
_CACHE_SIZE = 1 << 16


def _remember(key: int, hand: int, ends: list[int]) -> list[tuple[int, int]]:
    """``plays_on(hand, ends)``, kept in ``_PLAYS`` under ``key`` (its callers must not
    change the list)."""
    if len(_PLAYS) >= _CACHE_SIZE:
        _PLAYS.clear()
    got = _PLAYS[key] = plays_on(hand, ends)
    return got


class FivesPlayouts:
    """One decision's fixed facts: the board, the candidates as ``(tile id, end)`` (end
    None on an empty table), the scores, and the worth of a round's end for the searching
    side, as the engine path values it (``engine_playouts.value_of``)."""

    def __init__(
        self, k: Knowledge, rules: Rules, board: Board, opener: int, options: Sequence[Option],
        greed: float = GREED,
    ) -> None:
        self.rules = rules
        self.n = rules.seats
        self.seat = k.seat
        self.sides = [rules.side_of(s) for s in range(self.n)]
        self.opener = opener
        self.goal = k.goal
        self.my_side = k.my_side
        self.scores = list(k.scores)
        self.greed = greed
        self.ends = board.ends[:]
        self.dbl = board.dbl[:]
        self.has = [bool(arm) for arm in board.arms]
        self.spinner = board.spinner
        self.sp = board.center[0] if board.spinner and board.center else 0
        self.total = board.count()
        self.plays = [
            (PAIR_ID[o.tile], None if o.end is None else END_INDEX[o.end])  # type: ignore[index]
            for o in options
        ]
        self.worth = ScoresWorth(k.goal, k.my_side, race_chance(rules))

    def values(self, world: World, seed: int) -> list[float]:
        """The value of each candidate in ``world``, the round played out greedily with
        ``random.Random(seed)`` for every candidate (as ``engine_playouts.play_out_each``)."""
        hands = [mask_of_pairs(h) for h in world.hands]
        bone = [PAIR_ID[p] for p in world.boneyard] if self.rules.drawing else []
        return [self._one(hands.copy(), bone, t, e, random.Random(seed).random)
                for t, e in self.plays]

    def _one(
        self, hands: list[int], bone: list[int], t: int, e: int | None, rnd: Callable[[], float]
    ) -> float:
        """The value of the round once ``self.seat`` lays ``t`` on ``e`` in ``hands``.

        The board's ends, crosswise doubles, arms holding a tile, spinner and count follow
        ``Board.place`` and ``Board.count`` (RULES.md §7): before the first double the
        count is the two ends; the first double becomes the spinner (the line re-rooted
        on it: its own arm empty, the other holding the rest); the spinner counts both
        halves until both long sides carry a tile, which opens its short sides."""
        ends, dbl, has = self.ends[:], self.dbl[:], self.has[:]
        spinner, sp, total = self.spinner, self.sp, self.total
        scores = self.scores[:]
        sides, goal, n, greed, seat = self.sides, self.goal, self.n, self.greed, self.seat
        value, double, mask, known = TILE_VALUE, IS_DOUBLE, END_MASK, _PLAYS.get
        pos = passes = 0
        nbone = len(bone)
        while True:  # seat lays t on e
            if e is None:
                ends[0], ends[1] = TILE_A[t], TILE_B[t]
                spinner = double[t]
                sp = ends[0]
                total = value[t]
            else:
                near = ends[e]
                far = value[t] - near
                if not spinner:
                    if double[t]:
                        spinner, sp = True, far
                        total = 2 * far + ends[1 - e]
                        has[e], has[1 - e] = False, True
                    else:
                        ends[e] = far
                        has[e] = True
                        total = far + ends[1 - e]
                else:
                    total += 2 * far if double[t] else far
                    if has[e]:
                        total -= 2 * near if dbl[e] else near
                    elif e < 2 and has[1 - e]:
                        total -= 2 * sp
                    ends[e], dbl[e], has[e] = far, double[t], True
                    if ends[2] == CLOSED and has[0] and has[1]:
                        ends[2] = ends[3] = sp
            hands[seat] ^= 1 << t
            passes = 0
            if total > 0 and total % 5 == 0:
                side = sides[seat]
                scores[side] += total
                if scores[side] >= goal:
                    return 1.0 if side == self.my_side else 0.0
            if not hands[seat]:
                award = score_domino(self.rules, hands, seat)
                break
            seat = seat + 1 if seat + 1 < n else 0
            while True:  # the next play, after draws and passes
                h = hands[seat]
                key = (h & mask[ends[0]] | (h & mask[ends[1]]) << 28
                       | (h & mask[ends[2]]) << 56 | (h & mask[ends[3]]) << 84)
                got = known(key)
                plays = got if got is not None else _remember(key, h, ends)
                if plays:
                    break
                if pos < nbone:
                    hands[seat] |= 1 << bone[pos]
                    pos += 1
                    continue
                passes += 1
                if passes >= n:
                    break
                seat = seat + 1 if seat + 1 < n else 0
            if not plays:
                award = score_blocked(self.rules, hands, self.opener)
                break
            if len(plays) > 1 and rnd() < greed:  # the plays that score the most, if any
                best = 0
                top: list[tuple[int, int]] = []
                for p in plays:
                    x, y = p
                    near = ends[y]
                    far = value[x] - near
                    if not spinner:
                        c = (2 * far if double[x] else far) + ends[1 - y]
                    else:
                        c = total + (2 * far if double[x] else far)
                        if has[y]:
                            c -= 2 * near if dbl[y] else near
                        elif y < 2 and has[1 - y]:
                            c -= 2 * sp
                    if c > 0 and c % 5 == 0 and c >= best:
                        if c > best:
                            best, top = c, [p]
                        else:
                            top.append(p)
                if top:
                    plays = top
            t, e = plays[int(rnd() * len(plays))]
        if award.side is not None and award.points:
            scores[award.side] += award.points
        return self.worth(scores)
