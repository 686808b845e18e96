"""Write ``tests/data/fairdeal-vectors.json``: known answers of ``hmac-sha256-fy/1``,
and ``tests/data/fair-record.json``: a whole ``domino-record/2`` match (3 rounds).

Run ``python scripts/fairdeal_vectors.py`` after a deliberate change of the algorithm
(which would also need a new version name). The Python tests (tests/core/test_fairdeal.py)
and the JS verifier's tests (tests/web/unit/verify.test.mjs) check these answers.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from domino_core.fairdeal import (
    ALGORITHM,
    ClientSeed,
    FairDealer,
    commitment,
    context,
    fair_deal,
    stream,
)
from domino_core.match import Match
from domino_core.record import write_record
from domino_core.rules import Rules

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
OUT = DATA / "fairdeal-vectors.json"
RECORD = DATA / "fair-record.json"


def _seed(label: str) -> bytes:
    return hashlib.sha256(label.encode()).digest()


def _vector(name: str, rules: Rules, seed: bytes, table: str, round_no: int,
            seeds: list[ClientSeed]) -> dict[str, object]:
    ctx = context(table, round_no, seeds)
    source = stream(seed, ctx)
    made = fair_deal(rules, seed, table, round_no, seeds)
    return {
        "name": name,
        "rules": {"preset": rules.preset, "seats": rules.seats},
        "server_seed": seed.hex(),
        "table": table,
        "round": round_no,
        "client_seeds": [c.to_dict() for c in seeds],
        "commitment": commitment(seed),
        "context": ctx.hex(),
        "stream_first_64": bytes(next(source) for _ in range(64)).hex(),
        "order": list(made.order),
        "hands": [[str(t) for t in h] for h in made.deal.hands],
        "boneyard": [str(t) for t in made.deal.boneyard],
        "redeals": made.redeals,
    }


def _redealing_seed(rules: Rules, at_least: int) -> bytes:
    i = 0
    while True:
        seed = _seed(f"redeal {i}")
        if fair_deal(rules, seed, "t-redeal", 1).redeals >= at_least:
            return seed
        i += 1


def fair_record() -> dict[str, object]:
    """Three rounds of ``draw`` at 4 seats, random legal moves, a fixed seed per round,
    client seeds from seats 0 and 2 in round 1 and seat 1 in round 3."""
    rules = Rules.from_preset("draw", seats=4, goal=300)
    rounds = iter(range(1, 100))
    dealer = FairDealer(rules, "mesa-fair", seeds=lambda: _seed(f"record round {next(rounds)}"))
    dealer.add_client_seed(0, "seat zero")
    dealer.add_client_seed(2, "assento dois, ção")
    match = Match(rules, deals=dealer)
    rng = random.Random(13)
    while True:
        while not match.round_over:
            legal = match.legal_moves()
            match.push(legal[int(rng.random() * len(legal))])
        if match.over or match.round_no == 3:
            break
        if match.round_no == 2:
            dealer.add_client_seed(1, "round three")
        match.start_next_round()
    return write_record(match, dealer.proofs)


def main() -> None:
    classic = Rules.from_preset("classic", seats=4)
    vectors = [
        _vector("worked example (RECORD.md)", classic, bytes(range(32)), "mesa-7", 1,
                [ClientSeed(0, "abc"), ClientSeed(2, "olá")]),
        _vector("no client seeds", classic, _seed("no client seeds"), "t1", 3, []),
        _vector("draw, 2 seats, boneyard", Rules.from_preset("draw", seats=2),
                _seed("draw 2"), "a1b2c3", 2, [ClientSeed(1, "my own seed 42")]),
        _vector("fives, 3 seats", Rules.from_preset("fives", seats=3), _seed("fives 3"),
                "t-fives", 12, [ClientSeed(0, "x"), ClientSeed(1, "y"), ClientSeed(2, "z")]),
        _vector("classic redeal", classic, _redealing_seed(classic, 1), "t-redeal", 1, []),
        _vector("classic two redeals", classic, _redealing_seed(classic, 2), "t-redeal", 1, []),
    ]
    OUT.write_text(json.dumps({"algorithm": ALGORITHM, "vectors": vectors}, indent=1,
                              ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(vectors)} vectors to {OUT}")
    RECORD.write_text(json.dumps(fair_record(), ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {RECORD}")


if __name__ == "__main__":
    main()
