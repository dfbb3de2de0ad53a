"""File > Import…: a map of another format (Universal VTT, Foundry VTT scene, plan image, PDF
page, JPEG 2000, OpenStreetMap, GeoJSON) as a new, unsaved siege.

``MapImporter`` is the window's import controller: it offers to save the current siege, asks
for the file, shows ``ImportDialog`` for the GM's choices (remembered in QSettings), reads the
file with a progress dialog that can cancel (``ProgressReader``), opens the result as a new
unsaved siege and shows the import's report. A refused or cancelled import changes nothing.
The dialog previews the import (what it makes, drawn over the plan) as the choices change; a
map whose preview takes long (or is cancelled) is previewed on request only, and the import
reuses the preview of the very choices made rather than reading the file again.

Every control is a public attribute and every question to the GM a replaceable method, so the
tests drive both without showing them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from siegeboard.persist import SiegeFile, SiegeFileError
from siegeboard.persist.formats import (
    FIVE_FEET_M,
    IMPORT_DEFAULTS,
    IMPORT_FORMATS,
    FoundryFormat,
    GeoJsonFormat,
    ImportedMap,
    ImportOptions,
    OsmFormat,
    PdfFormat,
    UvttFormat,
    format_for,
    import_filters,
)
from siegeboard.persist.formats.base import MAX_DPI, MIN_DPI
from siegeboard.persist.formats.foundry import scene_names
from siegeboard.persist.formats.pdf import PdfPage, pdf_pages
from siegeboard.report.bounds import content_bounds, plan_size
from siegeboard.report.extent import load_plan
from siegeboard.report.map_painter import MapPainter
from siegeboard.report.options import SnapshotOptions
from siegeboard.rules import registry
from siegeboard.rules.registry import catalogue
from siegeboard.ui.dialogs.kind_mapping_editor import KindMappingEditor
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.plain_words import plain_clause, plain_error

if TYPE_CHECKING:
    from siegeboard.ui.board.map_view import MapView
    from siegeboard.ui.dialogs.prompts import Prompts
    from siegeboard.ui.document.document import Document

SETTINGS_GROUP = "import"
# (label, metres) offered for a cell; any other size can be typed in the box beside.
CELL_SIZES = ((QT_TR_NOOP("5 ft (1.524 m)"), FIVE_FEET_M), ("2 m", 2.0),
        (QT_TR_NOOP("10 ft (3.048 m)"), 3.048),
              ("1 m", 1.0))
PREVIEW_PX = 300
PREVIEW_DELAY_MS = 250
AUTO_PREVIEW_S = 0.5  # a preview slower than this is not redone at every change


class ImportCancelled(Exception):
    """The GM cancelled a running import."""


class ProgressReader:
    """Reads a map with a progress dialog over ``parent``; Cancel stops it (``ImportCancelled``)."""

    def __init__(self, parent: QWidget | None):
        self.parent = parent
        self.progress_dialog: QProgressDialog | None = None

    def cancelled(self) -> bool:
        return self.progress_dialog is not None and self.progress_dialog.wasCanceled()

    def read(self, path: Path, options: ImportOptions, label: str) -> ImportedMap:
        """``path`` read with ``options``; raises ``SiegeFileError`` or ``ImportCancelled``."""
        progress = QProgressDialog(label, tr("Cancel"), 0, 1, self.parent)
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(400)
        self.progress_dialog = progress

        def step(done: int, total: int) -> None:
            progress.setMaximum(total)
            progress.setValue(done)
            QApplication.processEvents()
            if self.cancelled():
                raise ImportCancelled

        try:
            imported = format_for(path, IMPORT_FORMATS).read(path, options, step)
            assert isinstance(imported, ImportedMap)  # every import format tells how it went
            return imported
        finally:
            self.progress_dialog = None
            progress.close()
            progress.setParent(None)


class ImportDialog(QDialog):
    """The choices for importing ``path``; ``options()`` gives them as ``ImportOptions``.

    Starts from the choices last used (``settings``) or the defaults; ``ruleset`` is the one
    chosen when there is no remembered one. ``previewed`` is the import of the choices last
    previewed (``previewed_options``), None when the file or those choices cannot be read.
    """

    def __init__(self, path: Path, settings: QSettings, ruleset: str,
                 parent: QWidget | None = None, reader: ProgressReader | None = None):
        super().__init__(parent)
        self.reader = reader or ProgressReader(self)
        self.auto_preview = True
        self.path = Path(path)
        self.settings = settings
        # A map of walls and doors (Universal VTT, a Foundry scene): the wall choices.
        self.is_foundry = FoundryFormat().supports(self.path)
        self.is_map = UvttFormat().supports(self.path) or self.is_foundry
        self.is_pdf = PdfFormat().supports(self.path)
        # A real map (OpenStreetMap, GeoJSON): its kinds come from the editable mapping.
        self.is_geo = OsmFormat().supports(self.path) or GeoJsonFormat().supports(self.path)
        self.setWindowTitle(tr("Import {name}").format(name=self.path.name))
        remembered = _remembered(settings, ruleset)

        self.ruleset_box = QComboBox()
        for ruleset_id in IMPORT_DEFAULTS:
            self.ruleset_box.addItem(registry.ruleset(ruleset_id).title, ruleset_id)
        self.ruleset_box.setCurrentIndex(self.ruleset_box.findData(remembered.ruleset))
        self.cell_box = QComboBox()
        for label, metres in CELL_SIZES:
            self.cell_box.addItem(tr(label), metres)
        self.cell_box.addItem(tr("Other (type it)"), None)
        self.cell_spin = QDoubleSpinBox()
        self.cell_spin.setRange(0.01, 5.0)
        self.cell_spin.setDecimals(3)
        self.cell_spin.setSuffix(" m")
        self.cell_spin.setValue(remembered.cell_m)
        self._match_cell_box()
        self.wall_kind_box = QComboBox()
        self.door_kind_box = QComboBox()
        self.thickness_spin = QDoubleSpinBox()
        self.thickness_spin.setRange(0.05, 50.0)
        self.thickness_spin.setDecimals(2)
        self.thickness_spin.setSuffix(" m")
        self.thickness_spin.setValue(remembered.wall_thickness_m)
        self.stories_spin = QSpinBox()
        self.stories_spin.setRange(1, 100)
        self.stories_spin.setValue(remembered.stories)
        self.closed_as_box = QComboBox()
        self.closed_as_box.addItem(tr("wall sections"), "walls")
        self.closed_as_box.addItem(tr("one building each"), "buildings")
        self.closed_as_box.setCurrentIndex(self.closed_as_box.findData(remembered.closed_as))
        self.objects_check = QCheckBox(tr("Bring object outlines (pillars, furniture) in"))
        self.objects_check.setChecked(remembered.objects)
        self._fill_kinds(remembered)
        self.kinds_editor = KindMappingEditor(self.ruleset_box.currentData())
        self.kinds_editor.changed.connect(self._changed)
        # A PDF: the page and its resolution. A Foundry .db: the scene.
        self.pages: list[PdfPage] = []
        # children of the dialog (hidden where the file has no pages or scenes), so they go
        # with it
        self.page_box = QComboBox(self)
        self.dpi_spin = QSpinBox(self)
        self.dpi_spin.setRange(int(MIN_DPI), int(MAX_DPI))
        self.dpi_spin.setSuffix(tr(" dpi"))
        self.dpi_spin.setSingleStep(25)
        self.dpi_spin.setValue(int(round(remembered.dpi)))
        self.dpi_spin.setToolTip(tr("The resolution the page is drawn at: a scanned plan reads "
                                 "best at its own (often 150 to 300 dpi)"))
        self.page_size = QLabel(self)
        self.scene_box = QComboBox(self)
        for widget in (self.page_box, self.dpi_spin, self.page_size, self.scene_box):
            widget.hide()
        listing_error = self._fill_listing()

        self.preview = QLabel()
        self.preview.setFixedSize(PREVIEW_PX, PREVIEW_PX)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setMaximumWidth(PREVIEW_PX)
        self.error = QLabel()
        self.error.setStyleSheet("color: #8b0000;")
        self.error.setWordWrap(True)
        self.preview_button = QPushButton(tr("Update preview"))
        self.preview_button.clicked.connect(lambda: self.refresh_preview())

        form = QFormLayout()
        form.addRow(tr("Ruleset"), self.ruleset_box)
        if self.is_pdf:
            form.addRow(tr("Page"), self.page_box)
            form.addRow(tr("Resolution"), self.dpi_spin)
            form.addRow("", self.page_size)
            for widget in (self.page_box, self.dpi_spin, self.page_size):
                widget.show()
        if self.is_foundry and self.scene_box.count() > 1:
            form.addRow(tr("Scene"), self.scene_box)
            self.scene_box.show()
        if self.is_map:
            cell_row = QHBoxLayout()
            cell_row.addWidget(self.cell_box)
            cell_row.addWidget(self.cell_spin)
            form.addRow(tr("One grid cell is") if not self.is_foundry
                        else tr("A cell of unknown unit is"), cell_row)
            form.addRow(tr("Walls are"), self.wall_kind_box)
            form.addRow(tr("Wall thickness"), self.thickness_spin)
            form.addRow(tr("Stories"), self.stories_spin)
            form.addRow(tr("Closed wall lines become"), self.closed_as_box)
            form.addRow("", self.objects_check)
            form.addRow(tr("Doors are"), self.door_kind_box)
        if self.is_geo:
            form.addRow(tr("Stories (untagged)"), self.stories_spin)
            form.addRow(tr("Wall thickness (no width, no rule)"), self.thickness_spin)
            form.addRow(tr("Tags become"), self.kinds_editor)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Import"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        side = QVBoxLayout()
        side.addWidget(self.preview)
        side.addWidget(self.summary)
        side.addWidget(self.preview_button)
        side.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(form, 1)
        columns.addLayout(side)
        layout = QVBoxLayout(self)
        layout.addLayout(columns)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PREVIEW_DELAY_MS)
        self._timer.timeout.connect(self.refresh_preview)
        self.previewed: ImportedMap | None = None
        self.previewed_options: ImportOptions | None = None
        self.ruleset_box.currentIndexChanged.connect(lambda _: self._ruleset_changed())
        self.cell_box.currentIndexChanged.connect(lambda _: self._cell_chosen())
        for signal in (self.cell_spin.valueChanged, self.thickness_spin.valueChanged,
                       self.stories_spin.valueChanged, self.wall_kind_box.currentIndexChanged,
                       self.door_kind_box.currentIndexChanged,
                       self.closed_as_box.currentIndexChanged, self.objects_check.toggled,
                       self.page_box.currentIndexChanged, self.dpi_spin.valueChanged,
                       self.scene_box.currentIndexChanged):
            signal.connect(lambda *_: self._changed())
        self.cell_spin.valueChanged.connect(lambda _: self._match_cell_box())
        self.page_box.currentIndexChanged.connect(lambda _: self._show_page_size())
        self.dpi_spin.valueChanged.connect(lambda _: self._show_page_size())
        self._show_page_size()
        if listing_error is not None:
            self.error.setText(listing_error)
        self.refresh_preview()

    # -- the choices -----------------------------------------------------------------------
    def options(self) -> ImportOptions:
        return ImportOptions(
            ruleset=self.ruleset_box.currentData(), cell_m=round(self.cell_spin.value(), 3),
            wall_kind=self.wall_kind_box.currentData(),
            wall_thickness_m=round(self.thickness_spin.value(), 2),
            stories=self.stories_spin.value(), closed_as=self.closed_as_box.currentData(),
            objects=self.objects_check.isChecked(), door_kind=self.door_kind_box.currentData(),
            kinds=self.kinds_editor.mapping() if self.is_geo else None,
            page=self.page_box.currentData() or 1, dpi=float(self.dpi_spin.value()),
            scene=str(self.scene_box.currentIndex() + 1) if self.scene_box.count() else None)

    def remember(self) -> None:
        """Keep these choices for the next import (the cell size above all: maps of one
        maker share it)."""
        options = self.options()
        settings = self.settings
        settings.beginGroup(SETTINGS_GROUP)
        settings.setValue("ruleset", options.ruleset)
        settings.setValue("cell_m", options.cell_m)
        settings.setValue("wall_thickness_m", options.wall_thickness_m)
        settings.setValue("stories", options.stories)
        settings.setValue("closed_as", options.closed_as)
        settings.setValue("objects", options.objects)
        settings.setValue("dpi", options.dpi)
        settings.setValue(f"wall_kind_{options.ruleset}", options.wall_kind)
        settings.setValue(f"door_kind_{options.ruleset}", options.door_kind)
        settings.endGroup()

    def _fill_listing(self) -> str | None:
        """The PDF's pages or the Foundry file's scenes in their boxes; the reason in plain
        words when the file cannot be listed (the preview then says it too)."""
        try:
            if self.is_pdf:
                self.pages = pdf_pages(self.path)
                for page in self.pages:
                    self.page_box.addItem(page.label(), page.number)
            elif self.is_foundry:
                for number, name in enumerate(scene_names(self.path), start=1):
                    self.scene_box.addItem(f"{number}. {name}", number)
        except SiegeFileError as error:
            return plain_error(error)
        return None

    def _show_page_size(self) -> None:
        """The chosen page's size in pixels at the chosen resolution, and the most it may be."""
        index = self.page_box.currentIndex()
        if not self.pages or index < 0:
            self.page_size.setText("")
            return
        page = self.pages[index]
        width, height = page.pixels(self.dpi_spin.value())
        text = tr("The plan will be {width:,} x {height:,} pixels.").format(
                width=width, height=height)
        if self.dpi_spin.value() > page.max_dpi():
            text = (tr("At {value} dpi the page is {width:,} x {height:,} "
                    "pixels, too large: choose {max_dpi:g} dpi or less.").format(
                            value=self.dpi_spin.value(), width=width, height=height,
                                    max_dpi=page.max_dpi()))
        self.page_size.setText(text)

    def _fill_kinds(self, remembered: ImportOptions) -> None:
        ruleset = self.ruleset_box.currentData()
        entries = catalogue(ruleset).structures
        defaults = IMPORT_DEFAULTS[ruleset]
        for box, chosen in ((self.wall_kind_box, remembered.wall_kind or defaults["wall_kind"]),
                            (self.door_kind_box, remembered.door_kind or defaults["door_kind"])):
            box.blockSignals(True)
            box.clear()
            for entry in entries:
                box.addItem(tr("{name} (armor {armor})").format(
                        name=entry.name, armor=entry.armor), entry.kind)
            box.setCurrentIndex(max(0, box.findData(chosen)))
            box.blockSignals(False)

    def _ruleset_changed(self) -> None:
        self._fill_kinds(_remembered(self.settings, self.ruleset_box.currentData(),
                                     ruleset_fixed=True))
        self.kinds_editor.set_ruleset(self.ruleset_box.currentData())
        self._changed()

    def _changed(self) -> None:
        if self.auto_preview:
            self._timer.start()
        else:
            self.summary.setText(tr("The choices changed: Update preview to see them."))

    def _cell_chosen(self) -> None:
        metres = self.cell_box.currentData()
        if metres is not None:
            self.cell_spin.setValue(metres)

    def _match_cell_box(self) -> None:
        value = round(self.cell_spin.value(), 3)
        index = next((i for i, (_, metres) in enumerate(CELL_SIZES) if metres == value),
                     len(CELL_SIZES))
        self.cell_box.blockSignals(True)
        self.cell_box.setCurrentIndex(index)
        self.cell_box.blockSignals(False)

    # -- the preview -----------------------------------------------------------------------
    def refresh_preview(self) -> None:
        """Import with the current choices and show what it makes (the Import button is off
        while the file or a choice cannot be used). A slow or cancelled preview turns the
        automatic preview off."""
        self._timer.stop()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            options = self.options()
        except ValueError as error:  # a row of the kind mapping the GM is still typing
            self.error.setText(tr("The kind mapping: {error}.").format(error=error))
            ok.setEnabled(False)
            return
        started = time.perf_counter()
        self.previewed = self.previewed_options = None
        try:
            imported = self.reader.read(self.path, options, tr("Previewing {name}…").format(
                    name=self.path.name))
        except ImportCancelled:
            self.auto_preview = False
            self.summary.setText(tr("Preview cancelled."))
            self.preview.clear()
            return
        except SiegeFileError as error:
            self.error.setText(plain_error(error))
            self.summary.setText("")
            self.preview.clear()
            ok.setEnabled(False)
            return
        if time.perf_counter() - started > AUTO_PREVIEW_S:
            self.auto_preview = False
        self.previewed, self.previewed_options = imported, options
        self.error.setText("")
        ok.setEnabled(True)
        lines = imported.report.lines()
        self.summary.setText(lines[1] if len(lines) > 1 else "")
        self.preview.setPixmap(QPixmap.fromImage(preview_image(imported, PREVIEW_PX)))


def preview_image(imported: SiegeFile, side_px: int) -> QImage:
    """The imported siege drawn over its plan, fitted into a square of ``side_px``."""
    image = QImage(side_px, side_px, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    siege = imported.siege
    minx, miny, maxx, maxy = content_bounds(siege, plan_size(siege, imported.images))
    width, height = max(maxx - minx, 1e-6), max(maxy - miny, 1e-6)
    k = side_px / max(width, height)
    frame = QRectF((side_px - width * k) / 2, (side_px - height * k) / 2, width * k, height * k)
    try:
        plan = load_plan(siege, imported.images)
    except ValueError:
        plan = None
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        MapPainter(siege, plan, SnapshotOptions()).paint(painter, frame,
                                                         (minx, miny, maxx, maxy))
    finally:
        painter.end()
    return image


def _remembered(settings: QSettings, ruleset: str, *, ruleset_fixed: bool = False
                ) -> ImportOptions:
    """The choices last remembered, checked; defaults for whatever is missing or unusable."""
    settings.beginGroup(SETTINGS_GROUP)
    try:
        chosen = ruleset if ruleset_fixed else str(settings.value("ruleset", ruleset))
        if chosen not in IMPORT_DEFAULTS:
            chosen = ruleset if ruleset in IMPORT_DEFAULTS else registry.DEFAULT.id
        defaults = ImportOptions(ruleset=chosen)
        try:
            options = ImportOptions(
                ruleset=chosen,
                cell_m=float(str(settings.value("cell_m", defaults.cell_m))),
                wall_thickness_m=float(str(settings.value("wall_thickness_m",
                                                          defaults.wall_thickness_m))),
                stories=int(str(settings.value("stories", defaults.stories))),
                closed_as=("buildings" if settings.value("closed_as", defaults.closed_as)
                           == "buildings" else "walls"),
                objects=str(settings.value("objects", defaults.objects)).lower() == "true",
                dpi=float(str(settings.value("dpi", defaults.dpi))),
                wall_kind=settings.value(f"wall_kind_{chosen}") or None,
                door_kind=settings.value(f"door_kind_{chosen}") or None)
            return options.resolved()
        except (TypeError, ValueError):  # a settings file edited by hand, an old kind
            return defaults.resolved()
    finally:
        settings.endGroup()


class MapImporter:
    """File > Import… (see the module docstring): the imported siege goes into ``document``
    and ``view`` shows it whole; ``maybe_save`` asks to save the siege it replaces (False:
    the GM cancelled); dialogs open over ``parent``; ``settings`` keeps the last folder."""

    def __init__(self, document: Document, view: MapView, prompts: Prompts,
                 settings: QSettings, maybe_save: Callable[[], bool],
                 show_status: Callable[[str], None], parent: QWidget):
        self.document = document
        self.view = view
        self.prompts = prompts
        self.settings = settings
        self.maybe_save = maybe_save
        self.show_status = show_status
        self.parent = parent
        self.reader = ProgressReader(parent)

    # -- questions to the GM (tests replace these) -----------------------------------------
    def ask_path(self) -> Path | None:
        start = str(self.settings.value(f"{SETTINGS_GROUP}/folder", str(Path.home())))
        name, _ = QFileDialog.getOpenFileName(self.parent, tr("Import map"), start,
                                              import_filters())
        return Path(name) if name else None

    def run_dialog(self, dialog: ImportDialog) -> bool:
        return self.prompts.run_dialog(dialog)

    def show_report(self, title: str, lines: list[str]) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, title, "\n".join(lines[:2]),
                          QMessageBox.StandardButton.Ok, self.parent)
        if len(lines) > 2:
            box.setInformativeText("\n".join(lines[2:]))
        box.exec()

    # -- the import ------------------------------------------------------------------------
    def run(self) -> bool:
        """The whole import; True when a new siege was opened."""
        if not self.maybe_save():
            return False
        path = self.ask_path()
        if path is None:
            return False
        try:
            format_for(path, IMPORT_FORMATS)
        except SiegeFileError as error:
            self.prompts.warn(tr("Cannot import {name}: {error}.").format(
                    name=path.name, error=plain_clause(error)))
            return False
        self.settings.setValue(f"{SETTINGS_GROUP}/folder", str(path.parent))
        dialog = ImportDialog(path, self.settings, self.document.ruleset, self.parent,
                              self.reader)
        try:
            if not self.run_dialog(dialog):
                return False
            dialog.remember()
            options = dialog.options()
            imported = dialog.previewed if dialog.previewed_options == options else None
        finally:
            # Freed now, not kept as a hidden child of the window for the window's lifetime.
            dialog.setParent(None)
            del dialog
        try:
            if imported is None:
                imported = self.reader.read(path, options, tr("Importing {name}…").format(
                        name=path.name))
        except ImportCancelled:
            self.show_status(tr("Import of {name} cancelled; nothing changed.").format(
                    name=path.name))
            return False
        except SiegeFileError as error:
            self.prompts.warn(tr("Cannot import {name}: {error}.").format(
                    name=path.name, error=plain_clause(error)))
            return False
        self.document.load(SiegeFile(siege=imported.siege, images=imported.images), None,
                             unsaved=True)
        self.view.fit_to_map()
        count = len(imported.siege.structures)
        self.show_status((
            tr("Imported {name}: %n structure. Save it to keep it.", "", count) if count == 1
            else tr("Imported {name}: %n structures. Save it to keep it.", "", count)
        ).format(name=path.name))
        self.show_report(tr("Imported {name}").format(name=path.name), imported.report.lines())
        return True
