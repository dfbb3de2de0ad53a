"""The kind mapping of an OpenStreetMap or GeoJSON import as a table the GM edits: one row a
rule (for buildings or walls, tag key, value, kind or skip, a wall's thickness), tried in
order; Load… and Save… read and write the mapping's JSON file (``persist.formats.kinds``).

The file questions are replaceable methods (``ask_open_path``, ``ask_save_path``) and the
table a public attribute, so tests drive it without dialogs.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from siegeboard.persist.formats.kinds import (
    ROLES,
    SKIP,
    KindMapping,
    KindRule,
    default_mapping,
    load_mapping,
)
from siegeboard.rules.registry import catalogue
from siegeboard.ui.language import QT_TR_NOOP, tr

COLUMNS = (QT_TR_NOOP("For"), QT_TR_NOOP("Key"), QT_TR_NOOP("Value"), QT_TR_NOOP("Kind"),
        QT_TR_NOOP("Thickness (m)"))
FILTER = QT_TR_NOOP("Kind mappings (*.json)")


class KindMappingEditor(QWidget):
    """Edits a ``KindMapping`` for ``ruleset``; ``changed`` fires on every edit."""

    changed = Signal()

    def __init__(self, ruleset: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.ruleset = ruleset
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([tr(text) for text in COLUMNS])
        # The role, kind and thickness columns as wide as their longest entry and header
        # ("stone_tower", "Thickness (m)" whole); the key and value share what is left.
        header = self.table.horizontalHeader()
        for column in range(len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch if column in (1, 2)
                                        else QHeaderView.ResizeMode.ResizeToContents)
        self.table.setMinimumHeight(180)
        self.table.itemChanged.connect(lambda _: self.changed.emit())
        buttons = QHBoxLayout()
        self.add_button = QPushButton(tr("Add rule"))
        self.remove_button = QPushButton(tr("Remove rule"))
        self.load_button = QPushButton(tr("Load…"))
        self.save_button = QPushButton(tr("Save…"))
        self.defaults_button = QPushButton(tr("Defaults"))
        for button in (self.add_button, self.remove_button, self.load_button, self.save_button,
                       self.defaults_button):
            buttons.addWidget(button)
        self.add_button.clicked.connect(lambda: self.add_rule(
            KindRule("building", "building", "*", SKIP), at=self.table.currentRow() + 1 or None))
        self.remove_button.clicked.connect(self.remove_rule)
        self.load_button.clicked.connect(self.load)
        self.save_button.clicked.connect(self.save)
        self.defaults_button.clicked.connect(
            lambda: self.set_mapping(default_mapping(self.ruleset)))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        self.set_mapping(default_mapping(ruleset))

    # -- the table -------------------------------------------------------------------------
    def set_ruleset(self, ruleset: str) -> None:
        """Another ruleset has other kinds: start again from its default mapping."""
        self.ruleset = ruleset
        self.set_mapping(default_mapping(ruleset))

    def set_mapping(self, mapping: KindMapping) -> None:
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        for rule in mapping.rules:
            self.add_rule(rule, quiet=True)
        self.table.blockSignals(False)
        self._fit_width()
        self.changed.emit()

    def _fit_width(self) -> None:
        """The table asks for the room its columns need (a key and a value of a dozen
        letters each): the dialog opens wide enough that nothing is cut."""
        header = self.table.horizontalHeader()
        fixed = sum(max(self.table.sizeHintForColumn(column), header.sectionSizeHint(column))
                    for column in (0, 3, 4))
        letters = self.table.fontMetrics().horizontalAdvance("building:levels")
        frame = 2 * self.table.frameWidth() + self.table.verticalHeader().sizeHint().width()
        scroll = self.table.verticalScrollBar().sizeHint().width()
        self.table.setMinimumWidth(fixed + 2 * letters + frame + scroll + 8)

    def add_rule(self, rule: KindRule, at: int | None = None, quiet: bool = False) -> None:
        row = self.table.rowCount() if at is None else at
        self.table.insertRow(row)
        role = QComboBox()
        role.addItems(list(ROLES))
        role.setCurrentText(rule.role)
        kind = QComboBox()
        kind.addItem(SKIP)
        kind.addItems(sorted(catalogue(self.ruleset).kinds))
        kind.setCurrentText(rule.kind)
        for box in (role, kind):
            box.currentIndexChanged.connect(lambda _: self.changed.emit())
        self.table.setCellWidget(row, 0, role)
        self.table.setItem(row, 1, QTableWidgetItem(rule.key))
        self.table.setItem(row, 2, QTableWidgetItem(rule.value))
        self.table.setCellWidget(row, 3, kind)
        self.table.setItem(row, 4, QTableWidgetItem(
            "" if rule.thickness_m is None else f"{rule.thickness_m:g}"))
        if not quiet:
            self.changed.emit()

    def remove_rule(self) -> None:
        row = self.table.currentRow()
        if row >= 0 and self.table.rowCount() > 1:
            self.table.removeRow(row)
            self.changed.emit()

    def mapping(self) -> KindMapping:
        """The table as a mapping; ``ValueError`` in plain words naming the first bad row."""
        rules = []
        for row in range(self.table.rowCount()):
            key = self._text(row, 1).strip()
            value = self._text(row, 2).strip() or "*"
            thickness_text = self._text(row, 4).strip()
            if not key:
                raise ValueError(tr(
                    "rule {value} of the mapping has no key (use * for any)").format(value=row + 1))
            thickness = None
            if thickness_text:
                try:
                    thickness = float(thickness_text.replace(",", "."))
                except ValueError:
                    raise ValueError(tr("rule {value}: the thickness {thickness_text!r} is not "
                                     "a number of metres").format(
                                             value=row + 1,
                                                     thickness_text=thickness_text)) from None
                if not 0.05 <= thickness <= 50:
                    raise ValueError(tr(
                        "rule {value}: the thickness must be from 0.05 to 50 m").format(
                                value=row + 1))
            role = next(role for role in ROLES if role == self._choice(row, 0))  # offered
            rules.append(KindRule(role, key, value, self._choice(row, 3), thickness))
        return KindMapping(tuple(rules)).checked(self.ruleset)

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return (item.text() if item is not None else "") or ""

    def _choice(self, row: int, column: int) -> str:
        box = self.table.cellWidget(row, column)
        assert isinstance(box, QComboBox)  # as added
        return box.currentText()

    # -- files -----------------------------------------------------------------------------
    def ask_open_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self, tr("Load a kind mapping"), "", tr(FILTER))
        return Path(name) if name else None

    def ask_save_path(self) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self, tr(
            "Save the kind mapping"), "kinds.json", tr(FILTER))
        return Path(name) if name else None

    def warn(self, message: str) -> None:
        QMessageBox.warning(self, tr("Kind mapping"), message)

    def load(self) -> None:
        path = self.ask_open_path()
        if path is None:
            return
        try:
            self.set_mapping(load_mapping(path).checked(self.ruleset))
        except ValueError as error:
            self.warn(tr("Cannot load this mapping: {error}.").format(error=error))

    def save(self) -> None:
        try:
            mapping = self.mapping()
        except ValueError as error:
            self.warn(tr("Cannot save this mapping: {error}.").format(error=error))
            return
        path = self.ask_save_path()
        if path is None:
            return
        try:
            mapping.save(path)
        except OSError as error:
            self.warn(tr("Cannot save {name}: {value}.").format(
                    name=path.name, value=error.strerror or error))
