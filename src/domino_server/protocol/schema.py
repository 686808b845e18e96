"""JSON Schema of the protocol, both directions, and the checked-in copy's location.

``python -m domino_server.protocol.schema`` rewrites the checked-in file
(``domino_server/schema/protocol.schema.json``); a test checks it equals
:func:`protocol_schema`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from .commands import client_command_adapter
from .events import server_event_adapter, server_message_adapter

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schema" / "protocol.schema.json"


def protocol_schema() -> dict[str, Any]:
    """One JSON Schema document with ``ClientCommand``, ``ServerEvent`` and ``ServerMessage``
    under ``$defs``."""
    adapters: list[tuple[str, TypeAdapter[Any]]] = [
        ("ClientCommand", client_command_adapter),
        ("ServerEvent", server_event_adapter),
        ("ServerMessage", server_message_adapter),
    ]
    defs: dict[str, Any] = {}
    roots: dict[str, Any] = {}
    for name, adapter in adapters:
        schema = adapter.json_schema(ref_template="#/$defs/{model}")
        defs.update(schema.pop("$defs", {}))
        defs[name] = schema
        roots[name] = {"$ref": f"#/$defs/{name}"}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://domino.example/protocol.schema.json",
        "title": "Dominó websocket protocol",
        "description": (
            "Client → server: ClientCommand. Server → client: ServerMessage, one "
            "ServerEvent or an array of ServerEvents that were ready together."
        ),
        "type": "object",
        "properties": roots,
        "$defs": dict(sorted(defs.items())),
    }


def schema_text() -> str:
    """The schema as the checked-in file holds it (sorted keys, 2-space indent, final newline)."""
    return json.dumps(protocol_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> None:
    """Rewrite the checked-in schema file."""
    SCHEMA_PATH.parent.mkdir(parents=True, exist_ok=True)
    SCHEMA_PATH.write_text(schema_text(), encoding="utf-8")
    print(SCHEMA_PATH)


if __name__ == "__main__":
    main()
