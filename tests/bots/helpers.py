"""Shared helpers of the bot tests: random positions from real matches."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from domino_core import PRESETS, Deal, Match, Move, Rules, Tile, View, view_for
from domino_core.round import Round
from domino_core.scoring import score_blocked, score_domino

SEATS = (2, 3, 4)
ALL_PRESETS = tuple(PRESETS)
#: The goals ``positions`` picks from, where a preset does not take 50, 100 and 150.
GOALS: dict[str, tuple[int, ...]] = {"classic": (50, 100), "batida": (3, 6, 12)}


def rules_of(preset: str, seats: int, goal: int = 100) -> Rules:
    """The preset's rules at ``seats`` seats."""
    return Rules.from_preset(preset, seats=seats, goal=goal)


def positions(
    preset: str, count: int, seed: int, seats: tuple[int, ...] = SEATS
) -> Iterator[tuple[Match, View]]:
    """``count`` positions of ``preset`` from real matches, across the seat counts in turn.

    Each time, the view of the seat on turn is yielded with its match; the caller
    must push one move on the match (its bot's, or any legal one) before the next.
    """
    rng = random.Random(seed)
    made = 0
    game = 0
    while made < count:
        n = seats[game % len(seats)]
        goal = rng.choice(GOALS.get(preset, (50, 100, 150)))
        match = Match(rules_of(preset, n, goal), seed=seed * 1000 + game)
        game += 1
        while not match.over and made < count:
            if match.round_over:
                match.start_next_round()
                continue
            seat = match.turn
            assert seat is not None
            yield match, view_for(match, seat)
            made += 1


def tiles(text: str) -> tuple[Tile, ...]:
    """``"6-4 3-3"`` → the tiles."""
    return tuple(Tile.parse(t) for t in text.split())


def position(
    preset: str, hands: list[str], boneyard: str, plays: str, *, goal: int = 100
) -> Match:
    """The match after ``plays`` (record notation, comma-separated) from this deal, with
    forced draws and passes pushed where the table does not make them itself."""
    rules = Rules.from_preset(preset, seats=len(hands), goal=goal)
    deal = Deal(tuple(tiles(h) for h in hands), tiles(boneyard))
    match = Match(rules, deals=[deal])
    for text in [p.strip() for p in plays.split(",") if p.strip()]:
        push_forced(match)
        match.push(Move.parse(text))
    push_forced(match)
    return match


def push_forced(match: Match) -> None:
    """Push draws and passes while they are the only legal moves."""
    while match.turn is not None and all(m.kind != "play" for m in match.legal_moves()):
        match.push(match.legal_moves()[0])


def check_round_end(r: Round) -> None:
    """Assert that a finished round (of a search playout too) ends in a state the rules allow.

    Every one of the 28 tiles is in exactly one hand, on the table or left in the
    boneyard (sleeping, where drawing is off); a domino leaves the out seat's hand
    empty; a block under ``all_pass`` leaves nobody a tile that fits and nothing to
    draw, under ``at_once`` no tile that could ever fit; a goal leaves a side at the
    goal; and the award is what the scoring functions give for the final hands.
    """
    assert r.over and r.turn is None and r.award is not None
    rules = r.rules
    left = r.bone[r.bone_pos:] if rules.drawing else r.bone
    seen = 0
    count = 0
    for mask in [*r.hands, r.board.placed, sum(1 << t for t in left)]:
        assert seen & mask == 0, "a tile is in two places"
        seen |= mask
        count += mask.bit_count()
    assert seen == (1 << 28) - 1 and count == 28
    playable = r.board.playable_mask()
    if r.end == "domino":
        out = r.award.seat
        assert out is not None and r.hands[out] == 0
        if rules.batida:
            # which batida it was needs the last tile, gone from the state (RULES.md §6b)
            kinds = ("simples", "carroca", "la-e-lo", "cruzada")
            assert r.award.batida in kinds and r.award.side == rules.side_of(out)
            assert r.award.points == rules.batida_points[kinds.index(r.award.batida)]
        else:
            assert r.award == score_domino(rules, r.hands, out)
    elif r.end == "blocked":
        assert all(h for h in r.hands), "a blocked round with an empty hand"
        if rules.closed_table == "all_pass":
            assert not any(h & playable for h in r.hands)
            assert not rules.drawing or r.bone_pos == len(r.bone)
            assert r.passes == rules.seats
        else:
            asleep = 0 if rules.drawing else sum(1 << t for t in r.bone)
            assert playable & ~(r.board.placed | asleep) == 0
            assert r.passes == 0
        assert r.award == score_blocked(rules, r.hands, r.opener)
    else:
        assert r.end == "goal" and max(r.scores) >= rules.goal


def random_position(rules: Rules, seed: int, wanted: Callable[[Match], bool]) -> Match | None:
    """A match played at random (scores from up to two earlier rounds) until ``wanted``
    holds for it where the seat on turn has a choice of plays on an opened table; None
    when the round ends first."""
    rng = random.Random(seed)
    m = Match(rules, seed=seed)
    for _ in range(rng.randrange(3)):
        m.playout(rng)
        if m.over:
            return None
        m.start_next_round()
    while not m.round_over:
        plays = [mv for mv in m.legal_moves() if mv.tile is not None]
        if m.round.board.center is not None and len(plays) > 1 and wanted(m):
            return m
        moves = m.legal_moves()
        m.push(moves[rng.randrange(len(moves))])
    return None
