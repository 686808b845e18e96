"""``POST /api/replay`` with a hand-edited record: a knob out of its range is a 422 naming
it (never a 500, never echoed back as if valid), a round longer than the set allows is
refused, and whatever the core raises on a record it cannot load is a 422."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi import HTTPException

from domino_server.api.routes import replay as route

from .harness import Server

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"


def _record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / "classic-2.json").read_text())
    return data


def test_bad_knobs_and_long_rounds_are_a_422_naming_them(server: Server) -> None:
    for knob, value in (
        ("batida_points", None), ("batida_points", 5), ("batida_points", True),
        ("batida_points", 1.5), ("batida_points", "abcd"), ("batida_points", [1, 2]),
        ("blocked_points", "x"), ("blocked_points", -3), ("blocked_points", 1e300),
    ):
        record = _record()
        record["rules"][knob] = value
        r = server.post("/api/replay", record)
        assert r.status_code == 422, (knob, value, r.text[:300])
        assert r.json()["detail"].startswith(f"record: {knob} must be"), r.text
    record = _record()
    record["rounds"][0]["plays"] = ["6-6"] * 100_000
    r = server.post("/api/replay", record)
    assert r.status_code == 422 and "at most 28 plays" in r.json()["detail"], r.text[:300]
    good = server.post("/api/replay", _record())
    assert good.status_code == 200 and good.json()["rules"]["batida_points"] == [1, 2, 3, 4]
    log = server.log_path.read_text() if server.log_path else ""
    assert "Traceback" not in log


@pytest.mark.parametrize("error", [ValueError("bad"), TypeError("odd"), KeyError("no")])
async def test_a_core_error_loading_a_record_is_a_422_and_a_bug_is_not_hidden(
    monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    def fails(_record: Any) -> dict[str, Any]:
        raise error

    monkeypatch.setattr(route, "replay_steps", fails)
    if isinstance(error, ValueError | TypeError):
        with pytest.raises(HTTPException) as caught:
            await route.record_replay(_record())
        assert caught.value.status_code == 422
        assert str(error) in str(caught.value.detail)
    else:  # not the record's fault: a bug, answered 500 as bugs are
        with pytest.raises(KeyError):
            await route.record_replay(_record())
