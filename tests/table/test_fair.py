"""Fair deals on the pure machine (table/fairplay.py): commit, client seeds, the window,
the deal from the committed seed, the reveal, and a restore between commitment and deal."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

from domino_core import Match
from domino_core.fairdeal import ClientSeed, commitment, fair_deal
from domino_core.record import write_record
from domino_core.verify import verify_record
from domino_server.table import Rejection, Stored, restore
from domino_server.table import commands as mc
from domino_server.table.deadlines import next_wakeup
from domino_server.table.fairplay import proofs
from domino_server.table.summary import summary, summary_key

from .machine import T0, TIMING, Table, both_here, new_table

WINDOW = replace(TIMING, seed_window=3.0)
SEED = bytes(range(32))


def _two_people(timing=WINDOW) -> Table:  # type: ignore[no-untyped-def]
    return both_here(new_table("draw", seats=2, timing=timing), start=False)


def test_start_commits_and_the_deal_waits_for_both_seeds() -> None:
    t = _two_people()
    events = t.do(mc.Start(0, "s", SEED))
    assert t.types(events) == ["started", "fair_commit"]
    commit = next(e for e in events if isinstance(e, Stored) and e.payload["type"] == "fair_commit")
    assert commit.payload["commitment"] == commitment(SEED)
    assert SEED.hex() not in json.dumps(commit.payload)  # only the secret holds the seed
    assert commit.secret == {"server_seed": SEED.hex()}
    assert t.state.match is None and summary(t.state)["fair"]["deal_at"] is not None
    assert next_wakeup(t.state) == T0 + 3.0  # the window's end
    assert t.types(t.do(mc.ClientSeed(0, "c0", 1, "ana's"))) == ["client_seed"]
    last = t.do(mc.ClientSeed(1, "c1", 1, "bia's"))
    assert t.types(last) == ["client_seed", "round_start"]  # the last awaited: dealt at once
    want = fair_deal(t.state.rules, SEED, "t1", 1, [ClientSeed(0, "ana's"), ClientSeed(1, "bia's")])
    assert t.state.match is not None and t.state.match.deal == want.deal


def test_after_the_window_the_deal_goes_on_with_the_seeds_it_got() -> None:
    t = _two_people()
    t.do(mc.Start(0, "s", SEED))
    t.do(mc.ClientSeed(1, "c1", 1, "only bia"), at=T0 + 1)
    assert t.types(t.do(mc.Tick(bytes(32)), at=T0 + 2.9)) == []
    assert t.types(t.do(mc.Tick(bytes(32)), at=T0 + 3.0)) == ["round_start"]
    late = t.try_(mc.ClientSeed(0, "c0", 1, "late"), at=T0 + 4)
    assert isinstance(late, Rejection) and "already dealt" in late.reason
    want = fair_deal(t.state.rules, SEED, "t1", 1, [ClientSeed(1, "only bia")])
    assert t.state.match is not None and t.state.match.deal == want.deal


def test_seeds_are_refused_from_bots_twice_for_other_rounds_and_before_the_start() -> None:
    t = Table(new_table("draw", seats=2, timing=WINDOW, bots=[None, "rabisco"]))
    t.came(0)
    early = t.try_(mc.ClientSeed(0, "c", 1, "x"))
    assert isinstance(early, Rejection) and early.code == "not_started"
    t.do(mc.Start(0, "s", SEED))
    bot = t.try_(mc.ClientSeed(1, "b", 1, "x"))
    assert isinstance(bot, Rejection) and "bots add no seed" in bot.reason
    ahead = t.try_(mc.ClientSeed(0, "a", 2, "x"))
    assert isinstance(ahead, Rejection) and "no commitment" in ahead.reason
    bad = t.try_(mc.ClientSeed(0, "z", 1, "\ud800"))
    assert isinstance(bad, Rejection) and bad.code == "bad_command"
    # Ana is the only person: her seed is the last one awaited
    assert t.types(t.do(mc.ClientSeed(0, "c", 1, "x"))) == ["client_seed", "round_start"]
    again = t.try_(mc.ClientSeed(0, "d", 1, "y"))
    assert isinstance(again, Rejection)


def _round_over(t: Table) -> None:
    while t.state.match is not None and not t.state.match.round_over:
        if t.state.bot_controlled(t.turn()):
            t.bot_moves()
        else:
            t.person_moves(f"m{t.state.seq}")


def test_the_seed_is_revealed_with_the_end_of_the_round_and_the_record_verifies() -> None:
    t = _two_people(TIMING)  # no window: dealt at once
    t.do(mc.Start(0, "s", SEED))
    assert t.state.match is not None
    _round_over(t)
    reveal = [e for e in t.stored if e.payload["type"] == "fair_reveal"]
    assert len(reveal) == 1 and reveal[0].payload["server_seed"] == SEED.hex()
    assert summary(t.state)["fair"]["server_seed"] == SEED.hex()
    second = hashlib.sha256(b"round 2").digest()
    assert t.types(t.do(mc.NextRound(1, "n", second)))[:2] == ["fair_commit", "round_start"]
    again = t.try_(mc.NextRound(0, "n2", second))
    assert isinstance(again, Rejection)
    assert t.types(t.do(mc.Resign(0, "r")))[-2:] == ["fair_reveal", "ranking"]
    m = t.state.match
    assert isinstance(m, Match)
    record = write_record(m, proofs(t.state, len(m.history)))
    assert verify_record(record) == 2


def test_a_restore_between_commitment_and_deal_keeps_the_seed_and_the_seeds() -> None:
    t = _two_people()
    t.do(mc.Start(0, "s", SEED))
    t.do(mc.ClientSeed(0, "c0", 1, "before"))
    rows = [{"seat": s.seat, "creator": s.creator, "name": s.name, "bot": s.bot,
             "token_hash": s.token_hash, "player_hash": s.player_hash, "ip_hash": s.ip_hash}
            for s in new_table("draw", seats=2, timing=WINDOW).seats]
    spec = t.state.spec
    row = {"id": spec.table_id, "rules": spec.rules, "pace": spec.pace,
           "turn_seconds": spec.turn_seconds, "partner": spec.partner}
    events = [_row(e) for e in t.stored]
    back = restore(row, rows, {}, events, WINDOW, T0 + 1, {1: SEED.hex()})
    assert back.fair == t.state.fair
    assert summary(back)["fair"]["seeded"] == [0]
    t2 = Table(back)
    t2.came(0)
    t2.came(1)
    assert t2.types(t2.do(mc.ClientSeed(1, "c1", 1, "after"), at=T0 + 2))[-1] == "round_start"
    want = fair_deal(back.rules, SEED, "t1", 1, [ClientSeed(0, "before"), ClientSeed(1, "after")])
    assert t2.state.match is not None and t2.state.match.deal == want.deal


class _Row:
    def __init__(self, e: Stored) -> None:
        self.seq, self.kind, self.payload, self.created_at = e.seq, e.kind, e.payload, e.at
        self.seat, self.cmd_id, self.move = e.seat, e.cmd_id, e.move


def _row(e: Stored) -> _Row:
    return _Row(e)


def test_every_fair_step_shows_in_the_summary_and_changes_its_key() -> None:
    """The server keeps a table's summary while ``summary_key`` stays (only the deadline
    is put in again): each step of a fair deal (commitment, a seed, the deal, the reveal,
    the next round's commitment) changes the summary's ``fair``, so it must change the key."""
    t = _two_people()
    seen = [(summary_key(t.state), summary(t.state)["fair"])]

    def step(cmd: mc.Command) -> None:
        t.do(cmd)
        key, fair = summary_key(t.state), summary(t.state)["fair"]
        assert fair != seen[-1][1] and key != seen[-1][0], cmd
        seen.append((key, fair))

    step(mc.Start(0, "s", SEED))
    step(mc.ClientSeed(0, "c0", 1, "ana's"))
    step(mc.ClientSeed(1, "c1", 1, "bia's"))  # the deal goes on: deal_at becomes null
    _round_over(t)  # the reveal
    assert summary(t.state)["fair"]["server_seed"] == SEED.hex()
    assert summary_key(t.state) != seen[-1][0]
    seen.append((summary_key(t.state), summary(t.state)["fair"]))
    step(mc.NextRound(1, "n", hashlib.sha256(b"round 2").digest()))
    step(mc.ClientSeed(1, "c2", 2, "bia's again"))  # Ana sends none: the window runs out
    assert seen[-1][1]["deal_at"] is not None
    t.now = T0 + 10_000.0  # well after the window: a tick deals with Bia's seed alone
    step(mc.Tick(hashlib.sha256(b"unused").digest()))
    assert seen[-1][1]["deal_at"] is None and seen[-1][1]["seeded"] == [1]
    assert [f["round"] for _, f in seen[1:]] == [1, 1, 1, 1, 2, 2, 2]
