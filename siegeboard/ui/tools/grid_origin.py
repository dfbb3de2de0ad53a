"""Grid origin tool: click a corner of one of the plan's own squares; the grid's lines move
to pass through it. The squares keep their names (RULINGS R0b: labels count from the label
anchor, not from the origin), and the tool hands back to Select after its click."""

from __future__ import annotations

from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.tools.base import Tool, ToolEvent


class GridOriginTool(Tool):
    name = "grid_origin"
    label = QT_TR_NOOP("Grid origin")
    shortcut = "G"
    status_tip = (QT_TR_NOOP("Grid origin: click a corner of one of the plan's squares; the "
        "grid's lines "
                  "move to pass through it. The squares keep their names (A1 stays the square "
                  "at the plan's north-west corner)."))
    one_shot = True

    def mouse_pressed(self, event: ToolEvent) -> None:
        if event.left:
            x, y = event.raw
            self.document.move_grid_origin((round(x, 3), round(y, 3)))
            self.finish()
            self.host.show_status(tr("The grid's lines now pass through ({x:.1f}, {y:.1f}) m; "
                                  "the squares kept their names. Back to Select.").format(x=x, y=y))
