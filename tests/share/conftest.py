"""A siege with secrets on both sides, played a little, and a server serving it."""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from siegeboard.model.actions import AdvanceClock, FireAt
from siegeboard.model.siege import Mine, Siege
from siegeboard.model.structure import Occupant
from siegeboard.model.weapon import Battery
from siegeboard.persist.samples import read_sample
from siegeboard.persist.siege_file import SiegeFile
from siegeboard.rules.context import Outcome
from siegeboard.rules.dice import Dice, RandomDice
from siegeboard.rules.engine import apply_in_place
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


def played_file() -> SiegeFile:
    """The sample with a hidden defenders' battery, a besiegers' gun and mine, a note only
    the GM reads, after two shots and a minute."""
    siege_file = read_sample("harris")
    siege = siege_file.siege
    siege.batteries["hidden-mortar"] = Battery(
        id="hidden-mortar", name="Hidden Mortar", position=(60.0, 40.0), weapon_id="he_shell",
        side="defender")
    siege.batteries["sapper-gun"] = Battery(
        id="sapper-gun", name="Sapper Gun", position=(20.0, 90.0), weapon_id="rifle")
    siege.mines["sapper-mine"] = Mine(id="sapper-mine", structure_id="keep", days_needed=5)
    stables = siege.structures["stables"]
    siege.structures["stables"] = stables.model_copy(update={
        "gm_notes": "A secret note",
        "occupants": [*stables.occupants, Occupant(name="Groom Dickon")]})
    dice = RandomDice(7)
    great = siege.batteries["great-battery"].position
    fire(siege, dice, at=(47.0, 60.0), target="stables")
    apply_in_place(siege, FireAt(weapon_id="he_shell", battery_id="hidden-mortar",
                                 at=great, range_m=80.0), dice)
    apply_in_place(siege, AdvanceClock(turns=12), dice)
    return siege_file


def fire(siege: Siege, dice: Dice, at: tuple[float, float] = (78.0, 78.0),
         target: str | None = None) -> Outcome:
    return apply_in_place(siege, FireAt(weapon_id="he_shell", battery_id="great-battery",
                                        at=at, target_id=target), dice)


def plan_of(siege_file: SiegeFile) -> bytes | None:
    siege = siege_file.siege
    return siege_file.images.get(siege.map.member) if siege.map is not None else None


@pytest.fixture(scope="session")
def played() -> SiegeFile:
    """Shared: a test that plays on makes its own (``played_file``)."""
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
