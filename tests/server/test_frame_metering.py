"""Every websocket frame is metered before anything reads it, and whatever is wrong with a
frame or with the socket's URL gets a typed answer that says what: garbage, oversize and
bad UTF-8 frames count against the rate limit like commands; a bad ``last_seq`` or a
table id no table can have is an ``error`` frame and a close code after the handshake,
never a bare HTTP 403 or a silent close; numbers in commands are strict."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import websockets

from domino_server.api.frames import ID_HEAD, Refusal, read_frame

from .harness import Client, Server, started_with_a_friend, subprotocols


async def _answers(cl: Client, n: int) -> list[dict[str, Any]]:
    """The next ``n`` answers (``error``, ``rejected``, ``pong``), other frames skipped."""
    out: list[dict[str, Any]] = []
    while len(out) < n:
        f = await cl.recv(timeout=10)
        if f["type"] in ("error", "rejected", "pong"):
            out.append(f)
    return out


async def test_the_rate_limit_meters_every_frame_garbage_included(
    make_server: Callable[..., Server],
) -> None:
    server = make_server({"DOMINO_RATE_PER_SECOND": "2", "DOMINO_RATE_BURST": "10"})
    ana, bia = await started_with_a_friend(server, preset="classic", seats=2, goal=100)
    await asyncio.sleep(1)  # the bucket full again (the start took from it)
    for _ in range(200):
        await ana.send("this is not JSON {")
    codes = Counter(f["code"] for f in await _answers(ana, 200))
    assert codes["bad_json"] <= 15 and codes["rate_limited"] >= 185, codes
    # with the bucket empty, an oversize frame or a frame that is not UTF-8 is not read
    await ana.send('{"type":"ping","id":"big","pad":"' + "x" * 100_000 + '"}')
    await ana.send(b"\xff\xfe not UTF-8")
    await ana.send({"type": "ping", "id": "over"})
    big, binary, ping = await _answers(ana, 3)
    assert big["type"] == "error" and big["code"] == "rate_limited", big
    assert binary["type"] == "error" and binary["code"] == "rate_limited", binary
    # a command over the limit is rejected by its id (the client knows which)
    assert ping == {
        "type": "rejected", "id": "over", "code": "rate_limited",
        "reason": "too many commands; slow down",
    }
    await asyncio.sleep(1.2)  # the bucket refills: the socket is as good as before
    await ana.send({"type": "ping", "id": "after"})
    assert (await _answers(ana, 1))[0] == {"type": "pong", "id": "after"}
    for cl in (ana, bia):
        await cl.close()


async def _refused_at(url: str, token: str | None) -> tuple[dict[str, Any], int | None]:
    """The first frame of a socket to ``url`` and its close code."""
    async with websockets.connect(url, subprotocols=subprotocols(token)) as ws:  # type: ignore[arg-type]
        assert ws.subprotocol == "domino.v1"  # the handshake succeeded
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        await asyncio.wait_for(ws.wait_closed(), 10)
        return first, ws.close_code


async def test_a_bad_last_seq_is_a_typed_error_after_the_handshake(server: Server) -> None:
    t = server.create(preset="classic", seats=2, goal=50, name="Ana")
    base = server.ws_url(t["table_id"])
    for bad in ("abc", "1.5", "1e3", "0x10", "9" * 40, "%00"):
        first, code = await _refused_at(f"{base}?last_seq={bad}", t["token"])
        assert first["type"] == "error" and first["code"] == "bad_command", (bad, first)
        assert "last_seq" in first["detail"], first
        assert code == 4400, (bad, code)
    for good, snapshot in (("0", False), ("-1", True), ("", True)):
        # sent as it stands in the URL: a negative last_seq asks for a snapshot
        url = f"{base}?last_seq={good}"
        types: list[str] = []
        async with websockets.connect(url, subprotocols=subprotocols(t["token"])) as ws:  # type: ignore[arg-type]
            with contextlib.suppress(TimeoutError):
                while "snapshot" not in types:  # (a message may hold an array of frames)
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                    types += [f["type"] for f in (msg if isinstance(msg, list) else [msg])]
        assert types and types[0] == "welcome", (good, types)
        assert ("snapshot" in types) == snapshot, (good, types)


async def test_a_table_id_no_table_can_have_closes_as_an_unknown_table(server: Server) -> None:
    """A NUL (or any character table ids never hold) reaches no query: PostgreSQL would
    refuse the text and the socket closed with no frame and no code."""
    for table_id in ("%00", "a%00b", "%C3%A9t%C3%A9", "x" * 22 + "%00", "x" * 40):
        first, code = await _refused_at(server.ws_url(table_id), None)
        assert first == {"type": "error", "code": "not_allowed", "detail": "no such table"}
        assert code == 4404, (table_id, code)
    made = server.create(preset="classic", seats=2, goal=50)  # the server is fine
    watcher = Client(server, made["table_id"], None)
    await watcher.connect()
    await watcher.close()


async def test_numbers_in_commands_are_strict_and_huge_ones_are_named(server: Server) -> None:
    ana, bia = await started_with_a_friend(server, preset="classic", seats=2, goal=100)
    for bad in (str(ana.seq), float(ana.seq), None, True):
        ans = await ana.command({"type": "sync", "last_seq": bad})
        assert ans["type"] == "rejected" and ans["code"] == "bad_command", (bad, ans)
        assert ans["reason"].startswith("sync.last_seq"), ans
    for bad in (1, "true"):
        ans = await ana.command({"type": "vote_annulment", "agree": bad})
        assert ans["code"] == "bad_command" and "agree" in ans["reason"], (bad, ans)
    ans = await ana.command({"type": "client_seed", "round": "2", "seed": "abc"})
    assert ans["code"] == "bad_command" and "round" in ans["reason"], ans
    assert (await ana.command({"type": "sync", "last_seq": ana.seq}))["type"] == "accepted"
    # valid JSON whose number no command could hold: said so, not "not valid JSON"
    await ana.send('{"type":"sync","id":"huge","last_seq":' + "9" * 5000 + "}")
    (huge,) = await _answers(ana, 1)
    assert huge["type"] == "error" and huge["code"] == "bad_command", huge
    assert "digits" in huge["detail"] and "not valid JSON" not in huge["detail"], huge
    await ana.send({"type": "ping", "id": "still-here"})
    assert (await _answers(ana, 1))[0] == {"type": "pong", "id": "still-here"}
    for cl in (ana, bia):
        await cl.close()


def test_a_frame_over_the_rate_limit_is_looked_at_only_for_its_id() -> None:
    """Its id (for the rejection) is looked for in its first characters only, and a frame
    over the size limit in UTF-8 bytes (not characters) gets none."""
    def limited(text: str, max_bytes: int = 8192) -> str | None:
        refusal = read_frame({"text": text}, max_bytes, allowed=False)
        assert isinstance(refusal, Refusal) and refusal.code == "rate_limited"
        return refusal.cid

    pad = "x" * 1000
    assert limited('{"id":"first","type":"ping"}') == "first"
    assert limited('{"id":"fi\\"rst","type":"ping","pad":"' + pad + '"}') == 'fi"rst'
    assert limited('{"type":"ping","pad":"' + "x" * ID_HEAD + '","id":"late"}') is None
    # 3,000 characters, 6,000 bytes: within 4,096 characters, over 4,096 bytes
    assert limited('{"id":"wide","pad":"' + "é" * 3000 + '"}', 4096) is None
    assert limited('{"id":"wide","pad":"' + "é" * 1000 + '"}', 4096) == "wide"
