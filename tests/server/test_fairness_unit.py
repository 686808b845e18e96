"""The table's fair-deal bookkeeping (domino_server.fairness), without a server."""

from __future__ import annotations

import json

import pytest

from domino_core import Rules
from domino_core.fairdeal import ClientSeed, commitment, fair_deal
from domino_server.fairness import TableFairness

RULES = Rules.from_preset("classic", seats=4)
SEED = bytes(range(32))


def test_commit_publishes_the_hash_only_and_the_deal_uses_the_seeds_received() -> None:
    f = TableFairness("mesa-7", window=2.0)
    stored, event = f.commit(1, at=100.0, seed=SEED)
    assert stored == SEED.hex()
    assert event["commitment"] == commitment(SEED)
    assert SEED.hex() not in json.dumps(event)
    assert f.add_client_seed(1, 0, "abc") == {"type": "client_seed", "round": 1, "seat": 0,
                                              "seed": "abc"}
    f.add_client_seed(1, 2, "olá")
    want = fair_deal(RULES, SEED, "mesa-7", 1, [ClientSeed(0, "abc"), ClientSeed(2, "olá")])
    assert f.deal(RULES, 1) == want.deal


def test_the_deal_waits_the_window_unless_every_human_seat_sent_a_seed() -> None:
    f = TableFairness("t", window=2.0)
    f.commit(1, at=100.0)
    assert f.deal_at(1, humans=[0, 1]) == 102.0
    f.add_client_seed(1, 0, "a")
    assert f.deal_at(1, humans=[0, 1]) == 102.0
    f.add_client_seed(1, 1, "b")
    assert f.deal_at(1, humans=[0, 1]) == 100.0
    f.deal(RULES, 1)
    assert f.deal_at(1, humans=[0, 1]) is None


def test_late_second_and_bad_client_seeds_are_refused() -> None:
    f = TableFairness("t", window=2.0)
    with pytest.raises(ValueError, match="no commitment"):
        f.add_client_seed(1, 0, "a")
    f.commit(1, at=0.0)
    f.add_client_seed(1, 0, "a")
    with pytest.raises(ValueError, match="already sent"):
        f.add_client_seed(1, 0, "b")
    with pytest.raises(ValueError, match="U\\+D800"):
        f.add_client_seed(1, 1, "\ud800")
    f.deal(RULES, 1)
    with pytest.raises(ValueError, match="already dealt"):
        f.add_client_seed(1, 1, "late")


def test_public_and_proofs_hide_the_seed_until_it_is_revealed() -> None:
    f = TableFairness("t", window=2.0)
    f.commit(1, at=0.0, seed=SEED)
    f.add_client_seed(1, 3, "x")
    f.deal(RULES, 1)
    assert f.public()["server_seed"] is None and f.public()["seeded"] == [3]
    assert f.proofs(1)[0].server_seed is None  # type: ignore[union-attr]
    assert SEED.hex() not in json.dumps(f.public())
    reveal = f.reveal(1)
    assert reveal is not None and reveal["server_seed"] == SEED.hex()
    assert f.reveal(1) is None  # once
    assert f.public()["server_seed"] == SEED.hex()
    assert f.proofs(1)[0].server_seed == SEED  # type: ignore[union-attr]


def test_fold_rebuilds_a_commitment_with_its_stored_seed() -> None:
    live = TableFairness("t", window=2.0)
    stored, commit = live.commit(1, at=50.0)
    seed_ev = live.add_client_seed(1, 1, "late night")
    again = TableFairness("t", window=2.0)
    for payload in (commit, seed_ev, {"type": "play"}):
        again.fold(payload, at=50.0, seeds={1: stored})
    assert again.deal(RULES, 1) == live.deal(RULES, 1)
    assert again.deal_at(1, []) is None
