"""Clipping for outputs whose writer drops it: Qt's SVG generator writes no clip path, so
whatever a painter clips (a pattern to its shape, a map to its frame) would spill out in
every SVG reader. On such a device the clipped geometry is computed here, with Qt's own
path operations, and drawn as it is; every other device clips as usual."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QColor, QPaintEngine, QPainter, QPainterPath, QPainterPathStroker


def device_clips(painter: QPainter) -> bool:
    """Whether ``painter``'s device honours ``setClipPath`` (an SVG generator does not)."""
    engine = painter.paintEngine()
    return engine is None or engine.type() != QPaintEngine.Type.SVG


def within_clip(painter: QPainter, path: QPainterPath) -> QPainterPath:
    """``path`` cut to the painter's clip (in its logical coordinates), when it has one."""
    if not painter.hasClipping():
        return path
    return path.intersected(painter.clipPath())


def fill_lines_within(painter: QPainter, lines: list[QLineF], width: float,
                      shape: QPainterPath, colour: QColor) -> None:
    """Lines ``width`` wide, flat-ended, as the part of them inside ``shape`` (and the
    painter's clip), filled: what ``setClipPath(shape)`` then ``drawLines`` would show."""
    strokes = QPainterPath()
    for line in lines:
        strokes.moveTo(line.p1())
        strokes.lineTo(line.p2())
    stroker = QPainterPathStroker()
    stroker.setWidth(width)
    stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
    _fill(painter, stroker.createStroke(strokes), shape, colour)


def fill_dots_within(painter: QPainter, dots: list[QPointF], diameter: float,
                     shape: QPainterPath, colour: QColor) -> None:
    """Round dots of ``diameter``, as the part of them inside ``shape`` (and the clip)."""
    area = QPainterPath()
    radius = diameter / 2
    for dot in dots:
        area.addEllipse(dot, radius, radius)
    _fill(painter, area, shape, colour)


def _fill(painter: QPainter, area: QPainterPath, shape: QPainterPath, colour: QColor) -> None:
    area.setFillRule(Qt.FillRule.WindingFill)
    inside = within_clip(painter, area.intersected(shape))
    if not inside.isEmpty():
        painter.fillPath(inside, colour)
