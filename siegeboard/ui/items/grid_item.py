"""The 2 m grid and the 10 m squares with their labels (A1, B1...), drawn over the plan.

Lines are drawn only inside the exposed area and only when they are far enough apart on
screen to be useful, so the grid costs nothing extra on a large map zoomed out.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from siegeboard.geometry import GRID_M, SQUARE_M, square_label
from siegeboard.report import palette

MIN_LINE_GAP_PX = 6     # fine lines closer than this on screen are skipped
MIN_LABEL_GAP_PX = 36   # square labels need this much room


class GridItem(QGraphicsItem):
    """Grid over ``extent`` (scene metres) from ``origin``; each layer can be hidden."""

    def __init__(self):
        super().__init__()
        self.setZValue(5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self._extent = QRectF(-50, -50, 200, 200)
        self._origin = (0.0, 0.0)
        self.show_fine = True
        self.show_squares = True
        self.show_labels = True

    def set_extent(self, extent: QRectF) -> None:
        if extent != self._extent:
            self.prepareGeometryChange()
            self._extent = QRectF(extent)

    def set_origin(self, origin: tuple[float, float]) -> None:
        self._origin = (float(origin[0]), float(origin[1]))
        self.update()

    def set_layers(self, *, fine: bool | None = None, squares: bool | None = None,
                   labels: bool | None = None) -> None:
        if fine is not None:
            self.show_fine = fine
        if squares is not None:
            self.show_squares = squares
        if labels is not None:
            self.show_labels = labels
        self.update()

    def boundingRect(self) -> QRectF:
        return self._extent

    def _lines(self, area: QRectF, step: float) -> tuple[list[QLineF], range, range]:
        ox, oy = self._origin
        first_col = math.floor((area.left() - ox) / step)
        last_col = math.ceil((area.right() - ox) / step)
        first_row = math.floor((area.top() - oy) / step)
        last_row = math.ceil((area.bottom() - oy) / step)
        lines = [QLineF(ox + c * step, area.top(), ox + c * step, area.bottom())
                 for c in range(first_col, last_col + 1)]
        lines += [QLineF(area.left(), oy + r * step, area.right(), oy + r * step)
                  for r in range(first_row, last_row + 1)]
        return lines, range(first_col, last_col), range(first_row, last_row)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        area = option.exposedRect.intersected(self._extent)
        if area.isEmpty():
            return
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if self.show_fine and GRID_M * lod >= MIN_LINE_GAP_PX:
            pen = QPen(palette.GRID_FINE, 0)
            painter.setPen(pen)
            painter.drawLines(self._lines(area, GRID_M)[0])
        if not self.show_squares or SQUARE_M * lod < 2:
            return
        pen = QPen(palette.GRID_SQUARE, 1.4 if SQUARE_M * lod >= MIN_LINE_GAP_PX * 3 else 0.7)
        pen.setCosmetic(True)
        painter.setPen(pen)
        lines, columns, rows = self._lines(area, SQUARE_M)
        painter.drawLines(lines)
        if self.show_labels and SQUARE_M * lod >= MIN_LABEL_GAP_PX:
            self._draw_labels(painter, columns, rows)

    def _draw_labels(self, painter: QPainter, columns: range, rows: range) -> None:
        transform = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        font = QFont()
        font.setPointSizeF(7.5)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(palette.GRID_LABEL)
        ox, oy = self._origin
        for column in columns:
            for row in rows:
                corner = transform.map(QPointF(ox + column * SQUARE_M, oy + row * SQUARE_M))
                painter.drawText(QRectF(corner.x() + 3, corner.y() + 2, 60, 14),
                                 Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                                 square_label((column, row)))
        painter.restore()
