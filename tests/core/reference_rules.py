"""A second, deliberately plain implementation of RULES.md §3-§8, written from the rule
book's sentences and tables without looking at the engine's data structures, so that
random matches can be played through both and compared move by move.

It is slow (sets and lists of tiles, the line kept as one list) and only for tests.
Tiles are ``(a, b)`` tuples as laid, left to right; a tile in a hand is ``(high, low)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from domino_core import Rules

TileT = tuple[int, int]


def norm(a: int, b: int) -> TileT:
    return (a, b) if a >= b else (b, a)


def value(t: TileT) -> int:
    return t[0] + t[1]


def side_of(rules: Rules, seat: int) -> int:
    """§1: seats 0+2 and 1+3 are partners when teams are on."""
    return seat % 2 if rules.teams else seat


def first_opener(hands: list[set[TileT]]) -> tuple[int, TileT]:
    """§3: the highest double in any hand; else the heaviest tile, tie → higher number."""
    doubles = [(t[0], s, t) for s, h in enumerate(hands) for t in h if t[0] == t[1]]
    if doubles:
        _, seat, tile = max(doubles)
        return seat, tile
    heavy = [(value(t), max(t), s, t) for s, h in enumerate(hands) for t in h]
    _, _, seat, tile = max(heavy)
    return seat, tile


@dataclass
class Award:
    side: int | None
    points: int
    seat: int | None
    batida: str | None = None


def batida_of(last: TileT, ends_before: list[int]) -> str:
    """§6b: a double or not, and whether it "could go on either end" (both open ends
    carry one of its numbers); a round whose opening tile was the last one has no ends."""
    double = last[0] == last[1]
    either = len(ends_before) == 2 and all(p in last for p in ends_before)
    if either:
        return "cruzada" if double else "la-e-lo"
    return "carroca" if double else "simples"


BATIDA_ROW = {"simples": 0, "carroca": 1, "la-e-lo": 2, "cruzada": 3}


def round_award(rules: Rules, hands: list[set[TileT]], result: str, out_seat: int | None,
                opener: int, batida: str | None = None) -> Award:
    """§6, cell by cell; §6b where rules score by batida (``batida``: the kind, on a
    domino)."""
    n = rules.seats
    pips = [sum(value(t) for t in h) for h in hands]
    sides = rules.sides
    side_pips = [sum(pips[s] for s in range(n) if side_of(rules, s) == x) for x in range(sides)]
    col = rules.scoring
    order = [(opener + i) % n for i in range(n)]
    if col == "batida" and result == "domino":
        assert out_seat is not None and batida is not None
        return Award(side_of(rules, out_seat), rules.batida_points[BATIDA_ROW[batida]],
                     out_seat, batida)
    if result == "domino":
        assert out_seat is not None
        win = side_of(rules, out_seat)
        others = sum(side_pips) - side_pips[win]
        # caribbean teams: all four hands, the partner's included
        points = sum(pips) if col == "caribbean" and rules.teams else others
        return _rounded(rules, Award(win, points, out_seat))
    low = min(side_pips)
    tied = [x for x in range(sides) if side_pips[x] == low]
    winner: int | None
    if len(tied) == 1:
        winner = tied[0]
    elif rules.teams:
        winner = side_of(rules, opener) if col == "caribbean" else None
    elif col == "classic":
        keys = {x: sorted(value(t) for t in hands[x]) for x in tied}
        best = min(keys.values())
        firsts = [x for x in tied if keys[x] == best]
        winner = firsts[0] if len(firsts) == 1 else None
    elif col == "caribbean":
        winner = next(s for s in order if s in tied)
    else:
        winner = None
    if col == "batida" and len(tied) > 1:
        winner = None  # §6b: a tie scores nothing, teams or not
    if winner is None:
        return Award(None, 0, None)
    others = sum(side_pips) - side_pips[winner]
    if col == "batida":
        points = rules.blocked_points
    elif col == "classic":
        points = others
    elif col == "caribbean":
        points = sum(pips) if rules.teams else others
    else:
        points = others - side_pips[winner]
    if rules.teams:
        members = [s for s in order if side_of(rules, s) == winner]
        seat = min(members, key=lambda s: (pips[s], order.index(s)))
    else:
        seat = winner
    return _rounded(rules, Award(winner, points, seat))


def _rounded(rules: Rules, award: Award) -> Award:
    """§6: fives rounds an award to the nearest multiple of 5 (12 → 10, 13 → 15)."""
    if rules.fives:
        r = award.points % 5
        award.points = award.points - r if r <= 2 else award.points + 5 - r
    return award


@dataclass
class RefRound:
    rules: Rules
    hands: list[set[TileT]]
    boneyard: list[TileT]
    opener: int
    forced: TileT | None
    scores: list[int]
    line: list[TileT] = field(default_factory=list)
    spinner: int | None = None  # index of the spinner in ``line``
    up: list[TileT] = field(default_factory=list)  # (near, far) from the spinner outwards
    down: list[TileT] = field(default_factory=list)
    placed: set[TileT] = field(default_factory=set)
    passes: int = 0
    turn: int | None = None
    result: str | None = None
    award: Award | None = None
    fives_log: list[tuple[int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.turn = self.opener

    # the board ------------------------------------------------------------------
    def short_sides_open(self) -> bool:
        s = self.spinner
        return s is not None and 0 < s < len(self.line) - 1

    def ends(self) -> dict[str, int]:
        if not self.line:
            return {}
        out = {"L": self.line[0][0], "R": self.line[-1][1]}
        if self.short_sides_open():
            assert self.spinner is not None
            pip = self.line[self.spinner][0]
            out["U"] = self.up[-1][1] if self.up else pip
            out["D"] = self.down[-1][1] if self.down else pip
        return out

    def count(self) -> int:
        """§7: add up the open ends; a double at an end counts both halves; the spinner
        counts both halves (once) while a long side is free."""
        total = 0
        line, sp = self.line, self.spinner
        if sp is not None and (sp == 0 or sp == len(line) - 1):
            total += 2 * line[sp][0]
        for idx, pip_of in ((0, lambda t: t[0]), (len(line) - 1, lambda t: t[1])):
            if idx == sp:
                continue
            t = line[idx]
            total += 2 * pip_of(t) if t[0] == t[1] else pip_of(t)
        for arm in (self.up, self.down):
            if arm:
                t = arm[-1]
                total += 2 * t[1] if t[0] == t[1] else t[1]
        return total

    def fits(self, tile: TileT) -> list[str]:
        return [e for e, p in self.ends().items() if p in tile]

    def legal(self) -> list[str]:
        """Moves as text: ``"6-4 L"``, an opening ``"6-4"``, ``"draw"``, ``"pass"``."""
        if self.turn is None:
            return []
        hand = self.hands[self.turn]
        if not self.line:
            if self.forced is not None:
                return [f"{self.forced[0]}-{self.forced[1]}"]
            return [f"{t[0]}-{t[1]}" for t in hand]
        plays = [f"{t[0]}-{t[1]} {e}" for t in hand for e in self.fits(t)]
        if plays:
            return plays
        if self.rules.drawing and self.boneyard:
            return ["draw"]
        return ["pass"]

    def lay(self, tile: TileT, end: str | None, left: int | None) -> None:
        t = norm(*tile)
        if not self.line:
            a, b = t
            if left is not None and left == b:
                a, b = b, a
            self.line = [(a, b)]
            if self.rules.fives and a == b:
                self.spinner = 0
        elif end == "L":
            p = self.line[0][0]
            self.line.insert(0, (t[0] + t[1] - p, p))
            if self.spinner is not None:
                self.spinner += 1
            elif self.rules.fives and t[0] == t[1]:
                self.spinner = 0
        elif end == "R":
            p = self.line[-1][1]
            self.line.append((p, t[0] + t[1] - p))
            if self.spinner is None and self.rules.fives and t[0] == t[1]:
                self.spinner = len(self.line) - 1
        else:
            arm = self.up if end == "U" else self.down
            p = self.ends()[str(end)]
            arm.append((p, t[0] + t[1] - p))
        self.placed.add(t)

    # moves ---------------------------------------------------------------------
    def play(self, tile: TileT, end: str | None, left: int | None = None) -> None:
        seat = self.turn
        assert seat is not None
        t = norm(*tile)
        ends_before = list(self.ends().values())
        self.hands[seat].remove(t)
        self.lay(t, end, left)
        self.forced = None
        self.passes = 0
        rules = self.rules
        if rules.fives:
            c = self.count()
            if c > 0 and c % 5 == 0:
                side = side_of(rules, seat)
                self.scores[side] += c
                self.fives_log.append((side, c))
                if self.scores[side] >= rules.goal:
                    self._end("goal", Award(side, 0, seat))
                    return
        if not self.hands[seat]:
            self._end("domino", round_award(rules, self.hands, "domino", seat, self.opener,
                                            batida_of(t, ends_before)))
            return
        if rules.closed_table == "at_once":
            # §5: "no tile can ever fit": each tile with an end's number is laid or asleep
            numbers = set(self.ends().values())
            asleep = set() if rules.drawing else set(self.boneyard)
            if all(t2 in self.placed | asleep for t2 in _all_tiles() if set(t2) & numbers):
                self._end("blocked", round_award(rules, self.hands, "blocked", None,
                                                 self.opener))
                return
        self.turn = (seat + 1) % rules.seats
        self.auto()

    def draw(self) -> None:
        assert self.turn is not None
        self.hands[self.turn].add(self.boneyard.pop(0))

    def pass_(self) -> None:
        assert self.turn is not None
        self.passes += 1
        if self.passes == self.rules.seats:
            self._end("blocked", round_award(self.rules, self.hands, "blocked", None,
                                             self.opener))
            return
        self.turn = (self.turn + 1) % self.rules.seats
        self.auto()

    def auto(self) -> None:
        """§4: the server draws for the seat (auto_draw) and passes for it (always)."""
        while self.turn is not None:
            moves = self.legal()
            if moves == ["draw"] and self.rules.auto_draw:
                self.draw()
            elif moves == ["pass"]:
                self.pass_()
                return
            else:
                return

    def _end(self, result: str, award: Award) -> None:
        self.result = result
        self.award = award
        self.turn = None
        if award.side is not None:
            self.scores[award.side] += award.points


def _all_tiles() -> list[TileT]:
    return [(a, b) for a in range(7) for b in range(a + 1)]
