"""Measure tool: drag to read a distance in metres and in 10 m squares; changes nothing."""

from __future__ import annotations

import math

from siegeboard.geometry import square_of
from siegeboard.geometry.squares import chebyshev
from siegeboard.ui.tools.base import Tool, ToolEvent, path_through


class MeasureTool(Tool):
    name = "measure"
    label = "Measure"
    shortcut = "M"
    status_tip = "Measure: drag between two points (Ctrl: off the grid)."

    def __init__(self, host):
        super().__init__(host)
        self._start = None
        self._preview = None
        self.last_text = ""

    def cancel(self) -> None:
        super().cancel()
        self._start = self._preview = None

    def mouse_pressed(self, event: ToolEvent) -> None:
        if event.left:
            self.clear_previews()
            self._start = event.point
            self._preview = self.preview(path_through([event.point, event.point], False), False)

    def mouse_moved(self, event: ToolEvent) -> None:
        if self._start is None or self._preview is None:
            return
        self._preview.setPath(path_through([self._start, event.point], False))
        origin = self.document.siege.grid_origin
        squares = chebyshev(square_of(self._start, origin), square_of(event.point, origin))
        self.last_text = (f"Distance {math.dist(self._start, event.point):.1f} m, "
                          f"{squares} square(s) apart")
        self.host.show_status(self.last_text)

    def mouse_released(self, event: ToolEvent) -> None:
        self.mouse_moved(event)
        self._start = None
