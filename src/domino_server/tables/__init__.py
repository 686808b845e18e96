"""Live tables: one actor task per table (:mod:`.actor`), found and restored by the
:mod:`.registry`, with deadlines from :mod:`.clock`; sockets are :mod:`.connection`."""
