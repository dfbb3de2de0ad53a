"""File > Export > Universal VTT: the map as it stands to a .dd2vtt file for a virtual
tabletop (``report.vtt_export``, the same path as ``siegeboard export-vtt``). The dialog asks
where, the look (a battle map or the board), how long a cell is (5 ft or 2 m, said in
words), the pixels a cell (the plan's own by default) and whose copy (the GM's or the
players', and which side they play); the look, the cell and the copy are remembered
(QSettings). A failure is one message and writes nothing."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QSpinBox, QWidget

from siegeboard.persist.formats.uvtt.write import CELL_WORDS, CELLS_M
from siegeboard.persist.siege_file import SiegeFile, SiegeFileError
from siegeboard.report.map_picture import LOOK_WORDS
from siegeboard.report.vtt_export import (
    DEFAULT_CELL,
    DEFAULT_LOOK,
    MAX_PIXELS,
    MIN_PIXELS,
    VttChoices,
    export_vtt,
    pixels_per_grid_for,
)
from siegeboard.ui.dialogs.file_export_dialog import FileExportDialog, FileExporter
from siegeboard.ui.dialogs.progress_dialog import run_with_progress
from siegeboard.ui.language import QT_TR_NOOP, tr

VTT_FILTER = QT_TR_NOOP("Universal VTT maps (*.dd2vtt *.uvtt)")
LOOK_KEY = "vtt_export/look"
CELL_KEY = "vtt_export/cell"
COPY_KEY = "vtt_export/copy"


def _choose(box: QComboBox, value) -> None:
    index = box.findData(value)
    if index >= 0:
        box.setCurrentIndex(index)


class VttExportDialog(FileExportDialog):
    """Where to write, the look, the cell, the pixels a cell and whose copy; ``siege_file``
    gives the plan's own pixels a cell (the default)."""

    def __init__(self, parent: QWidget | None, path: Path, siege_file: SiegeFile,
                 settings: QSettings | None = None):
        super().__init__(parent, tr("Export Universal VTT map"), path, tr(VTT_FILTER),
                         (".dd2vtt", ".uvtt"))
        self.siege_file, self.settings = siege_file, settings
        self.look_box = QComboBox()
        for look, words in LOOK_WORDS.items():
            self.look_box.addItem(words, look)
        self.cell_box = QComboBox()
        for cell in ("5ft", "2m"):
            self.cell_box.addItem(CELL_WORDS[cell], cell)
        self.cell_box.setToolTip(tr("How long one grid cell of the file is. A tabletop measures "
                                 "distances by its cells: 5 ft is what Foundry, Owlbear and "
                                 "most others assume, so their rulers read true."))
        self.auto_pixels = QCheckBox(tr("The plan's own"))
        self.pixels_box = QSpinBox()
        self.pixels_box.setRange(MIN_PIXELS, MAX_PIXELS)
        pixels_row = QHBoxLayout()
        pixels_row.addWidget(self.pixels_box)
        pixels_row.addWidget(self.auto_pixels)
        self.copy_box = QComboBox()
        self.copy_box.addItem(tr("The GM's copy (every state word)"), "gm")
        self.copy_box.addItem(tr("The players' copy (what they may see)"), "players")
        self.side_box = QComboBox()
        for text, side in ((tr("Either side"), None), (tr("The besiegers"), "besieger"),
                           (tr("The defenders"), "defender")):
            self.side_box.addItem(text, side)
        self.cell_words = QLabel()
        self.cell_words.setWordWrap(True)
        self.form.addRow(tr("Picture"), self.look_box)
        self.form.addRow(tr("One cell is"), self.cell_box)
        self.form.addRow(tr("Pixels a cell"), pixels_row)
        self.form.addRow("", self.cell_words)
        self.form.addRow(tr("Copy"), self.copy_box)
        self.form.addRow(tr("The players play"), self.side_box)
        self.add_buttons()
        if settings is not None:
            _choose(self.look_box, settings.value(LOOK_KEY, DEFAULT_LOOK))
            _choose(self.cell_box, settings.value(CELL_KEY, DEFAULT_CELL))
            _choose(self.copy_box, settings.value(COPY_KEY, "gm"))
        else:
            _choose(self.look_box, DEFAULT_LOOK)
            _choose(self.cell_box, DEFAULT_CELL)
        self.copy_box.currentIndexChanged.connect(self._update)
        self.cell_box.currentIndexChanged.connect(self._update)
        self.look_box.currentIndexChanged.connect(self._update)
        self.auto_pixels.toggled.connect(self._update)
        self.pixels_box.valueChanged.connect(self._update)
        self.auto_pixels.setChecked(True)
        self._update()

    @property
    def players(self) -> bool:
        return self.copy_box.currentData() == "players"

    def choices(self) -> VttChoices:
        return VttChoices(look=self.look_box.currentData(), cell=self.cell_box.currentData(),
                          pixels_per_grid=None if self.auto_pixels.isChecked()
                          else self.pixels_box.value(),
                          players=self.players,
                          side=self.side_box.currentData() if self.players else None)

    def remember(self) -> None:
        if self.settings is not None:
            self.settings.setValue(LOOK_KEY, self.look_box.currentData())
            self.settings.setValue(CELL_KEY, self.cell_box.currentData())
            self.settings.setValue(COPY_KEY, self.copy_box.currentData())

    def _update(self, *args) -> None:
        self.side_box.setEnabled(self.players)
        auto = self.auto_pixels.isChecked()
        self.pixels_box.setEnabled(not auto)
        cell = self.cell_box.currentData()
        if auto:
            self.pixels_box.blockSignals(True)
            self.pixels_box.setValue(pixels_per_grid_for(
                self.siege_file, VttChoices(look=self.look_box.currentData(), cell=cell)))
            self.pixels_box.blockSignals(False)
        metres = CELLS_M[cell]
        self.cell_words.setText(
            tr("One cell of the file is {value}: {value2} px "
            "a cell, {value3:.1f} px a metre. A 2 m square of the "
            "board is {value4:.2f} cells there.").format(
                    value=CELL_WORDS[cell], value2=self.pixels_box.value(),
                            value3=self.pixels_box.value() / metres, value4=2 / metres))


class VttExporter(FileExporter):
    """Runs the dialog and the export for ``document``; the dialog's choices, and the folder
    and name last written to, are remembered in ``settings``."""

    settings_key = "vtt"

    def siege_file(self) -> SiegeFile:
        return SiegeFile(siege=self.document.siege, images=self.document.images)

    def dialog(self) -> VttExportDialog:
        return VttExportDialog(self.prompts.parent, self.default_path(".dd2vtt"),
                               self.siege_file(), self.settings)

    def run(self) -> None:
        dialog = self.dialog()
        if self.prompts.run_dialog(dialog):
            dialog.remember()
            self.export_to(dialog.path(), dialog.choices())

    def export_to(self, path: Path, choices: VttChoices | None = None, **keywords) -> bool:
        """Export to ``path`` with ``choices`` (or their keywords); False, told, on failure."""
        choices = choices if choices is not None else VttChoices(**keywords)
        siege_file = self.siege_file()

        def work(progress):
            progress.report(0, 1, tr("Rendering the map"))
            return export_vtt(path, siege_file, choices)

        try:
            run_with_progress(self.prompts.parent, tr("Exporting the Universal VTT map"), work)
        except SiegeFileError as error:
            self.prompts.warn(tr("No map written: {error}").format(error=error))
            return False
        cell = CELL_WORDS[choices.cell].split(" (")[0]
        self.remember(path)
        self.show_status(tr("Universal VTT map written to {name} (one cell: {cell}).").format(
                name=path.name, cell=cell))
        return True
