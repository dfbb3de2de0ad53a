"""File > Export snapshot...: the dialog that picks a file and the ``SnapshotOptions``.

The format follows the file's extension (.pdf, .png, .svg). The dialog only gathers
choices; the window writes the file with ``report.snapshot.export_snapshot``. Every control
is a public attribute so tests drive the dialog without showing it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from siegeboard.report.options import PAPER_SIZES, Bounds, SnapshotOptions
from siegeboard.report.snapshot import FORMATS
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.plain_words import plain_error

EXPORT_FILTER = QT_TR_NOOP("PDF (*.pdf);;PNG image (*.png);;SVG drawing (*.svg)")
# (label, what the area choice means): None fits the whole map, "view" the current view,
# a number tiles the whole map at that scale.
AREAS: tuple[tuple[str, object], ...] = (
    (QT_TR_NOOP("Fit the whole map to the page"), None),
    (QT_TR_NOOP("The current view"), "view"),
    (QT_TR_NOOP("Scale 1:500 (tiled over pages)"), 500),
    (QT_TR_NOOP("Scale 1:1000 (tiled over pages)"), 1000))
SINCE_LAST = -1  # the "since turn" box's special value: since the last snapshot


def side_box(players_side: str) -> QComboBox:
    """Whose players' copy: the siege's players' side (data None) or either side by name;
    each draws only what that side knows (``rules.knowledge.side_view``). The snapshot and
    the story ask it the same way, under their Copy choice."""
    box = QComboBox()
    players = tr("besiegers") if players_side == "besieger" else tr("defenders")
    for text, side in ((tr("The siege's players ({players})").format(players=players), None),
                       (tr("The besiegers"), "besieger"), (tr("The defenders"), "defender")):
        box.addItem(text, side)
    return box


class ExportDialog(QDialog):
    """Choose where and how to export. ``view`` is the map region now on screen (metres);
    ``last_snapshot`` the turn of the last snapshot (None: there was none)."""

    def __init__(self, parent: QWidget | None, *, view: Bounds | None, folder: Path,
                 stem: str, last_snapshot: int | None, current_turn: int,
                 printing: bool = False, players_side: str = "besieger"):
        super().__init__(parent)
        self.setWindowTitle(tr("Print snapshot") if printing else tr("Export snapshot"))
        self.view = view
        self.path_edit = QLineEdit(str(folder / f"{stem}.pdf"))
        self.path_edit.setMinimumWidth(380)
        browse = QPushButton(tr("Choose…"))
        browse.clicked.connect(self.browse)
        file_row = QHBoxLayout()
        file_row.addWidget(self.path_edit, 1)
        file_row.addWidget(browse)

        self.copy_box = QComboBox()
        self.copy_box.addItem(tr("GM's copy (every figure and note)"), "gm")
        self.copy_box.addItem(tr("Players' copy (what they can see)"), "players")
        self.side_box = side_box(players_side)
        self.copy_box.currentIndexChanged.connect(
            lambda _: self.side_box.setEnabled(self.copy_box.currentData() == "players"))
        self.side_box.setEnabled(False)
        self.colour_box = QComboBox()
        self.colour_box.addItem(tr("Colour"), False)
        self.colour_box.addItem(tr("Greyscale"), True)
        self.paper_box = QComboBox()
        self.paper_box.addItems(list(PAPER_SIZES))
        self.paper_box.setCurrentText("A4")
        self.orientation_box = QComboBox()
        self.orientation_box.addItem(tr("Landscape"), "landscape")
        self.orientation_box.addItem(tr("Portrait"), "portrait")
        self.area_box = QComboBox()
        for label, area in AREAS:
            if area == "view" and view is None:
                continue
            self.area_box.addItem(tr(label), area)
        self.since_box = QSpinBox()
        self.since_box.setRange(SINCE_LAST, max(current_turn, 0))
        self.since_box.setSpecialValueText(
            tr("the last snapshot (turn {last_snapshot})").format(
                    last_snapshot=last_snapshot) if last_snapshot is not None
            else tr("the last snapshot (none yet: the whole log)"))
        # The first snapshot's log starts at turn 0 (the whole siege so far); later ones
        # since the last snapshot, so each handout tells what is new.
        self.since_box.setValue(SINCE_LAST if last_snapshot is not None else 0)
        self.since_box.setPrefix(tr("turn "))
        self.pages_box = QCheckBox(tr("Every page, a file each (NAME-2, NAME-3…)"))
        self.pages_box.setToolTip(tr("A PNG or SVG holds one page, the map; tick to write the "
                                  "table's and the log's pages too. A PDF holds every page."))
        self.path_edit.textChanged.connect(lambda _: self._update_pages_box())
        self._update_pages_box()
        self.error = QLabel()
        self.error.setStyleSheet("color: #8b0000;")
        self.error.setWordWrap(True)

        form = QFormLayout()
        if not printing:
            form.addRow(tr("File (.pdf, .png, .svg)"), file_row)
            form.addRow(tr("Pages"), self.pages_box)
        form.addRow(tr("Copy"), self.copy_box)
        form.addRow(tr("The players play"), self.side_box)
        form.addRow(tr("Colour"), self.colour_box)
        form.addRow(tr("Paper"), self.paper_box)
        form.addRow(tr("Orientation"), self.orientation_box)
        form.addRow(tr("Map"), self.area_box)
        form.addRow(tr("Log since"), self.since_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            tr("Preview…") if printing else tr("Export"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.printing = printing

    def _update_pages_box(self) -> None:
        """Every page is a choice for a PNG or SVG only (a PDF holds them all)."""
        suffix = Path(self.path_edit.text().strip()).suffix.lower()
        self.pages_box.setEnabled(suffix in (".png", ".svg"))

    def all_pages(self) -> bool:
        """Whether to write every page (a PNG's or SVG's), a numbered file each."""
        return self.pages_box.isEnabled() and self.pages_box.isChecked()

    # -- reading the choices ----------------------------------------------------------------
    def path(self) -> Path:
        """The file to write; raises ValueError when its extension is not a format."""
        text = self.path_edit.text().strip()
        if not text:
            raise ValueError(tr("file: choose a file name ending in .pdf, .png or .svg"))
        path = Path(text).expanduser()
        if path.suffix.lower() not in FORMATS:
            raise ValueError(tr("file: {name} must end in .pdf, .png or .svg "
                             "(the extension picks the format)").format(name=path.name))
        return path

    def options(self) -> SnapshotOptions:
        """The ``SnapshotOptions`` the controls describe."""
        area = self.area_box.currentData()
        since = self.since_box.value()
        return SnapshotOptions(
            copy=self.copy_box.currentData(),
            side=self.side_box.currentData() if self.copy_box.currentData() == "players" else None,
            greyscale=self.colour_box.currentData(),
            paper=self.paper_box.currentText(), orientation=self.orientation_box.currentData(),
            view=self.view if area == "view" else None,
            scale=area if isinstance(area, int) else None,
            since_turn=None if since == SINCE_LAST else since)

    def set_options(self, options: SnapshotOptions) -> None:
        """Show ``options`` (the last ones used) in the controls; the area and the log's start
        are not carried over (the view moves, the turn goes on)."""
        self.copy_box.setCurrentIndex(self.copy_box.findData(options.copy))
        self.side_box.setCurrentIndex(max(0, self.side_box.findData(options.side)))
        self.colour_box.setCurrentIndex(self.colour_box.findData(options.greyscale))
        self.paper_box.setCurrentText(options.paper)
        self.orientation_box.setCurrentIndex(self.orientation_box.findData(options.orientation))

    # -- acting -------------------------------------------------------------------------------
    def browse(self) -> None:
        name, chosen = QFileDialog.getSaveFileName(self, tr(
            "Export snapshot"), self.path_edit.text(),
                                                   tr(EXPORT_FILTER))
        if name:
            path = Path(name)
            if path.suffix.lower() not in FORMATS:
                path = path.with_suffix("." + chosen.split("*.")[-1].rstrip(")"))
            self.path_edit.setText(str(path))

    def accept(self) -> None:
        """Close only on choices that make a snapshot; otherwise say what to fix."""
        try:
            if not self.printing:
                self.path()
            self.options()
        except ValueError as error:
            self.error.setText(plain_error(error))
            return
        super().accept()
