"""Where the frozen copy comes from (written by ``freeze_voquelonia.py``)."""

COMMIT = "b029296bdca16f9aabff72f44182d8940b610aac"
FROZEN_ON = "2026-12-02"
