"""Fair deals (issue 13, docs/RECORD.md §Fair deals): commit, seed, deal, reveal. Pure.

Every round goes through four steps, each an event:

1. ``fair_commit`` (at the start, or when the next round is asked for): the round's server
   seed, drawn by the shell (the command's ``seed``) and kept as the event's ``secret``
   (stored in ``fair_seeds``, never sent); the payload holds only its SHA-256.
2. ``client_seed``: a human seat's seed for that round, while it waits to be dealt (client
   seeds are public: the server seed is what stays secret).
3. ``round_start`` once :func:`deal_due` has passed: every human seat played by its person
   sent a seed, or ``timing.seed_window`` seconds went by since the commitment. The deal is
   :func:`domino_core.fairdeal.fair_deal` of the committed seed and the seeds received.
4. ``fair_reveal`` with the change that ends the round: the seed, for anyone to check.
"""

from __future__ import annotations

from typing import Any

from domino_core import Match
from domino_core.fairdeal import (
    ALGORITHM,
    FairDeal,
    FairProof,
    check_client_seed,
    commitment,
    fair_deal,
)

from .convert import copy_entry, deal_to_json, iso
from .decision import Outbox, Refused
from .events import Stored
from .fairround import FairRound
from .state import TableState

__all__ = [
    "FAIR_TYPES",
    "FairRound",
    "apply",
    "client_seed",
    "commit",
    "deal",
    "deal_due",
    "latest",
    "pending",
    "proofs",
    "public",
    "public_key",
    "reveal",
]

#: Payload types of the fair-deal events (all ``info``).
FAIR_TYPES = frozenset(("fair_commit", "client_seed", "fair_reveal"))


def _made(state: TableState, fr: FairRound) -> FairDeal:
    """The deal ``fr``'s inputs fix at ``state``'s table."""
    return fair_deal(state.rules, fr.server_seed, state.spec.table_id, fr.round_no, fr.seeds())


def _seat_people(state: TableState) -> list[int]:
    """The seats the deal waits for: human seats played by their person (bots add none)."""
    return [s.seat for s in state.seats if s.kind == "human" and not s.away]


def latest(state: TableState) -> FairRound | None:
    """The round committed last, if any. Rounds are committed in order, each once the one
    before it was dealt and played: only this one can still wait for its deal."""
    return state.fair[next(reversed(state.fair))] if state.fair else None


def pending(state: TableState) -> FairRound | None:
    """The committed round not dealt yet, if any (only the latest can be)."""
    fr = latest(state)
    return None if fr is None or fr.dealt else fr


def deal_due(state: TableState) -> float | None:
    """When the committed deal goes on (None: no deal waits)."""
    fr = pending(state)
    if fr is None or state.status != "playing":
        return None
    if all(s in fr.client_seeds for s in _seat_people(state)):
        return fr.committed_at
    return fr.committed_at + state.timing.seed_window


def commit(out: Outbox, state: TableState, round_no: int, seed: bytes) -> None:
    """Commit round ``round_no`` to ``seed``; deal at once if nothing is awaited (no window,
    or no seat to wait for)."""
    out.info({"type": "fair_commit", "round": round_no, "algorithm": ALGORITHM,
              "commitment": commitment(seed), "window": state.timing.seed_window},
             secret={"server_seed": seed.hex()})
    if state.timing.seed_window <= 0 or not _seat_people(state):
        _deal(out, state, FairRound(round_no, seed, out.now))


def client_seed(out: Outbox, state: TableState, seat: int, round_no: int, text: str) -> None:
    """``seat``'s client seed for round ``round_no``; the deal goes on once it was the last
    one awaited."""
    if state.seats[seat].kind != "human":
        raise Refused("not_allowed", "a bot plays this seat: bots add no seed")
    fr = state.fair.get(round_no)
    if fr is None:
        raise Refused("not_allowed", f"round {round_no} has no commitment yet")
    if fr.dealt:
        raise Refused("not_allowed", f"round {round_no} is already dealt")
    if seat in fr.client_seeds:
        raise Refused("not_allowed", f"seat {seat} already sent a client seed for round "
                                     f"{round_no}")
    try:
        check_client_seed(text)
    except ValueError as exc:
        raise Refused("bad_command", str(exc)) from None
    out.info({"type": "client_seed", "round": round_no, "seat": seat, "seed": text})
    seeds = {**fr.client_seeds, seat: text}
    if all(s in seeds for s in _seat_people(state)):
        _deal(out, state, FairRound(round_no, fr.server_seed, fr.committed_at, seeds))


def deal(out: Outbox, state: TableState) -> bool:
    """Deal the committed round if :func:`deal_due` has passed; whether it did."""
    due = deal_due(state)
    fr = pending(state)
    if due is None or fr is None or out.now < due:
        return False
    _deal(out, state, fr)
    return True


def _deal(out: Outbox, state: TableState, fr: FairRound) -> None:
    """The ``round_start`` of ``fr``'s deal (and what the core logs with it)."""
    made = _made(state, fr).deal
    hands, boneyard = deal_to_json(made)
    secret = {"deal": made, "hands": hands, "boneyard": boneyard}
    if state.match is None:
        m = Match(state.rules, deals=[made])
        out.add("round", {"type": "round_start", "round": 1, "opener": m.opener}, secret=secret)
        return  # (no ``made``: any state without a match would take this one over)
    before = state.match
    m = before.copy()
    entries = [copy_entry(e) for e in m.start_next_round(made)]
    if not any(e.get("type") == "round_start" for e in entries):
        entries.insert(0, {"type": "round_start", "round": m.round_no, "opener": m.opener})
    for e in entries:
        if e.get("type") == "round_start":
            out.add("round", e, secret=secret, made=(before, m))
        else:
            out.info(e)


def reveal(out: Outbox, state: TableState, m: Match) -> None:
    """The ``fair_reveal`` event once ``m`` (the match after this change) has ended its
    round, for a round dealt by the algorithm and not revealed yet."""
    if not (m.round_over or m.over):
        return
    fr = state.fair.get(m.round_no)
    if fr is None or not fr.dealt or fr.revealed:
        return
    out.info({"type": "fair_reveal", "round": fr.round_no, "server_seed": fr.server_seed.hex(),
              "commitment": commitment(fr.server_seed),
              "client_seeds": [c.to_dict() for c in fr.seeds()],
              "redeals": _made(state, fr).redeals})


def apply(state: TableState, ev: Stored) -> None:
    """Fold one stored event into ``state.fair`` (``evolve`` calls it for every event)."""
    p = ev.payload
    t = p.get("type")
    if t == "fair_commit":
        assert ev.secret is not None
        n = int(p["round"])
        state.fair[n] = FairRound(n, bytes.fromhex(ev.secret["server_seed"]), ev.at)
    elif t == "client_seed":
        state.fair[int(p["round"])].client_seeds[int(p["seat"])] = str(p["seed"])
    elif t == "round_start" and int(p["round"]) in state.fair:
        state.fair[int(p["round"])].dealt = True
    elif t == "fair_reveal":
        state.fair[int(p["round"])].revealed = True


def public(state: TableState) -> dict[str, Any] | None:
    """The summary's ``fair``: the latest round's commitment, the seats that sent a seed,
    when the deal goes on (ISO; null once dealt) and its server seed once revealed."""
    fr = latest(state)
    if fr is None:
        return None
    return {"algorithm": ALGORITHM, "round": fr.round_no,
            "commitment": commitment(fr.server_seed), "seeded": sorted(fr.client_seeds),
            "deal_at": None if fr.dealt else iso(deal_due(state)),
            "server_seed": fr.server_seed.hex() if fr.revealed else None}


def public_key(state: TableState) -> tuple[object, ...] | None:
    """What :func:`public` reads of ``state.fair`` (the rest of its input is the status
    and the seats): equal keys at equal status and seats give equal results."""
    fr = latest(state)
    return None if fr is None else (fr.round_no, fr.dealt, fr.revealed, tuple(fr.client_seeds))


def proofs(state: TableState, rounds: int) -> list[FairProof | None]:
    """One proof per round ``1..rounds`` for the record (None for a round dealt another
    way); a seed not revealed yet is written as null."""
    out: list[FairProof | None] = []
    for n in range(1, rounds + 1):
        fr = state.fair.get(n)
        if fr is None or not fr.dealt:
            out.append(None)
            continue
        out.append(FairProof(state.spec.table_id, commitment(fr.server_seed),
                             fr.server_seed if fr.revealed else None, fr.seeds(),
                             _made(state, fr).redeals))
    return out
