"""Polygon tool: click corners; double-click, Enter or a click on the first corner closes it.

Backspace takes back the last corner, Escape drops the drawing. A self-crossing outline is
refused with a message and kept on screen, so the GM can take corners back and fix it.

With Alt held at the first corner, and one building selected, the outline is a courtyard
cut out of that building instead (one undo step; Edit > Fill In Courtyard removes one).
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsPathItem

from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.plain_words import plain_clause
from siegeboard.ui.tools.base import Point, ToolEvent, ToolHost, path_through
from siegeboard.ui.tools.drawing import DrawingTool

CLOSE_PIXELS = 8


class PolygonTool(DrawingTool):
    name = "polygon"
    label = QT_TR_NOOP("Polygon")
    shortcut = "P"
    status_tip = (QT_TR_NOOP("Polygon: click the corners; double-click or Enter to finish, "
        "Backspace takes "
                  "back a corner, Esc cancels (Ctrl: off the grid; Alt at the first corner: "
                  "cut a courtyard in the selected building)."))
    closed = True

    def __init__(self, host: ToolHost):
        super().__init__(host)
        self.points: list[tuple[float, float]] = []
        self._cutting: str | None = None  # the building a courtyard is being cut in
        self._preview: QGraphicsPathItem | None = None
        self._pointer: Point | None = None

    def cancel(self) -> None:
        super().cancel()
        self.points = []
        self._cutting = None
        self._preview = None
        self._pointer = None

    def _redraw(self) -> None:
        shown = self.points + ([self._pointer] if self._pointer else [])
        if self._preview is None:
            self._preview = self.preview(path_through(shown, self.closed), self.closed)
        else:
            self._preview.setPath(path_through(shown, self.closed))

    def mouse_pressed(self, event: ToolEvent) -> None:
        if not event.left:
            return
        point = event.point
        if len(self.points) >= 3 and self.closed and math.dist(point, self.points[0]) \
                * event.pixels_per_metre <= CLOSE_PIXELS:
            self.finish()
            return
        if not self.points:
            selection = self.document.selection
            alt = bool(event.modifiers & Qt.KeyboardModifier.AltModifier)
            self._cutting = selection[0] if alt and len(selection) == 1 else None
            if alt and self._cutting is None:
                self.host.show_status(tr("Polygon: select one building first to cut a courtyard "
                                      "in it."))
        if not self.points or point != self.points[-1]:
            self.points.append(point)
        self._redraw()

    def mouse_moved(self, event: ToolEvent) -> None:
        if self.points:
            self._pointer = event.point
            self._redraw()

    def mouse_double_clicked(self, event: ToolEvent) -> None:
        # Qt turns the second press of a double-click into this event: its point may be new.
        if event.left and (not self.points or event.point != self.points[-1]):
            self.points.append(event.point)
        self.finish()

    def key_pressed(self, key: int) -> bool:
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
            return True
        if key == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self._redraw()
            return True
        return super().key_pressed(key)

    def finish(self) -> None:
        if len(self.points) < 3:
            self.host.show_status(tr("Polygon: it needs at least three corners."))
            return
        try:
            if self._cutting is not None and self._cutting in self.document.siege.structures:
                self.document.cut_hole(self._cutting, list(self.points))
            else:
                self.document.draw_structure(self.kind, list(self.points))
        except ValueError as error:
            self.host.warn(tr("Cannot draw this polygon: {error}. Take corners back "
                           "with Backspace or press Esc to start again.").format(
                                   error=plain_clause(error)))
            return
        self.cancel()
