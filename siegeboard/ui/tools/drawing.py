"""What the drawing tools share: the catalogue kind a new structure is drawn as, and the
toolbar's Kind box that chooses it (each drawing tool builds and owns its own box)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from siegeboard.ui.language import tr
from siegeboard.ui.tools.base import Tool, ToolHost


class DrawingTool(Tool):
    """A tool that draws new structures of ``kind``. A new document (another ruleset, say)
    starts the kind afresh at the ruleset's default."""

    draws_walls = False

    def __init__(self, host: ToolHost):
        super().__init__(host)
        self.kind: str = self.document.rules.default_kind(wall=self.draws_walls)
        self._kind_box: QComboBox | None = None
        self.document.changed.connect(self._on_document_changed)

    def _on_document_changed(self, change) -> None:
        if change.reset:
            self.kind = self.document.rules.default_kind(wall=self.draws_walls)
            self._fill_kind_box()

    def make_toolbar_widgets(self) -> list[QWidget]:
        """" Kind " and the box of the ruleset's catalogue kinds, showing ``kind``."""
        box = self._kind_box = QComboBox()
        box.setObjectName(f"{self.name}KindBox")
        box.setMinimumContentsLength(14)
        box.activated.connect(lambda index: setattr(self, "kind", box.itemData(index)))
        self._fill_kind_box()
        return [QLabel(tr(" Kind ")), box]

    def _fill_kind_box(self) -> None:
        box = self._kind_box
        if box is None:
            return
        box.clear()
        for entry in self.document.rules.catalogue.structures:
            box.addItem(entry.name, entry.kind)
        box.setCurrentIndex(box.findData(self.kind))
