"""Legend dock: what every colour and mark on the map means, for the siege's ruleset, with
swatches drawn by ``report.renderer`` (the map's and the snapshot's painter)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QDockWidget, QGridLayout, QLabel, QScrollArea, QWidget

from siegeboard.report import renderer
from siegeboard.report.renderer import SCREEN, LegendRow
from siegeboard.rules.registry import ruleset as ruleset_named
from siegeboard.rules.ruleset import Ruleset, StructureState
from siegeboard.ui.document.changes import Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.items.blast_item import BLAST
from siegeboard.ui.language import tr

SWATCH_W, SWATCH_H = 78, 28
BACKGROUND = QColor("#e9e4d8")  # the plan's parchment, under every swatch
RAMP = (1.0, 0.75, 0.5, 0.25, 0.0)


def _pixmap() -> tuple[QPixmap, QPainter]:
    pixmap = QPixmap(SWATCH_W, SWATCH_H)
    pixmap.fill(BACKGROUND)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    return pixmap, painter


def swatch(row: LegendRow) -> QPixmap:
    """``row``'s swatch as the map draws it."""
    pixmap, painter = _pixmap()
    renderer.paint_swatch(painter, QRectF(2, 2, SWATCH_W - 4, SWATCH_H - 4), row, SCREEN)
    painter.end()
    return pixmap


def _blast_swatch() -> QPixmap:
    pixmap, painter = _pixmap()
    painter.setPen(QPen(BLAST, 1))
    painter.setBrush(QColor(BLAST.red(), BLAST.green(), BLAST.blue(), 120))
    square = QRectF(SWATCH_W / 2 - 11, 3, 22, 22)
    painter.drawRect(square)
    painter.setPen(QColor("#000000"))
    painter.setFont(renderer.font(renderer.NAME_FONT))
    painter.drawText(square, Qt.AlignmentFlag.AlignCenter, "10")
    painter.end()
    return pixmap


def _selected_swatch() -> QPixmap:
    pixmap, painter = _pixmap()
    intact = StructureState(word="intact", players_word="intact", health=1.0)
    body = QRectF(5, 5, SWATCH_W - 10, SWATCH_H - 10)
    renderer.paint_footprint(painter, QPolygonF(body),
                             renderer.structure_style(intact), selected=True)
    painter.end()
    return pixmap


def legend_rows(ruleset: str) -> list[tuple[QPixmap, str]]:
    """(swatch, meaning) for every colour and mark the map can show under ``ruleset``."""
    rows = [(swatch(row), row.text[:1].upper() + row.text[1:])
            for row in renderer.legend_rows(ruleset_named(ruleset), SCREEN, ramp=RAMP)]
    rows += [
        (_blast_swatch(), tr("Fire tool: a square the blast reaches, with its concussion")),
        (_selected_swatch(), tr("Selected")),
    ]
    return rows


class LegendDock(QDockWidget):
    def __init__(self, document: Document, parent: QWidget | None = None):
        super().__init__(tr("Legend"), parent)
        self.setObjectName("LegendDock")
        self.document = document
        self.body = QWidget()
        self.grid = QGridLayout(self.body)
        self.grid.setColumnStretch(1, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.body)
        self.setWidget(scroll)
        self._rules: Ruleset | None = None
        document.changed.connect(self._on_changed)
        self.fill()

    def _on_changed(self, change: Change) -> None:
        if change.reset and ruleset_named(self.document.ruleset) is not self._rules:
            self.fill()

    def fill(self) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self._rules = rules = ruleset_named(self.document.ruleset)
        self.meanings: list[str] = []
        for row, (pixmap, meaning) in enumerate(legend_rows(rules.id)):
            swatch = QLabel()
            swatch.setPixmap(pixmap)
            words = QLabel(meaning)
            words.setWordWrap(True)
            self.grid.addWidget(swatch, row, 0)
            self.grid.addWidget(words, row, 1)
            self.meanings.append(meaning)
        self.grid.setRowStretch(len(self.meanings), 1)
