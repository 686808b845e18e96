"""Where the frozen copy comes from (written by ``freeze_voquelonia.py``)."""

COMMIT = "1a449f92ea48e7c77ecd16933219ae587c027aee"
FROZEN_ON = "2026-12-02"
