"""Builders for scenario tests: hand-built deals, matches and moves in record notation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domino_core import ALL_TILES, Deal, Match, Move, Rules, Tile, view_for


def tiles(text: str) -> tuple[Tile, ...]:
    """``"6-6 5-1"`` → the tiles, in that order."""
    return tuple(Tile.parse(t) for t in text.split())


def make_deal(hands: list[str], boneyard: str = "") -> Deal:
    """A deal of these hands; the boneyard starts with ``boneyard`` (draw order), then
    every tile not named anywhere, in :data:`ALL_TILES` order."""
    hs = tuple(tiles(h) for h in hands)
    first = tiles(boneyard)
    named = [t for h in hs for t in h] + list(first)
    assert len(named) == len(set(named)), "a tile is named twice"
    rest = tuple(t for t in ALL_TILES if t not in set(named))
    return Deal(hs, first + rest)


def make_rules(preset: str, seats: int, goal: int = 100, **knobs: Any) -> Rules:
    return Rules.from_preset(preset, seats=seats, goal=goal, **knobs)


def make_match(preset: str, hands: list[str], boneyard: str = "", goal: int = 100,
               **knobs: Any) -> Match:
    """A match of ``preset`` whose first round is dealt ``hands`` (hand_size from them)."""
    knobs.setdefault("hand_size", len(hands[0].split()))
    rules = make_rules(preset, len(hands), goal, **knobs)
    return Match(rules, deals=[make_deal(hands, boneyard)])


def push_forced(match: Match) -> list[dict[str, Any]]:
    """Push the draws that are the only legal move (tables with auto_draw off)."""
    log: list[dict[str, Any]] = []
    while match.turn is not None:
        legal = match.legal_moves()
        if any(m.kind == "play" for m in legal):
            break
        log += match.push(legal[0])
    return log


def play(match: Match, *moves: str) -> list[dict[str, Any]]:
    """Push moves written as in a record (``"6-6"``, ``"6-4 L"``), with forced draws and
    passes in between; returns the log entries added."""
    log: list[dict[str, Any]] = []
    for text in moves:
        log += push_forced(match)
        log += match.push(Move.parse(text))
    log += push_forced(match)
    return log


def put(match: Match, tile: str, on: int) -> list[dict[str, Any]]:
    """Play ``tile`` on the (single) open end that shows ``on``."""
    ends = public(match)["ends"]
    t = Tile.parse(tile)
    choices = [m for m in match.legal_moves()
               if m.kind == "play" and m.tile == t and ends.get(str(m.end)) == on]
    assert choices, f"{tile} cannot go on {on}: ends {ends}"
    log = match.push(choices[0])
    return log + push_forced(match)


def public(match: Match) -> dict[str, Any]:
    """The spectator's view as JSON."""
    return view_for(match, None).to_dict()


def last_result(match: Match) -> dict[str, Any]:
    """The last round's result as ``domino replay`` prints it."""
    return match.results[-1].to_replay()


def legal_strings(match: Match) -> list[str]:
    return sorted(str(m) for m in match.legal_moves())


# The all-sixes block line: played round-robin from the opener (who holds 6-6), it ends
# with both ends showing 6 and all seven 6s on the table. The tiles are
# 6-6 6-0 6-2 1-0 3-2 6-1 6-3 6-4 5-4 6-5.
SIXES_LINE = ("6-6", "6-0 L", "6-2 R", "1-0 L", "3-2 R", "6-1 L", "6-3 R", "6-4 R",
              "5-4 R", "6-5 R")


def line_tiles(seat: int, seats: int, line: tuple[str, ...] = SIXES_LINE) -> str:
    """The tiles of ``line`` that ``seat`` plays when seat 0 opens and turns go round."""
    return " ".join(p.split()[0] for i, p in enumerate(line) if i % seats == seat)


RECORDS = Path(__file__).resolve().parent.parent / "data" / "records"
"""The conformance records (``tests/data/records``)."""


def load_record(name: str) -> dict[str, Any]:
    """The conformance record ``name`` (e.g. ``classic-2``) as JSON."""
    data: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text())
    return data
