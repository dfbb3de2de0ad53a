"""Inspector dock: the selected structures' make and the derived figures of one, shown live.

Nothing selected: the dock is empty but for a hint. One structure: every field. Several: the
fields they share (kind, armor, stories, hull, material), each showing the common value or
marked "mixed"; a field the GM changes is set on all of them as one undoable edit (set the
stories of 32 wall sections at once). Each field commits when the GM finishes editing it
(Enter, focus out, a new choice), and only when the GM changed it: tabbing through the form
edits nothing. Derived figures (area, squares, DP; or Hull and ladder) are read from the
stored structure and the geometry, never worked out here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import get_args

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from siegeboard.geometry import footprint_area, footprint_squares, shape_of
from siegeboard.model.structure import Material, Occupant, Side
from siegeboard.report.table import structure_square_text
from siegeboard.rules.knowledge import is_known
from siegeboard.ui import language
from siegeboard.ui.document.changes import Aspect, Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.number_fields import StrictDoubleSpinBox, StrictSpinBox
from siegeboard.ui.plain_words import plain_error

EMPTY_HINT = (QT_TR_NOOP("Nothing selected. Click a structure on the map or in the Structures "
    "list to "
              "see and edit it here; Shift-click or drag to select several."))
SHARED = ("kind", "armor", "stories", "hull", "material")
LABELS = {"kind": QT_TR_NOOP("Kind"), "armor": QT_TR_NOOP("Armor"),
        "stories": QT_TR_NOOP("Stories"), "hull": QT_TR_NOOP("Hull"),
          "material": QT_TR_NOOP("Material")}


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
    def __init__(self, document: Document, warn: Callable[[str], None],
                 parent: QWidget | None = None):
        super().__init__(tr("Inspector"), parent)
        self.setObjectName("InspectorDock")
        self.document = document
        self.warn = warn
        self._loading = False
        self._touched: set[str] = set()
        self.ids: tuple[str, ...] = ()

        self.heading = QLabel(tr(EMPTY_HINT))
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-weight: 600;")
        self.name = QLineEdit()
        self.kind = QComboBox()
        self.kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.kind.setMinimumContentsLength(12)
        self.armor = StrictSpinBox(tr("Armor"), 0, 999)  # R3
        self.stories = StrictSpinBox(tr("Stories"), 1, 100)
        # H2: a GM may give a height instead, under a rule text that counts stories; the
        # rule text makes it stories (its story height and limit set in ``show_selection``).
        self.height_m = StrictDoubleSpinBox(tr("The height"), 0.0, 400.0, 1)
        self.height_m.setSuffix(" m")
        self.hull = StrictSpinBox(tr("Hull"), 1, 10_000)
        self.material = QComboBox()
        language.fill(self.material, get_args(Material))
        self.side = QComboBox()
        language.fill(self.side, get_args(Side))
        self.side.setToolTip(tr("Whose it is: the players know everything of their own side"))
        # Outside the make's fields: it serves a selection of several structures too.
        self.known = QCheckBox(tr("Known to the players (who is inside)"))
        self.known.setToolTip(tr("Checked: the players' copy shows this structure's occupants. "
                              "Of the players' own side everything is known; of the other "
                              "side only the walls and buildings, until marked known."))
        self.known.clicked.connect(self._commit_known)
        self.occupants = _CommitText(self._commit_occupants)
        self.occupants.setPlaceholderText(tr("one name per line"))
        self.occupants.setMaximumHeight(70)
        self.notes = _CommitText(self._commit_notes)
        self.notes.setMaximumHeight(70)
        self.derived = QLabel()
        self.derived.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.derived.setWordWrap(True)

        self.form = QFormLayout()
        self.form.addRow(tr("Name"), self.name)
        self.form.addRow(tr("Kind"), self.kind)
        self.form.addRow(tr("Armor"), self.armor)
        self.form.addRow(tr("Stories"), self.stories)
        self.form.addRow(tr("Height"), self.height_m)
        self.form.addRow(tr("Hull"), self.hull)
        self.form.addRow(tr("Material"), self.material)
        self.form.addRow(tr("Side"), self.side)
        self.form.addRow(tr("Occupants"), self.occupants)
        self.form.addRow(tr("Notes"), self.notes)
        self.form.addRow(tr("Figures"), self.derived)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.heading)
        self.fields = QWidget()
        self.fields.setLayout(self.form)
        layout.addWidget(self.fields)
        layout.addWidget(self.known)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self.setWidget(scroll)

        for name, box in (("armor", self.armor), ("stories", self.stories), ("hull", self.hull)):
            box.refused.connect(lambda message: self.warn(message))
            box.valueChanged.connect(lambda _v, name=name: self._touch(name))
            box.editingFinished.connect(lambda name=name, box=box: self._commit_touched(
                name, box.value()))
        self.height_m.refused.connect(lambda message: self.warn(message))
        self.height_m.valueChanged.connect(lambda _v: self._touch("height"))
        self.height_m.editingFinished.connect(self._commit_height)
        self.name.editingFinished.connect(self._commit_name)
        self.kind.activated.connect(lambda _: self._commit(kind=self.kind.currentData()))
        self.material.activated.connect(
            lambda _: self._commit(material=self.material.currentData()))
        self.side.activated.connect(lambda _: self._commit(side=self.side.currentData()))
        document.selection_changed.connect(lambda ids: self.show_selection())
        document.changed.connect(self._on_changed)
        self._fill_kinds()
        self.show_selection()

    @property
    def current_id(self) -> str | None:
        """The one structure shown, or None (nothing, or several, selected)."""
        return self.ids[0] if len(self.ids) == 1 else None

    # -- showing ------------------------------------------------------------------------------
    def _fill_kinds(self) -> None:
        self.kind.clear()
        rules = self.document.rules
        for entry in rules.catalogue.structures:
            self.kind.addItem(entry.name, entry.kind)
            self.kind.setItemData(self.kind.count() - 1, entry.name, Qt.ItemDataRole.ToolTipRole)

    def _on_changed(self, change: Change) -> None:
        if change.reset:
            self._fill_kinds()
            self.show_selection()
        elif self.ids and (Aspect.GRID in change.aspects
                           or any(key in change.changed or key in change.added
                                  or key in change.removed for key in self.ids)):
            self.show_selection()

    def _row_visible(self, field: str) -> bool:
        if field == "height":  # H2: only a rule text that counts stories has a story height
            return bool(self.document.rules.story_m) and self._row_visible("stories")
        if field in ("stories", "hull"):
            return field in self.document.rules.make_fields
        return True

    def show_selection(self) -> None:
        siege = self.document.siege
        self.ids = tuple(key for key in self.document.selection if key in siege.structures)
        self._touched.clear()
        structures = [siege.structures[key] for key in self.ids]
        self._show_known(self.ids)
        self.fields.setVisible(bool(structures))
        if not structures:
            self.heading.setText(tr(EMPTY_HINT))
            return
        single = len(structures) == 1
        for widget in (self.name, self.occupants, self.notes):
            self.form.setRowVisible(widget, single)
        # H11: what building the selection would take, summed (several); every figure (one).
        construction = "" if single else self.document.rules.construction_line(structures)
        self.form.setRowVisible(self.derived, single or bool(construction))
        if not single:
            self.derived.setText(construction)
        self._loading = True
        try:
            first = structures[0]
            mixed = {field for field in SHARED
                     if any(getattr(s, field) != getattr(first, field) for s in structures)}
            self.form.setRowVisible(self.height_m, self._row_visible("height"))
            for field in SHARED:
                widget = getattr(self, field)
                self.form.setRowVisible(widget, self._row_visible(field))
                label = self.form.labelForField(widget)
                if isinstance(label, QLabel):
                    label.setText(tr(LABELS[field]) + (tr(" (mixed)") if field in mixed else ""))
            rules = self.document.rules
            if single:
                kind_name = rules.catalogue.entry(first.kind).name \
                    if first.kind in rules.catalogue.kinds else first.kind
                self.heading.setText(f"{first.name}\n{kind_name}")
            else:
                self.heading.setText(tr("{count} structures selected: a change here is "
                                     "made to all of them.").format(count=len(structures)))
            position = self.kind.findData(first.kind)
            if position < 0:
                self.kind.addItem(first.kind, first.kind)
                position = self.kind.count() - 1
            self.kind.setCurrentIndex(-1 if "kind" in mixed else position)
            self.armor.setValue(first.armor)
            self.stories.setValue(first.stories)
            if rules.story_m:
                story = rules.story_m
                self.height_m.setMaximum(self.stories.maximum() * story)
                self.height_m.setToolTip(
                    tr("Type a height in metres: a story is {story:g} m, so it makes "
                    "ceil(height / {story:g}) stories (ruling H2)").format(story=story))
                self.height_m.setValue(first.stories * story)
            self.hull.setValue(first.hull)
            if "material" in mixed:
                self.material.setCurrentIndex(-1)
            else:
                self.material.setCurrentIndex(self.material.findData(first.material))
            self.side.setCurrentIndex(-1 if any(s.side != first.side for s in structures)
                                      else self.side.findData(first.side))
            if single:
                if self.name.text() != first.name:
                    self.name.setText(first.name)
                occupants = "\n".join(person.name for person in first.occupants)
                if self.occupants.toPlainText() != occupants:
                    self.occupants.setPlainText(occupants)
                if self.notes.toPlainText() != first.notes:
                    self.notes.setPlainText(first.notes)
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
        if self.current_id is None:
            return ""
        structure = siege.structures[self.current_id]
        square = structure_square_text(structure, siege.grid_origin, siege.label_anchor)
        lines = [tr("Area {footprint_area:.1f} m²").format(
                footprint_area=footprint_area(shape_of(structure))),
                 tr("Squares {footprint_squares} (2 m)").format(
                         footprint_squares=footprint_squares(shape_of(structure))),
                 tr("10 m square {square}").format(square=square)]
        if structure.holes:  # courtyards: left out of the area and squares (H1)
            count = len(structure.holes)
            lines.insert(1, tr("%n courtyard left out (Edit > Fill In Courtyard)", "", count)
                         if count == 1 else
                         tr("%n courtyards left out (Edit > Fill In Courtyard)", "", count))
        lines += self.document.rules.inspector_lines(structure)
        construction = self.document.rules.construction_line([structure])  # H11
        if construction:
            lines.append(construction)
        return "\n".join(lines)

    # -- committing ---------------------------------------------------------------------------
    def _touch(self, field: str) -> None:
        if not self._loading:
            self._touched.add(field)

    def _commit_touched(self, field: str, value) -> None:
        if field in self._touched:
            self._touched.discard(field)
            self._commit(**{field: value})

    def _commit_height(self) -> None:
        """H2: the height typed becomes stories (for every selected structure); the Stories
        row then shows what it made."""
        if self._loading or not self.ids or "height" not in self._touched:
            return
        self._touched.discard("height")
        self._commit(stories=self.document.rules.stories_from_height(self.height_m.value()))

    def _commit_name(self) -> None:
        if self.current_id is None or self._loading:
            return
        name = self.name.text().strip()
        if not name:
            self.warn(tr("A structure needs a name, so the old name is kept."))
            self.show_selection()
            return
        self._commit(name=name)

    def _commit(self, **fields) -> None:
        if self._loading or not self.ids:
            return
        if "kind" in fields and fields["kind"] is None:
            return
        try:
            self.document.edit_structures(self.ids, **fields)
        except ValueError as error:
            self.warn(plain_error(error))
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
