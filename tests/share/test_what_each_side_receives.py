"""The bytes each side's page receives (its state, its event stream, its page) hold none of
the other side's secrets, no dice and no figure, on the sample after shots; and a shot
reaches the open pages."""

from __future__ import annotations

import gzip
import json
import threading
import time
from pathlib import Path

import pytest
from played_siege import fire, played_file

from siegeboard.persist.siege_file import SiegeFile, read_siege, write_siege
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.knowledge import side_view
from siegeboard.share.headless import serve_file
from siegeboard.share.server import ASSETS, ShareServer
from siegeboard.share.side_state import AUDIENCES, Audience, side_of_audience, side_state

from .conftest import NEVER, SECRETS, EventStream, path_of, plan_of, request


def received(server: ShareServer, audience: Audience) -> bytes:
    """Everything a page of ``audience`` fetches, as sent."""
    link = server.link(audience)
    sent = b""
    for name in [*ASSETS, "state"]:
        status, headers, body = request(server, path_of(link, name),
                                        headers={"Accept-Encoding": "gzip"})
        assert status == 200
        sent += gzip.decompress(body) if headers.get("Content-Encoding") == "gzip" else body
    page = EventStream(server, link)
    page.next_event()
    page.close()
    return sent + page.raw


@pytest.mark.parametrize("audience", AUDIENCES)
def test_no_secret_of_the_other_side_no_dice_no_figure(server: ShareServer, played: SiegeFile,
                                                       audience: Audience) -> None:
    side = side_of_audience(played.siege, audience)
    sent = received(server, audience).decode("utf-8")
    for secret in SECRETS[side] + NEVER:
        assert secret not in sent, f"{audience}'s page received {secret!r}"
    state = json.loads(request(server, path_of(server.link(audience), "state"))[2])
    view = side_view(played.siege, side)
    assert {battery["name"] for battery in state["batteries"]} == {
        battery.name for battery in view.batteries.values()}
    assert len(state["structures"]) == len(played.siege.structures)  # every wall is seen
    assert state["log"] and all("Dice" not in line for entry in state["log"]
                                for line in entry["lines"])


def test_each_side_knows_its_own(server: ShareServer) -> None:
    """The filter is not "send nothing": each side's own secrets reach its own page."""
    besiegers = received(server, "besieger").decode("utf-8")
    defenders = received(server, "defender").decode("utf-8")
    assert "Great Battery" in besiegers and "Sapper Gun" in besiegers
    assert "Hidden Mortar" in defenders


def test_the_states_words_are_the_players(played: SiegeFile) -> None:
    state = side_state(played.siege, "besieger")
    words = {structure["word"] for structure in state["structures"]}
    assert words <= {"intact", "damaged", "collapsed", "breached"}
    stables = next(s for s in state["structures"] if s["name"] == "Stables")
    assert stables["people"] == ""  # the besiegers know nothing of who is inside
    defenders = side_state(played.siege, "defender")
    assert "Groom Dickon" not in json.dumps(defenders)  # counts at most, never names
    assert state["grid"]["columns"][0] == "A"
    for key in ("id", "kind", "dp", "armor", "occupants", "notes"):
        assert key not in stables


def test_a_shot_reaches_every_open_page() -> None:
    siege_file = played_file()
    server = ShareServer("127.0.0.1", 0)
    server.start()
    try:
        server.publish(siege_file.siege, plan_of(siege_file))
        assert server.wait_for_version(1)
        pages = {audience: EventStream(server, server.link(audience)) for audience in AUDIENCES}
        for page in pages.values():
            assert json.loads(page.next_event()["data"]) == {"version": 1}
        entries = {audience: len(json.loads(request(
            server, path_of(server.link(audience), "state"))[2])["log"]) for audience in pages}
        fire(siege_file.siege, RandomDice(11), at=(78.0, 78.0), target="gatehouse")
        shot = time.perf_counter()
        server.publish(siege_file.siege, plan_of(siege_file))
        for audience, page in pages.items():
            event = page.next_event()
            assert json.loads(event["data"]) == {"version": 2} and event["id"] == "2"
            state = json.loads(request(server, path_of(server.link(audience), "state"))[2])
            assert state["version"] == 2
            assert len(state["log"]) == entries[audience] + 1  # the shot, in their words
            assert "struck the Gatehouse" in " ".join(state["log"][-1]["lines"])
            page.close()
        assert time.perf_counter() - shot < 5  # generous: the bench measures it
    finally:
        server.close()


def test_a_page_that_comes_back_is_told_the_current_version(server: ShareServer,
                                                            played: SiegeFile) -> None:
    server.publish(played.siege)
    server.publish(played.siege)
    assert server.wait_for_version(2)
    version = server.version
    page = EventStream(server, server.link("defender"))  # a page reconnecting
    assert json.loads(page.next_event()["data"]) == {"version": version}
    page.close()


def test_serve_follows_the_file(tmp_path: Path) -> None:
    siege_file = played_file()
    path = tmp_path / "siege.siege"
    write_siege(path, siege_file)
    stop, ready = threading.Event(), threading.Event()
    box: list[ShareServer] = []
    out = tmp_path / "out.txt"
    with out.open("w") as text:
        thread = threading.Thread(target=serve_file, args=(path,), kwargs=dict(
            host="127.0.0.1", port=0, stop=stop, out=text, ready=ready, server_box=box,
            audiences=("defender",), qr=False))
        thread.start()
        try:
            assert ready.wait(20)
            server = box[0]
            assert server.link("besieger") is None  # only the links asked for
            assert request(server, path_of(server.link("defender"), "state"))[0] == 200
            reread = read_siege(path)
            fire(reread.siege, RandomDice(5), at=(78.0, 78.0), target="gatehouse")
            write_siege(path, reread)
            assert server.wait_for_version(2, timeout=10)
        finally:
            stop.set()
            thread.join(10)
    printed = out.read_text()
    assert "The defenders: http://127.0.0.1:" in printed and "The besiegers" not in printed
    assert "sharing stopped" in printed
