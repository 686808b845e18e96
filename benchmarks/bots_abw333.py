"""The abw333 suite of ``benchmarks/bots.py`` (issue 15): Vó Quelônia against abw333/dominoes'
players in abw333's own game.

abw333/dominoes (github.com/abw333/dominoes) is not a dependency: its source tree is
imported from the directory given as ``--abw333 DIR`` (``$ABW333_DIR``), as
``benchmarks/engine.py`` does, and the suite is skipped without it.

The game played is abw333's: its ``Series`` (matches to 100) of ``Game`` rounds, its rules
and its scoring: 4 seats, seats 0+2 against 1+3, 7 tiles each and no boneyard; the [6|6]
opens the first round, the opener of a later one is chosen by ``Series.next_game``. Our
bot sits at the two seats of one team and is fed an honest view: a ``domino_core.Match``
(class :class:`Mirror`) is given the same deal and replays abw333's game move by move, and
our bot decides on ``view_for(match, seat)``, its seat's view alone. The mirror plays under
the closest preset, ``caribbean`` at 4 seats (teams, 7 tiles, nothing drawn, no redeal).
Where the rule sets differ:

- Going out: both score the pips of all four hands (the partner's included). Blocked
  ("stuck"): both give the lower team total the pips of all four hands, and both find the
  block the moment nobody holds a tile that fits (``closed_table = "at_once"``; with all 28
  tiles dealt, "no tile can ever fit" is the same). A blocked tie: abw333 scores nobody,
  caribbean gives all the pips to the opener's side. The mirror takes abw333's scores
  after each round (``tied blocks`` counts how often the two disagreed); our bot's search
  still believes a tied block goes to the opener's side.
- Who opens: abw333's ``Series`` rule (the seat that went out, or that blocked the round
  if its team won it; a tie: the same opener; else the seat after the blocker), not
  caribbean's ``rotate``: the mirror is told each round's opener (only the current round
  is searched, so the bot's model is untouched by this).
- Ends: abw333's left/right are our L/R (the opening tile is laid with its first number
  to the left as abw333 lays it); abw333 records its passes as ``None`` moves, ours as log
  entries, both forced.

Each deal set (one seed's stream of deals) is played twice, the teams exchanging hands
(our bot at seats 0+2, then at 1+3); rounds are counted over every round of the matches
(a tied round counts half), and the first rounds alone, the only ones dealt alike in both
seatings whatever happened before.
"""

from __future__ import annotations

import importlib
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domino_core import Match, Rules, view_for
from domino_core.arena import deal_stream, move_seed, wilson
from domino_core.bots import choose_move
from domino_core.deal import Deal
from domino_core.moves import Move
from domino_core.tiles import Tile
from domino_core.view import View

__all__ = ["RULES", "Mirror", "abw333", "abw333_player", "load_abw333", "play_abw333_match"]

#: The closest of our presets to abw333's game (see the module docstring).
RULES = Rules.from_preset("caribbean", seats=4, goal=100)
PLAYERS = ("probabilistic_alphabeta", "bota_gorda")


def load_abw333(directory: str | None) -> Any | None:
    """abw333's ``dominoes`` package from its source tree ``directory`` (None if absent)."""
    if not directory or not (Path(directory) / "dominoes" / "game.py").is_file():
        return None
    sys.path.insert(0, str(Path(directory).resolve()))
    return importlib.import_module("dominoes")


def abw333_player(dominoes: Any, name: str, worlds: int, from_move: int) -> Callable[[Any], None]:
    """An abw333 player by ``name``: ``bota_gorda`` (heaviest tile first), or
    ``probabilistic_alphabeta`` on ``worlds`` sampled worlds from move ``from_move``
    (0-based, passes counted), its earlier moves and its ties ordered by ``bota_gorda``."""
    players = dominoes.players
    if name == "bota_gorda":
        return players.bota_gorda  # type: ignore[no-any-return]
    search = players.probabilistic_alphabeta(start_move=from_move, sample_size=worlds)

    def player(game: Any) -> None:
        players.bota_gorda(game)
        search(game)

    return player


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
        game_module = dominoes.game
        saved = game_module._randomized_hands
        game_module._randomized_hands = self._hands
        try:
            self.series = dominoes.Series(target_score=RULES.goal)  # deals and plays the [6|6]
        finally:
            game_module._randomized_hands = saved
        assert self._deal is not None
        self.match = _MirrorMatch(RULES, deals=iter([self._deal]))
        opening = self.game.moves[0][0]
        self.match.push(Move.play(Tile.of(opening.first, opening.second)))
        self._check()

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
        game_module = self.dominoes.game
        saved = game_module._randomized_hands
        game_module._randomized_hands = self._hands
        try:
            game = self.series.next_game()
        finally:
            game_module._randomized_hands = saved
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


@dataclass(slots=True)
class MatchOutcome:
    """One match: whether our team won, its rounds and each side's CPU per move."""

    won: bool
    rounds: list[float]  # per round: 1 won, 0 lost, 0.5 tied
    cpu: tuple[float, float]  # ours, abw333's (seconds, every decision)
    moves: tuple[int, int]
    choice_cpu: tuple[float, float]  # the same over decisions with more than one move
    choices: tuple[int, int]
    tied_blocks: int


def play_abw333_match(
    dominoes: Any, player: Callable[[Any], None], think: float, seed: int, deal_no: int, team: int
) -> MatchOutcome:
    """One match of deal set ``deal_no`` with our bot (``think`` seconds worth of playouts
    a move) at the seats of ``team`` and abw333's ``player`` at the other two."""
    random.seed(f"abw333:{seed}:{deal_no}")  # abw333's players sample with the module RNG
    mirror = Mirror(dominoes, deal_stream(RULES, seed, deal_no))
    cpu, choice_cpu = [0.0, 0.0], [0.0, 0.0]
    moves, choices = [0, 0], [0, 0]
    rounds: list[float] = []
    move_no = 0
    while True:
        game = mirror.game
        while game.result is None:
            seat = game.turn
            side = 0 if seat % 2 == team else 1
            started = time.process_time()
            if side == 0:
                view = mirror.view(seat)
                move = choose_move(
                    view, level="voquelonia", seed=move_seed(seed, deal_no, seat, move_no),
                    think_time=think,
                )
                domino, left = mirror.to_abw333(move)
                several = len(view.legal) > 1
            else:
                several = len(game.valid_moves) > 1
                player(game)
                domino, left = game.valid_moves[0]
            spent = time.process_time() - started
            cpu[side] += spent
            moves[side] += 1
            if several:
                choice_cpu[side] += spent
                choices[side] += 1
            move_no += 1
            mirror.play(domino, left)
        points = game.result.points * (1 if team == 0 else -1)
        rounds.append(1.0 if points > 0 else 0.0 if points < 0 else 0.5)
        if not mirror.next_round():
            break
    won = mirror.match.winner == team
    return MatchOutcome(won, rounds, (cpu[0], cpu[1]), (moves[0], moves[1]),
                        (choice_cpu[0], choice_cpu[1]), (choices[0], choices[1]),
                        mirror.tied_blocks)


_JOB: dict[str, Any] = {}


def _job(unit: tuple[int, int]) -> MatchOutcome:
    j = _JOB
    o = play_abw333_match(j["dominoes"], j["player"], j["think"], j["seed"], *unit)
    print(f"  deal set {unit[0]}, our team {unit[1]}: {'won' if o.won else 'lost'},"
          f" rounds {sum(o.rounds):g}/{len(o.rounds)}", file=sys.stderr, flush=True)
    return o


def _line(label: str, wins: float, n: int) -> str:
    lo, hi = wilson(wins, n)
    rate = wins / n if n else 0.0
    return f"{label}: {100 * rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] of {n:g}"


def abw333(directory: str | None, name: str, worlds: int, from_move: int, think: float,
           deals: int, seed: int, jobs: int) -> list[MatchOutcome] | None:
    """The abw333 suite: ``deals`` deal sets, each played in both seatings; prints the
    round and match win rates of our bot with Wilson intervals and each side's CPU per
    move. Returns the outcomes (None, with a line said, when abw333 is not found)."""
    dominoes = load_abw333(directory)
    if dominoes is None:
        print("abw333 suite skipped: pass --abw333 DIR, a copy of github.com/abw333/dominoes")
        return None
    label = name if name == "bota_gorda" else f"{name} ({worlds} worlds from move {from_move})"
    _JOB.update(dominoes=dominoes, player=abw333_player(dominoes, name, worlds, from_move),
                think=think, seed=seed)
    units = [(d, team) for d in range(deals) for team in (0, 1)]
    started = time.monotonic()
    if jobs <= 1:
        out = [_job(u) for u in units]
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            out = pool.map(_job, units, chunksize=1)
    rounds = [r for o in out for r in o.rounds]
    firsts = [o.rounds[0] for o in out]
    print(f"abw333's game (4 seats in teams, matches to {RULES.goal}): Vó Quelônia at {think:g} s"
          f" against abw333 {label}, {deals} deal sets x 2 seatings, {len(rounds)} rounds"
          f" ({time.monotonic() - started:.0f} s)")
    print("  " + _line("rounds won (a tie counts half)", sum(rounds), len(rounds)))
    print("  " + _line("first rounds won (dealt alike)", sum(firsts), len(firsts)))
    print("  " + _line("matches won", sum(o.won for o in out), len(out)))
    for side, who in enumerate(("Vó Quelônia", f"abw333 {name}")):
        ms = 1000 * sum(o.cpu[side] for o in out) / max(1, sum(o.moves[side] for o in out))
        mc = 1000 * sum(o.choice_cpu[side] for o in out) / max(
            1, sum(o.choices[side] for o in out))
        print(f"  {who}: {ms:.0f} CPU ms/move, {mc:.0f} CPU ms/choice")
    print(f"  tied blocks (scored 0 by abw333, to the opener's side by our rules):"
          f" {sum(o.tied_blocks for o in out)}")
    print("  target: rounds >= 60% with the lower end > 50%, matches > 50%\n", flush=True)
    return out
