"""What a seat knows, read from its view's JSON (``View.to_dict()``, docs/DESIGN.md §1).

Bots work on this small, plain structure instead of engine objects: tiles are
``(high, low)`` int pairs, and everything here is public to the seat the view
was made for. Nothing in it can hold another seat's hidden tiles, because the
view it is built from does not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from domino_core.view import View

Pair = tuple[int, int]
"""A tile as ``(high, low)`` pips, ``high >= low``."""

ALL_PAIRS: tuple[Pair, ...] = tuple((a, b) for a in range(7) for b in range(a + 1))
"""The 28 tiles of the double-six set."""


def parse_pair(text: str) -> Pair:
    """``"2-6"`` or ``"6-2"`` → ``(6, 2)``."""
    left, _, right = text.partition("-")
    a, b = int(left), int(right)
    return (a, b) if a >= b else (b, a)


def pair_str(tile: Pair) -> str:
    """``(6, 2)`` → ``"6-2"``."""
    return f"{tile[0]}-{tile[1]}"


def pips(tile: Pair) -> int:
    """The tile's value: the sum of its pips."""
    return tile[0] + tile[1]


@dataclass(frozen=True, slots=True)
class Option:
    """One legal move offered by the view: ``kind`` is ``"play"``, ``"draw"`` or ``"pass"``.

    For a play, ``tile`` and ``end`` (``None`` for the first tile of a round) and
    ``points``: what the play scores at once (fives; 0 elsewhere).
    """

    kind: str
    tile: Pair | None = None
    end: str | None = None
    points: int = 0


@dataclass(frozen=True, slots=True)
class EndSlot:
    """An open end: its pips, how many times they count in the fives sum (0, 1 or 2),
    and whether it is a still-free long side of the fives spinner."""

    pip: int
    weight: int
    spinner_free: bool = False


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Everything the bots read from one seat's view."""

    seat: int
    seats: int
    teams: bool
    goal: int
    scoring: str
    """How rounds are scored: a column of RULES.md §6 (classic, standard, caribbean or
    fives) or ``batida`` (§6b: by how the winner went out)."""
    drawing: bool
    closed_table: str
    """When a round is blocked (RULES.md §5): ``"all_pass"`` or ``"at_once"``."""
    opener: int
    """The seat that opened this round."""
    round_no: int
    turn: int | None
    hand: tuple[Pair, ...]
    hand_counts: tuple[int, ...]
    boneyard: int
    sleeping: int
    played: tuple[Pair, ...]
    """Tiles on the table, in the order they were played this round."""
    ends: Mapping[str, EndSlot]
    count: int
    scores: tuple[int, ...]
    legal: tuple[Option, ...]
    log: tuple[Mapping[str, Any], ...]
    spinner: bool
    """The fives spinner is on the table."""
    source: View | Mapping[str, Any] | None = field(default=None, repr=False, compare=False)
    """The view this was read from (the hard player rebuilds its sampled worlds from it)."""
    batida_points: tuple[int, int, int, int] = (1, 2, 3, 4)
    """Points of a batida simples, de carroça, lá-e-lô and cruzada (batida scoring)."""
    blocked_points: int = 1
    """Points of a blocked round (batida scoring)."""

    def side_of(self, seat: int) -> int:
        """The side (team, or the seat itself) that ``seat`` scores for."""
        return seat % 2 if self.teams else seat

    @property
    def sides(self) -> int:
        """Number of sides: 2 with teams, else the number of seats."""
        return 2 if self.teams else self.seats

    @property
    def my_side(self) -> int:
        """The side of the seat this knowledge belongs to."""
        return self.side_of(self.seat)

    def partner(self) -> int | None:
        """The partner's seat with teams, else ``None``."""
        return (self.seat + 2) % 4 if self.teams else None

    def unseen(self) -> set[Pair]:
        """Tiles this seat has not seen: in other hands, the boneyard or asleep."""
        known = set(self.hand) | set(self.played)
        return {t for t in ALL_PAIRS if t not in known}

    def fives(self) -> bool:
        """Whether ends score at once (fives scoring)."""
        return self.scoring == "fives"

    def batida(self) -> bool:
        """Whether rounds score by how the winner went out (RULES.md §6b)."""
        return self.scoring == "batida"

    def batida_value(self, tile: Pair, ends: Mapping[str, EndSlot]) -> int:
        """The points going out with ``tile`` on ``ends`` (the open ends before it) is
        worth under batida scoring: a double scores more, and so does a tile that could
        go on either end (RULES.md §6b)."""
        double = tile[0] == tile[1]
        both = len(fits(tile, ends)) >= 2
        return self.batida_points[(2 if both else 0) + (1 if double else 0)]


def _ends_from_board(view: Mapping[str, Any]) -> dict[str, EndSlot]:
    """Open ends with their fives weight, from the view's ``board`` and ``ends``."""
    ends_raw: Mapping[str, int] = view.get("ends") or {}
    board = view.get("board") or {}
    arms: Mapping[str, Sequence[Sequence[int]]] = board.get("arms") or {}
    spinner = bool(board.get("spinner"))
    both_free = not arms.get("L") and not arms.get("R")
    out: dict[str, EndSlot] = {}
    for name, pip in ends_raw.items():
        arm = arms.get(name) or []
        if arm:
            near, far = arm[-1][0], arm[-1][1]
            out[name] = EndSlot(int(pip), 2 if near == far else 1)
        elif name in ("U", "D"):
            out[name] = EndSlot(int(pip), 0)
        elif spinner:
            out[name] = EndSlot(int(pip), 1 if both_free else 2, True)
        else:
            out[name] = EndSlot(int(pip), 1)
    return out


def after_play(
    ends: Mapping[str, EndSlot], tile: Pair, end: str | None, *, fives: bool
) -> dict[str, EndSlot]:
    """The open ends after ``tile`` is laid on ``end`` (``None``: it opens the round).

    Follows RULES.md §7 for the fives weights, one play ahead; a double laid in
    fives before any spinner is treated as a plain crosswise double.
    """
    high, low = tile
    if not ends:
        if high == low:
            return {"L": EndSlot(high, 1, fives), "R": EndSlot(high, 1, fives)}
        return {"L": EndSlot(high, 1), "R": EndSlot(low, 1)}
    slot = ends[end or "L"]
    other = low if high == slot.pip else high
    new = dict(ends)
    new[end or "L"] = EndSlot(other, 2 if high == low else 1)
    if slot.spinner_free and end in ("L", "R"):
        mate = "R" if end == "L" else "L"
        mate_slot = new.get(mate)
        if mate_slot is not None and mate_slot.spinner_free:
            new[mate] = EndSlot(mate_slot.pip, 2, True)
        else:
            for short in ("U", "D"):
                new.setdefault(short, EndSlot(slot.pip, 0))
    return new


def ends_count(ends: Mapping[str, EndSlot]) -> int:
    """The fives sum of the open ends."""
    return sum(s.pip * s.weight for s in ends.values())


def fits(tile: Pair, ends: Mapping[str, EndSlot]) -> list[str]:
    """The ends ``tile`` can be laid on (every end's name once; ``[]`` if none)."""
    return [name for name, s in ends.items() if s.pip in tile]


def _option(raw: Mapping[str, Any]) -> Option:
    kind = str(raw["type"])
    if kind != "play":
        return Option(kind)
    return Option("play", parse_pair(str(raw["tile"])), raw.get("end"), int(raw.get("points") or 0))


def knowledge_from(view: View | Mapping[str, Any]) -> Knowledge:
    """Build the bots' knowledge from a ``View`` or its JSON dict (``View.to_dict()``)."""
    data: Mapping[str, Any] = view if isinstance(view, Mapping) else view.to_dict()
    rules = data["rules"]
    seat = data["seat"]
    if seat is None:
        raise ValueError("a computer player needs a seat's view, not a spectator's")
    log = tuple(data.get("log") or ())
    played = tuple(parse_pair(str(e["tile"])) for e in log if e.get("type") == "play")
    scoring = str(rules.get("scoring") or "classic")
    board = data.get("board") or {}
    return Knowledge(
        seat=int(seat),
        seats=int(rules["seats"]),
        teams=bool(rules.get("teams")),
        goal=int(rules["goal"]),
        scoring=scoring,
        drawing=bool(rules.get("drawing")),
        closed_table=str(rules.get("closed_table") or "all_pass"),
        opener=int(data.get("opener") or 0),
        round_no=int(data.get("round") or 1),
        turn=data.get("turn"),
        hand=tuple(parse_pair(str(t)) for t in data.get("hand") or ()),
        hand_counts=tuple(int(c) for c in data["hand_counts"]),
        boneyard=int(data.get("boneyard") or 0),
        sleeping=int(data.get("sleeping") or 0),
        played=played,
        ends=_ends_from_board(data),
        count=int(data.get("count") or 0),
        scores=tuple(int(s) for s in data["scores"]),
        legal=tuple(_option(m) for m in data.get("legal") or ()),
        log=log,
        spinner=bool(board.get("spinner")),
        source=view,
        batida_points=_four(rules.get("batida_points")),
        blocked_points=int(rules.get("blocked_points", 1)),
    )


def _four(points: object) -> tuple[int, int, int, int]:
    """The rules' ``batida_points`` (the rule book's 1, 2, 3, 4 where absent)."""
    if isinstance(points, Sequence) and len(points) == 4:
        a, b, c, d = (int(p) for p in points)
        return a, b, c, d
    return 1, 2, 3, 4
