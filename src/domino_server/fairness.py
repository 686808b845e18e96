"""A table's fair deals (issue 13, docs/RECORD.md §Fair deals): commit, seed, deal, reveal.

Pure bookkeeping, no I/O, shared by whatever runs the table:

1. :meth:`TableFairness.commit` draws the next round's server seed. The caller stores the
   seed (``fair_seeds`` row) in the same transaction as the ``fair_commit`` event it gets
   back, which holds only the SHA-256 commitment.
2. :meth:`TableFairness.add_client_seed`: a human seat's seed for that round, as a public
   ``client_seed`` event (client seeds are not secret: the server seed is).
3. :meth:`TableFairness.deal_ready` says when the deal may go on (every human seat sent a
   seed, or the window after the commitment is over); :meth:`TableFairness.deal` deals.
4. :meth:`TableFairness.reveal` at the round's end: the ``fair_reveal`` event with the seed.

:meth:`TableFairness.fold` rebuilds the same state from the stored events and seeds, so a
restart between the commitment and the deal deals from the committed seed.
Nothing here puts an unrevealed seed into an event or :meth:`TableFairness.public`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from domino_core import Deal, Rules
from domino_core.fairdeal import (
    ALGORITHM,
    ClientSeed,
    FairProof,
    check_client_seed,
    commitment,
    fair_deal,
    new_server_seed,
)

__all__ = ["FAIR_EVENTS", "FairRound", "TableFairness"]

#: The ``type`` of every event payload this module makes (stored as ``info`` events).
FAIR_EVENTS = frozenset(("fair_commit", "client_seed", "fair_reveal"))


@dataclass(slots=True)
class FairRound:
    """One round's inputs: the secret seed, when it was committed, the seeds received."""

    round_no: int
    server_seed: bytes
    committed_at: float
    client_seeds: dict[int, str] = field(default_factory=dict)
    redeals: int | None = None  # set once dealt
    revealed: bool = False

    @property
    def commitment(self) -> str:
        """The published SHA-256 (hex) of the seed's raw bytes."""
        return commitment(self.server_seed)

    def seeds(self) -> tuple[ClientSeed, ...]:
        """The client seeds in seat order."""
        return tuple(ClientSeed(s, self.client_seeds[s]) for s in sorted(self.client_seeds))


class TableFairness:
    """Every round's fair-deal inputs of one table."""

    def __init__(self, table_id: str, window: float) -> None:
        self.table_id = table_id
        #: Seconds the deal waits for client seeds after the commitment.
        self.window = window
        self.rounds: dict[int, FairRound] = {}

    # -- commit ----------------------------------------------------------------

    def commit(self, round_no: int, at: float,
               seed: bytes | None = None) -> tuple[str, dict[str, Any]]:
        """Draw round ``round_no``'s seed (or take ``seed``): ``(seed hex to store, the
        public fair_commit payload)``. A round already committed keeps its seed."""
        if round_no in self.rounds:
            raise ValueError(f"round {round_no} is already committed")
        fr = FairRound(round_no, new_server_seed() if seed is None else seed, at)
        self.rounds[round_no] = fr
        return fr.server_seed.hex(), self._commit_payload(fr)

    def _commit_payload(self, fr: FairRound) -> dict[str, Any]:
        return {"type": "fair_commit", "round": fr.round_no, "algorithm": ALGORITHM,
                "commitment": fr.commitment, "window": self.window}

    def pending(self) -> FairRound | None:
        """The committed round not dealt yet, if any."""
        return next((fr for fr in self.rounds.values() if fr.redeals is None), None)

    # -- client seeds ----------------------------------------------------------

    def add_client_seed(self, round_no: int, seat: int, seed: str) -> dict[str, Any]:
        """The ``client_seed`` payload for ``seat``'s seed, or :class:`ValueError` saying why
        it cannot be taken (no such round waiting for seeds, a second seed, a bad text)."""
        fr = self.rounds.get(round_no)
        if fr is None:
            raise ValueError(f"round {round_no} has no commitment yet")
        if fr.redeals is not None:
            raise ValueError(f"round {round_no} is already dealt")
        if seat in fr.client_seeds:
            raise ValueError(f"seat {seat} already sent a client seed for round {round_no}")
        check_client_seed(seed)
        fr.client_seeds[seat] = seed
        return {"type": "client_seed", "round": round_no, "seat": seat, "seed": seed}

    # -- deal ------------------------------------------------------------------

    def deal_at(self, round_no: int, humans: Iterable[int]) -> float | None:
        """When round ``round_no`` may be dealt: its commitment time plus the window, or
        its commitment time once every seat in ``humans`` sent a seed; None if it has no
        commitment or is dealt already."""
        fr = self.rounds.get(round_no)
        if fr is None or fr.redeals is not None:
            return None
        if all(s in fr.client_seeds for s in humans):
            return fr.committed_at
        return fr.committed_at + self.window

    def deal(self, rules: Rules, round_no: int) -> Deal:
        """Deal round ``round_no`` from its committed seed and the client seeds received."""
        fr = self.rounds[round_no]
        made = fair_deal(rules, fr.server_seed, self.table_id, round_no, fr.seeds())
        fr.redeals = made.redeals
        return made.deal

    # -- reveal ----------------------------------------------------------------

    def reveal(self, round_no: int) -> dict[str, Any] | None:
        """The ``fair_reveal`` payload of a dealt round not yet revealed (at its end)."""
        fr = self.rounds.get(round_no)
        if fr is None or fr.redeals is None or fr.revealed:
            return None
        fr.revealed = True
        return {"type": "fair_reveal", "round": round_no, "server_seed": fr.server_seed.hex(),
                "commitment": fr.commitment, "client_seeds": [c.to_dict() for c in fr.seeds()],
                "redeals": fr.redeals}

    # -- what others may see ---------------------------------------------------

    def public(self, humans: Iterable[int] = ()) -> dict[str, Any] | None:
        """The table summary's ``fair``: the latest round's commitment, the seats that sent
        a seed, when the deal goes on (seconds since the epoch, None once dealt) and its
        server seed once revealed (else None)."""
        if not self.rounds:
            return None
        fr = self.rounds[max(self.rounds)]
        return {"algorithm": ALGORITHM, "round": fr.round_no, "commitment": fr.commitment,
                "seeded": sorted(fr.client_seeds),
                "deal_at": self.deal_at(fr.round_no, humans),
                "server_seed": fr.server_seed.hex() if fr.revealed else None}

    def proofs(self, rounds: int) -> list[FairProof | None]:
        """One proof per round ``1..rounds`` for the record (None for a round dealt some
        other way); a seed not revealed yet is written as null."""
        out: list[FairProof | None] = []
        for n in range(1, rounds + 1):
            fr = self.rounds.get(n)
            if fr is None or fr.redeals is None:
                out.append(None)
                continue
            out.append(FairProof(self.table_id, fr.commitment,
                                 fr.server_seed if fr.revealed else None, fr.seeds(),
                                 fr.redeals))
        return out

    # -- restore ---------------------------------------------------------------

    def fold(self, payload: Mapping[str, Any], at: float, seeds: Mapping[int, str]) -> None:
        """Apply one stored event (any kind: others are ignored). ``seeds`` are the stored
        server seeds by round; ``at`` is the event's time."""
        kind = payload.get("type")
        if kind == "fair_commit":
            n = int(payload["round"])
            self.rounds[n] = FairRound(n, bytes.fromhex(seeds[n]), at)
        elif kind == "client_seed":
            self.rounds[int(payload["round"])].client_seeds[int(payload["seat"])] = payload["seed"]
        elif kind == "fair_reveal":
            self.rounds[int(payload["round"])].revealed = True

    def dealt(self, rules: Rules, round_no: int) -> Deal | None:
        """On restore: mark round ``round_no`` dealt (its deal is recomputed, so that
        ``redeals`` is known) and return the deal; None if it was not committed."""
        if round_no not in self.rounds:
            return None
        return self.deal(rules, round_no)
