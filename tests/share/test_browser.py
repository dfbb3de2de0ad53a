"""The players' pages in a real browser: Debian's headless Chromium driven by Selenium
(the ``browser`` extra and ``apt-get install chromium chromium-driver``). Skipped, saying
why, where either is missing (the CI machine may have no Chromium)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from played_siege import fire, played_file

from siegeboard.rules.dice import RandomDice
from siegeboard.share.server import ShareServer
from siegeboard.share.side_state import Audience

from .browser import chromium, chromium_missing
from .conftest import SECRETS, plan_of

pytestmark = pytest.mark.skipif(bool(chromium_missing()), reason=chromium_missing() or "")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chromium()
    yield driver
    driver.quit()


def wait_for(driver: Any, script: str, timeout: float = 10.0) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: d.execute_script(script))


def painted_colours(driver: Any) -> int:
    """How many distinct colours the map's canvas shows (a blank canvas has one)."""
    return driver.execute_script("""
        const c = document.getElementById('board');
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const seen = new Set();
        for (let i = 0; i < data.length; i += 4 * 97)
          seen.add(data[i] << 16 | data[i+1] << 8 | data[i+2]);
        return seen.size;""")


def test_each_side_sees_the_structures_and_a_shot_arrives(browser: Any) -> None:
    siege_file = played_file()
    server = ShareServer("127.0.0.1", 0)
    server.start()
    try:
        server.publish(siege_file.siege, plan_of(siege_file))
        assert server.wait_for_version(1)
        count = len(siege_file.siege.structures)
        sides: tuple[tuple[Audience, str], ...] = (("besieger", "Besiegers"),
                                                   ("defender", "Defenders"))
        for audience, words in sides:
            browser.get(server.link(audience))
            wait_for(browser, "return document.body.dataset.version === '1'")
            assert browser.execute_script("return document.body.dataset.structures") == str(count)
            assert browser.find_element("id", "side").text == words
            assert browser.find_element("id", "title").text == siege_file.siege.name
            wait_for(browser, "return document.getElementById('status').textContent === 'live'")
            assert painted_colours(browser) > 20  # the plan and the structures, drawn
            # What the browser holds of the state: none of the other side's secrets.
            held = json.dumps(browser.execute_script(
                "return fetch('state').then(r => r.text())"))
            for secret in SECRETS[audience]:
                assert secret not in held
        # The defenders' page stays open; a shot's result arrives by itself.
        fire(siege_file.siege, RandomDice(4), at=(78.0, 78.0), target="gatehouse")
        server.publish(siege_file.siege, plan_of(siege_file))
        wait_for(browser, "return document.body.dataset.version === '2'", timeout=5)
        browser.find_element("id", "logButton").click()
        assert "struck the Gatehouse" in browser.find_element("id", "entries").text
        # The GM blanks the players' view for a reveal: the page goes dark, then comes back.
        server.publish(siege_file.siege, plan_of(siege_file), blank=True)
        wait_for(browser, "return document.body.dataset.version === '3'", timeout=5)
        assert browser.find_element("id", "notice").is_displayed()
        server.publish(siege_file.siege, plan_of(siege_file))
        wait_for(browser, "return document.body.dataset.version === '4'", timeout=5)
        assert not browser.find_element("id", "notice").is_displayed()
        logs = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        assert not logs, logs  # no script error, no refused style or script (the CSP)
    finally:
        server.close()


def test_refused_without_the_token_and_ended_when_revoked(browser: Any) -> None:
    siege_file = played_file()
    server = ShareServer("127.0.0.1", 0)
    server.start()
    try:
        server.publish(siege_file.siege, plan_of(siege_file))
        assert server.wait_for_version(1)
        browser.get(server.base_url() + "/s/not-a-token/")
        assert browser.find_element("tag name", "body").text.strip() == "403 Forbidden"
        browser.get(server.base_url() + "/")
        assert "403" in browser.find_element("tag name", "body").text
        browser.get(server.link("besieger"))
        wait_for(browser, "return document.body.dataset.version === '1'")
        server.revoke("besieger")
        wait_for(browser, "return document.body.dataset.ended === 'true'", timeout=5)
        notice = browser.find_element("id", "notice")
        assert notice.is_displayed() and "ended" in notice.text
    finally:
        server.close()


class CuttableLink:
    """A TCP relay between the browser and the server, whose network can be cut (every
    connection dropped, new ones refused) and brought back: a phone leaving the Wi-Fi."""

    def __init__(self, target_port: int):
        import socket
        import threading

        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = True
        self.open: list = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import socket
        import threading

        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                client.close()
                continue
            server = socket.create_connection(("127.0.0.1", self.target_port))
            with self.lock:
                self.open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: Any, sink: Any) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.close()

    def cut(self) -> None:
        import socket

        self.up = False
        with self.lock:
            for end in self.open:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
            self.open.clear()

    def restore(self) -> None:
        self.up = True

    def close(self) -> None:
        self.cut()
        self.listener.close()


def test_a_page_that_lost_the_network_catches_up(browser: Any) -> None:
    siege_file = played_file()
    server = ShareServer("127.0.0.1", 0)
    server.start()
    relay = CuttableLink(server.port)
    try:
        server.publish(siege_file.siege, plan_of(siege_file))
        assert server.wait_for_version(1)
        link = server.link("besieger") or ""
        browser.get(link.replace(f":{server.port}/", f":{relay.port}/"))
        wait_for(browser, "return document.body.dataset.version === '1'")
        relay.cut()
        wait_for(browser, "return document.getElementById('status').textContent !== 'live'")
        fire(siege_file.siege, RandomDice(8), at=(78.0, 78.0), target="gatehouse")
        server.publish(siege_file.siege, plan_of(siege_file))
        assert server.wait_for_version(2)
        assert browser.execute_script("return document.body.dataset.version") == "1"
        relay.restore()
        wait_for(browser, "return document.body.dataset.version === '2'", timeout=15)
        wait_for(browser, "return document.getElementById('status').textContent === 'live'")
    finally:
        relay.close()
        server.close()
