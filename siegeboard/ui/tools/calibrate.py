"""Calibrate tool: click two points on the plan a known distance apart, type the distance."""

from __future__ import annotations

import math

from siegeboard.ui.tools.base import Tool, ToolEvent, path_through


class CalibrateTool(Tool):
    name = "calibrate"
    label = "Calibrate"
    shortcut = "C"
    status_tip = "Calibrate: click two points a known distance apart on the plan."

    def __init__(self, host):
        super().__init__(host)
        self.first = None
        self._preview = None

    def activate(self) -> None:
        super().activate()
        if self.document.siege.map is None:
            self.host.show_status("Calibrate: import a map image first (Map > Import image).")

    def cancel(self) -> None:
        super().cancel()
        self.first = self._preview = None

    def mouse_pressed(self, event: ToolEvent) -> None:
        if not event.left:
            return
        if self.document.siege.map is None:
            self.host.warn("There is no map image to calibrate: import one first.")
            return
        if self.first is None:
            self.first = event.raw
            self._preview = self.preview(path_through([event.raw, event.raw], False), False)
            return
        first, second = self.first, event.raw
        self.cancel()
        self.calibrate(first, second)

    def mouse_moved(self, event: ToolEvent) -> None:
        if self.first is not None and self._preview is not None:
            self._preview.setPath(path_through([self.first, event.raw], False))

    def calibrate(self, first, second) -> None:
        placement = self.document.siege.map
        pixels = math.dist(first, second) * placement.pixels_per_metre
        if pixels <= 0:
            self.host.warn("Calibration needs two different points.")
            return
        metres = self.host.ask_number("Calibrate the map",
                                      f"These points are {pixels:.1f} image pixels apart.\n"
                                      "How many metres apart are they?", 10.0)
        if metres is None:
            return
        if not metres > 0:
            self.host.warn(f"Calibration: the distance must be more than 0 m, not {metres:g} m. "
                           "The map's scale is unchanged.")
            return
        self.document.calibrate_map(pixels / metres)
        self.host.show_status(f"Map scale: {pixels / metres * 2:.2f} pixels per 2 m.")
