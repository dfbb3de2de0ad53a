"""Legend dock: what every colour and mark on the map means, for the siege's ruleset."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QDockWidget, QGridLayout, QLabel, QScrollArea, QWidget

from siegeboard.report import palette
from siegeboard.ui.changes import Change
from siegeboard.ui.document import Document
from siegeboard.ui.items import structure_item
from siegeboard.ui.items.battery_item import BESIEGER, DEFENDER
from siegeboard.ui.items.blast_item import BLAST

SWATCH_W, SWATCH_H = 56, 24


def _swatch(fill: QColor | None = None, hatched: bool = False, text: str = "",
            badge: str = "", wild: bool = False, outline: QColor = palette.OUTLINE,
            marker: QColor | None = None, alarm: str = "") -> QPixmap:
    pixmap = QPixmap(SWATCH_W, SWATCH_H)
    pixmap.fill(QColor("#e9e4d8"))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRectF(2, 2, SWATCH_W - 4, SWATCH_H - 4)
    font = QFont()
    font.setPointSizeF(7.5)
    font.setBold(bool(badge))
    painter.setFont(font)
    if marker is not None:
        painter.setPen(QPen(QColor("white"), 2))
        painter.setBrush(marker)
        painter.drawEllipse(QPointF(SWATCH_W / 2, SWATCH_H / 2), 8, 8)
        painter.setPen(QPen(QColor("white"), 1.5))
        painter.drawLine(QPointF(SWATCH_W / 2 - 6, SWATCH_H / 2), QPointF(SWATCH_W / 2 + 6, SWATCH_H / 2))
        painter.drawLine(QPointF(SWATCH_W / 2, SWATCH_H / 2 - 6), QPointF(SWATCH_W / 2, SWATCH_H / 2 + 6))
        painter.end()
        return pixmap
    if fill is not None:
        pen = QPen(outline, 2.5 if outline == palette.SELECTED_OUTLINE else 1)
        painter.setPen(pen)
        painter.setBrush(fill)
        painter.drawRect(rect)
    if hatched:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(palette.collapse_hatch())
        painter.drawRect(rect)
    if badge:
        if wild:
            painter.setPen(QPen(structure_item.WILD_FIRE_RING, 2))
            painter.setBrush(structure_item.WILD_FIRE_BADGE)
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(palette.FIRE_BADGE)
        badge_rect = QRectF(10, 4, SWATCH_W - 20, SWATCH_H - 8)
        painter.drawRoundedRect(badge_rect, 3, 3)
        painter.setPen(structure_item.WILD_FIRE_TEXT if wild else palette.FIRE_TEXT)
        painter.drawText(badge_rect, Qt.AlignmentFlag.AlignCenter, badge)
    if text and alarm:  # the map's alarm plate: same colours, same ring
        breached = alarm == "breached"
        plate = QRectF(2, 5, SWATCH_W - 4, SWATCH_H - 10)
        painter.setPen(QPen(palette.MARK_RING, 1.5))
        painter.setBrush(palette.BREACH_MARK if breached else palette.CRACK_MARK)
        painter.drawRoundedRect(plate, 3, 3)
        painter.setPen(palette.BREACH_MARK_TEXT if breached else palette.CRACK_MARK_TEXT)
        painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, text)
    elif text:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(structure_item.LABEL_PLATE)
        plate = QRectF(3, 6, SWATCH_W - 6, SWATCH_H - 12)
        painter.drawRoundedRect(plate, 2, 2)
        painter.setPen(structure_item.PEOPLE_TEXT if "trapped" in text else QColor("#000000"))
        painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, text)
    painter.end()
    return pixmap


def _state(fraction: float) -> QColor:
    colour = palette.damage_colour(fraction)
    colour.setAlpha(palette.fill_alpha(fraction))
    return colour


def legend_rows(ruleset: str) -> list[tuple[QPixmap, str]]:
    """(swatch, meaning) for every colour and mark the map can show under ``ruleset``."""
    left = "Hull left" if ruleset == "armory" else "DP left"
    rows = [(_swatch(_state(fraction)), f"{int(fraction * 100)} % of its {left}" + note)
            for fraction, note in ((1.0, ": intact"), (0.75, ""), (0.5, ""), (0.25, ""),
                                   (0.0, ": nothing left"))]
    if ruleset == "armory":
        rows += [
            (_swatch(_state(0.5), text="Cracked", alarm="cracked"),
             "Cracked (yellow plate, dashed ring): Armor 1 lower, cover drops a step"),
            (_swatch(_state(0.0), hatched=True, text="Breached", alarm="breached"),
             "Breached (hatched, red plate and ring): the way is open, play the assault"),
            (_swatch(_state(1.0), badge="Fire"), "Burning: loses 1 Hull a round until put out"),
        ]
    else:
        cleared = QColor(palette.CLEARED)
        cleared.setAlpha(palette.fill_alpha(0.0))
        rows += [
            (_swatch(_state(0.4), hatched=True, text="Collapsed", alarm="breached"),
             "Collapsed (hatched, red plate and ring): rubble, AV halved (rounded up)"),
            (_swatch(cleared, hatched=True, text="Cleared"),
             "Cleared: DP 0, the rubble is gone, no cover"),
            (_swatch(_state(1.0), badge="F3"), "Fire at level 3: can be fought"),
            (_swatch(_state(1.0), badge="F7!", wild=True),
             "Out of control (ringed, !): burns DP each minute, spreads, cannot be put out"),
        ]
    rows += [
        (_swatch(_state(1.0), text="2 trapped"), "People trapped or hurt inside (red words)"),
        (_swatch(marker=BESIEGER), "Battery of the besiegers (name and weapon beside it)"),
        (_swatch(marker=DEFENDER), "Battery of the defenders"),
        (_swatch(QColor(BLAST.red(), BLAST.green(), BLAST.blue(), 120), text="10"),
         "Fire tool: a square the blast reaches, with its concussion"),
        (_swatch(_state(1.0), outline=palette.SELECTED_OUTLINE), "Selected"),
    ]
    return rows


class LegendDock(QDockWidget):
    def __init__(self, document: Document, parent=None):
        super().__init__("Legend", parent)
        self.setObjectName("LegendDock")
        self.document = document
        self.body = QWidget()
        self.grid = QGridLayout(self.body)
        self.grid.setColumnStretch(1, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.body)
        self.setWidget(scroll)
        self._ruleset = None
        document.changed.connect(self._on_changed)
        self.fill()

    def _on_changed(self, change: Change) -> None:
        if change.reset and self.document.ruleset != self._ruleset:
            self.fill()

    def fill(self) -> None:
        while self.grid.count():
            widget = self.grid.takeAt(0).widget()
            if widget is not None:
                widget.deleteLater()
        self._ruleset = self.document.ruleset
        self.meanings: list[str] = []
        for row, (pixmap, meaning) in enumerate(legend_rows(self._ruleset)):
            swatch = QLabel()
            swatch.setPixmap(pixmap)
            words = QLabel(meaning)
            words.setWordWrap(True)
            self.grid.addWidget(swatch, row, 0)
            self.grid.addWidget(words, row, 1)
            self.meanings.append(meaning)
        self.grid.setRowStretch(len(self.meanings), 1)
