"""The ``hmac-sha256-fy/1`` shuffle: known answers, the spec's steps, and uniformity."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domino_core import Rules
from domino_core.fairdeal import (
    ALGORITHM,
    ClientSeed,
    FairDealer,
    check_client_seed,
    commitment,
    context,
    fair_deal,
    shuffle_ids,
    stream,
)

VECTORS = json.loads(
    (Path(__file__).resolve().parent.parent / "data" / "fairdeal-vectors.json").read_text("utf-8"))


def _inputs(v: dict[str, Any]) -> tuple[Rules, bytes, str, int, list[ClientSeed]]:
    rules = Rules.from_preset(v["rules"]["preset"], seats=v["rules"]["seats"])
    seeds = [ClientSeed(c["seat"], c["seed"]) for c in v["client_seeds"]]
    return rules, bytes.fromhex(v["server_seed"]), v["table"], v["round"], seeds


@pytest.mark.parametrize("v", VECTORS["vectors"], ids=lambda v: v["name"])
def test_known_answer_vectors(v: dict[str, Any]) -> None:
    rules, seed, table, round_no, seeds = _inputs(v)
    assert VECTORS["algorithm"] == ALGORITHM
    assert commitment(seed) == v["commitment"]
    ctx = context(table, round_no, seeds)
    assert ctx.hex() == v["context"]
    source = stream(seed, ctx)
    assert bytes(next(source) for _ in range(64)).hex() == v["stream_first_64"]
    made = fair_deal(rules, seed, table, round_no, seeds)
    assert list(made.order) == v["order"]
    assert [[str(t) for t in h] for h in made.deal.hands] == v["hands"]
    assert [str(t) for t in made.deal.boneyard] == v["boneyard"]
    assert made.redeals == v["redeals"]


def test_vectors_cover_redeals_boneyards_and_client_seeds() -> None:
    vs = VECTORS["vectors"]
    assert {v["redeals"] for v in vs} >= {0, 1, 2}
    assert any(v["boneyard"] for v in vs) and any(not v["client_seeds"] for v in vs)
    assert any(any(ord(ch) > 127 for c in v["client_seeds"] for ch in c["seed"]) for v in vs)


def test_commitment_is_sha256_of_the_raw_seed_bytes() -> None:
    seed = bytes(range(32))
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert commitment(seed) != hashlib.sha256(seed.hex().encode()).hexdigest()


def test_context_bytes_as_the_spec_lays_them_out() -> None:
    ctx = context("mesa-7", 1, [ClientSeed(2, "olá"), ClientSeed(0, "abc")])
    want = (b"hmac-sha256-fy/1\x00" + b"\x00\x00\x00\x06mesa-7" + b"\x00\x00\x00\x01"
            + b"\x00\x00\x00\x02" + b"\x00\x00\x00\x00" + b"\x00\x00\x00\x03abc"
            + b"\x00\x00\x00\x02" + b"\x00\x00\x00\x04ol\xc3\xa1")
    assert ctx == want  # seeds in seat order, whatever order they came in


def test_stream_is_hmac_blocks_in_counter_mode() -> None:
    seed, ctx = bytes(range(32)), b"ctx"
    source = stream(seed, ctx)
    got = bytes(next(source) for _ in range(96))
    want = b"".join(hmac.new(seed, ctx + i.to_bytes(4, "big"), hashlib.sha256).digest()
                    for i in range(3))
    assert got == want


def test_index_drawing_rejects_bytes_above_the_limit() -> None:
    # The first swap draws below 28: limit 252, so 252..255 are skipped; 250 % 28 = 26.
    # Later draws (below 27, 26, ...) take byte 0 each (always index 0).
    def fake() -> Iterator[int]:
        yield from (255, 252, 250)
        while True:
            yield 0

    order = shuffle_ids(fake())
    expect = list(range(28))
    expect[27], expect[26] = expect[26], expect[27]  # i=27 swaps with j=26
    for i in range(26, 0, -1):  # every later i swaps with position 0
        expect[i], expect[0] = expect[0], expect[i]
    assert order == expect


def test_every_input_changes_the_deal() -> None:
    rules = Rules.from_preset("draw", seats=2)
    seed = bytes(range(32))
    base = fair_deal(rules, seed, "t", 1, [ClientSeed(0, "a")]).order
    assert fair_deal(rules, bytes(31) + b"\x01", "t", 1, [ClientSeed(0, "a")]).order != base
    assert fair_deal(rules, seed, "u", 1, [ClientSeed(0, "a")]).order != base
    assert fair_deal(rules, seed, "t", 2, [ClientSeed(0, "a")]).order != base
    assert fair_deal(rules, seed, "t", 1, [ClientSeed(0, "b")]).order != base
    assert fair_deal(rules, seed, "t", 1, [ClientSeed(1, "a")]).order != base
    assert fair_deal(rules, seed, "t", 1, []).order != base


def test_redeal_continues_the_stream_and_keeps_no_hand_with_too_many_doubles() -> None:
    v = next(v for v in VECTORS["vectors"] if v["redeals"] == 1)
    _rules, seed, table, round_no, seeds = _inputs(v)
    source = stream(seed, context(table, round_no, seeds))
    first = shuffle_ids(source)  # the thrown-away deal has a hand of 4+ doubles
    assert any(sum(1 for t in first[s * 7:s * 7 + 7] if t in (0, 2, 5, 9, 14, 20, 27)) >= 4
               for s in range(4))
    assert shuffle_ids(source) == v["order"]  # the kept one follows in the same stream


def test_bad_client_seeds_and_server_seeds_are_refused() -> None:
    for bad in ("", "x" * 65, "a\nb", "\x7f", "\ud800", 5):
        with pytest.raises(ValueError):
            check_client_seed(bad)
    assert check_client_seed("meu palpite ção 🎲") == "meu palpite ção 🎲"
    with pytest.raises(ValueError, match="32 bytes"):
        fair_deal(Rules.from_preset("classic"), bytes(16), "t", 1)
    with pytest.raises(ValueError, match="two client seeds"):
        context("t", 1, [ClientSeed(0, "a"), ClientSeed(0, "b")])


def test_fair_dealer_commits_before_it_deals() -> None:
    seeds = iter([bytes([1]) * 32, bytes([2]) * 32])
    rules = Rules.from_preset("draw", seats=2)
    dealer = FairDealer(rules, "t9", seeds=lambda: next(seeds))
    assert dealer.commit() == commitment(bytes([1]) * 32)
    dealer.add_client_seed(1, "hello")
    deal = next(dealer)
    want = fair_deal(rules, bytes([1]) * 32, "t9", 1, [ClientSeed(1, "hello")])
    assert deal == want.deal
    assert dealer.commit() == commitment(bytes([2]) * 32)  # a fresh seed for round 2
    assert next(dealer) == fair_deal(rules, bytes([2]) * 32, "t9", 2).deal
    assert [p.client_seeds for p in dealer.proofs] == [(ClientSeed(1, "hello"),), ()]


def _chi_square(counts: list[list[int]], expected: list[float]) -> float:
    return sum((c - e) ** 2 / e for row in counts for c, e in zip(row, expected, strict=True))


def _places(order: list[int] | tuple[int, ...], k: int, n: int) -> list[int]:
    """Place of each tile id: seat 0..n-1, or n for the boneyard."""
    place = [n] * 28
    for pos, t in enumerate(order):
        if pos < n * k:
            place[t] = pos // k
    return place


# Chi-square critical value, 28 tiles x 5 places: df = 27 * 4 = 108, p = 0.001.
_CRITICAL_108 = 157.0


def test_which_tile_lands_in_which_hand_is_uniform() -> None:
    rules = Rules.from_preset("draw", seats=4)  # hands of 5, boneyard of 8, no redeal
    n_deals, k, n = 4000, rules.hand_size, rules.seats
    counts = [[0] * (n + 1) for _ in range(28)]
    for i in range(n_deals):
        seed = hashlib.sha256(f"uniformity {i}".encode()).digest()
        for t, p in enumerate(_places(fair_deal(rules, seed, "chi", 1).order, k, n)):
            counts[t][p] += 1
    expected = [n_deals * k / 28] * n + [n_deals * (28 - n * k) / 28]
    assert _chi_square(counts, expected) < _CRITICAL_108


def test_the_uniformity_check_catches_a_biased_shuffle() -> None:
    """The same statistic on the classic wrong shuffle (swap each position with any
    position) is far above the critical value: the check above can fail."""
    n_deals, k, n = 4000, 5, 4
    counts = [[0] * (n + 1) for _ in range(28)]
    for i in range(n_deals):
        source = stream(hashlib.sha256(f"uniformity {i}".encode()).digest(), b"naive")
        order = list(range(28))
        for pos in range(28):
            j = next(b for b in source if b < 252) % 28
            order[pos], order[j] = order[j], order[pos]
        for t, p in enumerate(_places(order, k, n)):
            counts[t][p] += 1
    expected = [n_deals * k / 28] * n + [n_deals * (28 - n * k) / 28]
    assert _chi_square(counts, expected) > _CRITICAL_108
