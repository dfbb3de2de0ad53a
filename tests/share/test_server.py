"""The server refuses what it must: no token, another method, a path outside its assets,
more than its limits; and says nothing more than it must."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import time

import pytest

from siegeboard.persist.siege_file import SiegeFile
from siegeboard.share.server import CONTENT_SECURITY_POLICY, FORBIDDEN, Limits, ShareServer
from siegeboard.share.tokens import ShareLinks

from .conftest import EventStream, path_of, plan_of, request


def test_tokens_are_long_distinct_and_revocable() -> None:
    links = ShareLinks()
    tokens = links.tokens()
    assert len(set(tokens.values())) == 3
    assert all(len(token) >= 43 for token in tokens.values())
    assert links.audience_of(tokens["defender"]) == "defender"
    assert links.audience_of(tokens["defender"][:-1]) is None
    assert links.audience_of("") is None
    assert links.audience_of("é" * 43) is None
    new = links.revoke("defender")
    assert new is not None and new != tokens["defender"]
    assert links.audience_of(tokens["defender"]) is None
    assert links.revoke("besieger", renew=False) is None
    assert links.audience_of(tokens["besieger"]) is None


@pytest.mark.parametrize("path", [
    "/", "/s/", "/s", "/state", "/events", "/app.js", "/plan.png", "/s/x/", "/s/x/state",
    "/s//state", "/favicon.ico", "/s/../s/", "/%2e%2e/etc/passwd",
])
def test_without_a_valid_token_403_and_nothing_else(server: ShareServer, path: str) -> None:
    status, headers, body = request(server, path)
    assert status == 403
    assert body == FORBIDDEN
    assert "Server" not in headers
    assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY


def test_a_valid_token_serves_the_page_state_and_plan(server: ShareServer) -> None:
    link = server.link("besieger")
    status, headers, body = request(server, path_of(link))
    assert status == 200 and b"app.js" in body and headers["Content-Type"].startswith("text/html")
    assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
    for name in ("app.js", "style.css", "icon.svg", "state", "plan.png"):
        status, headers, body = request(server, path_of(link, name))
        assert status == 200, name
        assert body, name
    status, headers, _ = request(server, path_of(link).rstrip("/"))
    assert status == 308 and headers["Location"] == path_of(link)
    assert request(server, path_of(link, "state"), headers={"Accept-Encoding": "gzip"}
                   )[1]["Content-Encoding"] == "gzip"


@pytest.mark.parametrize("tail", [
    "../../../pyproject.toml", "..%2f..%2f..%2fpyproject.toml", "%2e%2e/%2e%2e/etc/passwd",
    "assets/../server.py", "app.js/../../server.py", "../server.py", "./app.js", "app.js%00",
    "APP.JS", "index.html", "assets/app.js", "server.py", "__init__.py", "..", ".",
])
def test_no_path_outside_the_served_assets(server: ShareServer, tail: str) -> None:
    status, _, body = request(server, path_of(server.link("defender"), tail))
    assert status in (403, 404)
    assert b"import" not in body and b"root:" not in body and b"[project]" not in body


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD",
                                   "TRACE", "CONNECT"])
def test_only_get(server: ShareServer, method: str) -> None:
    before = server.version
    link = server.link("defender")
    if method == "CONNECT":
        # Its target is a host, never one of the links: refused as such (403), or the
        # connection closed by aiohttp's parser (3.11 does): nothing served either way.
        for path in (path_of(link, "state"), "/s/nope/state"):
            with contextlib.suppress(http.client.RemoteDisconnected):
                assert request(server, path, method)[0] in (400, 403)
        return
    status, headers, _ = request(server, path_of(link, "state"), method, body=b"{}")
    assert status == 405 and headers["Allow"] == "GET"
    assert request(server, "/s/nope/state", method, body=b"{}")[0] == 403
    assert server.version == before  # nothing a request says changes the siege


def test_limits_on_the_request_line_headers_and_connections(played: SiegeFile) -> None:
    server = ShareServer("127.0.0.1", 0, limits=Limits(connections=2, heartbeat_s=0.5))
    server.start()
    try:
        server.publish(played.siege, plan_of(played))
        assert server.wait_for_version(1)
        link = server.link("either")
        assert request(server, path_of(link, "state" + "x" * 3000))[0] in (400, 414)
        assert request(server, path_of(link, "state"),
                       headers={"X-Big": "y" * 5000})[0] in (400, 431)
        pages = [EventStream(server, link), EventStream(server, link)]
        for page in pages:
            assert page.next_event()["data"] == '{"version": 1}'
        status, headers, _ = request(server, path_of(link, "state"))
        assert status == 503 and headers["Retry-After"]
        pages[0].close()
        for _ in range(100):  # the server notices the page left
            if server.open_pages()["either"] < 2:
                break
            time.sleep(0.05)
        assert request(server, path_of(link, "state"))[0] == 200
        pages[1].close()
        # Idle connections count too: three that send nothing leave no room for a fourth.
        idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(3)]
        time.sleep(0.2)
        assert request(server, path_of(link, "state"))[0] == 503
        for connection in idle:
            connection.close()
    finally:
        server.close()


def test_revoking_ends_the_links_pages_and_refuses_its_token(server: ShareServer) -> None:
    old = server.link("defender")
    other = EventStream(server, server.link("besieger"))
    page = EventStream(server, old)
    assert page.next_event()["id"] == "1"
    assert other.next_event()["id"] == "1"
    new_token = server.revoke("defender")
    assert page.next_event() == {"event": "revoked", "data": "{}"}
    assert page.next_event() == {}  # the stream ended
    assert request(server, path_of(old, "state"))[0] == 403
    assert new_token is not None and request(server, f"/s/{new_token}/state")[0] == 200
    assert server.open_pages()["besieger"] == 1  # the other link's page is untouched
    other.close()
    page.close()


def test_stopping_frees_the_port_and_ends_pages(played: SiegeFile) -> None:
    server = ShareServer("127.0.0.1", 0)
    server.start()
    server.publish(played.siege)
    assert server.wait_for_version(1)
    page = EventStream(server, server.link("besieger"))
    assert page.next_event()["id"] == "1"
    port = server.port
    server.close()
    assert page.next_event() == {}
    page.close()
    with socket.create_server(("127.0.0.1", port)):  # the port is free again
        pass


def test_an_address_in_use_is_said_plainly(server: ShareServer) -> None:
    second = ShareServer("127.0.0.1", server.port)
    with pytest.raises(OSError):
        second.start()
    assert not second.running


def test_the_state_maker_writes_what_side_state_says() -> None:
    from played_siege import fire, played_file

    from siegeboard.rules.dice import RandomDice
    from siegeboard.share.side_state import AUDIENCES, StateMaker, side_state

    maker = StateMaker()
    siege = played_file().siege
    for round_ in range(2):  # the second time from kept pieces, after a shot
        made = maker.states(siege, version=round_)
        for audience in AUDIENCES:
            assert json.loads(made[audience]) == side_state(siege, audience, version=round_)
        fire(siege, RandomDice(round_), at=(78.0, 78.0), target="gatehouse")
