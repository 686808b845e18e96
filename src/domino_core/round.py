"""One round: the deal in hand, whose turn, legal moves, plays, forced draws and
passes, and the end of the round (RULES.md §2-§7).

:class:`Round` holds hands as bitmasks of tile ids (see :mod:`domino_core.tiles`) so
that search can copy and play it out quickly; :class:`domino_core.match.Match` wraps it
with the friendly API. The public log of a round (``Round.log``) is a list of dicts
exactly as ``docs/DESIGN.md`` gives them; it never holds a hidden tile, and an entry
once written is never changed in place (round copies share them): a second manual
draw in a row replaces the draw entry by one with the count grown, so ``push``
returns no new entry for it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .board import CLOSED, Board
from .moves import END_INDEX, END_NAMES, IllegalMove, Move
from .rules import Rules
from .scoring import Award, score_blocked, score_domino
from .tiles import (
    ALL_TILES,
    DOUBLES_MASK,
    N_TILES,
    NUMBER_MASK,
    TILE_A,
    TILE_B,
    Tile,
    ids_of,
    pips_of,
    tiles_of,
)

RoundEnd = Literal["domino", "blocked", "goal", "unfinished"]


@dataclass(frozen=True, slots=True)
class Deal:
    """What each seat was dealt, and the undealt tiles in draw order (or sleeping)."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]

    def to_dict(self) -> dict[str, Any]:
        """The record's ``hands`` and ``boneyard``."""
        return {
            "hands": [[str(t) for t in h] for h in self.hands],
            "boneyard": [str(t) for t in self.boneyard],
        }


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended (``result`` ``"unfinished"`` when the match stopped inside it)."""

    round_no: int
    opener: int
    result: RoundEnd
    winner: int | None
    points: int
    pips: tuple[int, ...]
    fives: tuple[tuple[int, int], ...]
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    winner_seat: int | None

    def to_replay(self) -> dict[str, Any]:
        """The round object that ``domino replay`` prints."""
        return {
            "opener": self.opener,
            "result": self.result,
            "winner": self.winner,
            "points": self.points,
            "pips": list(self.pips),
            "fives": [list(f) for f in self.fives],
        }

    def to_dict(self) -> dict[str, Any]:
        """The replay object plus every hand and the boneyard, revealed."""
        out = self.to_replay()
        out["round"] = self.round_no
        out["hands"] = [[str(t) for t in h] for h in self.hands]
        out["boneyard"] = [str(t) for t in self.boneyard]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundResult:
        """The result back from :meth:`to_dict`. ``winner_seat`` is not in that JSON and
        comes back ``None``."""
        return cls(
            round_no=int(data["round"]),
            opener=int(data["opener"]),
            result=data["result"],
            winner=data["winner"],
            points=int(data["points"]),
            pips=tuple(int(p) for p in data["pips"]),
            fives=tuple((int(side), int(pts)) for side, pts in data["fives"]),
            hands=tuple(tuple(Tile.parse(t) for t in h) for h in data["hands"]),
            boneyard=tuple(Tile.parse(t) for t in data["boneyard"]),
            winner_seat=None,
        )


#: Tile ids in the order that decides the first opener (RULES.md §3): doubles high to low, then
#: the other tiles by value and, between equal values, by the higher number.
OPENING_ORDER: tuple[int, ...] = tuple(
    t.id for t in sorted(
        ALL_TILES, key=lambda t: (1, t.high, 0) if t.is_double else (0, t.value, t.high),
        reverse=True,
    )
)
_NO_DEAL = Deal((), ())


def _ends_list(board: Board) -> list[int]:
    return sorted({p for p in board.ends if p != CLOSED})


class Round:
    """The state of one round. Mutated by :meth:`push`; :meth:`copy` is cheap."""

    #: Set by :func:`domino_core.view.view_for`: the log entries it last copied, and its
    #: copies of them (shared by the views made while those entries stay the same).
    view_log: tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]

    __slots__ = (
        "award",
        "board",
        "bone",
        "bone_pos",
        "deal",
        "end",
        "fives",
        "forced",
        "hands",
        "log",
        "n",
        "opener",
        "passes",
        "plays",
        "round_no",
        "rules",
        "scores",
        "turn",
        "view_log",
    )

    def __init__(
        self,
        rules: Rules,
        deal: Deal,
        opener: int,
        forced: Tile | None,
        scores: list[int],
        round_no: int = 1,
    ) -> None:
        self.rules = rules
        self.n = rules.seats
        self.round_no = round_no
        self.deal = deal
        self.hands: list[int] = [0] * self.n
        for s, hand in enumerate(deal.hands):
            for t in hand:
                self.hands[s] |= 1 << t.id
        self.bone: list[int] = [t.id for t in deal.boneyard]
        self.bone_pos = 0
        self.board = Board(rules.fives)
        self.opener = opener
        self.turn: int | None = opener
        self.forced: int | None = None if forced is None else forced.id
        self.passes = 0
        self.log: list[dict[str, Any]] = []
        self.fives: list[tuple[int, int]] = []
        self.plays: list[str] = []
        #: The match's score list, shared: fives scores land in it during the round.
        self.scores = scores
        self.end: RoundEnd | None = None
        self.award: Award | None = None

    @classmethod
    def shuffled(cls, rules: Rules, rng: random.Random, scores: list[int] | None = None) -> Round:
        """A freshly shuffled first round (opener and forced tile by RULES.md §3), fast.

        For playouts and benchmarks: it skips building a :class:`Deal` of tiles
        (``deal`` is left empty); matches use :func:`domino_core.match.shuffle_deal`.
        """
        n, k = rules.seats, rules.hand_size
        ids = list(range(N_TILES))
        redeal = rules.redeal_doubles
        while True:
            rng.shuffle(ids)
            hands = []
            for s in range(n):
                m = 0
                for t in ids[s * k:(s + 1) * k]:
                    m |= 1 << t
                hands.append(m)
            if redeal is None or all((h & DOUBLES_MASK).bit_count() < redeal for h in hands):
                break
        dealt = 0
        for h in hands:
            dealt |= h
        forced = next(t for t in OPENING_ORDER if dealt >> t & 1)
        opener = next(s for s in range(n) if hands[s] >> forced & 1)
        r = cls.__new__(cls)
        r.rules = rules
        r.n = n
        r.round_no = 1
        r.deal = _NO_DEAL
        r.hands = hands
        r.bone = ids[n * k:]
        r.bone_pos = 0
        r.board = Board(rules.fives)
        r.opener = opener
        r.turn = opener
        r.forced = forced
        r.passes = 0
        r.log = []
        r.fives = []
        r.plays = []
        r.scores = [0] * rules.sides if scores is None else scores
        r.end = None
        r.award = None
        return r

    # -- copying -----------------------------------------------------------------

    def copy(self, scores: list[int] | None = None) -> Round:
        """An independent copy (sharing ``scores`` if given, else copying them)."""
        r = Round.__new__(Round)
        r.rules = self.rules
        r.n = self.n
        r.round_no = self.round_no
        r.deal = self.deal
        r.hands = self.hands[:]
        r.bone = self.bone
        r.bone_pos = self.bone_pos
        r.board = self.board.copy()
        r.opener = self.opener
        r.turn = self.turn
        r.forced = self.forced
        r.passes = self.passes
        r.log = self.log[:]
        r.fives = self.fives[:]
        r.plays = self.plays[:]
        r.scores = self.scores[:] if scores is None else scores
        r.end = self.end
        r.award = self.award
        return r

    # -- questions ---------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the round has ended."""
        return self.end is not None

    @property
    def boneyard_left(self) -> int:
        """How many tiles are left in the boneyard (0 where drawing is off)."""
        return len(self.bone) - self.bone_pos if self.rules.drawing else 0

    @property
    def sleeping(self) -> int:
        """How many tiles sleep out of play (drawing off)."""
        return 0 if self.rules.drawing else len(self.bone)

    def hand(self, seat: int) -> list[Tile]:
        """The tiles ``seat`` holds now."""
        return tiles_of(self.hands[seat])

    def legal_plays(self) -> list[tuple[int, int | None]]:
        """``(tile id, end index)`` of every legal play of the seat on turn."""
        if self.turn is None:
            return []
        hand = self.hands[self.turn]
        board = self.board
        if board.center is None:
            if self.forced is not None:
                return [(self.forced, None)] if hand >> self.forced & 1 else []
            return [(t, None) for t in ids_of(hand)]
        out: list[tuple[int, int | None]] = []
        for e, p in enumerate(board.ends):
            if p != CLOSED:
                m = hand & NUMBER_MASK[p]
                while m:
                    low = m & -m
                    out.append((low.bit_length() - 1, e))
                    m ^= low
        out.sort(key=lambda te: (-te[0], te[1] or 0))
        return out

    def legal_moves(self) -> list[Move]:
        """Every move the seat on turn may make ([] when the round is over)."""
        plays = self.legal_plays()
        if plays:
            return [
                Move("play", ALL_TILES[t], None if e is None else END_NAMES[e]) for t, e in plays
            ]
        if self.turn is None:
            return []
        if self.rules.drawing and self.bone_pos < len(self.bone):
            return [Move.draw()]
        return [Move.pass_()]

    def points_of(self, tile_id: int, end: int | None) -> int:
        """The fives points a play would score at once (0 outside fives)."""
        if not self.rules.fives:
            return 0
        board = self.board.copy()
        board.place(tile_id, end)
        c = board.count()
        return c if c > 0 and c % 5 == 0 else 0

    # -- moves -------------------------------------------------------------------

    def push(self, move: Move) -> list[dict[str, Any]]:
        """Apply ``move`` for the seat on turn; return the public log entries added.

        Raises :class:`IllegalMove` (and changes nothing) when the move is not legal.
        """
        if self.turn is None:
            raise IllegalMove("the round is over")
        start = len(self.log)
        seat = self.turn
        if move.kind not in ("play", "draw", "pass"):
            raise IllegalMove(f"unknown move {move.kind!r} (play, draw or pass)")
        if move.kind == "play" and (not isinstance(move.tile, Tile) or not (
                move.end is None or move.end in END_INDEX)):
            raise IllegalMove("a play needs a tile and an end among L, R, U, D")
        if move.kind == "play":
            tile_id, end = self._check_play(move)
            self._play(seat, tile_id, end, move.left)
        elif move.kind == "draw":
            if self.hands[seat] & self._playable():
                raise IllegalMove("you have a tile that fits: play it, you cannot draw")
            if not (self.rules.drawing and self.bone_pos < len(self.bone)):
                raise IllegalMove("there is nothing to draw")
            if self.rules.auto_draw:
                raise IllegalMove("draws are made for you at this table")
            self._draw_one(seat)
        else:
            if self.hands[seat] & self._playable():
                raise IllegalMove("you have a tile that fits: play it, you cannot pass")
            if self.rules.drawing and self.bone_pos < len(self.bone):
                raise IllegalMove("the boneyard still has tiles: draw before passing")
            if self.rules.auto_draw:
                raise IllegalMove("passes are made for you at this table")
            self._pass(seat)
        return self.log[start:]

    def _asleep(self) -> int:
        """Bitmask of the sleeping tiles (drawing off), which can never be played.

        ``at_once`` (RULES.md §5) blocks the round "the moment no tile can ever fit";
        a sleeping tile never fits, so it counts as gone like a tile on the table
        *(decision: the rule's "on the table" read as "in no hand and not drawable")*.
        """
        if self.rules.drawing:
            return 0
        m = 0
        for t in self.bone:
            m |= 1 << t
        return m

    def _playable(self) -> int:
        board = self.board
        if board.center is None:
            return -1 if self.forced is None else 1 << self.forced
        return board.playable_mask()

    def _check_play(self, move: Move) -> tuple[int, int | None]:
        assert move.tile is not None and self.turn is not None
        tile = move.tile
        t = tile.id
        if not self.hands[self.turn] >> t & 1:
            raise IllegalMove(f"{tile} is not in your hand")
        board = self.board
        if board.center is None:
            if self.forced is not None and t != self.forced:
                raise IllegalMove(f"the first tile of this round must be {ALL_TILES[self.forced]}")
            if move.end is not None:
                raise IllegalMove("the first tile of a round opens the line: give no end")
            return t, None
        fits = board.fits(t)
        if not fits:
            ends = " and ".join(str(p) for p in _ends_list(board))
            raise IllegalMove(f"{tile} does not fit the open ends {ends}")
        if move.end is None:
            if len(fits) > 1:
                names = ", ".join(END_NAMES[e] for e in fits)
                raise IllegalMove(f"{tile} fits more than one end ({names}): say which")
            return t, fits[0]
        e = END_INDEX[move.end]
        if e not in fits:
            p = board.ends[e]
            where = "is not open" if p == CLOSED else f"shows {p}"
            raise IllegalMove(f"{tile} does not fit end {move.end}: that end {where}")
        return t, e

    def _lay(
        self, seat: int, t: int, end: int | None, left: int | None = None
    ) -> tuple[int, tuple[RoundEnd, Award] | None]:
        """Lay tile ``t`` of ``seat`` and score it in fives (RULES.md §7); return the points
        it scored and, when it ends the round (goal, domino, closed table), how."""
        rules = self.rules
        board = self.board
        self.hands[seat] ^= 1 << t
        board.place(t, end, left)
        self.forced = None
        self.passes = 0
        points = 0
        if rules.fives:
            c = board.count()
            if c > 0 and c % 5 == 0:
                points = c
                side = rules.side_of(seat)
                self.fives.append((side, c))
                self.scores[side] += c
                if self.scores[side] >= rules.goal:
                    return points, ("goal", Award(side, 0, seat))
        if not self.hands[seat]:
            return points, ("domino", score_domino(rules, self.hands, seat))
        if rules.closed_table == "at_once" and board.is_closed(self._asleep()):
            return points, ("blocked", score_blocked(rules, self.hands, self.opener))
        return points, None

    def _play(self, seat: int, t: int, end: int | None, left: int | None) -> None:
        opening = self.board.center is None
        points, ending = self._lay(seat, t, end, left)
        if opening:
            a, b = self.board.center  # type: ignore[misc]
            text = f"{a}-{b}"
            self.plays.append(text)
        else:
            text = str(ALL_TILES[t])
            self.plays.append(f"{text} {END_NAMES[end]}")  # type: ignore[index]
        self.log.append({
            "type": "play", "seat": seat, "tile": text,
            "end": None if end is None else END_NAMES[end], "points": points,
        })
        if points:
            side = self.rules.side_of(seat)
            self.log.append({"type": "score", "side": side, "points": points})
        if ending is not None:
            self._finish(*ending)
            return
        self.turn = (seat + 1) % self.n
        self._advance()

    def _draw_one(self, seat: int) -> None:
        t = self.bone[self.bone_pos]
        self.bone_pos += 1
        self.hands[seat] |= 1 << t
        last = self.log[-1] if self.log else None
        if last is not None and last["type"] == "draw" and last["seat"] == seat:
            # a new dict: entries already handed out (push's return, copies' logs) stay as
            # they were; the log holds one entry per turn's draws, its count growing
            self.log[-1] = {**last, "count": last["count"] + 1}
        else:
            self.log.append({
                "type": "draw", "seat": seat, "count": 1, "ends": _ends_list(self.board),
            })

    def _pass(self, seat: int) -> None:
        self.log.append({"type": "pass", "seat": seat, "ends": _ends_list(self.board)})
        self.passes += 1
        if self.passes >= self.n:
            self._finish("blocked", score_blocked(self.rules, self.hands, self.opener))
            return
        self.turn = (seat + 1) % self.n
        self._advance()

    def _advance(self) -> None:
        """Apply forced draws and passes (auto_draw) until a seat can play or the round ends."""
        rules = self.rules
        while self.turn is not None:
            seat = self.turn
            playable = self.board.playable_mask()
            if self.hands[seat] & playable or not rules.auto_draw:
                return
            if rules.drawing and self.bone_pos < len(self.bone):
                drawn = 0
                while self.bone_pos < len(self.bone):
                    t = self.bone[self.bone_pos]
                    self.bone_pos += 1
                    self.hands[seat] |= 1 << t
                    drawn += 1
                    if playable >> t & 1:
                        break
                self.log.append({
                    "type": "draw", "seat": seat, "count": drawn,
                    "ends": _ends_list(self.board),
                })
                if self.hands[seat] & playable:
                    return
            self._pass(seat)
            return

    def _finish(self, end: RoundEnd, award: Award) -> None:
        self._finish_quiet(end, award)
        self.log.append({
            "type": "round_end", "result": end, "winner": award.side, "points": award.points,
            "pips": [pips_of(h) for h in self.hands],
        })

    def stop(self) -> None:
        """End the round unfinished (the match stopped inside it)."""
        if self.end is None:
            self.end = "unfinished"
            self.award = Award(None, 0, None)
            self.turn = None

    def result(self) -> RoundResult:
        """The result of the round (which must be over)."""
        assert self.end is not None and self.award is not None
        return RoundResult(
            round_no=self.round_no,
            opener=self.opener,
            result=self.end,
            winner=self.award.side,
            points=self.award.points,
            pips=tuple(pips_of(h) for h in self.hands),
            fives=tuple(self.fives),
            hands=tuple(tuple(tiles_of(h)) for h in self.hands),
            boneyard=tuple(ALL_TILES[t] for t in self.bone[self.bone_pos:]),
            winner_seat=self.award.seat,
        )

    # -- search ------------------------------------------------------------------

    def playout(self, rng: random.Random) -> None:
        """Play uniformly random legal moves until the round ends.

        For search: it keeps hands, ends, scores and the result exact, but does not
        write the log, the record plays or the board's arms.
        """
        if self.turn is None:
            return
        if self.board.center is None and not self.rules.fives:
            plays = self.legal_plays()
            t, e = plays[int(rng.random() * len(plays))]
            self._play_quiet(self.turn, t, e)
            if self.turn is None:
                return
        if self.rules.fives:
            self._playout_general(rng)
            return
        rnd = rng.random
        hands = self.hands
        n = self.n
        bone = self.bone
        nbone = len(bone) if self.rules.drawing else 0
        pos = self.bone_pos
        ends = self.board.ends
        left, right = ends[0], ends[1]
        placed = self.board.placed
        at_once = self.rules.closed_table == "at_once"
        asleep = self._asleep() if at_once else 0
        turn = self.turn
        passes = self.passes
        nm = NUMBER_MASK
        ta, tb = TILE_A, TILE_B
        end: RoundEnd
        while True:
            h = hands[turn]
            ml = h & nm[left]
            mr = h & nm[right]
            if ml | mr:
                cl = ml.bit_count()
                k = int(rnd() * (cl + mr.bit_count()))
                if k < cl:
                    m = ml
                    for _ in range(k):
                        m &= m - 1
                    t = (m & -m).bit_length() - 1
                    left = ta[t] + tb[t] - left
                else:
                    m = mr
                    for _ in range(k - cl):
                        m &= m - 1
                    t = (m & -m).bit_length() - 1
                    right = ta[t] + tb[t] - right
                bit = 1 << t
                h ^= bit
                hands[turn] = h
                placed |= bit
                passes = 0
                if not h:
                    end = "domino"
                    break
                if at_once and (nm[left] | nm[right]) & ~(placed | asleep) == 0:
                    end = "blocked"
                    break
                turn = (turn + 1) % n
            elif pos < nbone:
                hands[turn] = h | 1 << bone[pos]
                pos += 1
            else:
                passes += 1
                if passes >= n:
                    end = "blocked"
                    break
                turn = (turn + 1) % n
        ends[0], ends[1] = left, right
        self.board.placed = placed
        self.bone_pos = pos
        self.passes = passes
        if end == "domino":
            self._finish_quiet(end, score_domino(self.rules, hands, turn))
        else:
            self._finish_quiet(end, score_blocked(self.rules, hands, self.opener))

    def _finish_quiet(self, end: RoundEnd, award: Award) -> None:
        self.end = end
        self.award = award
        self.turn = None
        if award.side is not None and award.points:
            self.scores[award.side] += award.points

    def _playout_general(self, rng: random.Random) -> None:
        """Random playout through the full rules (fives, or an empty table)."""
        rnd = rng.random
        while self.turn is not None:
            plays = self.legal_plays()
            if plays:
                t, e = plays[int(rnd() * len(plays))]
                self._play_quiet(self.turn, t, e)
            else:
                seat = self.turn
                if self.rules.drawing and self.bone_pos < len(self.bone):
                    self.hands[seat] |= 1 << self.bone[self.bone_pos]
                    self.bone_pos += 1
                else:
                    self.passes += 1
                    if self.passes >= self.n:
                        self._finish_quiet(
                            "blocked", score_blocked(self.rules, self.hands, self.opener)
                        )
                        return
                    self.turn = (seat + 1) % self.n

    def _play_quiet(self, seat: int, t: int, end: int | None) -> None:
        _, ending = self._lay(seat, t, end)
        if ending is not None:
            self._finish_quiet(*ending)
        else:
            self.turn = (seat + 1) % self.n


__all__ = ["Deal", "Round", "RoundEnd", "RoundResult"]
