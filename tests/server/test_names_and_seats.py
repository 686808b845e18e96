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
    ("Ana\u202a", "name_bidi_control"),  # embeddings and overrides even at an end
    ("\u202dAna", "name_bidi_control"),
    ("Ana\u2066x\u2069", "name_bidi_control"),
    ("Ana\u200fBia", "name_bidi_control"),
    ("Bi\u061ca", "name_bidi_control"),
    ("\u200b", "name_blank"),  # nothing left once the ends are trimmed
    ("\u2068 \u2069", "name_blank"),
    ("Ana\u200bBia", "name_invisible_character"),
    ("\U000e0041", "name_invisible_character"),
    ("Ana\u00ad", "name_invisible_character"),
    ("An\ufeffa", "name_invisible_character"),
    # tag characters only as a flag: black flag, 1-6 tag digits or small letters, cancel
    ("Ana \U0001f3f4\U000e0067", "name_invisible_character"),
    ("\U0001f3f4\U000e0067\U000e0062\U000e007f\U000e007f", "name_invisible_character"),
    ("\U0001f3f4\U000e007f", "name_invisible_character"),
    ("\U0001f3f4\U000e0047\U000e0042\U000e007f", "name_invisible_character"),  # capitals
    ("\U0001f3f4" + "\U000e0061" * 7 + "\U000e007f", "name_invisible_character"),
    ("Ana\U000e0067\U000e007f", "name_invisible_character"),
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


#: (pasted, stored): what messaging apps add around copied text is trimmed from the ends
PASTED_NAMES = [
    ("\u2068Ana\u2069", "Ana"),
    ("\u200eAna Bia\u200f", "Ana Bia"),
    ("\ufeff\u200b José \u200e", "José"),
    ("\u2067مريم\u2069\u061c", "مريم"),
    ("\u2066Ana 🏴\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f\u2069",
     "Ana 🏴\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f"),
]


def test_marks_copied_around_a_name_are_trimmed(server: Server) -> None:
    t = server.create(preset="classic", seats=2, goal=50, name=PASTED_NAMES[0][0])
    assert t["table"]["seats"][0]["name"] == "Ana"
    for pasted, stored in PASTED_NAMES:
        created = server.create(preset="classic", seats=2, goal=50, name=pasted)
        assert created["table"]["seats"][0]["name"] == stored, pasted
    assert server.join(t["table_id"], "\u200fBia\u200e")["seat"] == 1
    assert _seats(server, t["table_id"])[1]["name"] == "Bia"


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
