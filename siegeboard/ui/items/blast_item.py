"""The fire tool's hover preview: the 10 m squares a blast would touch, each with its value.

The squares and values are handed in (worked out by the rules core); this item only draws.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

BLAST = QColor("#CC79A7")  # reddish purple: a preview, distinct from every state colour
TEXT_MIN_PIXELS = 18


class BlastItem(QGraphicsItem):
    def __init__(self):
        super().__init__()
        self.setZValue(90)
        self._cells: list[tuple[QRectF, int]] = []
        self._strongest = 1
        self._bounds = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def show_cells(self, cells: list[tuple[QRectF, int]]) -> None:
        """``cells``: (square rectangle in metres, concussion value) pairs; [] hides it."""
        self.prepareGeometryChange()
        self._cells = cells
        self._strongest = max((value for _, value in cells), default=1) or 1
        bounds = QRectF()
        for rect, _ in cells:
            bounds = bounds.united(rect)
        self._bounds = bounds
        self.setVisible(bool(cells))
        self.update()

    @property
    def cells(self) -> list[tuple[QRectF, int]]:
        return self._cells

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        pen = QPen(BLAST.darker(140), 1)
        pen.setCosmetic(True)
        painter.setPen(pen)
        for rect, value in self._cells:
            fill = QColor(BLAST)
            fill.setAlpha(12 + int(70 * value / self._strongest))
            painter.setBrush(fill)
            painter.drawRect(rect)
        transform = painter.worldTransform()
        if not self._cells or transform.mapRect(self._cells[0][0]).width() < TEXT_MIN_PIXELS:
            return
        painter.save()
        painter.resetTransform()
        font = QFont()
        font.setPointSizeF(8)
        font.setBold(True)
        painter.setFont(font)
        metrics = painter.fontMetrics()
        for rect, value in self._cells:
            # In the square's lower right corner (the structures' own labels stay readable),
            # as a loss ("−12") on a pill of the blast's colour: never read as a square's
            # label or a row number.
            text = blast_text(value)
            area = transform.mapRect(rect).adjusted(2, 2, -3, -2)
            width, height = metrics.horizontalAdvance(text) + 6, metrics.height()
            pill = QRectF(area.right() - width, area.bottom() - height, width, height)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 215))
            painter.drawRoundedRect(pill, height / 2, height / 2)
            painter.setPen(BLAST.darker(250))
            painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


def blast_text(value: int) -> str:
    """A square's concussion as the preview writes it: a loss, "−12" (a minus sign)."""
    return f"\u2212{value}"
