"""A battery (gun position) on the map: a marker of fixed screen size with its name and weapon,
drawn by ``report.renderer`` (the snapshot's painter too)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem

from siegeboard.model.weapon import Battery
from siegeboard.report import renderer
from siegeboard.report.renderer import SCREEN

MARKER_PIXELS = round(renderer.BATTERY_RADIUS)


class BatteryItem(QGraphicsItem):
    """Draws one battery; ``battery_id`` links it to the document. Only data is drawn."""

    def __init__(self, battery: Battery, weapon_name: str):
        super().__init__()
        self.battery_id = battery.id
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(60)
        self._chosen = False
        self.show_battery(battery, weapon_name)

    def show_battery(self, battery: Battery, weapon_name: str) -> None:
        self.prepareGeometryChange()
        self.setPos(QPointF(*battery.position))
        self._side = battery.side
        self._text = renderer.battery_text(battery.name, weapon_name)
        self._label = renderer.battery_label_beside(QPointF(0, 0), self._text, SCREEN)
        reach = MARKER_PIXELS + 3
        self._bounds = QRectF(-reach, -reach, 2 * reach, 2 * reach).united(self._label)
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
        renderer.paint_battery(painter, QPointF(0, 0), self._side, SCREEN, self._chosen)
        renderer.paint_battery_label(painter, self._label, self._text, self._side, SCREEN)
