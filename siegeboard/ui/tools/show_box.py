"""Show-them tool: drag a box on the map; the players' screen shows that box and keeps it
("show them this"). Changes nothing in the siege; the players never see the box itself
(it is a preview in the GM's scene)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsPathItem

from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.tools.base import Point, Tool, ToolEvent, ToolHost, path_through


class ShowBoxTool(Tool):
    name = "show_box"
    label = QT_TR_NOOP("Show the Players a Box")
    shortcut = "Alt+P"
    status_tip = QT_TR_NOOP("Show the players: drag a box; their screen shows it (View > "
        "Players' Screen).")

    def __init__(self, host: ToolHost, show: Callable[[QRectF], bool]):
        """``show(rect)`` shows ``rect`` (metres) on the players' screen; False when it is
        not open."""
        super().__init__(host)
        self.show = show
        self._start: Point | None = None
        self._preview: QGraphicsPathItem | None = None

    def cancel(self) -> None:
        super().cancel()
        self._start = self._preview = None

    @staticmethod
    def _corners(start: Point, end: Point) -> list[Point]:
        (x0, y0), (x1, y1) = start, end
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]

    def mouse_pressed(self, event: ToolEvent) -> None:
        if event.left:
            self.clear_previews()
            self._start = event.point
            self._preview = self.preview(path_through(self._corners(event.point, event.point),
                                                      True))

    def mouse_moved(self, event: ToolEvent) -> None:
        if self._start is not None and self._preview is not None:
            self._preview.setPath(path_through(self._corners(self._start, event.point), True))

    def mouse_released(self, event: ToolEvent) -> None:
        if self._start is None:
            return
        (x0, y0), (x1, y1) = self._start, event.point
        self.cancel()
        rect = QRectF(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        if rect.width() < 1 or rect.height() < 1:
            self.host.show_status(tr("Drag a box to show the players."))
        elif not self.show(rect):
            self.host.show_status(tr("Open the players' screen first (View > Players' Screen)."))
