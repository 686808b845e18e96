"""Provably fair deals: the ``hmac-sha256-fy/1`` shuffle (``docs/RECORD.md`` §Fair deals).

Before a round is dealt the dealer draws a 256-bit *server seed* and publishes its
*commitment*, the lowercase hex SHA-256 of the seed's 32 raw bytes. Players may add
*client seeds*. The deal is then fixed by those inputs alone:

1. ``context`` = ``b"hmac-sha256-fy/1" 0x00``, ``lp(table id)``, ``u32(round)``,
   ``u32(count of client seeds)``, then per client seed in ascending seat order
   ``u32(seat) lp(seed)``; ``u32`` is 4 bytes big-endian and ``lp(text)`` is
   ``u32(byte length)`` followed by the text's UTF-8 bytes.
2. The byte stream is ``block(0) block(1) ...`` with
   ``block(i) = HMAC-SHA256(key=server seed, msg=context u32(i))``.
3. An index below ``n`` (2 <= n <= 28) is the next stream byte ``b`` taken
   with ``b < 256 - 256 % n``, as ``b % n``; bytes at or above that limit are skipped.
4. Fisher–Yates from the canonical order (tile ids 0..27: 0-0, 1-0, 1-1, 2-0, ...):
   for ``i`` from 27 down to 1, swap positions ``i`` and ``index below i + 1``.
5. Seat ``s`` gets positions ``s*k .. s*k+k-1`` (``k`` = hand size), the boneyard is
   the rest in order. If the rules deal again (too many doubles), shuffle the canonical
   order again, continuing the same stream; ``redeals`` counts the deals thrown away.

Everything here is pure except :func:`new_server_seed`, which asks :mod:`secrets`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .deal import Deal
from .rules import Rules
from .tiles import ALL_TILES, DOUBLES_MASK, N_TILES

__all__ = [
    "ALGORITHM",
    "SEED_BYTES",
    "ClientSeed",
    "FairDeal",
    "FairDealer",
    "FairProof",
    "check_client_seed",
    "commitment",
    "context",
    "fair_deal",
    "new_server_seed",
    "shuffle_ids",
    "stream",
]

#: The algorithm's version name, written in every record round it dealt.
ALGORITHM = "hmac-sha256-fy/1"
#: Length of a server seed in bytes (256 bits).
SEED_BYTES = 32
#: The longest client seed, in characters.
MAX_CLIENT_SEED = 64
#: Attempts before a deal gives up (a preset that redeals keeps >1% of deals; never reached).
_MAX_ATTEMPTS = 10_000


@dataclass(frozen=True, slots=True)
class ClientSeed:
    """A seat's contribution to a deal: any text of 1..64 printable characters."""

    seat: int
    seed: str

    def to_dict(self) -> dict[str, Any]:
        """The record's ``{"seat": s, "seed": "..."}``."""
        return {"seat": self.seat, "seed": self.seed}


def check_client_seed(text: object) -> str:
    """``text`` if it is a valid client seed, else :class:`ValueError` saying why.

    Valid: a string of 1..64 characters, none of them a control character (below
    U+0020, U+007F..U+009F) or a lone surrogate (so it always has a UTF-8 encoding).
    """
    if not isinstance(text, str):
        raise ValueError("a client seed must be a string")
    if not 1 <= len(text) <= MAX_CLIENT_SEED:
        raise ValueError(f"a client seed has 1 to {MAX_CLIENT_SEED} characters")
    for ch in text:
        code = ord(ch)
        if code < 0x20 or 0x7F <= code <= 0x9F or 0xD800 <= code <= 0xDFFF:
            raise ValueError(f"a client seed may not hold the character U+{code:04X}")
    return text


def new_server_seed() -> bytes:
    """A fresh 256-bit server seed from the operating system's CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(server_seed: bytes) -> str:
    """The published commitment: lowercase hex SHA-256 of the seed's raw 32 bytes."""
    return hashlib.sha256(server_seed).hexdigest()


def _u32(value: int) -> bytes:
    return struct.pack(">I", value)


def _lp(text: str) -> bytes:
    data = text.encode("utf-8")
    return _u32(len(data)) + data


def _sorted_seeds(client_seeds: Sequence[ClientSeed]) -> list[ClientSeed]:
    seeds = sorted(client_seeds, key=lambda c: c.seat)
    for a, b in pairwise(seeds):
        if a.seat == b.seat:
            raise ValueError(f"seat {a.seat} has two client seeds")
    return seeds


def context(table_id: str, round_no: int, client_seeds: Sequence[ClientSeed]) -> bytes:
    """The bytes every block's HMAC message starts with (step 1 of the module doc)."""
    seeds = _sorted_seeds(client_seeds)
    out = [ALGORITHM.encode("ascii"), b"\x00", _lp(table_id), _u32(round_no), _u32(len(seeds))]
    for c in seeds:
        out += [_u32(c.seat), _lp(c.seed)]
    return b"".join(out)


def stream(server_seed: bytes, ctx: bytes) -> Iterator[int]:
    """The byte stream ``block(0) block(1) ...`` (step 2), one byte at a time."""
    if len(server_seed) != SEED_BYTES:
        raise ValueError(f"a server seed has {SEED_BYTES} bytes, not {len(server_seed)}")
    counter = 0
    while True:
        yield from hmac.new(server_seed, ctx + _u32(counter), hashlib.sha256).digest()
        counter += 1


def _index_below(source: Iterator[int], n: int) -> int:
    """An unbiased index in ``0..n-1`` by rejection (step 3)."""
    limit = 256 - 256 % n
    for b in source:
        if b < limit:
            return b % n
    raise AssertionError("the stream is endless")  # pragma: no cover


def shuffle_ids(source: Iterator[int]) -> list[int]:
    """One Fisher–Yates shuffle of the canonical order of tile ids (step 4)."""
    order = list(range(N_TILES))
    for i in range(N_TILES - 1, 0, -1):
        j = _index_below(source, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


@dataclass(frozen=True, slots=True)
class FairDeal:
    """A deal made by the algorithm, with the shuffles it threw away."""

    deal: Deal
    redeals: int
    #: The kept shuffle, as tile ids (hands first, then the boneyard).
    order: tuple[int, ...]


def _redeal(rules: Rules, order: list[int]) -> bool:
    if rules.redeal_doubles is None:
        return False
    k = rules.hand_size
    for s in range(rules.seats):
        doubles = sum(1 for t in order[s * k:(s + 1) * k] if DOUBLES_MASK >> t & 1)
        if doubles >= rules.redeal_doubles:
            return True
    return False


def fair_deal(rules: Rules, server_seed: bytes, table_id: str, round_no: int,
              client_seeds: Sequence[ClientSeed] = ()) -> FairDeal:
    """The deal these inputs fix (steps 1-5 of the module doc)."""
    source = stream(server_seed, context(table_id, round_no, client_seeds))
    n, k = rules.seats, rules.hand_size
    for redeals in range(_MAX_ATTEMPTS):
        order = shuffle_ids(source)
        if not _redeal(rules, order):
            hands = tuple(tuple(ALL_TILES[t] for t in order[s * k:(s + 1) * k])
                          for s in range(n))
            deal = Deal(hands, tuple(ALL_TILES[t] for t in order[n * k:]))
            return FairDeal(deal, redeals, tuple(order))
    raise ValueError("no deal kept after 10000 shuffles")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class FairProof:
    """What a record round holds about its deal (RECORD.md ``fair``).

    ``server_seed`` is ``None`` until the round is over (the seed is revealed then).
    """

    table: str
    commitment: str
    server_seed: bytes | None
    client_seeds: tuple[ClientSeed, ...]
    redeals: int
    algorithm: str = ALGORITHM

    def to_dict(self) -> dict[str, Any]:
        """The record round's ``fair`` object."""
        return {
            "algorithm": self.algorithm,
            "table": self.table,
            "commitment": self.commitment,
            "server_seed": None if self.server_seed is None else self.server_seed.hex(),
            "client_seeds": [c.to_dict() for c in _sorted_seeds(self.client_seeds)],
            "redeals": self.redeals,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FairProof:
        """A proof from a record's ``fair`` object; :class:`ValueError` on a bad shape."""
        keys = {"algorithm", "table", "commitment", "server_seed", "client_seeds", "redeals"}
        if not isinstance(data, Mapping) or set(data) != keys:
            raise ValueError(f'"fair" holds exactly {", ".join(sorted(keys))}')
        seed_hex = data["server_seed"]
        seed: bytes | None = None
        if seed_hex is not None:
            if not _lower_hex(seed_hex):
                raise ValueError("server_seed must be 64 lower-case hex digits or null")
            seed = bytes.fromhex(seed_hex)
        seeds_obj = data["client_seeds"]
        if not isinstance(seeds_obj, list):
            raise ValueError("client_seeds must be a list")
        seeds: list[ClientSeed] = []
        for c in seeds_obj:
            if (not isinstance(c, Mapping) or set(c) != {"seat", "seed"}
                    or not isinstance(c["seat"], int) or isinstance(c["seat"], bool)
                    or not isinstance(c["seed"], str)):
                raise ValueError('each client seed is {"seat": int, "seed": string}')
            seeds.append(ClientSeed(c["seat"], c["seed"]))
        for name in ("algorithm", "table", "commitment"):
            if not isinstance(data[name], str):
                raise ValueError(f"{name} must be a string")
        if not _lower_hex(data["commitment"]):
            raise ValueError("commitment must be 64 lower-case hex digits")
        redeals = data["redeals"]
        if not isinstance(redeals, int) or isinstance(redeals, bool) or redeals < 0:
            raise ValueError("redeals must be a whole number >= 0")
        return cls(table=data["table"], commitment=data["commitment"], server_seed=seed,
                   client_seeds=tuple(seeds), redeals=redeals, algorithm=data["algorithm"])


def _lower_hex(text: object) -> bool:
    """Whether ``text`` is 64 lower-case hex digits (a seed or a commitment, RECORD.md)."""
    return (isinstance(text, str) and len(text) == 2 * SEED_BYTES
            and all(c in "0123456789abcdef" for c in text))


class FairDealer:
    """A deal source for :class:`domino_core.match.Match` (``Match(rules, deals=dealer)``).

    Each round it draws a fresh server seed (from ``seeds``, default
    :func:`new_server_seed`) and publishes its commitment (:meth:`commit`), takes the
    seats' client seeds (:meth:`add_client_seed`), then deals by :func:`fair_deal` when
    the match asks for the next deal. :attr:`proofs` holds one proof per round dealt, in
    order, for :func:`domino_core.record.write_record`. Rounds count from 1.
    """

    def __init__(self, rules: Rules, table_id: str,
                 seeds: Callable[[], bytes] = new_server_seed) -> None:
        self.rules = rules
        self.table_id = table_id
        self._seeds = seeds
        self._seed: bytes | None = None
        self._client: dict[int, ClientSeed] = {}
        self.proofs: list[FairProof] = []

    def commit(self) -> str:
        """The next round's commitment (its seed is drawn on the first call)."""
        if self._seed is None:
            self._seed = self._seeds()
        return commitment(self._seed)

    def add_client_seed(self, seat: int, seed: str) -> None:
        """Seat ``seat``'s client seed for the next round (a second one replaces the first)."""
        self.commit()
        if not 0 <= seat < self.rules.seats:
            raise ValueError(f"there is no seat {seat}")
        self._client[seat] = ClientSeed(seat, check_client_seed(seed))

    def __iter__(self) -> FairDealer:
        return self

    def __next__(self) -> Deal:
        self.commit()
        seed = self._seed
        assert seed is not None
        seeds = tuple(self._client[s] for s in sorted(self._client))
        made = fair_deal(self.rules, seed, self.table_id, len(self.proofs) + 1, seeds)
        self.proofs.append(FairProof(self.table_id, commitment(seed), seed, seeds, made.redeals))
        self._seed, self._client = None, {}
        return made.deal
