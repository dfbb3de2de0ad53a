"""Measure tool: like Calibrate, click one point and then another (or drag between them) to
read the distance in metres and in 10 m squares, written on the map beside the line and on
the status bar. The measurement stays on the map until the next click; it changes nothing."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem

from siegeboard.geometry import square_of
from siegeboard.geometry.squares import chebyshev
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.tools.base import Point, Tool, ToolEvent, ToolHost, path_through

DRAG_M = 0.5  # a press and release further apart than this is a drag: it measures at once


class MeasureTool(Tool):
    name = "measure"
    label = QT_TR_NOOP("Measure")
    shortcut = "M"
    status_tip = (QT_TR_NOOP("Measure (the ruler): click a point, then another (or drag between "
        "them); "
                  "the distance in metres and 10 m squares is written on the map (Ctrl: off "
                  "the grid)."))

    def __init__(self, host: ToolHost):
        super().__init__(host)
        self._start: Point | None = None
        self._end: Point | None = None
        self._fixed = False
        self._preview: QGraphicsPathItem | None = None
        self.label_item: QGraphicsSimpleTextItem | None = None
        self.last_text = ""

    def cancel(self) -> None:
        super().cancel()
        self._start = self._end = self._preview = None
        self._fixed = False
        if self.label_item is not None and self.label_item.scene() is not None:
            self.label_item.scene().removeItem(self.label_item)
        self.label_item = None

    def mouse_pressed(self, event: ToolEvent) -> None:
        if not event.left:
            return
        if self._start is not None and not self._fixed:
            self._finish(event.point)  # the second click
            return
        self.cancel()  # a new measurement replaces the last one
        self._start = event.point
        self._preview = self.preview(path_through([event.point, event.point], False), False)

    def mouse_moved(self, event: ToolEvent) -> None:
        if self._start is None or self._preview is None or self._fixed:
            return
        self._show(event.point)

    def mouse_released(self, event: ToolEvent) -> None:
        if self._start is not None and not self._fixed and \
                math.dist(self._start, event.point) > DRAG_M:
            self._finish(event.point)  # a drag measures at once

    def _finish(self, point) -> None:
        self._show(point)
        self._fixed = True

    def _show(self, point: Point) -> None:
        start, preview = self._start, self._preview
        if start is None or preview is None:  # no measurement begun
            return
        self._end = point
        preview.setPath(path_through([start, point], False))
        origin = self.document.siege.grid_origin
        squares = chebyshev(square_of(start, origin), square_of(point, origin))
        metres = math.dist(start, point)
        self.last_text = tr("Distance {metres:.1f} m, %n square(s) apart", "",
                            squares).format(metres=metres)
        self.host.show_status(self.last_text)
        self._place_label(f"{metres:.1f} m · {squares} sq", start, point)

    def _place_label(self, text: str, start: Point, point: Point) -> None:
        if self.label_item is None:
            item = QGraphicsSimpleTextItem()
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            font = QFont()
            font.setBold(True)
            font.setPointSizeF(10)
            item.setFont(font)
            item.setBrush(QBrush(QColor("#102a43")))
            item.setPen(QPen(QColor("white"), 0.6))  # an outline keeps it readable on a plan
            item.setZValue(101)
            self.scene.addItem(item)
            self.label_item = item
        self.label_item.setText(text)
        mid = QPointF((start[0] + point[0]) / 2, (start[1] + point[1]) / 2)
        self.label_item.setPos(mid)

    @property
    def measured(self) -> tuple | None:
        """The fixed measurement (start, end), or None while none is finished."""
        return (self._start, self._end) if self._fixed else None
