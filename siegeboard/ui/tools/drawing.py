"""What the drawing tools share: the catalogue kind a new structure is drawn as, and the
toolbar's Kind box that chooses it (each drawing tool builds and owns its own box)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from siegeboard.model.catalogue import catalogue
from siegeboard.ui.tools.base import Tool

BUILDING_KINDS = ("townhouse", "brick_house", "brick_farmhouse")


def default_kind(ruleset: str, wall: bool) -> str:
    """The catalogue kind a new drawing starts as: a wall kind for walls, a house otherwise."""
    kinds = [entry.kind for entry in catalogue(ruleset).structures]
    if wall:
        walls = [kind for kind in kinds if "wall" in kind]
        return walls[0] if walls else kinds[0]
    for kind in BUILDING_KINDS:
        if kind in kinds:
            return kind
    return kinds[0]


class DrawingTool(Tool):
    """A tool that draws new structures of ``kind``. A new document (another ruleset, say)
    starts the kind afresh at the ruleset's default."""

    draws_walls = False

    def __init__(self, host):
        super().__init__(host)
        self.kind: str = default_kind(self.document.ruleset, wall=self.draws_walls)
        self._kind_box: QComboBox | None = None
        self.document.changed.connect(self._on_document_changed)

    def _on_document_changed(self, change) -> None:
        if change.reset:
            self.kind = default_kind(self.document.ruleset, wall=self.draws_walls)
            self._fill_kind_box()

    def make_toolbar_widgets(self) -> list[QWidget]:
        """" Kind " and the box of the ruleset's catalogue kinds, showing ``kind``."""
        box = self._kind_box = QComboBox()
        box.setObjectName(f"{self.name}KindBox")
        box.setMinimumContentsLength(14)
        box.activated.connect(lambda index: setattr(self, "kind", box.itemData(index)))
        self._fill_kind_box()
        return [QLabel(" Kind "), box]

    def _fill_kind_box(self) -> None:
        box = self._kind_box
        if box is None:
            return
        box.clear()
        for entry in catalogue(self.document.ruleset).structures:
            box.addItem(entry.name, entry.kind)
        box.setCurrentIndex(box.findData(self.kind))
