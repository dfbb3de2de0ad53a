"""Performance (run with -m bench): a 10,000 x 10,000 px plan with 2,000 structures opens in
under 3 s, and a repaint of the view after a pan or a zoom stays well under a frame budget."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen

from siegeboard.model.siege import MapImage, Siege
from siegeboard.persist import SiegeFile, write_siege
from siegeboard.rules.build import new_structure

pytestmark = pytest.mark.bench


@pytest.fixture(scope="module")
def big_siege(tmp_path_factory):
    folder = tmp_path_factory.mktemp("big")
    image = QImage(10_000, 10_000, QImage.Format.Format_RGB32)
    image.fill(QColor("#efe6cf"))
    painter = QPainter(image)
    painter.setPen(QPen(QColor("#7a6440"), 3))
    for step in range(0, 10_000, 100):
        painter.drawLine(step, 0, step, 10_000)
        painter.drawLine(0, step, 10_000, step)
    painter.end()
    png = folder / "plan.png"
    assert image.save(str(png), "PNG", 80)
    structures = {}
    for number in range(2_000):
        column, row = divmod(number, 45)
        x, y = 4 + column * 22, 4 + row * 22
        structure = new_structure("harris", "townhouse", f"s{number + 1}",
                                  [(x, y), (x + 12, y), (x + 12, y + 8), (x, y + 8)])
        structures[structure.id] = structure
    siege = Siege(ruleset="harris", name="Big", map=MapImage(member="map.png", pixels_per_metre=10),
                  structures=structures)
    path = folder / "big.siege"
    write_siege(path, SiegeFile(siege=siege, images={"map.png": png.read_bytes()}))
    return path


def test_big_map_opens_fast_and_repaints_smoothly(qtbot, window, big_siege):
    started = time.perf_counter()
    assert window.files.open_path(big_siege)
    window.view.viewport().repaint()
    opened = time.perf_counter() - started
    assert opened < 3.0, f"opening took {opened:.2f} s"

    view = window.view
    timings = []
    for area in (QRectF(0, 0, 1000, 1000), QRectF(100, 100, 60, 40), QRectF(400, 400, 200, 150)):
        view.fitInView(area, Qt.AspectRatioMode.KeepAspectRatio)
        for _ in range(3):
            view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 40)
            started = time.perf_counter()
            view.viewport().repaint()
            timings.append(time.perf_counter() - started)
    assert max(timings) < 0.25, f"slowest repaint {max(timings):.3f} s"
    print(f"open {opened:.2f} s, repaints max {max(timings) * 1000:.0f} ms, "
          f"median {sorted(timings)[len(timings) // 2] * 1000:.0f} ms")
