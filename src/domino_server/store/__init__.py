"""Persistence: SQLAlchemy tables (:mod:`.models`), the engine (:mod:`.db`) and the
few reads and writes a table needs (:mod:`.repo`)."""
