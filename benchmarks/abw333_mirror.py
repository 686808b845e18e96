"""abw333/dominoes' game and ours side by side (issue 15): :class:`Mirror` keeps one of
abw333's ``Series`` (matches to 100) and a ``domino_core.Match`` of the same deals alike, move
by move, so that our bot can decide on the view of its seat (``view_for``) alone.

abw333/dominoes (github.com/abw333/dominoes) is not a dependency: its source tree is
imported from a directory (``load_abw333``), as ``benchmarks/engine.py`` does.

The game is abw333's: 4 seats, 0+2 against 1+3, 7 tiles each and no boneyard; the [6|6]
opens the first round, ``Series.next_game`` picks a later round's opener. The mirror plays
under our closest preset, ``caribbean`` at 4 seats (teams, 7 tiles, nothing drawn, no
redeal). Where the rule sets differ, and how the mirror handles it:

- Going out: both score the pips of all four hands (the partner's included). Blocked
  ("stuck"): both give the lower team total the pips of all four hands, and both find the
  block the moment nobody holds a tile that fits (``closed_table = "at_once"``; with all 28
  tiles dealt, "no tile can ever fit" is the same). A blocked tie: abw333 scores nobody,
  caribbean gives all the pips to the opener's side. The mirror takes abw333's scores
  after each round (``Mirror.tied_blocks`` counts the rounds scored otherwise, and any
  other disagreement raises); our bot's search still believes a tied block goes to the
  opener's side.
- Who opens: abw333's ``Series`` rule (the seat that went out, or that blocked the round
  if its team won it; a tie: the same opener; else the seat after the blocker), not
  caribbean's ``rotate``: the mirror is told each round's opener (only the current round
  is searched, so the bot's model is untouched by this).
- Ends: abw333's left/right are our L/R (the opening tile is laid with its first number
  to the left as abw333 lays it); abw333 records its passes as ``None`` moves, ours as log
  entries, both forced.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from domino_core import Match, Rules, view_for
from domino_core.deal import Deal
from domino_core.moves import Move
from domino_core.tiles import Tile
from domino_core.view import View

__all__ = ["RULES", "Mirror", "load_abw333"]

#: The closest of our presets to abw333's game (see the module docstring).
RULES = Rules.from_preset("caribbean", seats=4, goal=100)


def load_abw333(directory: str | None) -> Any | None:
    """abw333's ``dominoes`` package from its source tree ``directory`` (None if absent)."""
    if not directory or not (Path(directory) / "dominoes" / "game.py").is_file():
        return None
    sys.path.insert(0, str(Path(directory).resolve()))
    return importlib.import_module("dominoes")


class _MirrorMatch(Match):
    """Our match whose later rounds open where abw333's ``Series`` says (``opener_next``)."""

    opener_next = 0

    def _next_opener(self) -> int:
        return self.opener_next


class Mirror:
    """abw333's ``Series`` to 100 and our ``Match`` of the same deals, kept move for move
    alike (checked after every move: turn, ends and hands)."""

    def __init__(self, dominoes: Any, deals: Iterator[Deal]) -> None:
        self.dominoes = dominoes
        self.tied_blocks = 0
        self._deals = deals
        self._deal: Deal | None = None
        with self._dealing():
            self.series = dominoes.Series(target_score=RULES.goal)  # deals and plays the [6|6]
        assert self._deal is not None
        self.match = _MirrorMatch(RULES, deals=iter([self._deal]))
        opening = self.game.moves[0][0]
        self.match.push(Move.play(Tile.of(opening.first, opening.second)))
        self._check()

    @contextmanager
    def _dealing(self) -> Iterator[None]:
        """abw333's ``Game.new`` dealing our deals (its ``_randomized_hands`` replaced)."""
        game_module = self.dominoes.game
        saved = game_module._randomized_hands
        game_module._randomized_hands = self._hands
        try:
            yield
        finally:
            game_module._randomized_hands = saved

    def _hands(self) -> list[Any]:
        """The next deal, as abw333's hands (what ``Game.new`` asks for)."""
        self._deal = next(self._deals)
        d = self.dominoes
        return [d.Hand([d.Domino(t.high, t.low) for t in hand]) for hand in self._deal.hands]

    @property
    def game(self) -> Any:
        """abw333's current ``Game``."""
        return self.series.games[-1]

    def view(self, seat: int) -> View:
        """Our view for ``seat`` of the position abw333's game is in."""
        return view_for(self.match, seat)

    def to_abw333(self, move: Move) -> tuple[Any, bool]:
        """abw333's ``(domino, left)`` for one of our moves (a play)."""
        assert move.kind == "play" and move.tile is not None
        tile = move.tile
        if move.end is None:  # the opening tile, laid as our engine lays it
            left = tile.high if move.left is None else move.left
            return self.dominoes.Domino(left, tile.other(left)), True
        return self.dominoes.Domino(tile.high, tile.low), move.end == "L"

    def play(self, domino: Any, left: bool) -> None:
        """Play abw333's move on both games (the seat on turn's; passes follow by
        themselves in both)."""
        opening = not self.game.board
        self.game.make_move(domino, left)
        if opening:
            self.match.push(Move.play(f"{domino.first}-{domino.second}"))
        else:
            self.match.push(Move.play(Tile.of(domino.first, domino.second), "L" if left else "R"))
        self._check()

    def next_round(self) -> bool:
        """After a round: score it as abw333 does and deal the next; False once the match
        is over."""
        result = self.game.result
        ours = self.match.results[-1]
        theirs = None if result.points == 0 else (0 if result.points > 0 else 1)
        if (ours.winner, ours.points) != (theirs, abs(result.points)):
            if result.won or result.points != 0:  # only a tied block may score otherwise
                raise RuntimeError(f"scored otherwise: abw333 {result}, ours {ours}")
            self.tied_blocks += 1
        with self._dealing():
            game = self.series.next_game()
        m = self.match
        m.scores[:] = self.series.scores
        over = self.series.is_over()
        m.over = over
        m.winner = (0 if m.scores[0] >= RULES.goal else 1) if over else None
        m.end_reason = "goal" if over else None
        if game is None:
            return False
        m.opener_next = game.starting_player
        m.start_next_round(self._deal)
        self._check()
        return True

    def _check(self) -> None:
        game, rnd = self.game, self.match.round
        if (game.result is None) != (rnd.end is None):
            raise RuntimeError(f"round end differs: abw333 {game.result}, ours {rnd.end}")
        hands = [{Tile.of(d.first, d.second) for d in h} for h in game.hands]
        if hands != [set(rnd.hand(s)) for s in range(4)]:
            raise RuntimeError("the hands differ")
        if game.result is None:
            board = game.board
            ends = (board.left_end(), board.right_end()) if board else (-1, -1)  # -1: CLOSED
            if rnd.turn != game.turn or tuple(rnd.board.ends[:2]) != ends:
                raise RuntimeError(f"turn or ends differ: {rnd.turn} {rnd.board.ends} {game}")
