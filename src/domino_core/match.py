"""A match: rounds until a side reaches the goal (RULES.md §3 openers, §8, §10 leaving).

>>> from domino_core import Match, Rules
>>> m = Match(Rules.from_preset("classic", seats=4), seed=1)
>>> m.turn == m.opener and str(m.legal_moves()[0]) == "6-6"
True
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Iterator
from typing import Any

from .deal import (
    Deal,
    IllegalDeal,
    check_deal,
    deal_of_ids,
    first_opener,
    opener_of,
    seeded_random,
    shuffle_deal,
    shuffle_order,
)
from .leaving import ANNUL_REASONS, RESIGN_REASONS, EndReason, end_reason, resign_winner
from .moves import IllegalMove, Move
from .record_end import trailing_draws
from .record_write import write_record
from .result import RoundResult
from .round import Round
from .rules import Rules
from .tiles import ALL_TILES, Tile, mask_of, pips_of

__all__ = ["EndReason", "IllegalDeal", "Match", "check_deal", "first_opener", "shuffle_deal"]

class Match:
    """A whole match. Round 1 starts at once; see ``docs/DESIGN.md`` for the API."""

    _results: list[RoundResult]
    #: Rounds that have ended whose results are not in ``_results`` yet, in order.
    _ended: list[Round]
    #: The seat that resigned or lost by absence (``end_reason`` "resign"/"absence");
    #: a class default too, for matches built field by field (a search's world).
    end_seat: int | None = None

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int | None = None,
        deals: Iterable[Deal] | None = None,
    ) -> None:
        self.rules = rules
        self._rng: random.Random | None = (
            secrets.SystemRandom() if seed is None else seeded_random(seed)
        )
        #: A copy's source of deals: the original's RNG, cloned on first use (see copy).
        self._rng_from: random.Random | None = None
        self._deals: Iterator[Deal] | None = None if deals is None else iter(deals)
        self.scores: list[int] = [0] * rules.sides
        self._results = []  # the results setter's work, without its call
        self._ended = []
        #: The rounds before the current one in :attr:`history`.
        self._past: list[tuple[Deal | list[int], list[str]]] = []
        self.over = False
        self.winner: int | None = None
        self.end_reason: EndReason | None = None
        self.end_seat = None
        self.round: Round = self._new_round(None)

    # -- rounds --------------------------------------------------------------

    def _new_round(self, deal: Deal | None) -> Round:
        rules = self.rules
        if deal is None and self._deals is not None:
            deal = next(self._deals, None)
            if deal is None:
                raise IllegalDeal("no deal left for the next round")
        order: list[int] | None = None
        if deal is None:
            # the Deal is made only if read (records, replays): Round.deal
            order, hands = shuffle_order(rules, self._dealer())
            bone = order[rules.seats * rules.hand_size:]
        else:
            check_deal(rules, deal)
            hands = [mask_of(hand) for hand in deal.hands]
            bone = [t.id for t in deal.boneyard]
        forced: Tile | None = None
        if self._results or self._ended:
            opener = self._next_opener()
        else:
            opener, forced_id = opener_of(hands)
            forced = ALL_TILES[forced_id]
        return Round(rules, deal, opener, forced, self.scores,
                     len(self._results) + len(self._ended) + 1,
                     masks=(hands, bone), order=order)

    def _dealer(self) -> random.Random:
        """The RNG that shuffles this match's next deal (a copy clones its original's)."""
        if self._rng is None:
            source = self._rng_from
            if source is None or isinstance(source, secrets.SystemRandom):
                self._rng = secrets.SystemRandom()
            else:
                self._rng = random.Random()
                self._rng.setstate(source.getstate())
        return self._rng

    def _next_opener(self) -> int:
        """Who opens the round after the last finished one (RULES.md §3, later rounds).

        ``rotate``: the seat after the previous opener. ``winner``: the seat that took
        the previous round (:attr:`RoundResult.winner_seat`: the seat that went out,
        or on a block the winning seat, see :func:`domino_core.scoring.score_blocked`),
        also when its award was 0 points; after a round nobody took, the seat after
        the previous opener.
        """
        if self._ended:  # its result not made yet: read from the round
            prev = self._ended[-1]
            opener, winner = prev.opener, None if prev.award is None else prev.award.seat
        else:
            last = self._results[-1]
            opener, winner = last.opener, last.winner_seat
        if self.rules.next_opener == "winner" and winner is not None:
            return winner
        return (opener + 1) % self.rules.seats

    def start_next_round(self, deal: Deal | None = None) -> list[dict[str, Any]]:
        """Deal and start the next round (the current one must be over, the match not)."""
        if self.over:
            raise IllegalMove("the match is over")
        if not self.round.over:
            raise IllegalMove("the round is still being played")
        self._past.append((self.round.dealt, self.round.plays))
        self.round = self._new_round(deal)
        return [{"type": "round_start", "round": self.round.round_no,
                 "opener": self.round.opener}]

    # -- state ---------------------------------------------------------------

    @property
    def results(self) -> list[RoundResult]:
        """Every finished round's result, in order (the list itself: it grows as rounds
        end; the current round's result is made when this is first read after it ended)."""
        if self._ended:
            self._results.extend(r.result() for r in self._ended)
            self._ended.clear()
        return self._results

    @results.setter
    def results(self, results: list[RoundResult]) -> None:
        self._results = results
        self._ended = []

    @property
    def history(self) -> list[tuple[Deal, list[str]]]:
        """Every round's deal and its plays in record notation, for the record (a new
        list; the current round's last)."""
        rules = self.rules
        return [(deal if isinstance(deal, Deal) else deal_of_ids(rules, deal), plays)
                for deal, plays in self._past] + [(self.round.deal, self.round.plays)]

    @history.setter
    def history(self, rounds: list[tuple[Deal, list[str]]]) -> None:
        """Set the rounds before the current one: ``rounds`` ends with the current one's."""
        self._past = list(rounds[:-1])

    @property
    def turn(self) -> int | None:
        """The seat to move, or None between rounds and after the match."""
        return None if self.over else self.round.turn

    @property
    def round_no(self) -> int:
        """The current round, counted from 1."""
        return self.round.round_no

    @property
    def round_over(self) -> bool:
        """Whether the current round has ended (hands are shown until the next one)."""
        return self.round.end is not None

    @property
    def opener(self) -> int:
        """The seat that opened the current round."""
        return self.round.opener

    @property
    def deal(self) -> Deal:
        """The current round's deal (secret until the round ends)."""
        return self.round.deal

    def hand(self, seat: int) -> list[Tile]:
        """The tiles ``seat`` holds now."""
        return self.round.hand(seat)

    def legal_moves(self) -> list[Move]:
        """The moves of the seat on turn ([] between rounds and after the match)."""
        # a match over has its round over (or stopped): the round has no seat on turn
        return self.round.legal_moves()

    def copy(self) -> Match:
        """An independent copy, cheap enough for search (no future deals are kept).

        A copy that deals a round of its own shuffles with a clone of this match's RNG
        (made when it first deals), so this match's own deals stay as they were.
        """
        m = Match.__new__(Match)
        m.rules = self.rules
        m._rng = None
        m._rng_from = self._rng if self._rng is not None else self._rng_from
        m._deals = None
        m.scores = self.scores[:]
        m.results = self.results[:]
        m._past = self._past[:]
        m.over, m.winner, m.end_reason = self.over, self.winner, self.end_reason
        m.end_seat = self.end_seat
        m.round = self.round.copy(m.scores)
        return m

    # -- moves ---------------------------------------------------------------

    def push(self, move: Move) -> list[dict[str, Any]]:
        """Apply ``move`` for the seat on turn; return the public log entries it added.

        Raises :class:`IllegalMove` and changes nothing when the move is illegal.
        """
        if self.over:
            raise IllegalMove("the match is over")
        rnd = self.round
        if rnd.end is not None:
            raise IllegalMove("the round is over: the next one has not started")
        events = rnd.push(move)
        if rnd.end is not None:
            self._round_ended()
        return events

    def playout(self, rng: random.Random) -> None:
        """Play random legal moves to the end of the current round (for search)."""
        if self.over or self.round.over:
            return
        self.round.playout(rng)
        self._round_ended()

    def _round_ended(self) -> None:
        self._ended.append(self.round)  # its result is made when results is read
        at_goal = [side for side, score in enumerate(self.scores) if score >= self.rules.goal]
        if at_goal:
            self.over, self.winner, self.end_reason = True, at_goal[0], "goal"

    def resign(self, seat: int, reason: str = "resign") -> list[dict[str, Any]]:
        """``seat`` leaves for good: its side loses (RULES.md §10 Leaving).

        ``reason`` is ``"resign"``, or ``"absence"`` for a seat that lost by absence
        (it loses as if it had left). With two sides the other side wins. With more
        (3 seats, and by the same rule 4 seats without teams) the remaining seat with
        the most points wins; a tie goes to the one whose turn comes first, counted
        from the seat on turn, or between rounds from the next round's opener.
        Raises :class:`ValueError` for another ``reason``.
        """
        why = end_reason(reason, RESIGN_REASONS)
        if self.over:
            raise IllegalMove("the match is over")
        if not 0 <= seat < self.rules.seats:
            raise IllegalMove(f"there is no seat {seat}")
        # Whose turn comes first: the seat on turn, or between rounds the next opener.
        start = self.round.turn if self.round.turn is not None else self._next_opener()
        winner = resign_winner(self.rules, self.scores, seat, start)
        return self._end(winner, why, {"seat": seat})

    def annul(self, reason: str = "annulled") -> list[dict[str, Any]]:
        """End the match with no winner: ``reason`` ``"annulled"`` (the players agreed) or
        ``"abandoned"`` (a table idle too long); raises :class:`ValueError` for another."""
        why = end_reason(reason, ANNUL_REASONS)
        if self.over:
            raise IllegalMove("the match is over")
        return self._end(None, why, {})

    def _end(self, winner: int | None, reason: EndReason,
             extra: dict[str, Any]) -> list[dict[str, Any]]:
        if not self.round.over:
            self.round.stop()
            self.results.append(self.round.result())
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self.end_seat = extra.get("seat")
        return [{"type": "match_end", "reason": reason, "winner": winner, **extra}]

    # -- records -------------------------------------------------------------

    @property
    def end_draws(self) -> int | None:
        """Drawing by hand (``auto_draw`` off), a match that ended inside a round by a
        resignation, an absence or an annulment: the tiles drawn after its last play, which
        its record's ``end`` says (RECORD.md); else None."""
        inside = self.round.end == "unfinished"
        if self.end_reason in (None, "goal") or self.rules.auto_draw or not inside:
            return None
        return trailing_draws(self.round.log)

    def to_record(self) -> dict[str, Any]:
        """The match as a ``domino-record/1`` object (RECORD.md)."""
        return write_record(self)

    def replay_summary(self) -> dict[str, Any]:
        """What ``domino replay`` prints for this match (RECORD.md)."""
        rounds = [r.to_replay() for r in self.results]
        if not self.round.over:
            rounds.append({"opener": self.round.opener, "result": "unfinished", "winner": None,
                           "points": 0, "pips": [pips_of(h) for h in self.round.hands],
                           "fives": [list(f) for f in self.round.fives]})
        return {"rounds": rounds, "score": list(self.scores), "winner": self.winner,
                "over": self.over}
