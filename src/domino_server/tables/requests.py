"""The commands a table answers: moves, the next round, start, resign, annulment votes,
absence claims, and friends joining by the link. Each either changes the table (stored,
then told) or raises :class:`~.messages.Rejection` having changed nothing."""

from __future__ import annotations

import time
from typing import Any

from domino_core import IllegalMove, Move, view_for

from ..protocol import commands as c
from ..store.repo import Write
from .connection import dumps
from .fair_deals import TableFairDeals
from .messages import Join, Look, Rejection, Reply
from .stored import copy_entry, iso, move_from_command, now

__all__ = ["BOT_NAMES", "TableRequests"]

BOT_NAMES = {"rabisco": "Rabisco", "nino": "Nino", "voquelonia": "Vó Quelônia"}

MOVE_COMMANDS = (c.Play, c.Draw, c.Pass)

#: Seconds a seat waits between two quick reactions.
REACTION_GAP = 1.5

class TableRequests(TableFairDeals):
    """Applying one command."""

    async def _request(self, seat: int | None, req: Any) -> Reply:
        if isinstance(req, Join):
            return await self._join(req)
        if isinstance(req, Look):
            return Reply(self.seq, data=self.listing())
        if seat is None:
            raise Rejection("not_allowed", "spectators cannot act; join the table first")
        key = (seat, req.id)
        if key in self.cmd_ids:
            raise Rejection(
                "duplicate_id",
                f"command {req.id!r} was already applied (event {self.cmd_ids[key]})",
            )
        if isinstance(req, c.React):
            return self._react(seat, req)
        if isinstance(req, c.Start):
            return Reply(await self._start(seat, req.id))
        if self.status == "waiting":
            raise Rejection("not_started", "the match has not started yet")
        if self.status == "finished":
            raise Rejection("match_over", "the match is over")
        if isinstance(req, c.ClientSeed):
            return await self._client_seed(seat, req)
        if self.match is None:
            raise Rejection("not_started", "the first deal waits for the players' seeds")
        if isinstance(req, MOVE_COMMANDS):
            return Reply(await self._move(seat, req))
        if isinstance(req, c.NextRound):
            return Reply(await self._next_round(seat, req.id))
        if isinstance(req, c.Resign):
            self._require_human(seat)
            return Reply(await self._resign(seat, "resign", by=seat, cmd_id=req.id))
        if isinstance(req, c.ProposeAnnulment):
            return Reply(await self._propose(seat, req.id))
        if isinstance(req, c.VoteAnnulment):
            return Reply(await self._vote(seat, req.id, req.agree))
        if isinstance(req, c.ClaimAbsence):
            return Reply(await self._claim(seat, req.id))
        raise Rejection("bad_command", f"unknown command {type(req).__name__}")

    def _react(self, seat: int, cmd: c.React) -> Reply:
        """Show ``seat``'s quick reaction on every socket of the table, at any stage of the
        match. Not a table event: nothing is stored and ``seq`` stays (a command id is
        remembered while the table is in memory, so a repeated one is not shown twice)."""
        self._require_human(seat)
        t = time.monotonic()
        if t - self.reacted_at.get(seat, -REACTION_GAP) < REACTION_GAP:
            raise Rejection(
                "rate_limited", f"one reaction every {REACTION_GAP:g} seconds; try again soon"
            )
        self.reacted_at[seat] = t
        self.cmd_ids[(seat, cmd.id)] = self.seq
        self._broadcast(dumps({"type": "reaction", "seat": seat, "reaction": cmd.reaction}))
        return Reply(self.seq)

    def _require_human(self, seat: int) -> None:
        if self.seats[seat]["kind"] != "human":
            raise Rejection("not_allowed", "a bot plays this seat until the next turn")

    async def _move(self, seat: int, cmd: c.Play | c.Draw | c.Pass) -> int:
        assert self.match is not None
        if self.match.round_over:
            raise Rejection("not_allowed", "the round is over; start the next round")
        if self.match.turn != seat:
            raise Rejection("not_your_turn", f"it is seat {self.match.turn}'s turn")
        if self.bot_controlled(seat):
            raise Rejection("not_your_turn", "a bot is playing this seat right now")
        try:
            move = move_from_command(cmd)
        except ValueError as exc:
            raise Rejection("illegal_move", str(exc)) from exc
        return await self._apply_move(seat, move, cmd_id=cmd.id)

    async def _apply_move(self, seat: int, move: Move, *, cmd_id: str | None) -> int:
        assert self.match is not None
        try:
            # copies: the events stored and sent share nothing with the core's log
            entries = [copy_entry(e) for e in self.match.push(move)]
        except IllegalMove as exc:
            raise Rejection("illegal_move", str(exc)) from exc
        if not entries:
            entries = [self._merged_entry(seat, move)]
        rows: list[tuple[str, dict[str, Any]]] = [
            ("move" if i == 0 else "info", e) for i, e in enumerate(entries)
        ]
        rows += self._end_rows(entries)
        return await self._store_match_change(rows, seat=seat, cmd_id=cmd_id, move=str(move))

    def _merged_entry(self, seat: int, move: Move) -> dict[str, Any]:
        """The event for a move the core folded into its previous log entry (a second
        manual draw in a row adds to the first one's count)."""
        assert self.match is not None
        log_ = view_for(self.match, None).to_dict()["log"]
        last = log_[-1] if log_ else {}
        if move.kind == "draw":
            return {"type": "draw", "seat": seat, "count": 1, "ends": list(last.get("ends", []))}
        return {"type": str(move.kind), "seat": seat}

    async def _start(self, seat: int, cmd_id: str | None) -> int:
        if self.status != "waiting":
            raise Rejection("not_allowed", "the match has already started")
        if not self.seats[seat]["creator"]:
            raise Rejection("not_allowed", "only the table's creator can start the match")
        t = now()
        seat_cols: dict[int, dict[str, Any]] = {}
        rows: list[tuple[str, dict[str, Any]]] = [("info", {"type": "started", "seat": seat})]
        for s in self.seats:
            if s["kind"] == "empty":
                level = s["bot"] or "nino"
                seat_cols[s["seat"]] = {"kind": "bot", "bot": level, "name": BOT_NAMES[level]}
                rows.append(
                    (
                        "info",
                        {"type": "seat_bot", "seat": s["seat"], "bot": level, "reason": "start"},
                    )
                )
            elif (
                s["kind"] == "human"
                and self.row["pace"] == "live"
                and not self.connected(s["seat"])
            ):
                seat_cols[s["seat"]] = {"away_since": t}
        seed_row, commit = self._commit_rows(1)  # dealt by _deal_if_due (fair_deals.py)
        await self._store_match_change(
            rows + commit,
            seat=seat,
            cmd_id=cmd_id,
            extra={"status": "playing"},
            fair_seed=seed_row,
            seats=seat_cols,
        )
        await self._deal_if_due()  # at once when nobody's seed is awaited
        return self.seq

    async def _next_round(self, seat: int | None, cmd_id: str | None) -> int:
        assert self.match is not None
        if not self.match.round_over or self.match.over:
            raise Rejection("not_allowed", "the round is still being played")
        await self._commit_deal(seat, cmd_id)  # dealt by _deal_if_due (fair_deals.py)
        await self._deal_if_due()  # at once when nobody's seed is awaited
        return self.seq

    async def _resign(self, seat: int, reason: str, *, by: int, cmd_id: str | None) -> int:
        entries = self._core_resign(seat, reason)
        rows: list[tuple[str, dict[str, Any]]] = [
            ("resign", {"type": "resign", "seat": seat, "reason": reason, "by": by})
        ]
        rows += [("info", e) for e in entries]
        return await self._store_match_change(rows, seat=by, cmd_id=cmd_id)

    async def _annul(
        self,
        reason: str,
        *,
        seat: int | None,
        cmd_id: str | None,
        before: list[tuple[str, dict[str, Any]]] | None = None,
    ) -> int:
        assert self.match is not None
        entries = self.match.annul(reason)
        rows = list(before or [])
        rows.append(("annul", {"type": "annulled", "reason": reason}))
        rows += [("info", e) for e in entries]
        self.annulment = None
        return await self._store_match_change(rows, seat=seat, cmd_id=cmd_id)

    async def _propose(self, seat: int, cmd_id: str) -> int:
        self._require_human(seat)
        if self.annulment is not None:
            raise Rejection("not_allowed", "an annulment proposal is already open")
        proposed = ("info", {"type": "annulment_proposed", "seat": seat})
        if self.humans() == [seat]:
            return await self._annul("annulled", seat=seat, cmd_id=cmd_id, before=[proposed])
        w = Write(self.id, events=self._events([proposed], seat=seat, cmd_id=cmd_id))
        self.annulment = {"by": seat, "votes": {str(seat): True}}
        return await self._commit(w, summary=True)

    async def _vote(self, seat: int, cmd_id: str, agree: bool) -> int:
        self._require_human(seat)
        if self.annulment is None:
            raise Rejection("not_allowed", "no annulment proposal is open")
        if str(seat) in self.annulment["votes"]:
            raise Rejection("not_allowed", "this seat has already voted")
        vote = ("info", {"type": "annulment_vote", "seat": seat, "agree": agree})
        votes = {**self.annulment["votes"], str(seat): agree}
        if agree and all(votes.get(str(h)) for h in self.humans()):
            return await self._annul("annulled", seat=seat, cmd_id=cmd_id, before=[vote])
        w = Write(self.id, events=self._events([vote], seat=seat, cmd_id=cmd_id))
        self.annulment = None if not agree else {**self.annulment, "votes": votes}
        return await self._commit(w, summary=True)

    async def _claim(self, seat: int, cmd_id: str) -> int:
        assert self.match is not None
        self._require_human(seat)
        if self.row["pace"] != "correspondence":
            raise Rejection("not_allowed", "absence claims exist only in correspondence tables")
        turn = self.match.turn
        if turn is None or turn == seat or self.seats[turn]["kind"] != "human":
            raise Rejection("not_allowed", "no absent player is holding up the game")
        allowed_at = self.deadlines.absence()
        if allowed_at is None or now() < allowed_at:
            raise Rejection("not_allowed", f"seat {turn} may still play until {iso(allowed_at)}")
        return await self._resign(turn, "absence", by=seat, cmd_id=cmd_id)

    async def _join(self, req: Join) -> Reply:
        if self.status == "finished":
            raise Rejection("match_over", "the match is over")
        seat = self._free_seat()
        if seat is None:
            raise Rejection("not_allowed", "every seat is taken by a person")
        cols: dict[str, Any] = {
            "name": req.name,
            "token_hash": req.token_hash,
            "player_hash": req.player_hash,
            "ip_hash": req.ip_hash,
        }
        payload: dict[str, Any] = {"type": "seat_joined", "seat": seat, "name": req.name}
        if self.status == "waiting":
            cols["kind"] = "human"
            cols["away_since"] = now()
        else:
            payload["pending"] = True  # a bot keeps the seat until the next turn boundary
        w = Write(self.id, events=self._events([("info", payload)]), seats={seat: cols})
        seq = await self._commit(w)
        if self.status == "playing":
            await self._handover(seat)
        return Reply(seq, data={"seat": seat})

    def _free_seat(self) -> int | None:
        """Where a friend arriving now sits: empty seats first, then a bot's seat."""
        order = list(range(len(self.seats)))
        rules = self.row["rules"]
        partner = self.row.get("partner")
        if rules.get("teams") and len(self.seats) == 4 and partner in ("friend", "bot"):
            order.remove(2)
            if partner == "friend":
                order.insert(0, 2)
            elif self.status == "waiting":
                order.append(2)
        for kind in ("empty", "bot"):
            for i in order:
                s = self.seats[i]
                if s["kind"] == kind and s["token_hash"] is None:
                    if kind == "bot" and partner == "bot" and i == 2 and self.status != "waiting":
                        continue
                    return i
        return None
