"""Check a record's fair-deal proofs (``domino verify``, RECORD.md §Fair deals).

:func:`verify_record` recomputes, for every round of a ``domino-record/2`` record, the
commitment from the revealed server seed and the deal from the seed, the table id, the
round number and the client seeds, and compares them with what the record says. The first
difference raises :class:`FairMismatch` naming the round and what does not match.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .fairdeal import ALGORITHM, ClientSeed, FairProof, check_client_seed, commitment, fair_deal
from .record import ParsedRound, read_record
from .record_replay import replay
from .rules import Rules
from .tiles import Tile

__all__ = ["FairMismatch", "verify_record", "verify_round"]


class FairMismatch(ValueError):
    """A round whose deal is not the one its proof fixes: ``str(err)`` is one line,
    ``"round 2: seat 1's hand does not match ..."``."""

    def __init__(self, round_no: int, message: str) -> None:
        self.round_no = round_no
        self.message = message
        super().__init__(f"round {round_no}: {message}")


def _tiles(tiles: tuple[Tile, ...]) -> str:
    return " ".join(str(t) for t in tiles)


def _check_seeds(rules: Rules, seeds: tuple[ClientSeed, ...], round_no: int) -> None:
    seen: set[int] = set()
    for c in seeds:
        if not 0 <= c.seat < rules.seats:
            raise FairMismatch(round_no, f"a client seed names seat {c.seat}, which is not a seat")
        if c.seat in seen:
            raise FairMismatch(round_no, f"seat {c.seat} has two client seeds")
        seen.add(c.seat)
        try:
            check_client_seed(c.seed)
        except ValueError as exc:
            raise FairMismatch(round_no, f"seat {c.seat}'s client seed: {exc}") from None


def verify_round(rules: Rules, round_no: int, rnd: ParsedRound) -> None:
    """Raise :class:`FairMismatch` unless ``rnd``'s deal is the one its proof fixes."""
    proof: FairProof | None = rnd.fair
    if proof is None:
        raise FairMismatch(round_no, "the round has no fair-deal proof")
    if proof.algorithm != ALGORITHM:
        raise FairMismatch(round_no, f"unknown algorithm {proof.algorithm!r} "
                                     f"(this verifier knows {ALGORITHM!r})")
    if proof.server_seed is None:
        raise FairMismatch(round_no, "the server seed was not revealed")
    if commitment(proof.server_seed) != proof.commitment:
        raise FairMismatch(round_no, "the server seed does not match the commitment "
                                     f"(its SHA-256 is {commitment(proof.server_seed)}, "
                                     f"the commitment {proof.commitment})")
    _check_seeds(rules, proof.client_seeds, round_no)
    made = fair_deal(rules, proof.server_seed, proof.table, round_no, proof.client_seeds)
    for seat, (got, want) in enumerate(zip(rnd.deal.hands, made.deal.hands, strict=True)):
        if got != want:
            raise FairMismatch(round_no, f"seat {seat}'s hand does not match the shuffle "
                                         f"(recorded {_tiles(got)}; the seeds deal {_tiles(want)})")
    if rnd.deal.boneyard != made.deal.boneyard:
        raise FairMismatch(round_no, "the boneyard does not match the shuffle "
                                     f"(recorded {_tiles(rnd.deal.boneyard)}; the seeds deal "
                                     f"{_tiles(made.deal.boneyard)})")
    if made.redeals != proof.redeals:
        raise FairMismatch(round_no, f"the record says {proof.redeals} redeals, "
                                     f"the seeds deal again {made.redeals} times")


def verify_record(record: Mapping[str, Any]) -> int:
    """Check every round's proof, then replay the plays; return the number of rounds.

    Raises :class:`FairMismatch` for the first round whose deal does not match, and
    :class:`domino_core.record.RecordError` for a record that is invalid as a record.
    """
    parsed = read_record(record)
    for round_no, rnd in enumerate(parsed.rounds, start=1):
        verify_round(parsed.rules, round_no, rnd)
    replay(record)
    return len(parsed.rounds)

