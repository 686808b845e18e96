"""The abw333 suite of ``benchmarks/bots.py`` (issue 15): Vó Quelônia against abw333/dominoes'
players in abw333's own game (``abw333_mirror.py``: how, and where the rules differ).

Our bot sits at the two seats of one team and decides on its seat's view of a
``domino_core.Match`` mirroring abw333's game; abw333's player at the other two. The
source tree of abw333/dominoes is given as ``--abw333 DIR`` (``$ABW333_DIR``); without it
the suite is skipped. Each deal set (one seed's stream of deals) is played twice, the
teams exchanging hands (our bot at seats 0+2, then at 1+3). Rounds are counted over every
round of the matches (a tie counts half), and the first rounds alone (dealt and opened
alike in both seatings).
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from abw333_mirror import RULES, Mirror, load_abw333

from domino_core.arena import deal_stream, move_seed, wilson
from domino_core.bots import choose_move

__all__ = ["PLAYERS", "MatchOutcome", "abw333", "abw333_player", "play_abw333_match"]

PLAYERS = ("probabilistic_alphabeta", "bota_gorda")


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


@dataclass(slots=True)
class MatchOutcome:
    """One match: whether our team won, its rounds and each side's CPU per move."""

    won: bool
    rounds: list[float]  # per round: 1 won, 0 lost, 0.5 tied
    cpu: list[float]  # ours, abw333's (seconds, every decision)
    moves: list[int]
    choice_cpu: list[float]  # the same over decisions with more than one move
    choices: list[int]
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
    return MatchOutcome(won, rounds, cpu, moves, choice_cpu, choices, mirror.tied_blocks)


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
