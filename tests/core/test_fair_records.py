"""``domino-record/2``: fair-deal proofs in records, ``domino verify``, and tampering."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from domino_core import Match, Rules
from domino_core.cli import main
from domino_core.fairdeal import FairDealer
from domino_core.record import FORMAT_FAIR, RecordError, write_record
from domino_core.record_replay import replay
from domino_core.verify import FairMismatch, verify_record

RECORDS = Path(__file__).resolve().parent.parent / "data" / "records"


def _fair_record(preset: str, seats: int, rounds: int = 3, seed: int = 5) -> dict[str, Any]:
    """A match of ``rounds`` rounds (or fewer if it ends) dealt by a FairDealer, with
    random legal moves and a client seed from seat 0 in every other round."""
    rules = Rules.from_preset(preset, seats=seats, goal=100 if preset == "classic" else 300)
    counter = iter(range(10_000))
    dealer = FairDealer(rules, "mesa-42",
                        seeds=lambda: hashlib.sha256(b"%d" % next(counter)).digest())
    dealer.add_client_seed(0, "round one, seat zero")
    match = Match(rules, deals=dealer)
    rng = random.Random(seed)
    while True:
        while not match.round_over:
            legal = match.legal_moves()
            match.push(legal[int(rng.random() * len(legal))])
        if match.over or match.round_no == rounds:
            break
        if match.round_no % 2 == 0:
            dealer.add_client_seed(0, f"seat 0, round {match.round_no + 1}")
        match.start_next_round()
    return write_record(match, dealer.proofs)


def test_a_fair_record_verifies_and_replays() -> None:
    record = _fair_record("draw", 2)
    assert record["format"] == FORMAT_FAIR and len(record["rounds"]) == 3
    assert record["rounds"][0]["fair"]["client_seeds"] == [
        {"seat": 0, "seed": "round one, seat zero"}]
    assert record["rounds"][1]["fair"]["client_seeds"] == []
    assert verify_record(record) == 3
    assert replay(record)["rounds"][0]["result"] in ("domino", "blocked")


def test_old_records_still_replay_and_are_not_verifiable() -> None:
    old = json.loads((RECORDS / "classic-4.json").read_text())
    assert old["format"] == "domino-record/1"
    assert replay(old) == json.loads((RECORDS / "classic-4.expected.json").read_text())
    with pytest.raises(FairMismatch, match="round 1: the round has no fair-deal proof"):
        verify_record(old)


def _tamper(record: dict[str, Any], round_no: int, how: str) -> dict[str, Any]:
    bad = copy.deepcopy(record)
    rnd = bad["rounds"][round_no - 1]
    fair = rnd["fair"]
    if how == "server seed":
        fair["server_seed"] = ("0" if fair["server_seed"][0] != "0" else "1") + \
            fair["server_seed"][1:]
    elif how == "commitment":
        fair["commitment"] = hashlib.sha256(b"other").hexdigest()
    elif how == "hand":  # swap one tile between seat 0's and seat 1's hands
        h = rnd["hands"]
        h[0][0], h[1][0] = h[1][0], h[0][0]
    elif how == "boneyard":
        rnd["boneyard"][0], rnd["boneyard"][1] = rnd["boneyard"][1], rnd["boneyard"][0]
    elif how == "client seed":
        fair["client_seeds"] = [{"seat": 1, "seed": "I was never sent"}]
    elif how == "table":
        fair["table"] = "another table"
    elif how == "redeals":
        fair["redeals"] += 1
    return bad


@pytest.mark.parametrize(("how", "message"), [
    ("server seed", "the server seed does not match the commitment"),
    ("commitment", "the server seed does not match the commitment"),
    ("hand", "seat 0's hand does not match the shuffle"),
    ("boneyard", "the boneyard does not match the shuffle"),
    ("client seed", "seat 0's hand does not match the shuffle"),
    ("table", "seat 0's hand does not match the shuffle"),
    ("redeals", "the record says 1 redeals, the seeds deal again 0 times"),
])
def test_tampering_fails_and_names_the_round(how: str, message: str) -> None:
    record = _fair_record("draw", 2)
    with pytest.raises(FairMismatch) as err:
        verify_record(_tamper(record, 2, how))
    assert str(err.value).startswith(f"round 2: {message}")


def test_a_round_whose_seed_was_never_revealed_is_not_verified() -> None:
    record = _fair_record("classic", 4, rounds=2)
    record["rounds"][1]["fair"]["server_seed"] = None
    with pytest.raises(FairMismatch, match="round 2: the server seed was not revealed"):
        verify_record(record)


def test_a_bad_proof_shape_is_a_record_error_naming_the_round() -> None:
    record = _fair_record("draw", 2)
    record["rounds"][2]["fair"]["server_seed"] = "xyz"
    with pytest.raises(RecordError, match="round 3, deal: fair: server_seed must be 64 lower"):
        verify_record(record)


@pytest.mark.parametrize("key", ["server_seed", "commitment"])
def test_hex_in_capitals_is_refused_saying_so(key: str) -> None:
    """RECORD.md writes seeds and commitments in lower case: a record with capitals is
    refused by name, as web/verify.js refuses it (it said the seed did not match a
    commitment that showed the same digits)."""
    record = _fair_record("classic", 2, rounds=1)
    record["rounds"][0]["fair"][key] = record["rounds"][0]["fair"][key].upper()
    with pytest.raises(RecordError, match=f"round 1, deal: fair: {key} must be 64 lower-case"):
        verify_record(record)


def test_domino_verify_prints_ok_or_the_first_bad_round(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _fair_record("draw", 4)
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(record))
    bad.write_text(json.dumps(_tamper(_tamper(record, 3, "boneyard"), 2, "hand")))
    assert main(["verify", str(good)]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("OK: 3 rounds")
    assert main(["verify", str(bad)]) == 2
    out, _ = capsys.readouterr()
    assert out.startswith("NOT VERIFIED: round 2: seat 0's hand does not match the shuffle")
    assert main(["verify", str(tmp_path / "missing.json")]) == 2


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"rules": {"seats": ' + "9" * 5000 + "}}", "not a record's JSON"),
        ("null", "a record must be a JSON object"),
        ("{not json", "is not JSON"),
    ],
)
@pytest.mark.parametrize("command", ["verify", "replay"])
def test_a_file_that_is_no_record_gets_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, text: str, said: str
) -> None:
    path = tmp_path / "odd.json"
    path.write_text(text)
    assert main([command, str(path)]) == 2
    out, err = capsys.readouterr()
    told = (out + err).strip()
    assert said in told and "\n" not in told and "Traceback" not in told


def test_a_record_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(_fair_record("draw", 2)).encode())
    assert main(["verify", str(path)]) == 0


def test_the_shared_fixture_record_verifies_here_too() -> None:
    """tests/data/fair-record.json is what web/verify.js is tested on (node tests)."""
    record = json.loads((RECORDS.parent / "fair-record.json").read_text("utf-8"))
    assert verify_record(record) == 3
    with pytest.raises(FairMismatch, match="round 3: seat 0's hand"):
        verify_record(_tamper(record, 3, "client seed"))
