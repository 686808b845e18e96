"""Fair deals at a live table (issue 13): every deal is committed, seeded, dealt, revealed.

The bookkeeping is :class:`domino_server.fairness.TableFairness` (pure); this mixin is the
actor's glue:

- :meth:`_commit_deal` (at the start, and when the next round is asked for): store the
  round's server seed and a ``fair_commit`` event with its SHA-256, in one write.
- :meth:`_client_seed` (the ``client_seed`` command of a human seat): a ``client_seed``
  event, while that round waits to be dealt.
- :meth:`_deal_if_due` (after every command and on the timer): once every human seat
  played by its person sent a seed, or the window (``client_seed_seconds``) is over, deal
  from the committed seed and the seeds received (``round_start``).
- The ``fair_reveal`` event is stored with the change that ends the round (a last move,
  a resignation, an annulment: ``TableWrites._store_match_change``).

Only the commitment, the client seeds and, after the round, the seed reach any socket.
"""

from __future__ import annotations

from typing import Any

from domino_core import Match

from ..protocol import commands as c
from ..store.repo import Write
from .messages import Rejection, Reply
from .seats import TableSeats
from .stored import deal_to_json, now

__all__ = ["TableFairDeals"]


class TableFairDeals(TableSeats):
    """Committing, seeding, dealing and revealing each round's deal."""

    def deal_seats(self) -> list[int]:
        """The seats the deal waits for: human seats played by their person (bots add no
        seed, and neither does a seat a bot plays while its human is away)."""
        return [s["seat"] for s in self.seats if s["kind"] == "human" and not s["away"]]

    def _commit_rows(self, round_no: int) -> tuple[tuple[int, str], list[tuple[str, Any]]]:
        """Draw round ``round_no``'s seed: ``(the seed row to store, the event rows)``."""
        seed_hex, payload = self.fairness.commit(round_no, now())
        return (round_no, seed_hex), [("info", payload)]

    async def _commit_deal(self, seat: int | None, cmd_id: str | None) -> int:
        """Commit the next round's deal (the current round is over); it is dealt by
        :meth:`_deal_if_due`. Asking again while it waits changes nothing."""
        assert self.match is not None
        n = self.match.round_no + 1
        if n in self.fairness.rounds:
            if seat is None:
                return self.seq
            raise Rejection("not_allowed", f"round {n} is being dealt")
        seed_row, rows = self._commit_rows(n)
        w = Write(self.id, events=self._events(rows, seat=seat, cmd_id=cmd_id),
                  fair_seed=seed_row)
        return await self._commit(w, summary=True)

    async def _client_seed(self, seat: int, cmd: c.ClientSeed) -> Reply:
        """Take ``seat``'s client seed for round ``cmd.round`` (RECORD.md §Fair deals)."""
        if self.seats[seat]["kind"] != "human":
            raise Rejection("not_allowed", "a bot plays this seat: bots add no seed")
        try:
            payload = self.fairness.add_client_seed(cmd.round, seat, cmd.seed)
        except ValueError as exc:
            raise Rejection("not_allowed", str(exc)) from None
        w = Write(self.id, events=self._events([("info", payload)], seat=seat, cmd_id=cmd.id))
        await self._commit(w, summary=True)
        await self._deal_if_due()  # the last seed awaited: deal now
        return Reply(self.seq)

    def deal_due(self) -> float | None:
        """When the committed deal goes on (None: no deal waits)."""
        fr = self.fairness.pending()
        if fr is None or self.status != "playing":
            return None
        return self.fairness.deal_at(fr.round_no, self.deal_seats())

    async def _deal_if_due(self) -> bool:
        """Deal the committed round if its time has come; whether it did."""
        due = self.deal_due()
        if due is None or now() < due:
            return False
        fr = self.fairness.pending()
        assert fr is not None
        deal = self.fairness.deal(self.rules, fr.round_no)
        hands, boneyard = deal_to_json(deal)
        if self.match is None:
            self.match = Match(self.rules, deals=[deal])
            entries: list[dict[str, Any]] = []
        else:
            entries = self.match.start_next_round(deal)
        m = self.match
        rows: list[tuple[str, dict[str, Any]]] = [
            ("round", e) if e.get("type") == "round_start" else ("info", e) for e in entries
        ]
        if not any(k == "round" for k, _ in rows):
            rows.insert(0, ("round", {"type": "round_start", "round": m.round_no,
                                      "opener": m.opener}))
        await self._store_match_change(rows, deal=(m.round_no, hands, boneyard), summary=True)
        return True
