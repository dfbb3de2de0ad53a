"""Inspector dock: the selected structure's make and its derived figures, shown live.

Each field commits when the GM finishes editing it (Enter, focus out, a new choice), as one
undoable ``EditStructure``. "Known to the players" marks the selection (one structure or
several) in one click, as one undoable step. Derived figures (area, squares, DP; or Hull and ladder) are read
from the stored structure and the geometry, never worked out here.
"""

from __future__ import annotations

from typing import get_args

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDockWidget, QDoubleSpinBox, QFormLayout, QLabel, QLineEdit,
    QPlainTextEdit, QSpinBox, QVBoxLayout, QWidget,
)

from siegeboard.geometry import footprint_area, footprint_squares, shape_of, square_label
from siegeboard.model.structure import Material, Occupant, Side
from siegeboard.model.validation import plain_message
from siegeboard.report.table import structure_square
from siegeboard.rules import harris
from siegeboard.rules.knowledge import is_known
from siegeboard.ui.changes import Aspect, Change
from siegeboard.ui.document import Document


class _CommitText(QPlainTextEdit):
    """A plain text box that reports when the GM leaves it."""

    def __init__(self, on_commit):
        super().__init__()
        self._on_commit = on_commit
        self.setTabChangesFocus(True)

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self._on_commit()


class InspectorDock(QDockWidget):
    def __init__(self, document: Document, warn, parent=None):
        super().__init__("Inspector", parent)
        self.setObjectName("InspectorDock")
        self.document = document
        self.warn = warn
        self._loading = False
        self.current_id: str | None = None

        self.heading = QLabel("Nothing selected")
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-weight: 600;")
        self.name = QLineEdit()
        self.kind = QComboBox()
        self.armor = QSpinBox()
        self.armor.setRange(0, 999)  # R3
        self.stories = QSpinBox()
        self.stories.setRange(1, 100)
        # H2: a GM may give a height instead; it becomes ceil(height / 4) stories.
        self.height = QDoubleSpinBox()
        self.height.setRange(0.0, 100 * harris.STORY_M)
        self.height.setDecimals(1)
        self.height.setSuffix(" m")
        self.height.setToolTip("Type a height in metres: a story is 4 m, so it makes "
                               "ceil(height / 4) stories (ruling H2)")
        self.hull = QSpinBox()
        self.hull.setRange(1, 10_000)
        self.material = QComboBox()
        self.material.addItems(list(get_args(Material)))
        self.side = QComboBox()
        self.side.addItems(list(get_args(Side)))
        self.side.setToolTip("Whose it is: the players know everything of their own side")
        self.occupants = _CommitText(self._commit_occupants)
        self.occupants.setPlaceholderText("one name per line")
        self.occupants.setMaximumHeight(70)
        self.notes = _CommitText(self._commit_notes)
        self.notes.setMaximumHeight(70)
        # Outside the make's fields: it serves a selection of several structures too.
        self.known = QCheckBox("Known to the players (who is inside)")
        self.known.setToolTip("Checked: the players' copy shows this structure's occupants. "
                              "Of the players' own side everything is known; of the other "
                              "side only the walls and buildings, until marked known.")
        self.known.clicked.connect(self._commit_known)
        self.derived = QLabel()
        self.derived.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.derived.setWordWrap(True)

        self.form = QFormLayout()
        self.form.addRow("Name", self.name)
        self.form.addRow("Kind", self.kind)
        self.form.addRow("Armor", self.armor)
        self.form.addRow("Stories", self.stories)
        self.form.addRow("Height", self.height)
        self.form.addRow("Hull", self.hull)
        self.form.addRow("Material", self.material)
        self.form.addRow("Side", self.side)
        self.form.addRow("Occupants", self.occupants)
        self.form.addRow("Notes", self.notes)
        self.form.addRow("Figures", self.derived)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.heading)
        layout.addWidget(self.known)
        self.fields = QWidget()
        self.fields.setLayout(self.form)
        layout.addWidget(self.fields)
        layout.addStretch(1)
        self.setWidget(body)

        self.name.editingFinished.connect(lambda: self._commit(name=self.name.text().strip()))
        self.kind.activated.connect(lambda _: self._commit(kind=self.kind.currentData()))
        self.armor.editingFinished.connect(lambda: self._commit(armor=self.armor.value()))
        self.stories.editingFinished.connect(lambda: self._commit(stories=self.stories.value()))
        self.height.editingFinished.connect(self._commit_height)
        self.hull.editingFinished.connect(lambda: self._commit(hull=self.hull.value()))
        self.material.activated.connect(
            lambda _: self._commit(material=self.material.currentText()))
        self.side.activated.connect(lambda _: self._commit(side=self.side.currentText()))
        document.selection_changed.connect(lambda ids: self.show_selection())
        document.changed.connect(self._on_changed)
        self._fill_kinds()
        self.show_selection()

    # -- showing ------------------------------------------------------------------------------
    def _fill_kinds(self) -> None:
        self.kind.clear()
        rules = self.document.rules
        for entry in rules.catalogue.structures:
            self.kind.addItem(entry.name, entry.kind)
        self.form.setRowVisible(self.stories, "stories" in rules.make_fields)
        self.form.setRowVisible(self.height, "stories" in rules.make_fields)
        self.form.setRowVisible(self.hull, "hull" in rules.make_fields)

    def _on_changed(self, change: Change) -> None:
        if change.reset:
            self._fill_kinds()
            self.show_selection()
        elif self.current_id is not None and (
                self.current_id in change.changed or Aspect.GRID in change.aspects
                or self.current_id in change.added or self.current_id in change.removed):
            self.show_selection()

    def show_selection(self) -> None:
        selection = self.document.selection
        self.current_id = selection[0] if len(selection) == 1 else None
        self._show_known(selection)
        # Disabled rather than hidden: the dock keeps its size, so the map never jumps.
        self.fields.setEnabled(self.current_id is not None)
        if self.current_id is None:
            self.heading.setText("Nothing selected" if not selection
                                 else f"{len(selection)} structures selected")
            self._loading = True
            self.name.clear()
            self.occupants.clear()
            self.notes.clear()
            # H11: what building the selection would take, summed.
            self.derived.setText(self.document.rules.construction_line(
                self.document.selected_structures()))
            self._loading = False
            return
        structure = self.document.structure(self.current_id)
        self._loading = True
        try:
            self.heading.setText(f"{structure.name}  ({structure.id})")
            if self.name.text() != structure.name:
                self.name.setText(structure.name)
            position = self.kind.findData(structure.kind)
            if position < 0:
                self.kind.addItem(structure.kind, structure.kind)
                position = self.kind.count() - 1
            self.kind.setCurrentIndex(position)
            self.armor.setValue(structure.armor)
            self.stories.setValue(structure.stories)
            self.height.setValue(structure.stories * harris.STORY_M)
            self.hull.setValue(structure.hull)
            self.material.setCurrentText(structure.material)
            self.side.setCurrentText(structure.side)
            occupants = "\n".join(person.name for person in structure.occupants)
            if self.occupants.toPlainText() != occupants:
                self.occupants.setPlainText(occupants)
            if self.notes.toPlainText() != structure.notes:
                self.notes.setPlainText(structure.notes)
            self.derived.setText(self.figures_text())
        finally:
            self._loading = False

    def _show_known(self, selection) -> None:
        siege = self.document.siege
        chosen = [siege.structures[key] for key in selection if key in siege.structures]
        marks = {is_known(structure, siege.players_side) for structure in chosen}
        self.known.setEnabled(bool(chosen))
        self.known.setTristate(len(marks) > 1)
        self.known.setCheckState(Qt.CheckState.PartiallyChecked if len(marks) > 1
                                 else Qt.CheckState.Checked if marks == {True}
                                 else Qt.CheckState.Unchecked)

    def _commit_known(self) -> None:
        """One click: the selection becomes known (or, when all are known, hidden)."""
        siege = self.document.siege
        ids = [key for key in self.document.selection if key in siege.structures]
        if not ids:
            return
        known = not all(is_known(siege.structures[key], siege.players_side) for key in ids)
        self.known.setTristate(False)
        self.document.mark_known(ids, known)
        self._show_known(self.document.selection)

    def figures_text(self) -> str:
        """The derived figures of the shown structure, one per line."""
        siege = self.document.siege
        structure = siege.structures[self.current_id]
        square = square_label(structure_square(structure, siege.grid_origin))
        lines = [f"Area {footprint_area(shape_of(structure)):.1f} m²",
                 f"Squares {footprint_squares(shape_of(structure))} (2 m)",
                 f"10 m square {square}"]
        if structure.holes:  # courtyards: left out of the area and squares (H1)
            count = len(structure.holes)
            lines.insert(1, f"{count} courtyard{'s' if count != 1 else ''} left out "
                            f"(Edit > Fill In Courtyard)")
        lines += self.document.rules.inspector_lines(structure)
        construction = self.document.rules.construction_line([structure])  # H11
        if construction:
            lines.append(construction)
        return "\n".join(lines)

    # -- committing ---------------------------------------------------------------------------
    def _commit(self, **fields) -> None:
        if self._loading or self.current_id is None:
            return
        if "name" in fields and not fields["name"]:
            self.warn("A structure needs a name; the old name is kept.")
            self.show_selection()
            return
        try:
            self.document.edit_structure(self.current_id, **fields)
        except ValueError as error:
            self.warn(f"Cannot change {', '.join(fields)}: {plain_message(error)}")
            self.show_selection()

    def _commit_height(self) -> None:
        """H2: the height typed becomes stories; the Stories row then shows what it made."""
        if self._loading or self.current_id is None:
            return
        stories = harris.stories_from_height(self.height.value())
        if stories != self.document.structure(self.current_id).stories:
            self._commit(stories=stories)
        else:
            self.show_selection()

    def _commit_occupants(self) -> None:
        if self._loading or self.current_id is None:
            return
        structure = self.document.structure(self.current_id)
        names = [line.strip() for line in self.occupants.toPlainText().splitlines() if line.strip()]
        if names == [person.name for person in structure.occupants]:
            return
        kept = {person.name: person for person in structure.occupants}
        people = [kept.get(name, Occupant(name=name)) for name in names]
        self._commit(occupants=[person.model_dump() for person in people])

    def _commit_notes(self) -> None:
        if self._loading or self.current_id is None:
            return
        if self.notes.toPlainText() != self.document.structure(self.current_id).notes:
            self._commit(notes=self.notes.toPlainText())
