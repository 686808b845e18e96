"""How a round ended: :class:`RoundResult`, as the replay and the record's readers show it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .tiles import Tile

__all__ = ["RoundEnd", "RoundResult"]

RoundEnd = Literal["domino", "blocked", "goal", "unfinished"]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended (``result`` ``"unfinished"`` when the match stopped inside it)."""

    round_no: int
    opener: int
    result: RoundEnd
    winner: int | None
    points: int
    pips: tuple[int, ...]
    fives: tuple[tuple[int, int], ...]
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    winner_seat: int | None
    #: Which batida ended the round (RULES.md §6b): ``"simples"``, ``"carroca"``,
    #: ``"la-e-lo"`` or ``"cruzada"``; None unless a domino under batida scoring.
    batida: str | None = None

    def to_replay(self) -> dict[str, Any]:
        """The round object that ``domino replay`` prints (``batida`` only where set)."""
        out: dict[str, Any] = {
            "opener": self.opener,
            "result": self.result,
            "winner": self.winner,
            "points": self.points,
            "pips": list(self.pips),
            "fives": [list(f) for f in self.fives],
        }
        if self.batida is not None:
            out["batida"] = self.batida
        return out

    def to_dict(self) -> dict[str, Any]:
        """The replay object plus every hand and the boneyard, revealed."""
        out = self.to_replay()
        out["round"] = self.round_no
        out["hands"] = [[str(t) for t in h] for h in self.hands]
        out["boneyard"] = [str(t) for t in self.boneyard]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundResult:
        """The result back from :meth:`to_dict`. ``winner_seat`` is not in that JSON and
        comes back ``None``."""
        return cls(
            round_no=int(data["round"]),
            opener=int(data["opener"]),
            result=data["result"],
            winner=data["winner"],
            points=int(data["points"]),
            pips=tuple(int(p) for p in data["pips"]),
            fives=tuple((int(side), int(pts)) for side, pts in data["fives"]),
            hands=tuple(tuple(Tile.parse(t) for t in h) for h in data["hands"]),
            boneyard=tuple(Tile.parse(t) for t in data["boneyard"]),
            winner_seat=None,
            batida=data.get("batida"),
        )
