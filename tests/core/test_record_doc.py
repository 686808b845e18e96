"""docs/RECORD.md's example of ``domino replay``'s output is what the engine prints for the
record it names (it once showed points no classic round could give)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from core_helpers import load_record

from domino_core.record_replay import replay

DOC = Path(__file__).resolve().parents[2] / "docs" / "RECORD.md"


def test_the_documented_replay_output_is_the_engines() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## `domino replay FILE`"):]
    shown = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))  # type: ignore[union-attr]
    assert "tests/data/records/classic-4.json" in section
    record = load_record("classic-4")
    record["rounds"] = record["rounds"][:1]
    assert replay(record) == shown
