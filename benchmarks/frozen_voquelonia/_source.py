"""Where the frozen copy comes from (written by ``freeze_voquelonia.py``)."""

COMMIT = "3509aa34751808a5982145ca99ef3d2c17d60b95"
FROZEN_ON = "2026-12-02"
