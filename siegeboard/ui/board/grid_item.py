"""The 2 m grid and the 10 m squares with their labels (A1, B1...), drawn over the plan.

Lines are drawn only inside the exposed area (or the painter's clip, when rendered through
``QGraphicsScene.render``) and only when they are far enough apart on screen to be useful, so
the grid costs nothing extra on a large map zoomed out; ``grid_lines`` draws them fast. In a
view it is drawn into the board (``board.py``), kept as device pixels and moved on a pan.
"""

from __future__ import annotations

import functools
import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QPainter, QPen, QStaticText, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from siegeboard.geometry import GRID_M, SQUARE_M, anchor_square, square_label, squares
from siegeboard.report import palette
from siegeboard.ui.board.board import BoardMember
from siegeboard.ui.board.grid_lines import UPRIGHT_TYPES, draw_grid_lines

option_lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform

MIN_LINE_GAP_PX = 6     # fine lines closer than this on screen are skipped
LABEL_EVERY_PX = 60     # every square is labelled only when a square is this big on screen


def label_stride(square_px: float) -> int:
    """Label every n-th column and row for squares ``square_px`` wide on screen
    (``geometry.squares.label_stride``), labels about ``LABEL_EVERY_PX`` apart."""
    return squares.label_stride(square_px, LABEL_EVERY_PX)


class GridItem(BoardMember, QGraphicsItem):
    """Grid over ``extent`` (scene metres) from ``origin``; each layer can be hidden."""

    def __init__(self):
        super().__init__()
        self.setZValue(5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self._extent = QRectF(-50, -50, 200, 200)
        self._origin = (0.0, 0.0)
        self._a1 = (0, 0)  # the square labelled A1 (R0b)
        self.show_fine = True
        self.show_squares = True
        self.show_labels = True

    def update(self, *rect) -> None:  # noqa: D102 (Qt's): what it drew is stale too
        self.clear_board()
        super().update(*rect)

    def set_extent(self, extent: QRectF) -> None:
        if extent != self._extent:
            self.prepareGeometryChange()
            self.clear_board()
            self._extent = QRectF(extent)

    def set_origin(self, origin: tuple[float, float],
                   anchor: tuple[float, float] | None = None) -> None:
        """The grid's lines start at ``origin``; the labels count from ``anchor`` (R0b)."""
        self._origin = (float(origin[0]), float(origin[1]))
        self._a1 = anchor_square(self._origin, anchor)
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

    def draw_board(self, painter: QPainter, transform, area: QRectF) -> None:
        """The lines and labels over ``area`` (scene metres), ``painter`` holding
        ``transform``."""
        area = area.intersected(self._extent)
        if area.isEmpty():
            return
        lod = option_lod(transform)
        # Clipped (a pan's strip, a repaint of a few squares), the lines are drawn over the
        # grid's whole extent: their ends, where caps are drawn apart, then lie outside the
        # clip unless they are the grid's own (grid_lines skips them). Unclipped, only over
        # ``area`` (a line's strip image is as long as what it is drawn over).
        span = self._extent if painter.hasClipping() else area
        if self.show_fine and GRID_M * lod >= MIN_LINE_GAP_PX:
            pen = QPen(palette.GRID_FINE, 0)
            painter.setPen(pen)
            xs, ys, _columns, _rows = self._lines(area, GRID_M)
            draw_grid_lines(painter, span, xs, ys)
        if not self.show_squares:
            return
        xs, ys, columns, rows = self._lines(area, SQUARE_M)
        if SQUARE_M * lod >= 2:  # closer than that, the lines would be a grey wash
            pen = QPen(palette.GRID_SQUARE,
                       1.4 if SQUARE_M * lod >= MIN_LINE_GAP_PX * 3 else 0.7)
            pen.setCosmetic(True)
            painter.setPen(pen)
            draw_grid_lines(painter, span, xs, ys)
        if self.show_labels:
            self._draw_labels(painter, columns, rows, label_stride(SQUARE_M * lod))

    def _lines(self, area: QRectF, step: float) -> tuple[list[float], list[float], range, range]:
        """The x of the vertical lines and the y of the horizontal ones at multiples of
        ``step`` from the origin inside ``area`` (and the columns and rows of the cells whose
        top-left corner lies inside the grid's extent)."""
        ox, oy = self._origin
        first_col = math.ceil((area.left() - ox) / step)
        last_col = math.floor((area.right() - ox) / step)
        first_row = math.ceil((area.top() - oy) / step)
        last_row = math.floor((area.bottom() - oy) / step)
        xs = [ox + c * step for c in range(first_col, last_col + 1)]
        ys = [oy + r * step for r in range(first_row, last_row + 1)]
        # A cell is labelled at its top-left corner, which must lie on the drawn grid; a cell
        # whose corner is just outside ``area`` is kept (its label may reach into the area).
        extent = self._extent
        columns = range(max(math.floor((area.left() - ox) / step),
                            math.ceil((extent.left() - ox) / step - 1e-9)),
                        min(last_col + 1, math.ceil((extent.right() - ox) / step - 1e-9)))
        rows = range(max(math.floor((area.top() - oy) / step),
                         math.ceil((extent.top() - oy) / step - 1e-9)),
                     min(last_row + 1, math.ceil((extent.bottom() - oy) / step - 1e-9)))
        return xs, ys, columns, rows

    def _draw_labels(self, painter: QPainter, columns: range, rows: range,
                     stride: int = 1) -> None:
        transform = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        painter.setFont(label_font())
        painter.setPen(palette.GRID_LABEL)
        ox, oy = self._origin
        a1 = self._a1
        # Every ``stride``-th square counted from A1, so the labelled ones stay put while panning.
        shown_columns = [c for c in columns if (c - a1[0]) % stride == 0]
        shown_rows = [r for r in rows if (r - a1[1]) % stride == 0]
        if transform.type() in UPRIGHT_TYPES:
            # Scaled and moved only: a corner's x is its column's, its y its row's, so each is
            # mapped once, not once a label (hundreds a zoom step), to the same pixels.
            xs = [transform.map(QPointF(ox + c * SQUARE_M, oy)).x() + 3 for c in shown_columns]
            ys = [transform.map(QPointF(ox, oy + r * SQUARE_M)).y() + 2 for r in shown_rows]
            draw = painter.drawStaticText
            for column, x in zip(shown_columns, xs, strict=True):
                for row, y in zip(shown_rows, ys, strict=True):
                    # The pixels of drawText at the top left of a box the label fits in.
                    draw(QPointF(x, y), label_text(square_label((column - a1[0], row - a1[1]))))
        else:
            for column in shown_columns:
                for row in shown_rows:
                    corner = transform.map(QPointF(ox + column * SQUARE_M, oy + row * SQUARE_M))
                    painter.drawStaticText(QPointF(corner.x() + 3, corner.y() + 2), label_text(
                        square_label((column - a1[0], row - a1[1]))))
        painter.restore()


@functools.lru_cache(maxsize=1)
def label_font() -> QFont:
    font = QFont()
    font.setPointSizeF(7.5)
    font.setBold(True)
    return font


@functools.lru_cache(maxsize=8192)
def label_text(label: str) -> QStaticText:
    """A square's label laid out once (hundreds are drawn on each zoom step)."""
    text = QStaticText(label)
    text.setTextFormat(Qt.TextFormat.PlainText)
    text.prepare(QTransform(), label_font())
    return text
