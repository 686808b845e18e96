"""``/docs`` works offline (every file it loads comes from the server itself) and the
OpenAPI text names the token each route wants."""

from __future__ import annotations

import re

from .harness import Server


def test_docs_load_every_asset_from_the_server_itself(sqlite_server: Server) -> None:
    for page in ("/docs", "/redoc"):
        html = sqlite_server.get(page)
        assert html.status_code == 200
        urls = re.findall(r"""(?:src|href)=["']([^"']+)["']""", html.text)
        urls += re.findall(r"""url: ?["']([^"']+)["']""", html.text)
        assert urls, html.text
        for url in urls:
            assert url.startswith("/"), f"{page} loads {url} from elsewhere"
            asset = sqlite_server.get(url)
            assert asset.status_code == 200, url
            assert len(asset.content) > 100, url
    script = sqlite_server.get("/docs-assets/swagger-ui-bundle.js")
    assert "SwaggerUIBundle" in script.text


def test_openapi_names_the_seat_token_on_action_routes(sqlite_server: Server) -> None:
    spec = sqlite_server.get("/openapi.json").json()
    schemes = spec["components"]["securitySchemes"]
    assert "seat token" in schemes["SeatToken"]["description"]
    assert "player token" in schemes["PlayerToken"]["description"]
    for path in ("start", "resign", "annulment", "claim-absence"):
        op = spec["paths"][f"/api/tables/{{table_id}}/{path}"]["post"]
        assert op["security"] == [{"SeatToken": []}], path
    me = spec["paths"]["/api/players/me"]["get"]
    assert me["security"] == [{"PlayerToken": []}]
