"""Performance (run with -m bench): the Trace tool on a 10,000 x 10,000 px plan in the window.
The first hover turns the plan into pixels once; every hover after it traces within a frame
or two, and a click adds the building."""

from __future__ import annotations

import statistics
import time

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from shapely.geometry import Polygon
from ui_helpers import click, move, view_point

from siegeboard.model.siege import MapImage, Siege
from siegeboard.persist import SiegeFile, write_siege
from siegeboard.plan import pixel_to_map

pytestmark = pytest.mark.bench
SIDE, BLOCK = 10_000, 250


@pytest.fixture(scope="module")
def big_plan(tmp_path_factory):
    folder = tmp_path_factory.mktemp("big_trace")
    image = QImage(SIDE, SIDE, QImage.Format.Format_RGB32)
    image.fill(QColor(236, 236, 225))
    painter = QPainter(image)
    painter.setPen(QPen(QColor(120, 110, 90), 2))
    painter.setBrush(QColor(234, 223, 172))
    for top in range(0, SIDE, BLOCK):
        for left in range(0, SIDE, BLOCK):
            painter.drawRect(left + 40, top + 40, 120, 80)
    painter.end()
    png = folder / "plan.png"
    assert image.save(str(png), "PNG", 80)
    siege = Siege(ruleset="harris", name="Big plan",
                  map=MapImage(member="map.png", pixels_per_metre=10,
                                                rotation_deg=12.0, offset=(50.0, -20.0)))
    path = folder / "big.siege"
    write_siege(path, SiegeFile(siege=siege, images={"map.png": png.read_bytes()}))
    return path


def test_hovering_and_tracing_on_a_10000_px_rotated_plan(qtbot, window, big_plan):
    assert window.files.open_path(big_plan)
    window.menus.tool_actions["trace"].trigger()
    tool, placement = window.tools["trace"], window.document.siege.map
    houses = [(left + 100.0, top + 80.0) for top in range(0, SIDE, 2_000)
              for left in range(0, SIDE, 2_000)]
    timings = []
    for x, y in houses:
        point = pixel_to_map(placement, (x, y))
        window.view.fitInView(QRectF(point[0] - 20, point[1] - 15, 40, 30),
                              Qt.AspectRatioMode.KeepAspectRatio)
        started = time.perf_counter()
        move(window, view_point(window, point), Qt.MouseButton.NoButton)
        timings.append(time.perf_counter() - started)
        assert tool._hover is not None, window.statusBar().currentMessage()
    first, rest = timings[0], timings[1:]
    print(f"first hover (plan to pixels) {first * 1000:.0f} ms; then median "
          f"{statistics.median(rest) * 1000:.1f} ms, worst {max(rest) * 1000:.1f} ms")
    assert statistics.median(rest) < 0.2

    x, y = houses[-1]
    click(qtbot, window, pixel_to_map(placement, (x, y)))
    (added,) = window.document.siege.structures.values()
    drawn = Polygon([pixel_to_map(placement, p) for p in
                     ((x - 60, y - 40), (x + 60, y - 40), (x + 60, y + 40), (x - 60, y + 40))])
    footprint = Polygon(added.footprint)
    assert footprint.intersection(drawn).area / footprint.union(drawn).area >= 0.95
