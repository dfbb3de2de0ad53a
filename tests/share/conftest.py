"""A server serving the siege with secrets on both sides (``tests/played_siege.py``), and what
the tests ask of it."""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from played_siege import played_file

from siegeboard.persist.siege_file import SiegeFile
from siegeboard.share.server import Limits, ShareServer

# What each side must not receive: the other side's hidden battery, its weapon's name where
# only that battery carries it, the names of the people inside the other side's walls.
SECRETS = {
    "besieger": ["Hidden Mortar", "Groom Dickon", "Porter Osric", "Sergeant Hobb", "hurt",
                 "trapped"],
    "defender": ["Great Battery", "Tank", "Sapper Gun", "Sapper", "Tank gun", "Rifle"],
}
# Never sent to any side: the dice, the figures' names, the GM's notes.
NEVER = ["rolls", "\"dp\"", "armor", "hull", "occupants", "gm_notes", "Dice:", "A secret note"]


def plan_of(siege_file: SiegeFile) -> bytes | None:
    siege = siege_file.siege
    return siege_file.images.get(siege.map.member) if siege.map is not None else None


@pytest.fixture(scope="session")
def played() -> SiegeFile:
    """Shared: a test that plays on makes its own (``played_siege.played_file``)."""
    return played_file()


@pytest.fixture
def server(played: SiegeFile) -> Iterator[ShareServer]:
    serving = ShareServer("127.0.0.1", 0, limits=Limits(heartbeat_s=0.5))
    serving.start()
    serving.publish(played.siege, plan_of(played))
    assert serving.wait_for_version(1)
    yield serving
    serving.close()


def request(server: ShareServer, path: str, method: str = "GET", body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One request sent as written (no normalising of the path), its status, headers and
    body."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    try:
        connection.putrequest(method, path, skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def path_of(link: str | None, name: str = "") -> str:
    assert link is not None
    return urlsplit(link).path + name


class EventStream:
    """A page's ``events`` stream read by hand, event by event."""

    def __init__(self, server: ShareServer, link: str | None):
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        self.connection.request("GET", path_of(link, "events"))
        self.response = self.connection.getresponse()
        self.raw = b""

    def next_event(self) -> dict[str, str]:
        """The next event's fields (comments skipped); {} when the stream ended."""
        fields: dict[str, str] = {}
        while True:
            line = self.response.readline()
            self.raw += line
            if not line:
                return fields
            text = line.decode("utf-8").rstrip("\n")
            if not text:
                if fields:
                    return fields
                continue
            if text.startswith(":"):
                continue
            name, _, value = text.partition(":")
            fields[name] = value.strip()

    def close(self) -> None:
        self.connection.close()
