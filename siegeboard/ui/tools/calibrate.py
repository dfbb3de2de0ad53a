"""Calibrate tool: click two points on the plan a known distance apart, type the distance.
Where the plan has a printed grid, the tool draws the grid it found over the plan and Enter
takes its cell size (which the GM may correct) and puts the grid origin on its lines."""

from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

from siegeboard.plan import pixel_to_map
from siegeboard.plan.grid import FoundGrid
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.tools.base import Point, Tool, ToolEvent, ToolHost, path_through
from siegeboard.ui.tools.plan_pixels import plan_pixels

FOUND_GRID_COLOUR = QColor("#e69f00")  # orange: the grid the program found, to accept or not


class CalibrateTool(Tool):
    name = "calibrate"
    label = QT_TR_NOOP("Calibrate")
    shortcut = "C"
    status_tip = QT_TR_NOOP("Calibrate: click two points a known distance apart on the plan.")
    one_shot = True

    def __init__(self, host: ToolHost):
        super().__init__(host)
        self.first: Point | None = None
        self._preview: QGraphicsPathItem | None = None
        self._grid_overlay: QGraphicsPathItem | None = None
        self._found: FoundGrid | None = None

    def activate(self) -> None:
        super().activate()
        if self.document.siege.map is None:
            self.host.show_status(tr("Calibrate: import a map image first (Map > Import image)."))
            return
        self.offer_found_grid()

    def cancel(self) -> None:
        super().cancel()
        self.first = self._preview = self._grid_overlay = self._found = None

    def offer_found_grid(self) -> None:
        """Look for a printed grid on the plan: draw it over the plan and say so, or say
        that there is none."""
        cache = plan_pixels(self.scene)
        pixels, found = cache.pixels(self.scene), cache.grid(self.scene)
        if pixels is None:
            return
        if found is None:
            self.host.show_status(tr("Calibrate: no printed grid found on the plan; click two "
                                  "points a known distance apart on it."))
            return
        self._found = found
        self._grid_overlay = self.preview(self._grid_path(found, pixels.shape[1],
                                                          pixels.shape[0]),
                                          closed=False, colour=FOUND_GRID_COLOUR)
        self.host.show_status(
            tr("Calibrate: the plan has a printed grid of {cell_px:.1f} px a cell (drawn "
               "in orange): press Enter to use it, or click two points a known distance "
               "apart.").format(cell_px=found.cell_px))

    def _grid_path(self, found, width: int, height: int) -> QPainterPath:
        placement = self.document.siege.map
        assert placement is not None  # a plan is being calibrated
        path = QPainterPath()
        cell, (ox, oy) = found.cell_px, found.offset_px
        for x in _lines(ox, cell, width):
            path.moveTo(*pixel_to_map(placement, (x, 0)))
            path.lineTo(*pixel_to_map(placement, (x, height)))
        for y in _lines(oy, cell, height):
            path.moveTo(*pixel_to_map(placement, (0, y)))
            path.lineTo(*pixel_to_map(placement, (width, y)))
        return path

    def key_pressed(self, key: int) -> bool:
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self._found is not None:
            self.use_found_grid()
            return True
        return super().key_pressed(key)

    def use_found_grid(self) -> None:
        """Calibrate to the found grid: the GM confirms or corrects the cell in pixels and
        says how many metres a cell is; the scale and the grid origin (on a crossing of the
        plan's lines) change together, one undo step."""
        found = self._found
        if found is None:  # no printed grid was found on the plan
            return
        cell = self.host.ask_number(
            tr("The plan's grid"), tr("The plan's printed grid has cells of {cell_px:.1f} "
            "pixels (drawn in orange). Correct the size if it is off:").format(
                    cell_px=found.cell_px), found.cell_px, 1)
        if cell is None:
            return
        if not cell > 0:
            self.host.warn(tr("A grid cell must be more than 0 pixels, not {cell:g}. The map's "
                           "scale is unchanged.").format(cell=cell))
            return
        metres = self.host.ask_number(tr(
            "Calibrate the map"), tr("How many metres is one cell?"), 2.0)
        if metres is None:
            return
        if not metres > 0:
            self.host.warn(tr("Calibration: a cell must be more than 0 m, not {metres:g} m. "
                           "The map's scale is unchanged.").format(metres=metres))
            return
        self.cancel()
        self.finish()
        stack = self.document.undo_stack
        stack.beginMacro(tr("Calibrate map to its grid of {cell:g} px a cell").format(cell=cell))
        self.document.calibrate_map(cell / metres)
        placement = self.document.siege.map
        assert placement is not None  # calibrated just now
        self.document.move_grid_origin(pixel_to_map(placement, found.offset_px))
        stack.endMacro()
        self.host.show_status(tr("Map scale: {value:.2f} pixels per 2 m, the grid "
                              "on the plan's lines.").format(value=cell / metres * 2))

    def mouse_pressed(self, event: ToolEvent) -> None:
        if not event.left:
            return
        if self.document.siege.map is None:
            self.host.warn(tr("There is no map image to calibrate: import one first."))
            return
        if self.first is None:
            self.first = event.raw
            self._preview = self.preview(path_through([event.raw, event.raw], False), False)
            return
        first, second = self.first, event.raw
        self.cancel()
        self.finish()
        self.calibrate(first, second)

    def mouse_moved(self, event: ToolEvent) -> None:
        if self.first is not None and self._preview is not None:
            self._preview.setPath(path_through([self.first, event.raw], False))

    def calibrate(self, first, second) -> None:
        placement = self.document.siege.map
        assert placement is not None  # the tool calibrates a plan
        pixels = math.dist(first, second) * placement.pixels_per_metre
        if pixels <= 0:
            self.host.warn(tr("Calibration needs two different points."))
            return
        metres = self.host.ask_number(tr("Calibrate the map"),
                                      tr("These points are {pixels:.1f} image pixels apart.\n"
                                      "How many metres apart are they?").format(
                                              pixels=pixels), 10.0)
        if metres is None:
            return
        if not metres > 0:
            self.host.warn(tr("Calibration: the distance must be more than 0 m, not {metres:g} m. "
                           "The map's scale is unchanged.").format(metres=metres))
            return
        self.document.calibrate_map(pixels / metres)
        self.host.show_status(tr("Map scale: {value:.2f} pixels per 2 m.").format(
                value=pixels / metres * 2))


def _lines(offset: float, cell: float, extent: int) -> list[float]:
    """The positions offset + k x cell within 0..extent."""
    first = offset - math.floor(offset / cell) * cell
    return [first + k * cell for k in range(int((extent - first) / cell) + 1)]
