"""The scale bar in the map's corner: a round length (1, 2 or 5 x 10^n m), drawn by
``report.renderer`` as the snapshot draws it, on a pale plate over the map."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from siegeboard.report import renderer
from siegeboard.report.renderer import SCREEN, length_label, nice_length  # noqa: F401 (API)

TARGET_PX = 120
MARGIN_PX = 10
PLATE = QColor(255, 255, 255, 215)


class ScaleBar(QWidget):
    """Sits over the bottom-left of its parent view; ``set_scale`` takes px per metre."""

    def __init__(self, view):
        super().__init__(view)
        self._view = view
        self.metres = 10.0
        self.bar_px = 80.0
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._resize()

    def set_scale(self, pixels_per_metre: float) -> None:
        if pixels_per_metre <= 0:
            return
        self.metres = nice_length(TARGET_PX / pixels_per_metre)
        self.bar_px = self.metres * pixels_per_metre
        self._resize()
        self.place()
        self.update()

    def _resize(self) -> None:
        # Room for the length's words, which stand centred under the bar's right end.
        overhang = renderer.metrics(renderer.SCALE_FONT).horizontalAdvance(self.label()) / 2
        self.resize(int(self.bar_px + 2 * MARGIN_PX + overhang),
                    int(renderer.scale_bar_height(SCREEN) + 2 * MARGIN_PX - 4))

    def label(self) -> str:
        return length_label(self.metres)

    def place(self) -> None:
        viewport = self._view.viewport().geometry()
        self.move(viewport.left() + 10, viewport.bottom() - self.height() - 10)
        self.raise_()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(PLATE)
        painter.drawRoundedRect(QRectF(self.rect()), 4, 4)
        renderer.paint_scale_bar(painter, QPointF(MARGIN_PX, MARGIN_PX - 2), self.metres,
                                 self.bar_px, SCREEN)
        painter.end()
