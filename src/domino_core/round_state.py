"""The state of one round and the rules of laying a tile, without the public log.

:class:`RoundState` holds hands as bitmasks of tile ids (see :mod:`domino_core.tiles`) so
that search can copy and play it out quickly: it lays tiles and scores them (fives,
going out, a closed table; RULES.md §5-§7) and plays random playouts, but writes no
log. :class:`domino_core.round.Round` adds the friendly moves and the log on top of it,
as python-chess's ``Board`` does on ``BaseBoard``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self

from .board import Board
from .deal import Deal, deal_masks, deal_of_ids
from .legality import legal_plays, playable
from .result import RoundEnd
from .round_playout import playout as random_playout
from .rules import Rules
from .scoring import Award, award, score_blocked, score_domino
from .tiles import Tile, tiles_of

__all__ = ["RoundState"]

_NO_DEAL = Deal((), ())


class RoundState:
    """The state of one round; :meth:`copy` is cheap."""

    #: Set by :func:`domino_core.view.view_for`: the log entries it last copied, and its
    #: copies of them (shared by the views made while those entries stay the same, and
    #: by a copy of the round, whose entries are the same objects). None: no view yet.
    view_log: tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]] | None

    __slots__ = (
        "_deal",
        "_order",
        "award",
        "board",
        "bone",
        "bone_pos",
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
        deal: Deal | None,
        opener: int,
        forced: Tile | None,
        scores: list[int],
        round_no: int = 1,
        *,
        masks: tuple[list[int], list[int]] | None = None,
        order: list[int] | None = None,
    ) -> None:
        """Round ``round_no`` of ``deal``, opened by ``opener`` with ``forced`` (or any
        tile); ``masks`` may give the deal's hand bitmasks and boneyard ids already made.
        ``deal`` None: ``order`` gives the tile ids dealt and ``masks`` is required (see
        :func:`domino_core.deal.shuffle_order`); the :attr:`deal` is made when first read."""
        self.rules = rules
        self.n = rules.seats
        self.round_no = round_no
        self._deal = deal
        self._order = order
        if masks is None:
            assert deal is not None
            self.hands: list[int] = [sum(1 << t.id for t in hand) for hand in deal.hands]
            self.bone: list[int] = [t.id for t in deal.boneyard]
        else:
            self.hands, self.bone = masks[0][:], masks[1]
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
        self.view_log = None

    @classmethod
    def shuffled(cls, rules: Rules, rng: random.Random, scores: list[int] | None = None) -> Self:
        """A freshly shuffled first round (opener and forced tile by RULES.md §3), fast.

        For playouts and benchmarks: it skips building a :class:`Deal` of tiles
        (``deal`` is left empty); matches use :func:`domino_core.deal.shuffle_deal`.
        """
        hands, bone, opener, forced = deal_masks(rules, rng)
        r = cls.__new__(cls)
        r.rules = rules
        r.n = rules.seats
        r.round_no = 1
        r._deal = _NO_DEAL
        r._order = None
        r.hands = hands
        r.bone = bone
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
        r.view_log = None
        return r

    def copy(self, scores: list[int] | None = None) -> Self:
        """An independent copy (sharing ``scores`` if given, else copying them)."""
        r = self.__class__.__new__(self.__class__)
        r.rules = self.rules
        r.n = self.n
        r.round_no = self.round_no
        r._deal = self._deal
        r._order = self._order
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
        r.view_log = self.view_log
        return r

    # -- questions ---------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """What the round was dealt (made from the dealt order when first read)."""
        deal = self._deal
        if deal is None:
            assert self._order is not None
            deal = self._deal = deal_of_ids(self.rules, self._order)
        return deal

    @deal.setter
    def deal(self, deal: Deal) -> None:
        self._deal = deal
        self._order = None

    @property
    def dealt(self) -> Deal | list[int]:
        """:attr:`deal` if made, else the tile ids dealt in order, which it is made from
        (:func:`domino_core.deal.deal_of_ids`)."""
        return self._order if self._deal is None and self._order is not None else self.deal

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
        return legal_plays(self.hands[self.turn], self.board, self.forced)

    def points_of(self, tile_id: int, end: int | None) -> int:
        """The fives points a play would score at once (0 outside fives)."""
        if not self.rules.fives:
            return 0
        board = self.board.copy()
        board.place(tile_id, end)
        c = board.count()
        return c if c > 0 and c % 5 == 0 else 0

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
        return playable(self.board, self.forced)

    # -- laying tiles --------------------------------------------------------------

    def _lay(
        self, seat: int, t: int, end: int | None, left: int | None = None
    ) -> tuple[int, tuple[RoundEnd, Award] | None]:
        """Lay tile ``t`` of ``seat`` and score it in fives (RULES.md §7); return the points
        it scored and, when it ends the round (goal, domino, closed table), how."""
        rules = self.rules
        board = self.board
        # batida scoring (RULES.md §6b) reads the open ends before a going-out tile
        before: Sequence[int] = (
            board.ends[:] if rules.batida and self.hands[seat] == 1 << t else ()
        )
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
                    return points, ("goal", award(side, 0, seat))
        return points, self._ending(seat, t, before)

    def _ending(
        self, seat: int, t: int, before: Sequence[int] = ()
    ) -> tuple[RoundEnd, Award] | None:
        """How the round ends now that ``seat`` laid tile ``t`` (scored already): going out
        (domino; ``before``: the open ends before ``t``, for batida scoring, RULES.md §6b)
        or a closed table (``at_once``); None while it goes on (RULES.md §5)."""
        if not self.hands[seat]:
            return "domino", score_domino(self.rules, self.hands, seat, t, before)
        if self.rules.closed_table == "at_once" and self.board.is_closed(self._asleep()):
            return "blocked", score_blocked(self.rules, self.hands, self.opener)
        return None

    def _finish_quiet(self, end: RoundEnd, award: Award) -> None:
        self.end = end
        self.award = award
        self.turn = None
        if award.side is not None and award.points:
            self.scores[award.side] += award.points

    def _play_quiet(self, seat: int, t: int, end: int | None) -> None:
        _, ending = self._lay(seat, t, end)
        if ending is not None:
            self._finish_quiet(*ending)
        else:
            self.turn = (seat + 1) % self.n

    # -- search ------------------------------------------------------------------

    #: ``playout(rng)``: play uniformly random legal moves until the round ends. For
    #: search: it keeps hands, ends, scores and the result exact, but does not write the
    #: log, the record plays or the board's arms (the function itself, called as a method
    #: without a frame of its own: :func:`domino_core.round_playout.playout`).
    playout = random_playout
