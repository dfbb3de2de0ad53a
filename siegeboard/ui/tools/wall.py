"""Wall tool: click along the wall's centre line; finishing cuts it into sections of the
ruleset's default length (H12: 10 m, A1: 4 m), each its own structure, sharing one wall's
DP (``rules.walls.draw_wall``)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from siegeboard.rules.walls import draw_wall, section_count, unused_wall_id
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.number_fields import StrictDoubleSpinBox
from siegeboard.ui.plain_words import plain_clause
from siegeboard.ui.tools.base import ToolHost
from siegeboard.ui.tools.polygon import PolygonTool


class WallTool(PolygonTool):
    name = "wall"
    label = QT_TR_NOOP("Wall")
    shortcut = "W"
    status_tip = (QT_TR_NOOP("Wall: click along the centre line; double-click or Enter to "
        "finish. It is cut "
                  "into sections of the ruleset's length (Ctrl: off the grid)."))
    closed = False
    draws_walls = True

    def __init__(self, host: ToolHost):
        super().__init__(host)
        self.thickness_m = 2.0

    def make_toolbar_widgets(self) -> list[QWidget]:
        """The Kind box, then the wall's thickness (``thickness_m``)."""
        box = StrictDoubleSpinBox(tr("The wall's thickness"), 0.1, 50, 2)
        box.refused.connect(self.host.warn)
        box.setObjectName("wallThicknessBox")
        box.setSingleStep(0.5)
        box.setSuffix(" m")
        box.setValue(self.thickness_m)
        box.valueChanged.connect(lambda value: setattr(self, "thickness_m", value))
        return super().make_toolbar_widgets() + [QLabel(tr("  Wall thickness ")), box]

    def finish(self) -> None:
        if len(self.points) < 2:
            self.host.show_status(tr("Wall: it needs at least two points."))
            return
        document = self.document
        try:
            length = document.section_length()
            ids = document.new_ids(section_count(self.points, self.thickness_m, length))
            wall_id = unused_wall_id(s.wall_id for s in document.siege.structures.values())
            structures = draw_wall(document.ruleset, self.kind, self.points, self.thickness_m,
                                   length, ids, wall_id=wall_id)
            if structures:  # named per kind: "Curtain wall 4", "Curtain wall 5"...
                names = document.new_names(structures[0].name, len(structures))
                structures = [s.model_copy(update={"name": name})
                              for s, name in zip(structures, names, strict=True)]
            document.add_structures(structures, tr(
                "Draw a wall of %n section(s)", "", len(structures)))
        except ValueError as error:
            self.host.warn(tr("Cannot draw this wall: {error}. Take points back "
                           "with Backspace or press Esc to start again.").format(
                                   error=plain_clause(error)))
            return
        self.cancel()
