"""Rectangle tool: press at one corner, drag, release at the other; snapped to the grid."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsPathItem

from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.plain_words import plain_clause
from siegeboard.ui.tools.base import Point, ToolEvent, ToolHost, path_through
from siegeboard.ui.tools.drawing import DrawingTool


def rectangle_ring(a, b) -> list[tuple[float, float]]:
    (x0, y0), (x1, y1) = a, b
    left, right, top, bottom = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    return [(left, top), (right, top), (right, bottom), (left, bottom)]


class RectangleTool(DrawingTool):
    name = "rectangle"
    label = QT_TR_NOOP("Rectangle")
    shortcut = "R"
    status_tip = QT_TR_NOOP("Rectangle: drag from corner to corner (hold Ctrl to leave the grid).")

    def __init__(self, host: ToolHost):
        super().__init__(host)
        self._start: Point | None = None
        self._preview: QGraphicsPathItem | None = None

    def cancel(self) -> None:
        super().cancel()
        self._start = self._preview = None

    def mouse_pressed(self, event: ToolEvent) -> None:
        if event.left:
            self._start = event.point
            ring = rectangle_ring(self._start, self._start)
            self._preview = self.preview(path_through(ring, True))

    def mouse_moved(self, event: ToolEvent) -> None:
        if self._start is not None and self._preview is not None:
            self._preview.setPath(path_through(rectangle_ring(self._start, event.point), True))

    def mouse_released(self, event: ToolEvent) -> None:
        if self._start is None or not event.left:
            return
        start, end = self._start, event.point
        self.cancel()
        if start[0] == end[0] or start[1] == end[1]:
            self.host.show_status(tr("Rectangle: drag to give it a width and a depth."))
            return
        try:
            self.document.draw_structure(self.kind, rectangle_ring(start, end))
        except ValueError as error:
            self.host.warn(tr("Cannot draw this rectangle: {error}.").format(
                    error=plain_clause(error)))
