"""Battery tool: click on open ground to place a gun position with the current weapon; drag a
battery to move it. A placed battery becomes the one the fire tool shoots from."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF

from siegeboard.ui.items.battery_item import MARKER_PIXELS
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.plain_words import plain_clause
from siegeboard.ui.tools.base import Tool, ToolEvent, ToolHost

DRAG_PIXELS = 3


class BatteryTool(Tool):
    name = "battery"
    label = QT_TR_NOOP("Battery")
    shortcut = "B"
    status_tip = (QT_TR_NOOP("Battery: click to place a gun position with the current weapon, or "
        "drag one "
                  "to move it (Ctrl: off the grid); then back to Select."))
    one_shot = True

    def __init__(self, host: ToolHost):
        super().__init__(host)
        self._dragging: str | None = None
        self._press: ToolEvent | None = None
        self._moved = False

    def cancel(self) -> None:
        super().cancel()
        if self._dragging is not None:
            battery = self.document.siege.batteries.get(self._dragging)
            item = self.scene.battery_items.get(self._dragging)
            if battery is not None and item is not None:
                item.setPos(QPointF(*battery.position))
        self._dragging, self._press, self._moved = None, None, False

    def mouse_pressed(self, event: ToolEvent) -> None:
        if not event.left:
            return
        reach = (MARKER_PIXELS + 2) / event.pixels_per_metre
        self._press, self._moved = event, False
        self._dragging = self.scene.battery_at(event.raw, reach)

    def mouse_moved(self, event: ToolEvent) -> None:
        if self._dragging is None or self._press is None or not event.left:
            return
        if not self._moved and math.dist(event.raw, self._press.raw) * event.pixels_per_metre \
                < DRAG_PIXELS:
            return
        self._moved = True
        self.scene.battery_items[self._dragging].setPos(QPointF(*event.point))

    def mouse_released(self, event: ToolEvent) -> None:
        press, dragging, moved = self._press, self._dragging, self._moved
        self._press, self._dragging, self._moved = None, None, False
        if press is None or not event.left:
            return
        if dragging is not None:
            if moved:
                self.document.move_battery(dragging, event.point)
            self.host.choose_battery(dragging)
            self.finish()
            return
        weapon_id = self.host.current_weapon_id()
        if weapon_id is None:
            self.host.warn(tr("Choose a weapon in the Weapons dock first: a battery needs one."))
            return
        try:
            battery = self.document.place_battery(event.point, weapon_id)
        except ValueError as error:
            self.host.warn(tr("Cannot place a battery here: {error}.").format(
                    error=plain_clause(error)))
            return
        self.host.choose_battery(battery.id)
        self.finish()
        self.host.show_status(tr("{name} placed at ({value:g}, "
                              "{value2:g}) m. Back to Select; press B for another "
                              "battery or to drag this one.").format(
                                      name=battery.name, value=event.point[0],
                                              value2=event.point[1]))
