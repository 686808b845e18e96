"""``evolve`` takes over the match ``decide`` already moved (``Stored.made``) only for the
very match it was made from: the same events folded onto any other state replay the move,
so two states never share a match, and both end where the live one does."""

from __future__ import annotations

from domino_server.table import Stored, fold

from .machine import Table, both_here, new_table


def _table() -> Table:
    return both_here(new_table("draw", seats=2, pace="correspondence"))


def test_the_live_table_takes_the_moved_copy_and_a_second_fold_replays_it() -> None:
    t = _table()
    other = fold(new_table("draw", seats=2, pace="correspondence"), t.stored)
    assert other.match is not None and other.match is not t.state.match
    for n in range(12):
        if t.state.match is None or t.state.match.round_over:
            break
        before = t.state.match
        events = t.person_moves(f"m{n}")
        moved = [e for e in events if isinstance(e, Stored) and e.kind == "move"]
        assert len(moved) == 1 and moved[0].made is not None
        assert moved[0].made[0] is before and t.state.match is moved[0].made[1]
        other = fold(other, events)  # the same hinted events, onto another match
        assert other.match is not t.state.match  # replayed, not taken over
        assert other.durable() == t.state.durable()
    assert n >= 6
    # nothing the second state does in place reaches the live one
    assert other.match is not None
    other.match.resign(0)
    assert other.match.over and not t.state.match.over  # type: ignore[union-attr]


def test_folding_a_live_history_from_scratch_shares_no_match() -> None:
    t = _table()
    for n in range(5):
        t.person_moves(f"m{n}")
    again = fold(new_table("draw", seats=2, pace="correspondence"), t.stored)
    assert again.match is not None and again.match is not t.state.match
    assert again.durable() == t.state.durable()
