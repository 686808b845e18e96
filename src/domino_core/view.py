"""What one seat may see: the ONLY way anything leaves the engine (RULES.md §10 Privacy).

``view_for(match, seat)`` copies out the seat's own hand, the table, the counts of
the other hands and of the boneyard, the public log, the scores and the seat's legal
moves. Other hands, the boneyard's order and the sleeping tiles are never copied
while the round is being played; once it is over, the result reveals every hand.
A spectator (``seat=None``) sees the same without any hand.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .board import CLOSED
from .match import EndReason, Match
from .moves import END_NAMES, Move
from .result import RoundResult
from .round import Round
from .rules import Rules
from .tiles import ALL_TILES, Tile, tiles_of


@dataclass(frozen=True, slots=True)
class LegalMove:
    """A move the seat may make now, with the fives points it would score at once."""

    move: Move
    points: int = 0

    def to_dict(self) -> dict[str, Any]:
        """``{"type": "play", "tile": "6-4", "end": "L", "points": 10}`` or ``{"type": "draw"}``."""
        m = self.move
        if m.kind != "play":
            return {"type": m.kind}
        return {"type": "play", "tile": str(m.tile), "end": m.end, "points": self.points}


@dataclass(frozen=True, slots=True)
class BoardView:
    """The line of play: the center tile and four arms of ``(near, far)`` pips."""

    center: tuple[int, int] | None
    spinner: bool
    arms: dict[str, tuple[tuple[int, int], ...]]

    def to_dict(self) -> dict[str, Any]:
        """The ``board`` object of the view JSON."""
        return {
            "center": None if self.center is None else list(self.center),
            "spinner": self.spinner,
            "arms": {k: [list(t) for t in v] for k, v in self.arms.items()},
        }


@dataclass(frozen=True, slots=True)
class View:
    """Everything one seat (or a spectator) may know now. See ``docs/DESIGN.md``."""

    seat: int | None
    rules: Rules
    round_no: int
    opener: int
    turn: int | None
    hand: tuple[Tile, ...] | None
    hand_counts: tuple[int, ...]
    boneyard: int
    sleeping: int
    board: BoardView
    ends: dict[str, int]
    count: int | None
    log: tuple[dict[str, Any], ...]
    scores: tuple[int, ...]
    legal: tuple[LegalMove, ...]
    round_over: bool
    result: RoundResult | None
    rounds: tuple[RoundResult, ...]
    over: bool
    winner: int | None
    end_reason: EndReason | None

    @property
    def played(self) -> tuple[Tile, ...]:
        """The tiles on the table, in the order they were played this round."""
        return tuple(Tile.parse(e["tile"]) for e in self.log if e["type"] == "play")

    @property
    def legal_moves(self) -> list[Move]:
        """The legal moves alone."""
        return [lm.move for lm in self.legal]

    def to_dict(self) -> dict[str, Any]:
        """The view as the JSON object of ``docs/DESIGN.md`` §1."""
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "round": self.round_no,
            "opener": self.opener,
            "turn": self.turn,
            "hand": None if self.hand is None else [str(t) for t in self.hand],
            "hand_counts": list(self.hand_counts),
            "boneyard": self.boneyard,
            "sleeping": self.sleeping,
            "board": self.board.to_dict(),
            "ends": dict(self.ends),
            "count": self.count,
            "log": [_copy_entry(e) for e in self.log],
            "scores": list(self.scores),
            "legal": [lm.to_dict() for lm in self.legal],
            "round_over": self.round_over,
            "result": None if self.result is None else self.result.to_dict(),
            "rounds": [r.to_dict() for r in self.rounds],
            "over": self.over,
            "winner": self.winner,
            "end_reason": self.end_reason,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> View:
        """The view back from its JSON (:meth:`to_dict`): ``View.from_dict(v.to_dict())``
        gives ``v`` again, except the ``winner_seat`` of past rounds, which the JSON does
        not carry (``None``). Raises ``KeyError``/``ValueError`` for malformed JSON."""
        board = data["board"]
        center = board["center"]
        hand = data["hand"]
        result = data["result"]
        return cls(
            seat=data["seat"],
            rules=Rules.from_dict(dict(data["rules"])),
            round_no=int(data["round"]),
            opener=int(data["opener"]),
            turn=data["turn"],
            hand=None if hand is None else tuple(Tile.parse(t) for t in hand),
            hand_counts=tuple(int(c) for c in data["hand_counts"]),
            boneyard=int(data["boneyard"]),
            sleeping=int(data["sleeping"]),
            board=BoardView(
                center=None if center is None else (int(center[0]), int(center[1])),
                spinner=bool(board["spinner"]),
                arms={k: tuple((int(a), int(b)) for a, b in v) for k, v in board["arms"].items()},
            ),
            ends={str(k): int(v) for k, v in data["ends"].items()},
            count=data["count"],
            log=tuple(_copy_entry(dict(e)) for e in data["log"]),
            scores=tuple(int(s) for s in data["scores"]),
            legal=tuple(_legal_from(m) for m in data["legal"]),
            round_over=bool(data["round_over"]),
            result=None if result is None else RoundResult.from_dict(result),
            rounds=tuple(RoundResult.from_dict(r) for r in data["rounds"]),
            over=bool(data["over"]),
            winner=data["winner"],
            end_reason=data["end_reason"],
        )


def _legal_from(data: Mapping[str, Any]) -> LegalMove:
    if data["type"] != "play":
        return LegalMove(Move(data["type"]))
    return LegalMove(Move("play", Tile.parse(data["tile"]), data["end"]), int(data["points"]))


def _copy_entry(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in entry.items()}


def _log_copies(rnd: Round) -> tuple[dict[str, Any], ...]:
    """The round's public log as copies that share nothing with the core's entries.

    Each entry is copied once: the copies are kept on the round (``Round.view_log``, with
    the entries they copy) and shared by every later view while the entries stay the same
    objects. The core never changes an entry it has written (a merged draw replaces the
    last entry with a new dict), so a push costs a copy of the entries it added or
    replaced, not of the whole log. Views share these dicts: readers must not change them.
    """
    log = rnd.log
    cached = rnd.view_log
    kept = 0  # leading entries whose copies can be reused
    if cached is not None:
        sources, copies = cached
        if len(sources) == len(log) and all(map(operator.is_, log, sources)):
            return copies
        for entry, source in zip(log, sources, strict=False):  # stops at the shorter
            if entry is not source:
                break
            kept += 1
    else:
        copies = ()
    copies = copies[:kept] + tuple(_copy_entry(e) for e in log[kept:])
    rnd.view_log = (tuple(log), copies)
    return copies


def view_for(match: Match, seat: int | None) -> View:
    """The view of ``seat`` (None: a spectator) of ``match`` now."""
    return views_for(match, (seat,))[seat]


def views_for(match: Match, seats: Iterable[int | None]) -> dict[int | None, View]:
    """``{seat: view_for(match, seat)}`` for each of ``seats`` (None: a spectator).

    What every seat sees alike (the table, the counts, the log, the scores, the results)
    is made once and shared by the views; only ``seat``, ``hand`` and ``legal`` are made
    for each seat. Views share those values: readers must not change them.
    """
    rnd = match.round
    rules = match.rules
    wanted = list(dict.fromkeys(seats))
    for seat in wanted:
        if seat is not None and not 0 <= seat < rules.seats:
            raise ValueError(f"there is no seat {seat}")
    board = rnd.board
    finished = rnd.over
    results = tuple(match.results)
    current = results[-1] if finished and results else None
    turn = match.turn
    shared: dict[str, Any] = {
        "rules": rules,
        "round_no": rnd.round_no,
        "opener": rnd.opener,
        "turn": turn,
        "hand_counts": tuple(h.bit_count() for h in rnd.hands),
        "boneyard": rnd.boneyard_left,
        "sleeping": rnd.sleeping,
        "board": BoardView(
            center=board.center,
            spinner=board.spinner,
            arms={END_NAMES[e]: tuple(board.arms[e]) for e in range(4)},
        ),
        "ends": {END_NAMES[e]: p for e, p in enumerate(board.ends) if p != CLOSED},
        "count": board.count() if rules.fives else None,
        "log": _log_copies(rnd),
        "scores": tuple(match.scores),
        "round_over": finished,
        "result": current,
        "rounds": results[:-1] if current is not None else results,
        "over": match.over,
        "winner": match.winner,
        "end_reason": match.end_reason,
    }
    return {
        seat: View(
            seat=seat,
            hand=None if seat is None else tuple(tiles_of(rnd.hands[seat])),
            legal=_legal(rnd) if seat is not None and turn == seat else (),
            **shared,
        )
        for seat in wanted
    }


def _legal(rnd: Round) -> tuple[LegalMove, ...]:
    """The legal moves of the seat on turn, with the fives points of each play."""
    plays = rnd.legal_plays()
    if plays:
        return tuple(
            LegalMove(Move("play", ALL_TILES[t], None if e is None else END_NAMES[e]),
                      rnd.points_of(t, e))
            for t, e in plays
        )
    return tuple(LegalMove(m) for m in rnd.legal_moves())
