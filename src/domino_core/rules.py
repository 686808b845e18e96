"""The rule knobs of RULES.md §9 and the six presets.

>>> Rules.from_preset("fives", seats=4).hand_size
5
>>> Rules.from_preset("batida", seats=4).goal
6
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Literal

PresetName = Literal["classic", "draw", "block", "fives", "caribbean", "batida"]
NextOpener = Literal["rotate", "winner"]
ClosedTable = Literal["all_pass", "at_once"]
#: How a round is scored: a pips column of RULES.md §6, or ``"batida"`` (§6b).
Scoring = Literal["classic", "standard", "caribbean", "fives", "batida"]

#: The preset names, in the order the rule book lists them.
PRESETS: tuple[PresetName, ...] = ("classic", "draw", "block", "fives", "caribbean", "batida")

#: Each preset's pips column of RULES.md §6 (the ``batida`` preset, scored by pips, counts
#: like ``block``, the preset it otherwise resembles *(decision)*).
PIP_SCORING: dict[str, Scoring] = {
    "classic": "classic",
    "draw": "standard",
    "block": "standard",
    "fives": "fives",
    "caribbean": "caribbean",
    "batida": "standard",
}

#: Goals a classic match may play to (RULES.md §8); other presets take any in GOAL_RANGE.
CLASSIC_GOALS: tuple[int, ...] = (50, 100)
GOAL_RANGE: tuple[int, int] = (50, 300)
#: Goals of a match scored by batida (RULES.md §6b), and its default.
BATIDA_GOAL_RANGE: tuple[int, int] = (3, 12)
BATIDA_GOAL = 6
#: Points of a batida simples, de carroça, lá-e-lô and cruzada (RULES.md §6b).
BATIDA_POINTS: tuple[int, int, int, int] = (1, 2, 3, 4)
#: The most points any one batida or block may be worth *(decision)*.
MAX_ROUND_POINTS = 12

#: Knobs a record's ``rules`` object (or a table) may set besides preset, seats and goal.
KNOBS: tuple[str, ...] = (
    "teams",
    "hand_size",
    "drawing",
    "redeal_doubles",
    "next_opener",
    "closed_table",
    "auto_draw",
    "scoring",
    "batida_points",
    "blocked_points",
)


@dataclass(frozen=True, slots=True)
class Rules:
    """Every knob of a match. Build one with :meth:`Rules.from_preset`.

    ``scoring`` holds how rounds are scored: ``"batida"`` (RULES.md §6b) or the preset's
    pips column of §6 (``"classic"``, ``"standard"``, ``"caribbean"``, ``"fives"``); as a
    knob it is given as ``"batida"`` or ``"pips"``. ``batida_points`` and ``blocked_points``
    only count where ``scoring`` is ``"batida"``.
    """

    preset: PresetName
    seats: int
    goal: int
    teams: bool
    hand_size: int
    drawing: bool
    redeal_doubles: int | None
    next_opener: NextOpener
    closed_table: ClosedTable
    auto_draw: bool
    scoring: Scoring | Literal["pips"] = "pips"
    batida_points: tuple[int, int, int, int] = BATIDA_POINTS
    blocked_points: int = 1

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise ValueError(f"unknown preset {self.preset!r} (one of {', '.join(PRESETS)})")
        # Types first: a record's "teams": "false" must not read as a truthy "on".
        for name in ("teams", "drawing", "auto_draw"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false, not {getattr(self, name)!r}")
        for name in ("seats", "goal", "hand_size", "redeal_doubles"):
            value = getattr(self, name)
            if not (_is_int(value) or (name == "redeal_doubles" and value is None)):
                raise ValueError(f"{name} must be a whole number, not {value!r}")
        if self.seats not in (2, 3, 4):
            raise ValueError(f"seats must be 2, 3 or 4, not {self.seats!r}")
        if self.teams and self.seats != 4:
            raise ValueError("teams need 4 seats")
        pip_column = PIP_SCORING[self.preset]
        if self.scoring == "pips":
            object.__setattr__(self, "scoring", pip_column)
        if self.scoring not in ("batida", pip_column):
            raise ValueError(
                f"{self.preset} scores as {pip_column!r} (scoring 'pips') or 'batida', "
                f"not {self.scoring!r}"
            )
        self._check_points()  # whatever the scoring: a record keeps them (to_dict)
        if self.scoring == "batida":
            self._check_batida()
        elif self.preset == "classic":
            if self.goal not in CLASSIC_GOALS:
                raise ValueError(f"a classic match goes to 50 or 100 points, not {self.goal!r}")
        elif not (isinstance(self.goal, int) and GOAL_RANGE[0] <= self.goal <= GOAL_RANGE[1]):
            raise ValueError(
                f"the goal must be {GOAL_RANGE[0]}..{GOAL_RANGE[1]} points, not {self.goal!r}"
            )
        if not self.hand_size >= 1 or self.hand_size * self.seats > 28:
            raise ValueError(f"{self.seats} hands of {self.hand_size} tiles do not fit in 28 tiles")
        if self.redeal_doubles is not None and not 1 <= self.redeal_doubles <= 7:
            raise ValueError("redeal_doubles must be 1..7 or null")
        if self.redeal_doubles is not None and not _some_deal_kept(
                self.seats, self.hand_size, self.redeal_doubles):
            raise ValueError(
                f"redeal_doubles {self.redeal_doubles} would deal again for ever: every deal "
                f"of {self.seats} hands of {self.hand_size} gives some hand that many doubles"
            )
        if self.next_opener not in ("rotate", "winner"):
            raise ValueError(f"next_opener must be 'rotate' or 'winner', not {self.next_opener!r}")
        if self.closed_table not in ("all_pass", "at_once"):
            raise ValueError(
                f"closed_table must be 'all_pass' or 'at_once', not {self.closed_table!r}"
            )

    def _check_batida(self) -> None:
        """The goal of batida scoring (RULES.md §6b)."""
        if self.preset == "fives":
            raise ValueError("batida scoring does not go with fives (its ends score at once)")
        low, high = BATIDA_GOAL_RANGE
        if not (_is_int(self.goal) and low <= self.goal <= high):
            raise ValueError(f"a batida match goes to {low}..{high} points, not {self.goal!r}")

    def _check_points(self) -> None:
        """``batida_points`` and ``blocked_points`` in their ranges (RULES.md §6b), checked
        under any scoring: they only count under batida, but every rules object carries
        them (a record's, a table's)."""
        points = self.batida_points
        if not (isinstance(points, tuple) and len(points) == 4 and all(
                _is_int(p) and 1 <= p <= MAX_ROUND_POINTS for p in points)):
            raise ValueError(
                "batida_points must be 4 whole numbers 1..12 (simples, carroça, lá-e-lô, "
                f"cruzada), not {points!r}"
            )
        if not (_is_int(self.blocked_points) and 0 <= self.blocked_points <= MAX_ROUND_POINTS):
            raise ValueError(f"blocked_points must be 0..12, not {self.blocked_points!r}")

    @classmethod
    def from_preset(cls, name: str, seats: int = 4, goal: int | None = None, **knobs: Any) -> Rules:
        """The rules of preset ``name`` at ``seats`` seats, with any knob overridden.

        ``goal`` defaults to 100, or 6 where rounds are scored by batida. The ``scoring``
        knob takes ``"batida"`` or ``"pips"`` (or the preset's pips column by name);
        ``batida_points`` any sequence of 4. Unknown knobs raise :class:`ValueError`.
        """
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r} (one of {', '.join(PRESETS)})")
        if seats not in (2, 3, 4):
            raise ValueError(f"seats must be 2, 3 or 4, not {seats!r}")
        unknown = set(knobs) - set(KNOBS)
        if unknown:
            raise ValueError(f"unknown rule knob(s): {', '.join(sorted(unknown))}")
        small = seats <= 3
        base: dict[str, Any]
        if name == "classic":
            base = dict(teams=seats == 4, hand_size=7, drawing=small, redeal_doubles=4,
                        next_opener="rotate", closed_table="all_pass", auto_draw=True)
        elif name == "draw":
            base = dict(teams=False, hand_size=7 if seats == 2 else 5, drawing=True,
                        redeal_doubles=None, next_opener="winner", closed_table="all_pass",
                        auto_draw=True)
        elif name == "block":
            base = dict(teams=False, hand_size=7, drawing=False, redeal_doubles=None,
                        next_opener="winner", closed_table="all_pass", auto_draw=True)
        elif name == "fives":
            base = dict(teams=False, hand_size=7 if seats == 2 else 5, drawing=True,
                        redeal_doubles=None, next_opener="winner", closed_table="all_pass",
                        auto_draw=True)
        elif name == "caribbean":
            base = dict(teams=seats == 4, hand_size=7, drawing=small, redeal_doubles=None,
                        next_opener="rotate", closed_table="at_once", auto_draw=False)
        else:
            base = dict(teams=seats == 4, hand_size=6 if seats == 4 else 7, drawing=False,
                        redeal_doubles=5, next_opener="winner", closed_table="all_pass",
                        auto_draw=True, scoring="batida")
        base.update(knobs)
        if isinstance(base.get("batida_points"), list):
            base["batida_points"] = tuple(base["batida_points"])
        if goal is None:
            goal = BATIDA_GOAL if base.get("scoring") == "batida" else 100
        return cls(preset=name, seats=seats, goal=goal, **base)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from a record's ``rules`` object (preset, seats, goal, optional knobs)."""
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        data = dict(data)
        extra = set(data) - {"preset", "seats", "goal", *KNOBS}
        if extra:
            raise ValueError(f"unknown rule knob(s): {', '.join(sorted(extra))}")
        if "preset" not in data or "seats" not in data:
            raise ValueError("rules need a preset and seats")
        knobs = {k: data[k] for k in KNOBS if k in data}
        return cls.from_preset(data["preset"], seats=data["seats"], goal=data.get("goal"), **knobs)

    def to_dict(self) -> dict[str, Any]:
        """Every knob as a JSON-able dict (the record's ``rules`` object, complete)."""
        out = asdict(self)
        out["batida_points"] = list(self.batida_points)
        return out

    def with_(self, **knobs: Any) -> Rules:
        """A copy with some knobs changed."""
        return replace(self, **knobs)

    @property
    def batida(self) -> bool:
        """Whether rounds are scored by how the winner went out (RULES.md §6b)."""
        return self.scoring == "batida"

    @property
    def fives(self) -> bool:
        """Whether the spinner and in-round scoring of RULES.md §7 apply."""
        return self.preset == "fives"

    @property
    def sides(self) -> int:
        """How many sides score: 2 teams, or one per seat."""
        return 2 if self.teams else self.seats

    def side_of(self, seat: int) -> int:
        """The side (team 0 = seats 0+2, team 1 = seats 1+3, or the seat itself) of ``seat``."""
        return seat % 2 if self.teams else seat


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _some_deal_kept(seats: int, hand_size: int, redeal: int) -> bool:
    """Whether some deal gives no hand ``redeal`` doubles or more (RULES.md §2).

    Of the 7 doubles, at most ``28 - seats * hand_size`` stay undealt; the rest must
    fit in the hands at fewer than ``redeal`` each.
    """
    dealt_doubles = max(0, 7 - (28 - seats * hand_size))
    return dealt_doubles <= seats * min(redeal - 1, hand_size)
