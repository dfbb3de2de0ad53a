"""What every "export to a file" of the window shares: the dialog's file row (the path and
Browse…), its Save and Cancel, the path it gives back, and the exporter that opens it in the
GM's folder under the siege's name. Each export adds its own rows (``story_dialog``,
``vtt_export_dialog``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from siegeboard.ui.dialogs.prompts import Prompts
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import QT_TR_NOOP, tr


class FileExportDialog(QDialog):
    """A dialog that writes one file. ``suffixes``: the endings the file may have, the first
    the one given to a name with none of them. A subclass adds its rows to ``form``, then
    calls ``add_buttons``."""

    def __init__(self, parent: QWidget | None, title: str, path: Path, file_filter: str,
                 suffixes: Sequence[str], file_label: str = QT_TR_NOOP("File")):
        super().__init__(parent)
        self.setWindowTitle(title)
        self._filter, self._suffixes = file_filter, tuple(suffixes)
        self.path_edit = QLineEdit(str(path))
        browse = QPushButton(tr("Browse…"))
        browse.clicked.connect(self._browse)
        where = QHBoxLayout()
        where.addWidget(self.path_edit)
        where.addWidget(browse)
        self.form = QFormLayout(self)
        self.form.addRow(tr(file_label), where)

    def add_buttons(self) -> None:
        """Save and Cancel, under the rows."""
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.form.addRow(buttons)

    def path(self) -> Path:
        """The file to write: as typed, with the first suffix when it has none of them."""
        path = Path(self.path_edit.text().strip())
        return path if path.suffix.lower() in self._suffixes else path.with_suffix(
            self._suffixes[0])

    def _browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, self.windowTitle(), self.path_edit.text(),
                                              self._filter)
        if name:
            self.path_edit.setText(name)


class FileExporter:
    """Runs an export for ``document``: its questions through ``prompts``, its files first
    offered in ``start_folder()``, its news through ``show_message``. With ``settings``, the
    folder and name last written to (under ``settings_key``) are offered next time, from one
    run of the program to the next, as the snapshot's dialog does."""

    settings_key = "export-file"

    def __init__(self, document: Document, prompts: Prompts, start_folder: Callable[[], str],
                 show_message: Callable[[str], None], settings: QSettings | None = None):
        self.document, self.prompts = document, prompts
        self.start_folder, self.show_status = start_folder, show_message
        self.settings = settings

    def default_path(self, ending: str) -> Path:
        """The file last written to (its folder and name), or ``<the siege's file
        name><ending>`` ("siege" for an unsaved one) in the start folder."""
        stem = self.document.path.stem if self.document.path is not None else "siege"
        folder, name = Path(self.start_folder()), f"{stem}{ending}"
        if self.settings is not None:
            folder = Path(str(self.settings.value(f"{self.settings_key}/folder", "") or folder))
            name = str(self.settings.value(f"{self.settings_key}/name", "") or name)
        return folder / name

    def remember(self, path: Path) -> None:
        """Offer ``path``'s folder and name next time (a file was written there)."""
        if self.settings is not None:
            self.settings.setValue(f"{self.settings_key}/folder", str(Path(path).parent))
            self.settings.setValue(f"{self.settings_key}/name", Path(path).name)
