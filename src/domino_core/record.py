"""Game records (``domino-record/1``, ``/2`` with fair-deal proofs, ``/3`` that may say
how a match ended, see ``docs/RECORD.md``): read, replay, write.

A record holds the rules, the deal of every round and the plays in turn order.
Draws and passes are never written: they are forced, so a replay
(``record_replay.py``) lets the engine derive them from the boneyard order (with
``auto_draw`` off it pushes the forced draw itself whenever that is the only legal move;
passes are always the engine's).

Usage::

    parsed = read_record(record)   # checked, or RecordError
    record = write_record(match)   # equal to ``match.to_record()``
    # replaying: domino_core.record_replay.replay(record), the object ``domino replay`` prints

Every problem with a record raises :class:`RecordError`, whose one-line message
names the round and the play (both 1-based): ``"round 2, play 5: ..."``, or
``"round 2, deal: ..."`` for a round's deal, or ``"record: ..."`` for the format,
the rules or a record without rounds.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .deal import Deal, IllegalDeal, check_deal
from .fairdeal import FairProof
from .moves import Move
from .record_end import Ending, parse_ending
from .record_write import FORMAT, FORMAT_END, FORMAT_FAIR, write_record
from .rules import Rules
from .tiles import N_TILES, Tile

__all__ = ["FORMAT", "FORMAT_END", "FORMAT_FAIR", "ParsedRecord", "ParsedRound", "RecordError",
           "read_record", "write_record"]

#: The most plays a round can hold: each play lays a tile of its own (a record writes no
#: draw or pass), so no more than the set's 28; a longer list is refused before parsing.
MAX_PLAYS = N_TILES


class RecordError(ValueError):
    """An invalid record: where (``round_no``, ``play_no``) and what is wrong.

    ``round_no`` and ``play_no`` are 1-based; ``play_no == 0`` means the round's
    deal (or the round as a whole), ``round_no == 0`` the record's header
    (format, rules). ``str(err)`` is one line, e.g.
    ``"round 2, play 5: 6-4 does not fit the open ends 3 and 1"``.
    """

    def __init__(self, round_no: int, play_no: int, message: str) -> None:
        self.round_no = round_no
        self.play_no = play_no
        self.message = " ".join(str(message).split())
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.round_no == 0:
            return f"record: {self.message}"
        if self.play_no == 0:
            return f"round {self.round_no}, deal: {self.message}"
        return f"round {self.round_no}, play {self.play_no}: {self.message}"


@dataclass(frozen=True)
class ParsedRound:
    """One round of a record: its deal and its written plays, as moves."""

    deal: Deal
    #: The plays in order; an opening tile keeps its written order (``Move.left``).
    plays: tuple[Move, ...]
    #: The round's fair-deal proof (``domino-record/2`` only; None where it has none).
    fair: FairProof | None = None


@dataclass(frozen=True)
class ParsedRecord:
    """A record checked for shape: rules, and the rounds in order."""

    rules: Rules
    rounds: tuple[ParsedRound, ...]
    #: How the match ended if not at the goal (a resignation, an annulment, ...).
    end: Ending | None = None


# ----------------------------------------------------------------------------- reading


def _parse_tile(text: object, round_no: int) -> Tile:
    try:
        if not isinstance(text, str):
            raise ValueError
        return Tile.parse(text)
    except ValueError:
        raise RecordError(round_no, 0, f"{text!r} is not a tile (write \"a-b\", 0..6)") from None


def _parse_rules(obj: object) -> Rules:
    if not isinstance(obj, Mapping):
        raise RecordError(0, 0, "\"rules\" must be an object")
    try:
        return Rules.from_dict(dict(obj))
    except (ValueError, TypeError) as exc:
        raise RecordError(0, 0, str(exc)) from exc


_RECORD_KEYS = ("format", "rules", "rounds", "end")
_ROUND_KEYS = ("hands", "boneyard", "plays")
_ROUND_KEYS_FAIR = ("hands", "boneyard", "plays", "fair")


def _check_keys(obj: Mapping[str, Any], keys: tuple[str, ...], what: str, round_no: int,
                optional: tuple[str, ...] = ()) -> None:
    """RECORD.md names every key of a record and of a round: refuse others and missing ones
    (a typo such as ``"play"`` would otherwise replay as an empty round)."""
    allowed = ", ".join(f'"{k}"' for k in keys)
    for key in obj:
        if key not in keys:
            hint = next((f' (did you mean "{k}"?)' for k in keys
                         if str(key).lower().rstrip("s") == k.rstrip("s")), "")
            raise RecordError(round_no, 0,
                              f"unknown key {json.dumps(key)} in {what}{hint}: it holds {allowed}")
    for key in keys:
        if key not in obj and key not in optional:
            raise RecordError(round_no, 0, f'{what} has no "{key}" (it holds {allowed})')


def _parse_deal(obj: Mapping[str, Any], rules: Rules, round_no: int) -> Deal:
    hands_obj = obj.get("hands")
    bone_obj = obj.get("boneyard")
    if not isinstance(hands_obj, list) or not all(isinstance(h, list) for h in hands_obj):
        raise RecordError(round_no, 0, "\"hands\" must be a list of lists of tiles")
    if not isinstance(bone_obj, list):
        raise RecordError(round_no, 0, "\"boneyard\" must be a list of tiles")
    if len(hands_obj) != rules.seats:  # shape first, before any tile is parsed
        raise RecordError(round_no, 0,
                          f"the deal has {len(hands_obj)} hands for {rules.seats} seats")
    dealt = sum(len(h) for h in hands_obj) + len(bone_obj)
    if dealt > N_TILES:
        raise RecordError(round_no, 0, f"the deal holds {dealt} tiles; the set has {N_TILES}")
    deal = Deal(hands=tuple(tuple(_parse_tile(t, round_no) for t in h) for h in hands_obj),
                boneyard=tuple(_parse_tile(t, round_no) for t in bone_obj))
    try:
        check_deal(rules, deal)
    except IllegalDeal as exc:
        raise RecordError(round_no, 0, str(exc)) from exc
    return deal


def _parse_fair(obj: Mapping[str, Any], round_no: int) -> FairProof | None:
    if obj.get("fair") is None:
        return None
    try:
        return FairProof.from_dict(obj["fair"])
    except ValueError as exc:
        raise RecordError(round_no, 0, f"fair: {exc}") from None


def _parse_play(text: object, round_no: int, play_no: int) -> Move:
    try:
        if not isinstance(text, str):
            raise ValueError(f"a play must be a string like \"6-4 L\", not {text!r}")
        move = Move.parse(text)
    except ValueError as exc:
        raise RecordError(round_no, play_no, str(exc)) from None
    if move.kind != "play":
        raise RecordError(round_no, play_no,
                          f"{text!r}: a record holds plays only (draws and passes are derived)")
    return move


def read_record(obj: object) -> ParsedRecord:
    """Check a record's shape (format, rules, deals, play syntax) and parse it.

    A record holds exactly ``format``, ``rules`` and ``rounds``, and each round exactly
    ``hands``, ``boneyard`` and ``plays`` (RECORD.md names no other key): an unknown
    key or a missing one is an error (``plays`` is ``[]`` for a round not yet played).
    A ``domino-record/2`` or ``/3`` round may also hold ``fair`` (its proof,
    shape-checked here; :mod:`domino_core.verify` checks it against the deal), and a
    ``/3`` record ``end`` (how a match ended otherwise than at the goal).

    Deals are checked against the rules: one hand per seat of ``hand_size``
    tiles, the 28 tiles exactly once, no hand the preset would deal again.
    Whether the plays are legal is :func:`replay`'s job.
    """
    if not isinstance(obj, Mapping):
        raise RecordError(0, 0, "a record must be a JSON object")
    fmt = obj.get("format")
    ending = fmt == FORMAT_END
    if "format" in obj and fmt not in (FORMAT, FORMAT_FAIR, FORMAT_END):
        raise RecordError(0, 0, f"format must be {FORMAT!r}, {FORMAT_FAIR!r} or {FORMAT_END!r}, "
                                f"not {fmt!r}")
    if "end" in obj and not ending:
        raise RecordError(0, 0, f'"end" is a key of {FORMAT_END!r} records, not of {fmt!r}')
    _check_keys(obj, _RECORD_KEYS if ending else _RECORD_KEYS[:-1], "a record", 0,
                optional=("end",))
    round_keys = _ROUND_KEYS if fmt == FORMAT else _ROUND_KEYS_FAIR
    rules = _parse_rules(obj.get("rules"))
    rounds_obj = obj.get("rounds")
    if not isinstance(rounds_obj, list) or not rounds_obj:
        raise RecordError(0, 0, "\"rounds\" must be a non-empty list")
    rounds: list[ParsedRound] = []
    for round_no, rnd in enumerate(rounds_obj, start=1):
        if not isinstance(rnd, Mapping):
            raise RecordError(round_no, 0, "a round must be an object")
        _check_keys(rnd, round_keys, "a round", round_no, optional=("fair",))
        deal = _parse_deal(rnd, rules, round_no)
        plays_obj = rnd["plays"]
        if not isinstance(plays_obj, list):
            raise RecordError(round_no, 0, "\"plays\" must be a list")
        if len(plays_obj) > MAX_PLAYS:
            raise RecordError(round_no, MAX_PLAYS + 1, f"a round holds at most {MAX_PLAYS} "
                              f"plays (each lays a tile of its own), not {len(plays_obj)}")
        plays = tuple(_parse_play(p, round_no, i) for i, p in enumerate(plays_obj, start=1))
        rounds.append(ParsedRound(deal=deal, plays=plays, fair=_parse_fair(rnd, round_no)))
    end = None
    if "end" in obj:
        try:
            end = parse_ending(obj["end"], rules.seats)
        except ValueError as exc:
            raise RecordError(0, 0, str(exc)) from None
    return ParsedRecord(rules=rules, rounds=tuple(rounds), end=end)

