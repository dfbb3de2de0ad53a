"""Snapshots from the window: File > Export Snapshot and File > Print (with its preview).

Each written or printed snapshot is recorded in the siege (an undoable "Record snapshot at
turn N"), so the next snapshot's log starts there. A snapshot that cannot be made is one
message and records nothing; an export runs under a progress dialog, and its Cancel writes
and records nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QPaintEngine
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

from siegeboard.model.progress import Cancelled
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.pages import SnapshotLayout
from siegeboard.report.snapshot import (
    SnapshotError,
    configure_page,
    export_snapshot,
    paint_snapshot,
)
from siegeboard.ui.board.map_view import MapView
from siegeboard.ui.dialogs.export_dialog import ExportDialog
from siegeboard.ui.dialogs.progress_dialog import run_with_progress
from siegeboard.ui.dialogs.prompts import Prompts
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr
from siegeboard.ui.plain_words import plain_clause


class SnapshotController:
    """Snapshots of ``document``; the options dialog starts from ``view``'s visible area.
    With ``settings`` the dialog remembers, from one run of the program to the next, the last
    folder and file name written to and the choices made (copy, colour, paper, orientation,
    map area); without, it starts in ``start_folder()`` with the defaults."""

    def __init__(self, document: Document, view: MapView, prompts: Prompts,
                 start_folder: Callable[[], str], show_message: Callable[[str], None],
                 settings: QSettings | None = None):
        self.document = document
        self.view = view
        self.prompts = prompts
        self.start_folder = start_folder
        self.show_status = show_message
        self.settings = settings
        self.last_options: SnapshotOptions | None = None
        self.last_area_index: int | None = None
        self.last_all_pages = False
        if settings is not None:
            self._read_settings(settings)

    def _read_settings(self, settings: QSettings) -> None:
        try:
            choices = json.loads(str(settings.value("export/choices", "") or "{}"))
            self.last_options = SnapshotOptions(
                copy=choices["copy"], side=choices.get("side"),
                greyscale=bool(choices["greyscale"]),
                paper=choices["paper"], orientation=choices["orientation"]) if choices else None
            self.last_area_index = int(choices["area"]) if "area" in choices else None
            self.last_all_pages = bool(choices.get("all_pages", False))
        except (ValueError, KeyError, TypeError):  # settings from elsewhere: the defaults
            self.last_options, self.last_area_index = None, None

    def _remember(self, dialog: ExportDialog, path: Path | None) -> None:
        options = dialog.options()
        self.last_options = options
        self.last_area_index = dialog.area_box.currentIndex()
        self.last_all_pages = dialog.pages_box.isChecked()
        if self.settings is None:
            return
        self.settings.setValue("export/choices", json.dumps({
            "copy": options.copy, "side": options.side, "greyscale": options.greyscale,
            "paper": options.paper,
            "orientation": options.orientation, "area": self.last_area_index,
            "all_pages": dialog.pages_box.isChecked()}))
        if path is not None:
            self.settings.setValue("export/folder", str(Path(path).parent))
            self.settings.setValue("export/name", Path(path).name)

    def snapshot_dialog(self, printing: bool = False) -> ExportDialog:
        """The options dialog, filled with the last choices and the current view."""
        visible = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
        view = (visible.left(), visible.top(), visible.right(), visible.bottom()) \
            if visible.width() > 0 and visible.height() > 0 else None
        path = self.document.path
        stem = (path.stem if path is not None else "siege") + "-snapshot"
        siege = self.document.siege
        folder = Path(self.start_folder())
        if self.settings is not None and self.settings.value("export/folder"):
            folder = Path(str(self.settings.value("export/folder")))
        dialog = ExportDialog(self.prompts.parent, view=view, folder=folder,
                              stem=stem, last_snapshot=siege.last_snapshot_turn,
                              current_turn=siege.clock.turn, printing=printing,
                              players_side=siege.players_side)
        name = self.settings.value("export/name") if self.settings is not None else None
        if name:
            dialog.path_edit.setText(str(folder / str(name)))
        if self.last_options is not None:
            dialog.set_options(self.last_options)
        dialog.pages_box.setChecked(self.last_all_pages)
        if self.last_area_index is not None and 0 <= self.last_area_index < dialog.area_box.count():
            dialog.area_box.setCurrentIndex(self.last_area_index)
        return dialog

    def export_snapshot_dialog(self) -> None:
        dialog = self.snapshot_dialog()
        if self.prompts.run_dialog(dialog) and self.export_snapshot_to(
                dialog.path(), dialog.options(), all_pages=dialog.all_pages()):
            self._remember(dialog, dialog.path())

    def export_snapshot_to(self, path: Path, options: SnapshotOptions, *,
                           all_pages: bool = False) -> bool:
        """Write the snapshot to ``path`` (with ``all_pages``, a PNG's or SVG's every page,
        a numbered file each) and record its turn; a failure is one message."""
        layouts: list[SnapshotLayout] = []

        def work(progress):
            return export_snapshot(path, self.document.siege, self.document.images, options,
                                   all_pages=all_pages, progress=progress,
                                   told=layouts.append)

        try:
            written = run_with_progress(self.prompts.parent, tr("Exporting the snapshot"), work)
        except SnapshotError as error:
            self.prompts.warn(tr("No snapshot written: {error}.").format(error=plain_clause(error)))
            return False
        except Cancelled:
            self.show_status(tr("Snapshot export cancelled: nothing written."))
            return False
        self.last_options = options
        self.document.mark_snapshot()
        sheets = (f" ({layouts[0].sheets_told()})" if layouts and options.scale is not None
                  else "")
        if len(written) > 1:
            self.show_status(tr("Snapshot written: {count} files, {name} to "
                             "{name2}{sheets}.").format(
                                     count=len(written), name=written[0].name,
                                             name2=written[-1].name, sheets=sheets))
        else:
            self.show_status(tr("Snapshot written to {name}{sheets}.").format(
                    name=Path(path).name, sheets=sheets))
        return True

    def print_snapshot(self) -> None:
        """File > Print…: choose the options, then the print preview paints the snapshot.
        Its painting runs under a progress dialog; Cancel closes the preview, and neither
        prints nor records anything."""
        dialog = self.snapshot_dialog(printing=True)
        if not self.prompts.run_dialog(dialog):
            return
        options = dialog.options()
        self._remember(dialog, None)
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        configure_page(printer, options)
        preview = QPrintPreviewDialog(printer, self.prompts.parent)
        preview.setWindowTitle(tr("Print snapshot"))
        cancelled: list[bool] = []

        def cancel() -> None:
            cancelled.append(True)
            # Once the preview's own event loop runs: rejected from inside its first paint,
            # before exec() has begun waiting, it would wait on a hidden dialog for ever.
            QTimer.singleShot(0, preview.reject)

        preview.paintRequested.connect(
            lambda device: self.paint_snapshot_on(device, options, on_cancel=cancel))
        if self.prompts.run_dialog(preview) and not cancelled:
            self.document.mark_snapshot()

    def paint_snapshot_on(self, device, options: SnapshotOptions,
                          on_cancel: Callable[[], None] | None = None) -> int:
        """Paint the snapshot on ``device`` (the print preview's printer) under a progress
        dialog; 0 pages and one message when it cannot be painted. Cancel calls
        ``on_cancel`` and says what was left: nothing, in the preview; on a printer, the
        pages already sent (a print job cannot be taken back)."""
        last: list[tuple[int, int, str]] = [(0, 0, "")]

        def work(progress):
            class Watched:  # the last report heard: how many pages were painted
                def report(self, done: int, total: int, what: str = "") -> None:
                    last[0] = (done, total, what)
                    progress.report(done, total, what)

            return paint_snapshot(device, self.document.siege, self.document.images, options,
                                  progress=Watched())

        try:
            return run_with_progress(self.prompts.parent, tr("Printing the snapshot"), work)
        except SnapshotError as error:
            self.prompts.warn(tr("Cannot print the snapshot: {error}.").format(
                    error=plain_clause(error)))
            return 0
        except Cancelled:
            engine = device.paintEngine()
            previewing = engine is not None and engine.type() == QPaintEngine.Type.Picture
            sent, total, what = last[0]
            if previewing or not what.startswith("Painting") or not sent:
                self.show_status(tr("Printing cancelled: nothing printed."))
            else:
                self.show_status(tr("Printing cancelled: {sent} of {total} pages went to the "
                                 "printer.").format(sent=sent, total=total))
            if on_cancel is not None:
                on_cancel()
            return 0
