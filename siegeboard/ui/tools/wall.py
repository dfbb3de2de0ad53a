"""Wall tool: click along the wall's centre line; finishing cuts it into sections of the
ruleset's default length (H12: 10 m, A1: 4 m), each its own structure."""

from __future__ import annotations

from siegeboard.geometry import wall_sections
from siegeboard.model.validation import validate_polyline
from siegeboard.rules.build import new_structure
from siegeboard.ui.structure_edits import ring_of
from siegeboard.ui.tools.polygon import PolygonTool


class WallTool(PolygonTool):
    name = "wall"
    label = "Wall"
    shortcut = "W"
    status_tip = ("Wall: click along the centre line; double-click or Enter to finish. It is cut "
                  "into sections of the ruleset's length (Ctrl: off the grid).")
    closed = False

    def __init__(self, host):
        super().__init__(host)
        self.thickness_m = 2.0

    def finish(self) -> None:
        if len(self.points) < 2:
            self.host.show_status("Wall: it needs at least two points.")
            return
        document = self.document
        try:
            validate_polyline(self.points)  # R4: at most 10,000 points, within 100 km
            sections = wall_sections(self.points, self.thickness_m, document.section_length())
            ids = document.new_ids(len(sections))
            structures = []
            for structure_id, section in zip(ids, sections):
                structure = new_structure(document.ruleset, self.kind, structure_id,
                                          ring_of(section.footprint))
                structures.append(structure.model_copy(
                    update={"name": f"{structure.name} {structure_id[1:]}"}))
            document.add_structures(structures, f"Draw a wall of {len(structures)} section(s)")
        except ValueError as error:
            self.host.warn(f"Cannot draw this wall: {error}. Take points back with Backspace "
                           "or press Esc to start again.")
            return
        self.cancel()
