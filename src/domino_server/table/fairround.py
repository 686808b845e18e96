"""One round's fair-deal inputs, as the table state keeps them (see :mod:`.fairplay`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from domino_core.fairdeal import ClientSeed

__all__ = ["FairRound"]


@dataclass(slots=True)
class FairRound:
    """One round's deal inputs: the secret seed, its commitment's time, the seeds received."""

    round_no: int
    server_seed: bytes
    committed_at: float
    client_seeds: dict[int, str] = field(default_factory=dict)
    dealt: bool = False
    revealed: bool = False

    def seeds(self) -> tuple[ClientSeed, ...]:
        """The client seeds in seat order."""
        return tuple(ClientSeed(s, self.client_seeds[s]) for s in sorted(self.client_seeds))
