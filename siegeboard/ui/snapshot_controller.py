"""Snapshots from the window: File > Export Snapshot and File > Print (with its preview).

Each written or printed snapshot is recorded in the siege (an undoable "Record snapshot at
turn N"), so the next snapshot's log starts there. A snapshot that cannot be made is one
message and records nothing; an export runs under a progress dialog, and its Cancel writes
and records nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

from siegeboard.model.progress import Cancelled
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.snapshot import SnapshotError, configure_page, export_snapshot, \
    paint_snapshot
from siegeboard.ui.document import Document
from siegeboard.ui.export_dialog import ExportDialog
from siegeboard.ui.map_view import MapView
from siegeboard.ui.progress_dialog import run_with_progress
from siegeboard.ui.prompts import Prompts
from siegeboard.ui.plain_words import plain_clause


class SnapshotController:
    """Snapshots of ``document``; the options dialog starts from ``view``'s visible area
    and in ``start_folder()``, and remembers the last options used."""

    def __init__(self, document: Document, view: MapView, prompts: Prompts,
                 start_folder: Callable[[], str], show_message: Callable[[str], None]):
        self.document = document
        self.view = view
        self.prompts = prompts
        self.start_folder = start_folder
        self.show_status = show_message
        self.last_options: SnapshotOptions | None = None

    def snapshot_dialog(self, printing: bool = False) -> ExportDialog:
        """The options dialog, filled with the last choices and the current view."""
        visible = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
        view = (visible.left(), visible.top(), visible.right(), visible.bottom()) \
            if visible.width() > 0 and visible.height() > 0 else None
        path = self.document.path
        stem = (path.stem if path is not None else "siege") + "-snapshot"
        siege = self.document.siege
        dialog = ExportDialog(self.prompts.parent, view=view, folder=Path(self.start_folder()),
                              stem=stem, last_snapshot=siege.last_snapshot_turn,
                              current_turn=siege.clock.turn, printing=printing)
        if self.last_options is not None:
            dialog.set_options(self.last_options)
        return dialog

    def export_snapshot_dialog(self) -> None:
        dialog = self.snapshot_dialog()
        if self.prompts.run_dialog(dialog):
            self.export_snapshot_to(dialog.path(), dialog.options())

    def export_snapshot_to(self, path: Path, options: SnapshotOptions) -> bool:
        """Write the snapshot to ``path`` and record its turn; a failure is one message."""
        def work(progress):
            return export_snapshot(path, self.document.siege, self.document.images, options,
                                   progress=progress)

        try:
            written = run_with_progress(self.prompts.parent, "Exporting the snapshot", work)
        except SnapshotError as error:
            self.prompts.warn(f"No snapshot written: {plain_clause(error)}.")
            return False
        except Cancelled:
            self.show_status("Snapshot export cancelled: nothing written.")
            return False
        self.last_options = options
        self.document.mark_snapshot()
        pages = f" ({len(written)} files)" if len(written) > 1 else ""
        self.show_status(f"Snapshot written to {Path(path).name}{pages}.")
        return True

    def print_snapshot(self) -> None:
        """File > Print…: choose the options, then the print preview paints the snapshot."""
        dialog = self.snapshot_dialog(printing=True)
        if not self.prompts.run_dialog(dialog):
            return
        options = dialog.options()
        self.last_options = options
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        configure_page(printer, options)
        preview = QPrintPreviewDialog(printer, self.prompts.parent)
        preview.setWindowTitle("Print snapshot")
        preview.paintRequested.connect(lambda device: self.paint_snapshot_on(device, options))
        if self.prompts.run_dialog(preview):
            self.document.mark_snapshot()

    def paint_snapshot_on(self, device, options: SnapshotOptions) -> int:
        """Paint the snapshot on ``device`` (the print preview's printer); 0 pages and one
        message when it cannot be painted."""
        try:
            return paint_snapshot(device, self.document.siege, self.document.images, options)
        except SnapshotError as error:
            self.prompts.warn(f"Cannot print the snapshot: {plain_clause(error)}.")
            return 0
