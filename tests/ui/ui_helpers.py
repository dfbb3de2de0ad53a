"""Helpers for the window tests: real mouse events on the view, plan images, small sieges."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QApplication

from siegeboard.model.siege import Siege
from siegeboard.persist import SiegeFile, write_siege
from siegeboard.rules.build import new_structure


# -- driving the view with real mouse events ---------------------------------------------------
def view_point(window, point) -> QPoint:
    return window.view.mapFromScene(QPointF(*point))


def click(qtbot, window, point, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, modifier,
                     view_point(window, point))


def move(window, pos: QPoint, buttons=Qt.MouseButton.LeftButton,
         modifier=Qt.KeyboardModifier.NoModifier):
    """A mouse-move event with buttons held, sent to the viewport.

    QTest.mouseMove goes through the cursor position, which the offscreen platform offsets;
    a QMouseEvent sent straight to the viewport is what a real drag delivers.
    """
    viewport = window.view.viewport()
    local = QPointF(pos)
    event = QMouseEvent(QEvent.Type.MouseMove, local, QPointF(viewport.mapToGlobal(pos)),
                        Qt.MouseButton.NoButton, buttons, modifier)
    QApplication.sendEvent(viewport, event)


def drag(qtbot, window, start, end, modifier=Qt.KeyboardModifier.NoModifier, steps=4,
         button=Qt.MouseButton.LeftButton):
    viewport = window.view.viewport()
    a, b = view_point(window, start), view_point(window, end)
    qtbot.mousePress(viewport, button, modifier, a)
    for step in range(1, steps + 1):
        move(window, a + (b - a) * step / steps, button, modifier)
    qtbot.mouseRelease(viewport, button, modifier, b)


def show_area(window, left, top, right, bottom):
    """Zoom the view so the given metres fill it (tests click at known places)."""
    from PySide6.QtCore import QRectF

    window.view.fitInView(QRectF(left, top, right - left, bottom - top),
                          Qt.AspectRatioMode.KeepAspectRatio)


# -- files --------------------------------------------------------------------------------------
def plan_image(path: Path, width=600, height=400, square_px=50) -> Path:
    """A plan with dark lines every ``square_px`` pixels (its own squares)."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#f3ead2"))
    painter = QPainter(image)
    painter.setPen(QPen(QColor("#6b5a3a"), 1))
    for x in range(0, width, square_px):
        painter.drawLine(x, 0, x, height)
    for y in range(0, height, square_px):
        painter.drawLine(0, y, width, y)
    painter.setPen(QPen(QColor("#3a2a10"), 6))
    painter.drawRect(100, 100, 300, 200)
    painter.end()
    assert image.save(str(path))
    return path


def small_siege(path: Path, ruleset: str = "harris") -> Path:
    """A siege with a townhouse and a three-section curtain wall, written with persist."""
    house = new_structure(ruleset, "townhouse" if ruleset == "harris" else "brick_house", "h1",
                          [(0, 0), (10, 0), (10, 8), (0, 8)], name="Mill")
    wall_kind = "curtain_wall" if ruleset == "harris" else "stone_curtain_wall"
    walls = [new_structure(ruleset, wall_kind, f"w{i}",
                           [(20 + 10 * i, 0), (30 + 10 * i, 0), (30 + 10 * i, 2), (20 + 10 * i, 2)],
                           name=f"North wall {i}") for i in range(3)]
    siege = Siege(name="Test siege", ruleset=ruleset,
                  structures={s.id: s for s in [house, *walls]})
    write_siege(path, SiegeFile(siege=siege))
    return path
