"""The arena's table: per-bot totals, win rates with Wilson intervals, think times."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from .arena_games import Outcome
from .rules import Rules

__all__ = ["BotStats", "report", "side_of", "tally", "wilson"]


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(slots=True)
class BotStats:
    """One bot's totals over the arena."""

    label: str
    matches: int = 0
    wins: int = 0
    points: int = 0
    rounds: int = 0
    think: float = 0.0
    moves: int = 0
    choice_think: float = 0.0
    choices: int = 0
    per_deal: dict[int, list[int]] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        """Share of its matches it won."""
        return self.wins / self.matches if self.matches else 0.0

    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the win rate."""
        return wilson(self.wins, self.matches)


def side_of(rules: Rules, seat: int) -> int:
    """The side a seat plays for."""
    return seat % 2 if rules.teams else seat


def tally(rules: Rules, outcomes: Sequence[Outcome]) -> dict[str, BotStats]:
    """Per-bot totals (a bot sitting at several seats of a match counts that match once)."""
    stats: dict[str, BotStats] = {}
    for o in outcomes:
        sides_of: dict[str, set[int]] = {}
        for seat, label in enumerate(o.labels):
            sides_of.setdefault(label, set()).add(side_of(rules, seat))
            st = stats.setdefault(label, BotStats(label))
            st.think += o.think[seat]
            st.moves += o.moves[seat]
            if o.choices:
                st.choice_think += o.choice_think[seat]
                st.choices += o.choices[seat]
        for label, sides in sides_of.items():
            st = stats[label]
            st.matches += 1
            won = o.winner is not None and o.winner in sides
            st.wins += int(won)
            st.points += sum(o.scores[s] for s in sides)
            st.rounds += o.rounds * len(sides)
            st.per_deal.setdefault(o.deal_no, []).append(int(won))
    return stats


def report(rules: Rules, outcomes: Sequence[Outcome], elapsed: float) -> str:
    """The arena's table, as printed."""
    stats = tally(rules, outcomes)
    team = " teams" if rules.teams else ""
    lines = [
        f"{rules.preset}, {rules.seats} seats{team}, goal {rules.goal}: "
        f"{len(outcomes)} matches in {elapsed:.1f} s",
        f"{'bot':<18} {'matches':>7} {'wins':>5} {'win %':>6}  {'95% CI':<13} "
        f"{'pts/round':>9} {'ms/move':>8} {'ms/choice':>9}",
    ]
    for st in sorted(stats.values(), key=lambda s: -s.win_rate):
        lo, hi = st.interval()
        ppr = st.points / st.rounds if st.rounds else 0.0
        ms = 1000 * st.think / st.moves if st.moves else 0.0
        ms_choice = 1000 * st.choice_think / st.choices if st.choices else 0.0
        lines.append(
            f"{st.label:<18} {st.matches:>7} {st.wins:>5} {100 * st.win_rate:>6.1f}  "
            f"{100 * lo:>5.1f}-{100 * hi:<5.1f}%  {ppr:>9.2f} {ms:>8.1f} {ms_choice:>9.1f}"
        )
    for st in stats.values():
        full = [w for w in st.per_deal.values() if len(w) > 1]
        if full and len(stats) > 1:
            swept = sum(1 for w in full if all(w))
            lost = sum(1 for w in full if not any(w))
            lines.append(
                f"duplicate deal sets for {st.label}: {len(full)}; won in every seating {swept}, "
                f"lost in every seating {lost}, split {len(full) - swept - lost}"
            )
            break
    return "\n".join(lines)
