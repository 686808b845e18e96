"""The seat a friend arriving by the link gets (RULES.md §10 Seats and bots): the one
chosen on the invitation while it is open to them, else the table's own choice; the
creator's bot partner (4 seats in teams, partner "bot") is never theirs once the match
has started."""

from __future__ import annotations

from domino_server.table import commands as mc
from domino_server.table.seating import open_seats
from domino_server.table.summary import summary

from .machine import Table, new_table


def _join(t: Table, name: str, n: int, seat: int | None) -> int:
    t.do(mc.Join(name, f"tok{n}", f"k{n}", f"a{n}", seat=seat))
    got = t.state.seat_for_token(f"tok{n}")
    assert got is not None
    return got


def test_a_chosen_open_seat_is_taken_and_any_other_choice_gets_the_tables_own() -> None:
    t = Table(new_table("draw", seats=4, teams=False))
    assert open_seats(t.state) == [1, 2, 3]
    assert _join(t, "Bia", 1, 3) == 3
    assert _join(t, "Caio", 2, 3) == 1  # Bia's now: the table's first open seat
    assert _join(t, "Duda", 3, 0) == 2  # Ana's: the same
    assert open_seats(t.state) == []


def test_mid_match_a_bots_seat_is_open_but_not_one_a_friend_is_on_the_way_to() -> None:
    t = Table(new_table("draw", seats=4, teams=False, bots=[None, "nino", "nino", "nino"]))
    t.came(0)
    t.start()
    assert open_seats(t.state) == [1, 2, 3]
    assert _join(t, "Bia", 1, 2) == 2  # at once, or once its bot has moved
    assert _join(t, "Caio", 2, 2) == 1  # Bia's, or on its way to her
    assert open_seats(t.state) == [3]


def test_the_creators_bot_partner_keeps_its_seat_whatever_a_friend_chooses() -> None:
    t = Table(new_table("classic", seats=4, teams=True, partner="bot"))
    t.came(0)
    t.start()
    assert 2 not in open_seats(t.state)
    assert _join(t, "Bia", 1, 2) in (1, 3)
    assert t.state.seats[2].kind == "bot" and t.state.seats[2].pending is None


def test_before_the_start_the_bot_partners_seat_is_open_only_once_the_others_are_taken() -> None:
    t = Table(new_table("classic", seats=4, teams=True, partner="bot"))
    assert open_seats(t.state) == [1, 3]
    assert _join(t, "Bia", 1, 2) == 1
    assert _join(t, "Caio", 2, None) == 3
    assert open_seats(t.state) == [2]  # a third friend rather than a bot
    assert _join(t, "Duda", 3, None) == 2


def test_with_a_friend_as_partner_the_first_friend_sits_across_from_the_creator() -> None:
    t = Table(new_table("classic", seats=4, teams=True, partner="friend"))
    assert open_seats(t.state) == [2, 1, 3]
    assert _join(t, "Bia", 1, None) == 2


def test_the_summary_says_which_seats_are_open_to_a_friend() -> None:
    t = Table(new_table("classic", seats=4, teams=True, partner="bot"))

    def flags() -> list[bool]:
        return [s["open"] for s in summary(t.state)["seats"]]

    assert flags() == [False, True, False, True]
    t.came(0)
    t.start()
    assert flags() == [False, True, False, True]  # bots' seats, but not the partner's
    _join(t, "Bia", 1, None)
    assert flags() == [False, False, False, True]
