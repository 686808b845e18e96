"""The websocket protocol: one typed family per direction (lila-ws style).

:mod:`.commands` holds what a client may send, :mod:`.events` what the server
sends; :mod:`.schema` exports both as one JSON Schema document.
"""
