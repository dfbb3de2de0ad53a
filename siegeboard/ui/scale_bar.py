"""The scale bar in the map's corner: a round length (1, 2 or 5 x 10^n m) and its label."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QWidget

TARGET_PX = 120


def nice_length(metres: float) -> float:
    """The largest 1, 2 or 5 x 10^n not above ``metres``."""
    exponent = math.floor(math.log10(metres))
    for factor in (5, 2, 1):
        if factor * 10 ** exponent <= metres:
            return factor * 10 ** exponent
    return 10 ** exponent


class ScaleBar(QWidget):
    """Sits over the bottom-left of its parent view; ``set_scale`` takes px per metre."""

    def __init__(self, view):
        super().__init__(view)
        self._view = view
        self.metres = 10.0
        self.bar_px = 80.0
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.resize(TARGET_PX + 90, 36)

    def set_scale(self, pixels_per_metre: float) -> None:
        if pixels_per_metre <= 0:
            return
        self.metres = nice_length(TARGET_PX / pixels_per_metre)
        self.bar_px = self.metres * pixels_per_metre
        self.resize(int(self.bar_px) + 24, 36)
        self.place()
        self.update()

    def label(self) -> str:
        return f"{self.metres:g} m" if self.metres < 1000 else f"{self.metres / 1000:g} km"

    def place(self) -> None:
        viewport = self._view.viewport().geometry()
        self.move(viewport.left() + 10, viewport.bottom() - self.height() - 10)
        self.raise_()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 215))
        painter.drawRoundedRect(QRectF(self.rect()), 4, 4)
        left, base = 10.0, self.height() - 9.0
        painter.setPen(QPen(QColor("#111111"), 2))
        right = left + self.bar_px
        painter.drawLine(QPointF(left, base), QPointF(right, base))
        for x, tick in ((left, 7), (right, 7), ((left + right) / 2, 4)):
            painter.drawLine(QPointF(x, base - tick), QPointF(x, base))
        font = QFont()
        font.setPointSizeF(8.5)
        painter.setFont(font)
        painter.drawText(QRectF(left, 2, self.width() - left, base - 8),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self.label())
