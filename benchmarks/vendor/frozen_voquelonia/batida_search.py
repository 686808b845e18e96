"""The hard player's playouts where rounds score by batida (RULES.md §6b), on bitmasks.

By batida a round is won by going out first (1 to 4 points by how) or, when the table
closes, by the lightest hand (1 point); a match to 6 is a handful of rounds. The search
here plays a sampled world's round out with a cheap version of Nino's habits for every
seat, who in the sampled world know the hands (so "the next seat cannot answer" is
exact): make the next seat pass, don't shut the partner out, shed heavy tiles and
doubles, keep tiles that fit the ends, and with two tiles left keep the one that goes
out for more. With probability ``1 - greed`` a turn's play is random instead, so that
the playouts do not all follow one line. The round's end is valued by the match: a
side reaching the goal wins it (1 or 0), otherwise ``batida_race.batida_win_chance``
from the scores reached.

Only a line without spinner is played here, with the ``all_pass`` closed table (the
``batida`` preset's rules; drawing, where a table has it, is followed); ``supported``
says whether a position qualifies. The hidden tiles come from ``sampling.Sampler`` and
nothing else: the seat's own view and a guess.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import cast

from domino_core.batida import blocked_winner
from domino_core.board import Board
from domino_core.playout import FITTING
from domino_core.rules import Rules
from domino_core.tiles import IS_DOUBLE, NUMBER_MASK, TILE_A, TILE_B, TILE_VALUE
from domino_core.view import View

from .batida_race import batida_win_chance
from .knowledge import Knowledge, Pair

__all__ = [
    "GREED",
    "PAIR_ID",
    "BatidaTable",
    "batida_fast",
    "batida_table",
    "mask_of_pairs",
    "supported",
]

GREED = 0.85
"""The share of turns a playout plays by the habits rather than at random."""

#: The habits' weights (Nino's, ``medium.score_play``, on what the sampled world shows).
NEXT_PASSES = 50.0
PARTNER_PASSES = 6.0
DOUBLE = 4.0
KEEP_FITTING = 2.0
NONE_FITS = 5.0
LAST_TILE = 3.0


def supported(rules: Rules, spinner: bool) -> bool:
    """Whether ``BatidaTable`` can play out rounds of these rules (batida, a line)."""
    return rules.batida and not rules.fives and not spinner and rules.closed_table == "all_pass"


Play = tuple[int, int | None]
"""``(tile id, end)``: end 0 (left), 1 (right) or None (the round's first tile)."""


class BatidaTable:
    """One decision's fixed facts: the rules, scores, open ends, whose turn, the opener.

    ``values(hands, bone, plays, seed)`` plays each of ``plays`` (the seat on turn's) in
    the world ``hands`` (one bitmask per seat) with ``bone`` the sleeping tiles (or the
    boneyard in draw order), plays the round out with the same random sequence for every
    play, and returns each one's value for ``side``.
    """

    def __init__(
        self,
        rules: Rules,
        scores: Sequence[int],
        goal: int,
        side: int,
        ends: tuple[int, int] | None,
        turn: int,
        opener: int,
        greed: float = GREED,
    ) -> None:
        self.rules = rules
        self.n = rules.seats
        self.teams = rules.teams
        self.ends = ends
        self.turn = turn
        self.opener = opener
        self.greed = greed
        self.points = tuple(rules.batida_points)
        sides = 2 if rules.teams else rules.seats
        worth: dict[tuple[int, int], float] = {}
        for s in range(sides):
            for p in {*self.points, rules.blocked_points}:
                after = list(scores)
                after[s] += p
                if max(after) >= goal:
                    won = [i for i, v in enumerate(after) if v >= goal]
                    worth[(s, p)] = 1.0 if side in won else 0.0
                else:
                    worth[(s, p)] = batida_win_chance(
                        after, goal, side, self.points, rules.blocked_points, rules.seats
                    )
        self.worth = worth
        self.still = (
            batida_win_chance(scores, goal, side, self.points, rules.blocked_points, rules.seats)
            if max(scores) < goal
            else (1.0 if scores[side] >= goal else 0.0)
        )

    def values(
        self, hands: Sequence[int], bone: Sequence[int], plays: Sequence[Play], seed: int
    ) -> list[float]:
        """The value for the search's side of each of ``plays`` in this world."""
        out: list[float] = []
        for t, e in plays:
            rng = random.Random(seed)
            out.append(self._play_out(list(hands), bone, t, e, rng.random))
        return out

    def play_out(
        self,
        hands: Sequence[int],
        bone: Sequence[int],
        play: Play,
        seed: int,
        trace: list[tuple[int, int, int]],
    ) -> float:
        """``values`` for one play, appending to ``trace`` every later play of the playout
        as ``(seat, tile id, pips of the end it went on)`` (for tests: the engine replays it)."""
        return self._play_out(
            list(hands), bone, play[0], play[1], random.Random(seed).random, trace
        )

    def _play_out(
        self,
        hands: list[int],
        bone: Sequence[int],
        t: int,
        e: int | None,
        rand: Callable[[], float],
        trace: list[tuple[int, int, int]] | None = None,
    ) -> float:
        n = self.n
        nm = NUMBER_MASK
        fitting = FITTING
        value = TILE_VALUE
        double = IS_DOUBLE
        points = self.points
        teams = self.teams
        greed = self.greed
        drawing = self.rules.drawing
        nbone = len(bone) if drawing else 0
        pos = 0
        turn = self.turn
        if self.ends is None:
            left, right = TILE_A[t], TILE_B[t]
        else:
            left, right = self.ends
        hands[turn] ^= 1 << t
        if not hands[turn]:
            return self._won(turn, t, self.ends)
        if self.ends is not None:
            if e == 0:
                left = value[t] - left
            else:
                right = value[t] - right
        passes = 0
        turn = (turn + 1) % n
        while True:
            h = hands[turn]
            on_left = fitting[h & nm[left]]
            on_right = fitting[h & nm[right]] if right != left else ()
            k = len(on_left)
            choices = k + len(on_right)
            if not choices:
                if pos < nbone:
                    hands[turn] = h | 1 << bone[pos]
                    pos += 1
                    continue
                passes += 1
                if passes >= n:
                    won = blocked_winner(self.rules, hands, self.opener)
                    if won is None:
                        return self.still
                    return self.worth[(won[0], self.rules.blocked_points)]
                turn = (turn + 1) % n
                continue
            passes = 0
            if h & (h - 1) == 0:  # the last tile: out, for what the ends before it give
                both = bool(h & nm[left]) and bool(h & nm[right])
                t = on_left[0] if k else on_right[0]
                if trace is not None:
                    trace.append((turn, t, left if k else right))
                kind = (2 if both else 0) + (1 if double[t] else 0)
                return self.worth[(turn % 2 if teams else turn, points[kind])]
            if choices == 1 or rand() >= greed:
                pick = int(rand() * choices)
            else:
                nxt = hands[(turn + 1) % n]
                mate = hands[(turn + 2) % 4] if teams else -1
                last = (h & (h - 1)) & ((h & (h - 1)) - 1) == 0  # two tiles now
                best = -1e9
                pick = 0
                for i in range(choices):
                    if i < k:
                        t = on_left[i]
                        nl, nr = value[t] - left, right
                    else:
                        t = on_right[i - k]
                        nl, nr = left, value[t] - right
                    open_ = nm[nl] | nm[nr]
                    rest = h ^ (1 << t)
                    sc = value[t] + (DOUBLE if double[t] else 0.0) + rand()
                    if not nxt & open_:
                        sc += NEXT_PASSES
                    if teams and not mate & open_:
                        sc -= PARTNER_PASSES
                    fit = (rest & open_).bit_count()
                    sc += KEEP_FITTING * min(fit, 3) if fit else -NONE_FITS
                    if last and fit:
                        tl = rest.bit_length() - 1
                        kind = (2 if rest & nm[nl] and rest & nm[nr] else 0) + (
                            1 if double[tl] else 0
                        )
                        sc += LAST_TILE * (points[kind] - points[0])
                    if sc > best:
                        best, pick = sc, i
            if pick < k:
                t = on_left[pick]
                if trace is not None:
                    trace.append((turn, t, left))
                left = value[t] - left
            else:
                t = on_right[pick - k]
                if trace is not None:
                    trace.append((turn, t, right))
                right = value[t] - right
            hands[turn] = h ^ (1 << t)
            turn = (turn + 1) % n

    def _won(self, seat: int, t: int, ends: tuple[int, int] | None) -> float:
        """The value when ``seat`` goes out with ``t`` laid on ``ends`` (None: it opened)."""
        fit = 0 if ends is None else sum(1 for p in ends if p in (TILE_A[t], TILE_B[t]))
        kind = (2 if fit >= 2 else 0) + (1 if IS_DOUBLE[t] else 0)
        return self.worth[(seat % 2 if self.teams else seat, self.points[kind])]


PAIR_ID: dict[Pair, int] = {(TILE_A[i], TILE_B[i]): i for i in range(len(TILE_A))}
"""The engine's tile id of each ``(high, low)`` pair."""


def mask_of_pairs(tiles: Sequence[Pair]) -> int:
    """The engine's bitmask of a hand of pairs."""
    m = 0
    for t in tiles:
        m |= 1 << PAIR_ID[t]
    return m


def batida_fast(k: Knowledge) -> bool:
    """Whether the search plays this position out with ``batida_search``."""
    return (
        k.batida()
        and isinstance(k.source, View)
        and supported(k.source.rules, k.spinner)
        and all(o.kind == "play" for o in k.legal)
    )


def batida_table(k: Knowledge, board: Board) -> BatidaTable | None:
    """The search's table for ``k`` (None where ``batida_fast`` says no)."""
    if not batida_fast(k):
        return None
    view = cast(View, k.source)
    ends = None if board.center is None else (board.ends[0], board.ends[1])
    return BatidaTable(view.rules, k.scores, k.goal, k.my_side, ends, k.seat, view.opener)
