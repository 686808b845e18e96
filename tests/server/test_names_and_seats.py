"""Names that would not show as typed (bidirectional overrides, invisible characters,
nothing visible at all) are refused with a typed 422 saying why; a seat the table does not
have is refused, not swapped for another; numbers and flags must be JSON numbers and
flags. Nothing is stored for a refused request."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from .harness import Server

#: (name, the 422's error type)
BAD_NAMES = [
    ("\u202egnp.exe", "name_bidi_control"),
    ("Ana\u2066x\u2069", "name_bidi_control"),
    ("Ana\u200f", "name_bidi_control"),
    ("Bia\u061c", "name_bidi_control"),
    ("\u200b", "name_invisible_character"),
    ("Ana\u200bBia", "name_invisible_character"),
    ("\U000e0041", "name_invisible_character"),
    ("Ana\u00ad", "name_invisible_character"),
    ("\ufeffAna", "name_invisible_character"),
    ("   ", "name_blank"),
    ("\u3000\u00a0", "name_blank"),
    ("\u3164", "name_blank"),  # the Hangul filler: a "letter" that shows nothing
    ("\u200d", "name_blank"),
    ("\u0301", "name_blank"),
]

#: Names that show as typed: accents, right-to-left scripts, emoji built with joiners,
#: a subdivision flag (tag characters after the black flag), Persian with its ZWNJ.
GOOD_NAMES = [
    "José", "مريم", "דנה", "👨\u200d👩\u200d👧",
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland
    "می\u200cخواهم", "Ana Bia",
]


def _error(r: httpx.Response) -> dict[str, Any]:
    assert r.status_code == 422, r.text
    (err,) = r.json()["detail"]
    return dict(err)


def _seats(server: Server, tid: str) -> list[dict[str, Any]]:
    return list(server.get(f"/api/tables/{tid}").json()["seats"])


@pytest.mark.parametrize(("name", "kind"), BAD_NAMES)
def test_a_name_that_would_not_show_as_typed_is_refused(
    sqlite_server: Server, name: str, kind: str
) -> None:
    server = sqlite_server
    err = _error(server.post("/api/tables", {"preset": "classic", "seats": 2, "name": name}))
    assert err["loc"] == ["body", "name"] and err["type"] == kind and err["msg"], err


def test_names_are_checked_at_create_and_join_and_nothing_is_stored(server: Server) -> None:
    t = server.create(preset="classic", seats=2, goal=50)
    tid = t["table_id"]
    before = _seats(server, tid)
    for name, kind in BAD_NAMES:
        err = _error(server.post("/api/tables", {"preset": "classic", "seats": 2, "name": name}))
        assert err["type"] == kind
        err = _error(server.post(f"/api/tables/{tid}/join", {"name": name}))
        assert err["loc"] == ["body", "name"] and err["type"] == kind
    assert _seats(server, tid) == before
    for name in GOOD_NAMES:
        created = server.create(preset="classic", seats=2, goal=50, name=name)
        assert created["table"]["seats"][0]["name"] == name
    assert server.join(tid, GOOD_NAMES[1])["seat"] == 1
    assert _seats(server, tid)[1]["name"] == GOOD_NAMES[1]


def test_a_seat_the_table_does_not_have_is_refused(server: Server) -> None:
    t = server.create(preset="classic", seats=2, goal=50)
    tid = t["table_id"]
    before = _seats(server, tid)
    for seat in (2, 3):
        r = server.post(f"/api/tables/{tid}/join", {"name": "Bia", "seat": seat})
        assert r.status_code == 422, r.text
        assert r.json()["detail"].startswith("bad_command:") and f"seat {seat}" in r.text
    assert _seats(server, tid) == before
    three = server.create(preset="draw", seats=3, goal=100)
    r = server.post(f"/api/tables/{three['table_id']}/join", {"name": "Bia", "seat": 3})
    assert r.status_code == 422, r.text
    r = server.post(f"/api/tables/{three['table_id']}/join", {"name": "Bia", "seat": 2})
    assert r.status_code == 200 and r.json()["seat"] == 2
    assert server.join(tid, "Bia")["seat"] == 1


def test_numbers_and_flags_must_be_json_numbers_and_flags(server: Server) -> None:
    t = server.create(preset="classic", seats=2, goal=50)
    tid = t["table_id"]
    before = _seats(server, tid)
    for body in ({"name": "Bia", "seat": "1"}, {"name": "Bia", "seat": 1.0},
                 {"name": "Bia", "seat": True}):
        err = _error(server.post(f"/api/tables/{tid}/join", body))
        assert err["loc"] == ["body", "seat"] and err["type"] == "int_type", err
    assert _seats(server, tid) == before
    for key, value, kind in (
        ("seats", "2", "int_type"),
        ("goal", "100", "int_type"),
        ("turn_seconds", "30", "float_type"),
        ("teams", "false", "bool_type"),
        ("hand_size", 7.5, "int_type"),
    ):
        body = {"preset": "classic", "seats": 4, key: value}
        err = _error(server.post("/api/tables", body))
        assert err["loc"] == ["body", key] and err["type"] == kind, err
    # what the web client sends still works: numbers, a timer in whole seconds
    made = server.create(preset="draw", seats=4, goal=100, turn_seconds=30, teams=False)
    assert made["table"]["turn_seconds"] == 30
    r = server.post(f"/api/tables/{tid}/annulment/vote", {"agree": "yes"}, token=t["token"])
    assert _error(r)["type"] == "bool_type"
