"""File > Export > Universal VTT: the map as it stands to a .dd2vtt file for a virtual
tabletop (``report.vtt_export``). The dialog asks where, whose copy (the GM's or the
players', and which side they play) and how many pixels a 2 m cell; a failure is one message
and writes nothing."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QSpinBox, QWidget

from siegeboard.persist.siege_file import SiegeFile, SiegeFileError
from siegeboard.report.vtt_export import DEFAULT_PIXELS_PER_GRID, export_vtt
from siegeboard.ui.file_export_dialog import FileExportDialog, FileExporter
from siegeboard.ui.progress_dialog import run_with_progress

VTT_FILTER = "Universal VTT maps (*.dd2vtt *.uvtt)"


class VttExportDialog(FileExportDialog):
    """Where to write, whose copy, and the pixels a 2 m cell."""

    def __init__(self, parent: QWidget | None, path: Path):
        super().__init__(parent, "Export Universal VTT map", path, VTT_FILTER,
                         (".dd2vtt", ".uvtt"))
        self.copy_box = QComboBox()
        self.copy_box.addItem("The GM's copy (every state word)", "gm")
        self.copy_box.addItem("The players' copy (what they may see)", "players")
        self.side_box = QComboBox()
        for text, side in (("Either side", None), ("The besiegers", "besieger"),
                           ("The defenders", "defender")):
            self.side_box.addItem(text, side)
        self.copy_box.currentIndexChanged.connect(
            lambda _: self.side_box.setEnabled(self.players))
        self.side_box.setEnabled(False)
        self.pixels_box = QSpinBox()
        self.pixels_box.setRange(8, 1024)
        self.pixels_box.setValue(DEFAULT_PIXELS_PER_GRID)
        self.pixels_box.setSuffix(" px a 2 m cell")
        self.form.addRow("Copy", self.copy_box)
        self.form.addRow("The players play", self.side_box)
        self.form.addRow("Grid", self.pixels_box)
        self.add_buttons()

    @property
    def players(self) -> bool:
        return self.copy_box.currentData() == "players"


class VttExporter(FileExporter):
    """Runs the dialog and the export for ``document``."""

    settings_key = "vtt"

    def dialog(self) -> VttExportDialog:
        return VttExportDialog(self.prompts.parent, self.default_path(".dd2vtt"))

    def run(self) -> None:
        dialog = self.dialog()
        if self.prompts.run_dialog(dialog):
            self.export_to(dialog.path(), pixels_per_grid=dialog.pixels_box.value(),
                           players=dialog.players,
                           side=dialog.side_box.currentData() if dialog.players else None)

    def export_to(self, path: Path, *, pixels_per_grid: int, players: bool,
                  side: str | None) -> bool:
        siege_file = SiegeFile(siege=self.document.siege, images=self.document.images)

        def work(progress):
            progress.report(0, 1, "Rendering the map")
            return export_vtt(path, siege_file, pixels_per_grid=pixels_per_grid,
                              players=players, side=side)

        try:
            run_with_progress(self.prompts.parent, "Exporting the Universal VTT map", work)
        except SiegeFileError as error:
            self.prompts.warn(f"No map written: {error}")
            return False
        self.remember(path)
        self.show_status(f"Universal VTT map written to {path.name}.")
        return True
