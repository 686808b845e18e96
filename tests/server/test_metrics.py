"""``/metrics`` (Prometheus text) moves with play, and one address cannot create
tables without limit."""

from __future__ import annotations

from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from .harness import Client, Server, fresh_database_url, move_frame, pump


def scrape(server: Server) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``: (name, sorted labels) → value."""
    r = server.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    out: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for family in text_string_to_metric_families(r.text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def value(samples: dict, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_metrics_count_tables_sockets_commands_and_latencies(sqlite_server: Server) -> None:
    server = sqlite_server
    before = scrape(server)
    t = server.create(preset="classic", seats=2, goal=50, bots=[None, "rabisco"])
    ana = Client(server, t["table_id"], t["token"])
    await ana.connect()
    assert (await ana.command({"type": "start"}))["type"] == "accepted"
    await pump([ana])
    while not ana.my_turn():
        await ana.recv()
    assert ana.view is not None
    played = await ana.command(move_frame(ana.view["legal"][0]))
    assert played["type"] == "accepted"
    await ana.until(  # the bot answers
        lambda f: (
            f["type"] == "event"
            and f["seq"] > played["seq"]
            and ana.view is not None
            and (ana.my_turn() or ana.view["round_over"] or ana.view["over"])
        ),
        timeout=30,
    )
    again = await ana.command({"type": "start"})  # already started
    assert again["type"] == "rejected"
    during = scrape(server)
    assert value(during, "domino_live_tables") >= 1
    assert value(during, "domino_connected_sockets") == 1
    for kind in ("start", "play"):
        got = value(during, "domino_commands_total", type=kind)
        assert got > value(before, "domino_commands_total", type=kind)
    reason = again["code"]
    assert value(during, "domino_commands_rejected_total", reason=reason) == 1 + value(
        before, "domino_commands_rejected_total", reason=reason
    )
    assert value(during, "domino_command_accept_seconds_count") >= 2
    assert value(during, "domino_commit_seconds_count") > value(
        before, "domino_commit_seconds_count"
    )
    assert value(during, "domino_bot_answer_seconds_count") >= 1  # the bot answered first
    assert value(during, "domino_bot_queue_length") >= 0
    assert (
        value(during, "domino_tables_created_total")
        == value(before, "domino_tables_created_total") + 1
    )
    await ana.close()
    text = server.get("/metrics").text
    assert "# TYPE domino_table_evictions_total counter" in text
    assert "# TYPE domino_table_reloads_total counter" in text


def test_one_address_is_limited_in_table_creation(tmp_path: Path) -> None:
    server = Server(
        fresh_database_url(tmp_path),
        {"DOMINO_CREATE_BURST": "3", "DOMINO_CREATE_PER_MINUTE": "1"},
        log_path=tmp_path / "server.log",
    )
    server.start()
    try:
        body = {"preset": "classic", "seats": 2, "goal": 50}
        for _ in range(3):
            assert server.post("/api/tables", body).status_code == 201
        refused = server.post("/api/tables", body)
        assert refused.status_code == 429
        assert "too many tables" in refused.json()["detail"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        other = httpx.post(  # another client (its address forwarded by a trusted proxy)
            f"{server.http}/api/tables",
            json=body,
            headers={"X-Forwarded-For": "10.1.2.3"},
            timeout=10,
        )
        assert other.status_code == 201
        assert value(scrape(server), "domino_tables_refused_total") == 1
    finally:
        server.stop()
