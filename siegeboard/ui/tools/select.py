"""Select tool: click to select (Shift adds or removes), drag to move (snapped moves keep the
grid unless Ctrl is held), drag a corner handle of a single selection to edit it, drag on
empty ground for a rubber band. With the map unlocked, dragging empty ground moves the map."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem
from shapely.geometry import box

from siegeboard.report import palette
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.plain_words import plain_clause
from siegeboard.ui.tools.base import Tool, ToolEvent, ToolHost, path_through, snap_to_grid

HANDLE_PIXELS = 7
DRAG_PIXELS = 3


class SelectTool(Tool):
    name = "select"
    label = QT_TR_NOOP("Select")
    shortcut = "S"
    status_tip = (QT_TR_NOOP("Select: click or drag a box; Shift adds; drag to move (Ctrl: off "
        "the grid); "
                  "drag a corner to reshape."))
    cursor = Qt.CursorShape.ArrowCursor

    def __init__(self, host: ToolHost):
        super().__init__(host)
        self._mode: str | None = None  # "move" | "vertex" | "band" | "map"
        self._press: ToolEvent | None = None
        self._press_pixels = 10.0
        self._moved = False
        self._vertex = -1
        self._ring: list[tuple[float, float]] = []
        self._band: QGraphicsRectItem | None = None
        self._handles: list[QGraphicsRectItem] = []
        self.host.document.selection_changed.connect(self._refresh_handles)
        self.host.document.changed.connect(lambda change: self._refresh_handles())
        self._active = False

    # -- life -------------------------------------------------------------------------------
    def activate(self) -> None:
        super().activate()
        self._active = True
        self._refresh_handles()

    def deactivate(self) -> None:
        super().deactivate()
        self._active = False
        self._refresh_handles()

    def cancel(self) -> None:
        super().cancel()
        for item in self.scene.structure_items.values():
            if item.pos() != QPointF(0, 0):
                item.setPos(0, 0)
        if self._band is not None:
            self.scene.removeItem(self._band)
            self._band = None
        self._mode = None

    # -- corner handles -----------------------------------------------------------------------
    def _refresh_handles(self, *args) -> None:
        for handle in self._handles:
            if handle.scene() is not None:
                handle.scene().removeItem(handle)
        self._handles = []
        selection = self.document.selection
        if not self._active or len(selection) != 1 or self._mode == "vertex":
            return
        footprint = self.document.structure(selection[0]).footprint
        pen = QPen(palette.SELECTED_OUTLINE, 1.5)
        pen.setCosmetic(True)
        for x, y in footprint:
            handle = QGraphicsRectItem(-HANDLE_PIXELS / 2, -HANDLE_PIXELS / 2,
                                       HANDLE_PIXELS, HANDLE_PIXELS)
            handle.setPen(pen)
            handle.setBrush(QBrush(QColor("white")))
            handle.setFlag(QGraphicsRectItem.GraphicsItemFlag.ItemIgnoresTransformations)
            handle.setPos(x, y)
            handle.setZValue(200)
            self.scene.addItem(handle)
            self._handles.append(handle)

    def _vertex_at(self, event: ToolEvent) -> int:
        selection = self.document.selection
        if len(selection) != 1:
            return -1
        reach = HANDLE_PIXELS / event.pixels_per_metre
        for number, corner in enumerate(self.document.structure(selection[0]).footprint):
            if math.dist(corner, event.raw) <= reach:
                return number
        return -1

    # -- mouse --------------------------------------------------------------------------------
    def mouse_pressed(self, event: ToolEvent) -> None:
        if not event.left:
            return
        self._press, self._moved = event, False
        additive = bool(event.modifiers & Qt.KeyboardModifier.ShiftModifier)
        vertex = -1 if additive else self._vertex_at(event)
        if vertex >= 0:
            self._mode, self._vertex = "vertex", vertex
            self._ring = list(self.document.structure(self.document.selection[0]).footprint)
            return
        hit = self.scene.structure_at(event.raw)
        if hit is not None:
            selection = list(self.document.selection)
            if additive:
                selection = ([k for k in selection if k != hit] if hit in selection
                             else selection + [hit])
                self.document.select(selection)
                self._mode = None
                return
            if hit not in selection:
                self.document.select([hit])
            self._mode = "move"
            return
        placement = self.document.siege.map
        if (not additive and placement is not None and not placement.locked
                and self.scene.map_item is not None
                and self.scene.map_item.sceneBoundingRect().contains(QPointF(*event.raw))):
            self._mode = "map"
            return
        if not additive:
            self.document.select([])
        self._mode = "band"
        self._band = QGraphicsRectItem()
        pen = QPen(palette.SELECTED_OUTLINE, 1, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self._band.setPen(pen)
        self._band.setBrush(QColor(255, 0, 255, 30))
        self._band.setZValue(200)
        self.scene.addItem(self._band)

    def _delta(self, event: ToolEvent) -> tuple[float, float]:
        press = self._press
        if press is None:  # no drag under way
            return 0.0, 0.0
        dx, dy = event.raw[0] - press.raw[0], event.raw[1] - press.raw[1]
        if event.free or self._mode == "map":
            return dx, dy
        return snap_to_grid((dx, dy))

    def mouse_moved(self, event: ToolEvent) -> None:
        if self._mode is None or self._press is None or not event.left:
            return
        if not self._moved and math.dist(event.raw, self._press.raw) * event.pixels_per_metre \
                < DRAG_PIXELS:
            return
        self._moved = True
        if self._mode == "move":
            dx, dy = self._delta(event)
            for key in self.document.selection:
                self.scene.structure_items[key].setPos(dx, dy)
        elif self._mode == "map" and self.scene.map_item is not None:
            dx, dy = self._delta(event)
            self.scene.map_item.setPos(dx, dy)
        elif self._mode == "vertex":
            ring = list(self._ring)
            ring[self._vertex] = event.point
            self.clear_previews()
            self.preview(path_through(ring, True), True)
        elif self._mode == "band" and self._band is not None:
            self._band.setRect(QRectF(QPointF(*self._press.raw), QPointF(*event.raw)).normalized())

    def mouse_released(self, event: ToolEvent) -> None:
        mode, press = self._mode, self._press
        self._mode, self._press = None, None
        if mode is None or press is None:
            return
        moved = self._moved
        if mode == "move":
            dx, dy = self._delta_from(press, event)
            for key in self.document.selection:
                self.scene.structure_items[key].setPos(0, 0)
            if moved:
                self.document.move_structures(self.document.selection, dx, dy)
        elif mode == "map" and self.scene.map_item is not None:
            self.scene.map_item.setPos(0, 0)
            placement = self.document.siege.map
            if moved and placement is not None:
                dx, dy = event.raw[0] - press.raw[0], event.raw[1] - press.raw[1]
                ox, oy = placement.offset
                self.document.place_map(offset=(ox + dx, oy + dy))
        elif mode == "vertex":
            self.clear_previews()
            if moved:
                ring = list(self._ring)
                ring[self._vertex] = event.point
                try:
                    self.document.edit_vertices(self.document.selection[0], ring)
                except ValueError as error:
                    self.host.warn(tr("Cannot move this corner: {error}. "
                                   "The structure is unchanged.").format(error=plain_clause(error)))
            self._refresh_handles()
        elif mode == "band":
            rect = self._band.rect() if self._band is not None else QRectF()
            if self._band is not None:
                self.scene.removeItem(self._band)
                self._band = None
            if moved and rect.width() > 0 and rect.height() > 0 and self.document.siege.structures:
                found = self.document.index.intersecting(
                    box(rect.left(), rect.top(), rect.right(), rect.bottom()))
                additive = bool(press.modifiers & Qt.KeyboardModifier.ShiftModifier)
                chosen = list(self.document.selection) + found if additive else found
                self.document.select(chosen)

    def _delta_from(self, press: ToolEvent, event: ToolEvent) -> tuple[float, float]:
        self._press = press
        try:
            return self._delta(event)
        finally:
            self._press = None
