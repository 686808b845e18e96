"""No spelling of a token reaches a log line, and every log line stays one valid JSON
object: the formatter redacts each text before it encodes the line (``cli.redact``), and
reads query parameter names percent-decoded, as the server does (``?%74oken=`` is
``?token=``)."""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from collections.abc import Callable

import pytest
import websockets

from domino_server.cli import JsonFormatter, redact

from .harness import Server

SECRET = "s3cr3t-SeatToken_value"


@pytest.mark.parametrize(
    "text",
    [
        f'1.2.3.4:5 - "WebSocket /ws/tables/T?token={SECRET}" [accepted]',
        f'"WebSocket /ws/tables/T?%74oken={SECRET}&view=patch" 403',
        f"GET /ws/tables/T?view=full&tok%65n={SECRET} HTTP/1.1",
        f"GET /ws/tables/T?TOKEN%3D={SECRET}",  # (a name the server never reads: blanked too)
        f"GET /x?%2574oken={SECRET}",
        f"GET /x?a=1&player_token={SECRET}&b=2",
        f"GET /x?player%5Ftoken={SECRET}",
        f"offered domino.token.{SECRET}, domino.v1",
        f"Authorization: Bearer {SECRET}",
        f"seat token={SECRET} refused",
    ],
)
def test_redact_blanks_every_spelling_of_a_token(text: str) -> None:
    out = redact(text)
    assert SECRET not in out and "[redacted]" in out, out


def test_redact_keeps_what_is_no_credential() -> None:
    text = "GET /ws/tables/T?last_seq=3&view=patch HTTP/1.1 key=value"
    assert redact(text) == text


def _line(msg: str, *args: object, **extra: object) -> str:
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, msg, args, None)
    for key, value in extra.items():
        setattr(record, key, value)
    return JsonFormatter().format(record)


def test_log_lines_stay_valid_json_with_a_token_in_quotes() -> None:
    line = _line('%s - "WebSocket %s" [accepted]', "1.2.3.4:5", f"/ws/tables/T?token={SECRET}")
    parsed = json.loads(line)  # the backslash of \" is not swallowed
    assert parsed["msg"] == '1.2.3.4:5 - "WebSocket /ws/tables/T?token=[redacted]" [accepted]'
    line = _line("asked", url=f"/x?%74oken={SECRET}", more={"h": f"Bearer {SECRET}"})
    parsed = json.loads(line)
    assert SECRET not in line and parsed["url"] == "/x?%74oken=[redacted]"
    assert parsed["more"] == {"h": "Bearer [redacted]"}
    try:
        raise ValueError(f"bad url /x?tok%65n={SECRET}")
    except ValueError:
        record = logging.LogRecord("x", logging.ERROR, __file__, 1, "failed", (), sys.exc_info())
    line = JsonFormatter().format(record)
    assert SECRET not in line and "tok%65n=[redacted]" in json.loads(line)["exc"]


async def test_a_percent_encoded_token_parameter_is_not_logged(
    make_server: Callable[..., Server],
) -> None:
    server = make_server({"DOMINO_LOG_LEVEL": "info"})
    t = server.create(preset="classic", seats=2, goal=50, name="Ana")
    j = server.join(t["table_id"], "Bia")
    base = server.ws_url(t["table_id"])
    for url in (f"{base}?%74oken={t['token']}", f"{base}?view=full&tok%65n={j['token']}"):
        async with websockets.connect(url) as ws:  # the server reads it as the seat token
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
            welcome = first[0] if isinstance(first, list) else first
            assert welcome["type"] == "welcome" and welcome["seat"] in (0, 1)
    async with websockets.connect(f"{base}?token={t['token']}") as ws:
        await asyncio.wait_for(ws.recv(), 10)
    server.stop()
    assert server.log_path is not None
    lines = server.log_path.read_text().splitlines()
    records = [json.loads(line) for line in lines if line.startswith("{")]
    assert len(records) == len([line for line in lines if line.strip()])  # all valid JSON
    access = [r["msg"] for r in records if "WebSocket" in r["msg"]]
    assert len(access) >= 3 and all("[redacted]" in m for m in access), access
    for secret in (t["token"], j["token"]):
        assert secret not in "\n".join(lines)
