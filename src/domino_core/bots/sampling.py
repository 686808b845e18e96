"""Deal the tiles a seat has not seen, consistently with everything public.

A *world* gives every other seat a hand of exactly its public size, made of
tiles this seat has not seen, that respects what ``inference.py`` knows each
seat lacks; the rest of the unseen tiles form the boneyard (in a random draw
order) or, where drawing is off, the sleeping tiles.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from domino_core.bots.inference import Group, hidden_groups
from domino_core.bots.knowledge import Knowledge, Pair


@dataclass(frozen=True, slots=True)
class World:
    """One guess at the hidden tiles: every seat's full hand and the boneyard in draw order."""

    hands: tuple[tuple[Pair, ...], ...]
    boneyard: tuple[Pair, ...]


@dataclass(frozen=True, slots=True)
class _Slot:
    seat: int
    allowed: frozenset[Pair]


class Sampler:
    """Draws worlds for one seat's knowledge; build once per decision, sample many times."""

    def __init__(self, k: Knowledge, groups: dict[int, list[Group]] | None = None) -> None:
        self.k = k
        self.groups = hidden_groups(k) if groups is None else groups
        self.unseen: tuple[Pair, ...] = tuple(sorted(k.unseen()))
        slots: list[_Slot] = []
        for seat, gs in sorted(self.groups.items()):
            for g in gs:
                allowed = frozenset(t for t in self.unseen if g.allows(t))
                slots.extend(_Slot(seat, allowed) for _ in range(g.count))
        slots.sort(key=lambda s: len(s.allowed))
        self.slots: tuple[_Slot, ...] = tuple(slots)
        self._sorted = tuple(tuple(sorted(s.allowed)) for s in self.slots)
        self._allowed = tuple(s.allowed for s in self.slots)
        self.relaxed = False
        self.tries = 0
        if len(self.slots) > len(self.unseen):
            raise ValueError("hand counts exceed the unseen tiles: not a consistent view")

    def sample(self, rng: random.Random) -> World:
        """One world consistent with the knowledge, drawn at random but not uniformly.

        Greedy, most constrained first: the hidden slots (one per tile another seat
        holds) are filled in order of fewest allowed tiles, each with a tile picked
        uniformly among its allowed ones still free; a dead end starts over, up to 24
        times. Then a random complete assignment by augmenting paths is taken instead,
        and only if none exists (an unsound inference, which should not happen) the
        constraints are dropped and ``relaxed`` is set. The remaining unseen tiles form
        the boneyard in a uniformly shuffled order. Deals that fit the constraints are
        all possible, but not equally likely.
        """
        chosen = None
        for _ in range(24):
            chosen = self._greedy(rng)
            if chosen is not None:
                break
        if chosen is None:
            chosen = self._matching(rng)
        if chosen is None:  # only if the inference were unsound: drop it rather than fail
            self.relaxed = True
            pool = list(self.unseen)
            rng.shuffle(pool)
            chosen = pool[: len(self.slots)]
        return self._world(chosen, rng)

    def sample_uniform(self, rng: random.Random, tries: int = 200) -> World:
        """One world consistent with the knowledge, every such world equally likely.

        By rejection: the unseen tiles are shuffled and dealt to the hidden slots in
        order, until a deal fits every slot's constraints; after ``tries`` misses (a view
        that leaves few deals possible) it falls back to ``sample``, not uniform. ``tries``
        is then set to the shuffles it took (for the callers' budgets)."""
        pool = list(self.unseen)
        slots = self._allowed
        n = len(slots)
        shuffle = rng.shuffle
        for attempt in range(tries):
            shuffle(pool)
            for i in range(n):
                if pool[i] not in slots[i]:
                    break
            else:
                self.tries = attempt + 1
                return self._world(pool[:n], rng)
        self.tries = 2 * tries  # the fallback costs about as much again
        return self.sample(rng)

    def _greedy(self, rng: random.Random) -> list[Pair] | None:
        used: set[Pair] = set()
        out: list[Pair] = []
        for allowed in self._sorted:
            options = [t for t in allowed if t not in used]
            if not options:
                return None
            pick = options[rng.randrange(len(options))]
            used.add(pick)
            out.append(pick)
        return out

    def _matching(self, rng: random.Random) -> list[Pair] | None:
        """A perfect assignment of slots to tiles by augmenting paths (random order)."""
        owner: dict[Pair, int] = {}
        allowed = [sorted(s.allowed) for s in self.slots]
        for opts in allowed:
            rng.shuffle(opts)

        def augment(i: int, seen: set[Pair]) -> bool:
            for t in allowed[i]:
                if t in seen:
                    continue
                seen.add(t)
                if t not in owner or augment(owner[t], seen):
                    owner[t] = i
                    return True
            return False

        for i in range(len(self.slots)):
            if not augment(i, set()):
                return None
        out: list[Pair | None] = [None] * len(self.slots)
        for t, i in owner.items():
            out[i] = t
        return [t for t in out if t is not None]

    def _world(self, chosen: list[Pair], rng: random.Random) -> World:
        hands: list[list[Pair]] = [[] for _ in range(self.k.seats)]
        hands[self.k.seat] = list(self.k.hand)
        for slot, tile in zip(self.slots, chosen, strict=True):
            hands[slot.seat].append(tile)
        taken = set(chosen)
        rest = [t for t in self.unseen if t not in taken]
        rng.shuffle(rest)
        return World(tuple(tuple(h) for h in hands), tuple(rest))
