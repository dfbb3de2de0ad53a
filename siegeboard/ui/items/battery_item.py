"""A battery (gun position) on the map: a marker of fixed screen size with its name and weapon."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from siegeboard.model.weapon import Battery

MARKER_PIXELS = 9
BESIEGER = QColor("#000000")
DEFENDER = QColor("#009E73")  # Okabe-Ito bluish green: never a damage colour
CHOSEN = QColor("#ff00ff")


class BatteryItem(QGraphicsItem):
    """Draws one battery; ``battery_id`` links it to the document. Only data is drawn."""

    def __init__(self, battery: Battery, weapon_name: str):
        super().__init__()
        self.battery_id = battery.id
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(60)
        self._chosen = False
        self._font = QFont()
        self._font.setPointSizeF(8)
        self._font.setBold(True)
        self.show_battery(battery, weapon_name)

    def show_battery(self, battery: Battery, weapon_name: str) -> None:
        self.prepareGeometryChange()
        self.setPos(QPointF(*battery.position))
        self._text = f"{battery.name} ({weapon_name})"
        self._colour = DEFENDER if battery.side == "defender" else BESIEGER
        metrics = QFontMetrics(self._font)
        width = metrics.horizontalAdvance(self._text) + 8
        self._label = QRectF(MARKER_PIXELS + 3, -metrics.height() / 2, width, metrics.height())
        self._bounds = QRectF(-MARKER_PIXELS - 2, -MARKER_PIXELS - 2, 2 * MARKER_PIXELS + 4,
                              2 * MARKER_PIXELS + 4).united(self._label)
        self.setToolTip(self._text)
        self.update()

    def set_chosen(self, chosen: bool) -> None:
        """The battery the fire tool shoots from is ringed."""
        if chosen != self._chosen:
            self._chosen = chosen
            self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        size = MARKER_PIXELS
        painter.setPen(QPen(CHOSEN if self._chosen else QColor("white"), 3 if self._chosen else 2))
        painter.setBrush(QBrush(self._colour))
        painter.drawEllipse(QPointF(0, 0), size, size)
        painter.setPen(QPen(QColor("white"), 1.5))
        painter.drawLine(QPointF(-size + 2, 0), QPointF(size - 2, 0))
        painter.drawLine(QPointF(0, -size + 2), QPointF(0, size - 2))
        painter.setFont(self._font)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 215))
        painter.drawRoundedRect(self._label, 3, 3)
        painter.setPen(self._colour)
        painter.drawText(self._label, Qt.AlignmentFlag.AlignCenter, self._text)
