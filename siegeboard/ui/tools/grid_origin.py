"""Grid origin tool: click a corner of one of the plan's own squares; the grid moves there."""

from __future__ import annotations

from siegeboard.ui.tools.base import Tool, ToolEvent


class GridOriginTool(Tool):
    name = "grid_origin"
    label = "Grid origin"
    shortcut = "G"
    status_tip = "Grid origin: click a corner of one of the plan's squares; it becomes A1's corner."

    def mouse_pressed(self, event: ToolEvent) -> None:
        if event.left:
            x, y = event.raw
            self.document.move_grid_origin((round(x, 3), round(y, 3)))
