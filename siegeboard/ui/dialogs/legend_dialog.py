"""The plan's legend: which kind of structure each colour of the plan stands for (a
fire-insurance plan's pink brick, yellow frame, blue stone), set once per plan and kept with
it; Trace gives a traced building the kind of its colour.

``LegendDialog`` lists the entries (the colour's swatch, the kind, the GM's word for it) for
editing or removing; ``legend()`` is the edited legend. New colours come from the plan itself:
Alt-click a building with the Trace tool (see ``ui.tools.trace``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from siegeboard.model import LegendEntry
from siegeboard.ui.language import QT_TR_NOOP, tr

SWATCH_PX = 18


def swatch(colour: str) -> QIcon:
    """A small square of ``colour`` (#rrggbb)."""
    pixmap = QPixmap(SWATCH_PX, SWATCH_PX)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


class LegendDialog(QDialog):
    """Edit ``legend`` (``LegendEntry`` items) against the ruleset's ``kinds`` ((kind, name)
    pairs); the rows and their boxes are public for the tests."""

    COLUMNS = (QT_TR_NOOP("Colour"), QT_TR_NOOP("Kind"), QT_TR_NOOP("Called"), "")

    def __init__(self, legend, kinds: list[tuple[str, str]], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(tr("Plan legend"))
        self.kinds = kinds
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels([tr(text) for text in self.COLUMNS])
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().setVisible(False)
        self.colours: list[str] = []
        for entry in legend:
            self._add_row(entry)
        hint = QLabel(tr("Trace gives a building the kind of its colour. To add a colour, "
                      "Alt-click a building of that colour with the Trace tool: it takes the "
                      "toolbar's Kind."))
        hint.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(hint)
        layout.addWidget(buttons)
        self.resize(520, 320)

    def _add_row(self, entry: LegendEntry) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        self.colours.append(entry.colour)
        item = QTableWidgetItem(swatch(entry.colour), entry.colour)
        item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)   # the plan's own colour
        self.table.setItem(row, 0, item)
        box = QComboBox()
        for kind, name in self.kinds:
            box.addItem(name, kind)
        if box.findData(entry.kind) < 0:   # a kind of another ruleset: kept, shown as is
            box.addItem(tr("{kind} (not in this ruleset)").format(kind=entry.kind), entry.kind)
        box.setCurrentIndex(box.findData(entry.kind))
        self.table.setCellWidget(row, 1, box)
        label = QLineEdit(entry.label)
        label.setMaxLength(80)
        label.setPlaceholderText(tr("brick, frame, stone…"))
        self.table.setCellWidget(row, 2, label)
        remove = QPushButton(tr("Remove"))
        remove.setToolTip(tr("Take {colour} out of the legend").format(colour=entry.colour))
        remove.clicked.connect(lambda: self.remove(self._row_of(remove)))
        self.table.setCellWidget(row, 3, remove)

    def _row_of(self, button: QPushButton) -> int:
        return next((row for row in range(self.table.rowCount())
                     if self.table.cellWidget(row, 3) is button), -1)

    def remove(self, row: int) -> None:
        if 0 <= row < self.table.rowCount():
            self.table.removeRow(row)
            del self.colours[row]

    def legend(self) -> tuple[LegendEntry, ...]:
        """The legend as edited."""
        entries = []
        for row, colour in enumerate(self.colours):
            box, text = self.table.cellWidget(row, 1), self.table.cellWidget(row, 2)
            assert isinstance(box, QComboBox) and isinstance(text, QLineEdit)  # as added
            kind = box.currentData()
            label = text.text().strip()
            entries.append(LegendEntry(colour=colour, kind=kind, label=label))
        return tuple(entries)
