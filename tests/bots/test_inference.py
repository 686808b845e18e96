"""Inference and sampling: what each seat lacks, and worlds that respect it."""

from __future__ import annotations

import random

import pytest

from domino_core import Deal, Match, Rules, Tile, view_for
from domino_core.bots.inference import Group, hidden_groups, known_voids
from domino_core.bots.knowledge import Pair, knowledge_from
from domino_core.bots.sampling import Sampler

from .helpers import ALL_PRESETS, positions


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


def pair(t: Tile) -> Pair:
    return (t.high, t.low)


def fits_groups(hand: list[Pair], groups: list[Group]) -> bool:
    """Whether the real hidden hand can be split into the inferred groups."""
    slots = [g for g in groups for _ in range(g.count)]
    if len(slots) != len(hand):
        return False
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j, t in enumerate(hand):
            if j in seen or not slots[i].allows(t):
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(slots)))


def test_a_seat_that_passed_on_3_and_5_is_never_dealt_a_3_or_a_5() -> None:
    # Block rules, 2 seats: seat 0 opens 6-6; seat 1 holds no 6, 3 or 5 and must pass.
    rules = Rules.from_preset("block", seats=2, goal=100)
    hands = (
        tiles("6-6 6-3 6-5 3-3 5-5 0-0 1-1"),
        tiles("4-4 4-2 2-2 2-1 1-0 4-0 2-0"),
    )
    rest = [t for t in (Tile.from_id(i) for i in range(28)) if t not in hands[0] + hands[1]]
    match = Match(rules, deals=[Deal(hands, tuple(rest))])
    match.push(match.legal_moves()[0])  # 6-6; seat 1 has no 6 and passes
    match.push(next(m for m in match.legal_moves() if str(m.tile) == "6-3"))  # ends 3 and 6
    match.push(next(m for m in match.legal_moves() if str(m.tile) == "6-5"))  # ends 3 and 5
    view = view_for(match, 0)
    passes = [e for e in view.log if e["type"] == "pass"]
    assert passes[-1]["seat"] == 1 and sorted(passes[-1]["ends"]) == [3, 5]
    k = knowledge_from(view)
    assert {3, 5, 6} <= known_voids(k)[1]
    sampler = Sampler(k)
    rng = random.Random(1)
    for _ in range(500):
        world = sampler.sample(rng)
        assert len(world.hands[1]) == k.hand_counts[1]
        assert not [t for t in world.hands[1] if {3, 5} & set(t)]
        assert world.hands[0] == k.hand


def test_tiles_drawn_without_fitting_lack_the_ends() -> None:
    # Draw rules, 2 seats: after 6-6, seat 1 (no 6) draws until a 6 comes.
    rules = Rules.from_preset("draw", seats=2, goal=100)
    hands = (tiles("6-6 5-5 4-4 3-3 2-2 1-1 0-0"), tiles("5-4 5-3 4-3 5-2 4-2 3-2 5-1"))
    used = hands[0] + hands[1]
    boneyard = tiles("1-0 2-0 2-1 6-4") + tuple(
        t for t in (Tile.from_id(i) for i in range(28)) if t not in used + tiles("1-0 2-0 2-1 6-4")
    )
    match = Match(rules, deals=[Deal(hands, boneyard)])
    match.push(match.legal_moves()[0])
    view = view_for(match, 0)
    draws = [e for e in view.log if e["type"] == "draw"]
    assert draws and draws[0]["count"] == 4
    match.push(match.legal_moves()[0])  # seat 1 plays the 6-4 it drew
    view = view_for(match, 0)
    k = knowledge_from(view)
    groups = hidden_groups(k)[1]
    assert sum(g.count for g in groups) == 10
    assert 6 in known_voids(k)[1]
    rng = random.Random(2)
    sampler = Sampler(k)
    for _ in range(200):
        world = sampler.sample(rng)
        assert not [t for t in world.hands[1] if 6 in t]


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_the_real_hands_always_fit_what_is_inferred(preset: str) -> None:
    """Soundness: the true hidden hands are always among the worlds the inference allows."""
    rng = random.Random(4)
    for match, view in positions(preset, 1500, seed=21):
        k = knowledge_from(view)
        for seat, groups in hidden_groups(k).items():
            real = [pair(t) for t in match.hand(seat)]
            assert fits_groups(real, groups), (preset, seat, real, groups, view.log)
        match.push(rng.choice(match.legal_moves()))


@pytest.mark.parametrize("uniform", [False, True])
@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_sampled_worlds_are_complete_and_respect_passes(preset: str, uniform: bool) -> None:
    rng = random.Random(6)
    for i, (match, view) in enumerate(positions(preset, 400, seed=31)):
        k = knowledge_from(view)
        sampler = Sampler(k)
        draw = sampler.sample_uniform if uniform else sampler.sample
        world = draw(random.Random(i))
        assert not sampler.relaxed
        on_table = set(k.played)
        every = [t for h in world.hands for t in h] + list(world.boneyard)
        assert len(every) + len(on_table) == 28
        assert set(every) | on_table == {(a, b) for a in range(7) for b in range(a + 1)}
        assert [len(h) for h in world.hands] == list(k.hand_counts)
        for seat, lacks in known_voids(k).items():
            assert not [t for t in world.hands[seat] if set(t) & lacks]
        match.push(rng.choice(match.legal_moves()))


def test_round_one_opening_tells_who_holds_no_higher_double() -> None:
    # 2 seats, classic: seat 0's 5-5 is the highest double dealt, so 6-6 sleeps in the boneyard.
    rules = Rules.from_preset("classic", seats=2, goal=100)
    hands = (tiles("5-5 6-1 4-0 3-2 2-1 1-0 0-0"), tiles("6-5 6-4 5-4 5-3 4-3 4-2 3-1"))
    used = hands[0] + hands[1]
    rest = tuple(t for t in (Tile.from_id(i) for i in range(28)) if t not in used)
    match = Match(rules, deals=[Deal(hands, rest)])
    match.push(match.legal_moves()[0])
    k = knowledge_from(view_for(match, 1))
    sampler = Sampler(k)
    rng = random.Random(3)
    for _ in range(300):
        assert (6, 6) not in sampler.sample(rng).hands[0]


def test_uniform_worlds_come_equally_often() -> None:
    """Late in 4-seat rounds, where passes leave few deals possible, every possible deal
    of the hidden tiles comes about equally often (the greedy sampler is not uniform)."""
    rules = Rules.from_preset("caribbean", 4)
    checked = 0
    for seed in range(200):
        rng = random.Random(seed)
        m = Match(rules, seed=seed)
        while not m.round_over and sum(len(m.hand(s)) for s in range(4)) > 10:
            m.push(rng.choice(m.legal_moves()))
        if m.round_over:
            continue
        k = knowledge_from(view_for(m, m.turn))
        sampler = Sampler(k)
        counts: dict[object, int] = {}
        draws = random.Random(1)
        for _ in range(3000):
            w = sampler.sample_uniform(draws)
            key = tuple(tuple(sorted(h)) for h in w.hands)
            counts[key] = counts.get(key, 0) + 1
        if not 4 <= len(counts) <= 30 or not any(known_voids(k).values()):
            continue
        mean = 3000 / len(counts)
        assert all(abs(c - mean) < 5 * mean**0.5 for c in counts.values()), counts
        checked += 1
        if checked == 5:
            break
    assert checked == 5
