"""Worlds for search: a :class:`Match` rebuilt from a seat's view and a guess of the
hidden tiles (determinized search, used by the hard bot).

The view carries everything public; ``hands`` and ``boneyard`` fill in what the seat
cannot see. Nothing here looks at the real game: it only ever reads the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .board import Board
from .deal import Deal
from .match import Match
from .moves import END_INDEX
from .round import Round
from .tiles import Tile, mask_of
from .view import View


def board_from_view(view: View) -> Board:
    """The board of ``view``, rebuilt by laying this round's plays again."""
    board = Board(view.rules.fives)
    for entry in view.log:
        if entry["type"] != "play":
            continue
        text = entry["tile"]
        tile = Tile.parse(text)
        end = entry["end"]
        if end is None:
            board.place(tile.id, None, int(text[0]))
        else:
            board.place(tile.id, END_INDEX[end])
    return board


def match_from_view(
    view: View,
    hands: Sequence[Sequence[Tile]],
    boneyard: Sequence[Tile],
    board: Board | None = None,
) -> Match:
    """A match positioned exactly where ``view`` is, with ``hands`` (every seat's whole
    hand now) and ``boneyard`` (in draw order; sleeping tiles where drawing is off) as
    the hidden tiles. Pass ``board`` (from :func:`board_from_view`) to reuse it across
    many samples; it is copied.

    Raises ValueError when the sample does not match the view's counts.
    """
    rules = view.rules
    if len(hands) != rules.seats:
        raise ValueError(f"a sample needs {rules.seats} hands")
    for seat, (hand, count) in enumerate(zip(hands, view.hand_counts, strict=True)):
        if len(hand) != count:
            raise ValueError(f"seat {seat} holds {count} tiles, the sample gives {len(hand)}")
    hidden = view.boneyard if rules.drawing else view.sleeping
    if len(boneyard) != hidden:
        raise ValueError(f"the boneyard holds {hidden} tiles, the sample gives {len(boneyard)}")
    b = board_from_view(view) if board is None else board.copy()
    scores = list(view.scores)
    r = Round.__new__(Round)
    r.rules = rules
    r.n = rules.seats
    r.round_no = view.round_no
    r.deal = Deal(tuple(tuple(h) for h in hands), tuple(boneyard))
    r.hands = [mask_of(h) for h in hands]
    r.bone = [t.id for t in boneyard]
    r.bone_pos = 0
    r.board = b
    r.opener = view.opener
    r.turn = None if view.round_over or view.over else view.turn
    r.forced = None
    if b.center is None and view.round_no == 1:
        tiles = {lm.move.tile for lm in view.legal if lm.move.kind == "play"}
        if len(tiles) == 1:
            r.forced = next(iter(tiles)).id  # type: ignore[union-attr]
    passes = 0
    for entry in view.log:
        if entry["type"] == "play":
            passes = 0
        elif entry["type"] == "pass":
            passes += 1
    r.passes = passes
    r.log = []
    r.fives = [(e["side"], e["points"]) for e in view.log if e["type"] == "score"]
    r.plays = []
    r.scores = scores
    r.end = None
    r.award = None
    r.view_log = None
    m = Match.__new__(Match)
    m.rules = rules
    m._rng = random.Random(0)
    m._rng_from = None
    m._deals = None
    m.scores = scores
    m.results = list(view.rounds)
    m.history = [(r.deal, r.plays)]
    m.over = view.over
    m.winner = view.winner
    m.end_reason = view.end_reason
    m.round = r
    return m
