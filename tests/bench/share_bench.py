"""The players' own devices, measured (issue 38): an update reaching 20 open pages after a
shot at N = 2,000, the first load of the sample's page on the loopback, and what serving
adds to the process's memory.

A page is what the browser's page does, written with the standard library: it holds the
``events`` stream open and, told of a new version, fetches ``state`` (gzip, as browsers ask).
"Reached" is when the 20th page has the new state in hand, timed from the moment the shot's
outcome is in the siege (before ``publish``: the window's own share of the wait counts).

Run: ``python -m tests.bench.share_bench [N]``.
"""

from __future__ import annotations

import gzip
import http.client
import json
import re
import statistics
import sys
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from siegeboard.model.actions import FireAt
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.engine import apply_in_place
from tests.bench.town import add_bench_weapon, build_town, town_centre

PAGES = 20
VERSION = re.compile(rb'\{"version":(\d+)')
UPDATE_LIMIT_S = 0.5
FIRST_LOAD_LIMIT_S = 2.0
MEMORY_LIMIT_MB = 60.0


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Page(threading.Thread):
    """One page: its event stream, and the time each version's state came in."""

    def __init__(self, port: int, link: str):
        super().__init__(daemon=True)
        self.port, self.path = port, urlsplit(link).path
        self.arrived: dict[int, float] = {}
        self.bytes = 0
        self.ready = threading.Event()

    def run(self) -> None:
        stream = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        stream.request("GET", self.path + "events")
        response = stream.getresponse()
        fetcher = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        while True:
            line = response.readline()
            if not line:
                return
            if line.startswith(b"data:"):
                fetcher.request("GET", self.path + "state", headers={"Accept-Encoding": "gzip"})
                answer = fetcher.getresponse()
                body = answer.read()
                self.bytes = len(body)
                state = json.loads(gzip.decompress(body))
                self.arrived[state["version"]] = time.perf_counter()
                self.ready.set()


def _pages_process(port: int, paths: list[str], results, ready) -> None:
    """The pages, in a process of their own (as browsers are): one asyncio loop holding
    every page's stream and fetching its state when told; each (page, version, time) put on
    ``results``, timed by the system's monotonic clock (shared by the processes)."""
    import asyncio

    import aiohttp

    async def page(session, number: int, path: str) -> None:
        url = f"http://127.0.0.1:{port}{path}"
        async with session.get(url + "events") as stream:
            async for line in stream.content:
                if line.startswith(b"data:"):
                    async with session.get(url + "state",
                                           headers={"Accept-Encoding": "gzip"}) as answer:
                        body = await answer.read()
                    # A browser parses the whole in a few milliseconds; Python's parser would
                    # time itself, not the server: the version leads the state.
                    version = int(VERSION.match(body).group(1))  # type: ignore[union-attr]
                    results.put((number, version, time.monotonic()))

    async def pages() -> None:
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            ready.set()
            await asyncio.gather(*(page(session, number, path)
                                   for number, path in enumerate(paths)))

    asyncio.run(pages())


def update_case(n: int = 2000, pages: int = PAGES, shots: int = 7) -> dict[str, Any]:
    """An update reaching ``pages`` pages (a third on each link) after each of ``shots``
    shots at the town's centre."""
    import multiprocessing

    from siegeboard.share.server import ShareServer

    siege = build_town(n)
    weapon = add_bench_weapon(siege)
    server = ShareServer("127.0.0.1", 0)
    server.start()
    server.publish(siege)
    server.wait_for_version(1)
    paths = [urlsplit(server.link(("besieger", "defender", "either")[i % 3]) or "").path
             for i in range(pages)]
    context = multiprocessing.get_context("spawn")
    results, ready = context.Queue(), context.Event()
    process = context.Process(target=_pages_process, args=(server.port, paths, results, ready),
                              daemon=True)
    process.start()
    arrived: dict[tuple[int, int], float] = {}

    def collect(version: int, until: float) -> bool:
        while time.monotonic() < until:
            if sum(1 for (_, v) in arrived if v == version) == pages:
                return True
            try:
                number, got, when = results.get(timeout=0.05)
            except Exception:  # queue.Empty
                continue
            arrived[(number, got)] = when
        return False

    ready.wait(30)
    assert collect(1, time.monotonic() + 30), "the pages did not all open"
    dice = RandomDice(3)
    latencies, publish_costs = [], []
    for shot in range(shots):
        apply_in_place(siege, FireAt(weapon_id=weapon, at=town_centre(n), range_m=100.0), dice)
        fired = time.monotonic()
        server.publish(siege)
        publish_costs.append(time.monotonic() - fired)
        version = shot + 2
        collect(version, fired + 10)
        latencies.append(max(arrived.get((number, version), float("inf"))
                             for number in range(pages)) - fired)
        time.sleep(0.2)
    process.terminate()
    server.close()
    return {"n": n, "pages": pages, "median_s": statistics.median(latencies),
            "worst_s": max(latencies), "publish_call_ms": 1000 * max(publish_costs)}


def server_memory_case() -> dict[str, float]:
    """What the server adds to a process that has the siege already: aiohttp's import, the
    thread and its loop, the three sides' states and 20 open pages (the pages' own reading
    threads run in this process too, so this is an upper bound)."""
    from siegeboard.persist.samples import read_sample

    siege_file = read_sample()
    plan = siege_file.siege.map
    assert plan is not None, "the sample has a plan"
    image = siege_file.images[plan.member]
    before = rss_mb()
    from siegeboard.share.server import ShareServer

    server = ShareServer("127.0.0.1", 0)
    server.start()
    server.publish(siege_file.siege, image)
    server.wait_for_version(1)
    readers = [Page(server.port, server.link("either") or "") for _ in range(PAGES)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.ready.wait(30)
    first_load = first_load_s(server)
    after = rss_mb()
    server.close()
    return {"adds_mb": after - before, "first_load_s": first_load}


def first_load_s(server) -> float:
    """A page opened for the first time: the page, its script, style and icon, the state
    and the plan's pixels, each on a new connection, one after the other (a browser asks
    for several at once: this is the slower way)."""
    path = urlsplit(server.link("besieger")).path
    start = time.perf_counter()
    for name in ("", "app.js", "style.css", "icon.svg", "state", "plan.png"):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        connection.request("GET", path + name, headers={"Accept-Encoding": "gzip"})
        response = connection.getresponse()
        response.read()
        assert response.status == 200, name
        connection.close()
    return time.perf_counter() - start


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    memory = server_memory_case()
    print(f"sample: first load {1000 * memory['first_load_s']:.0f} ms "
          f"(limit {FIRST_LOAD_LIMIT_S:g} s); the server adds {memory['adds_mb']:.1f} MB "
          f"with {PAGES} pages open (limit {MEMORY_LIMIT_MB:g} MB)")
    figures = update_case(n)
    print(f"N = {n:,}: an update reaches {figures['pages']} pages in "
          f"{1000 * figures['median_s']:.0f} ms median, {1000 * figures['worst_s']:.0f} ms worst "
          f"(limit {1000 * UPDATE_LIMIT_S:.0f} ms); publish() returns in "
          f"{figures['publish_call_ms']:.2f} ms")
    frame = click_to_fire_case(n)
    print(f"N = {n:,}: click to fire {frame['alone_ms']:.1f} ms alone, "
          f"{frame['sharing_ms']:.1f} ms sharing to {PAGES} pages, "
          f"{frame['during_build_ms']:.1f} ms when clicked while a state is made")


if __name__ == "__main__":
    main()


def click_to_fire_case(n: int = 2000, clicks: int = 15) -> dict[str, float]:
    """The window's click to fire (``Document.fire_at``: engine, undo command, scene update)
    at N = ``n``, median of ``clicks``: without sharing; sharing to 20 pages (in a process of
    their own) with each click published and its pages served before the next click (a GM's
    pace: the pages have the state 0.2 s after a shot); and the worst case, the next click
    landing while the state of the last is being made (the worker holds Python's lock in
    turns with the window)."""
    import multiprocessing
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication
    from siegeboard.ui.map_scene import MapScene

    from siegeboard.persist import SiegeFile
    from siegeboard.share.server import ShareServer
    from siegeboard.ui.document import Document

    app = QApplication.instance() or QApplication([])
    document = Document(SiegeFile(siege=build_town(n)))
    scene = MapScene(document)
    weapon = add_bench_weapon(document.siege)
    point = town_centre(n)

    def timed_clicks(after) -> float:
        times = []
        for _ in range(clicks):
            start = time.perf_counter()
            document.fire_at(weapon, point, range_m=100.0)
            times.append(time.perf_counter() - start)
            after()
            app.processEvents()
            document.undo_stack.undo()
            after()
        return statistics.median(times)

    timed_clicks(lambda: None)  # warm-up
    alone = timed_clicks(lambda: None)
    server = ShareServer("127.0.0.1", 0)
    server.start()
    server.publish(document.siege)
    server.wait_for_version(1)
    paths = [urlsplit(server.link("either") or "").path for _ in range(PAGES)]
    context = multiprocessing.get_context("spawn")
    results, ready = context.Queue(), context.Event()
    process = context.Process(target=_pages_process, args=(server.port, paths, results, ready),
                              daemon=True)
    process.start()
    ready.wait(30)

    def publish_and_serve() -> None:
        server.publish(document.siege)
        server.wait_for_version(server.version + 1)
        time.sleep(0.2)  # the pages fetch

    paced = timed_clicks(publish_and_serve)
    during = timed_clicks(lambda: server.publish(document.siege))
    process.terminate()
    server.close()
    del scene
    return {"alone_ms": 1000 * alone, "sharing_ms": 1000 * paced,
            "during_build_ms": 1000 * during}
