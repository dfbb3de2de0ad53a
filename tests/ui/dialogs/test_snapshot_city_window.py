"""A city's snapshot from the window: File > Export and File > Print run under a progress
dialog whose Cancel writes, prints and records nothing, even while the table is laid out."""

from __future__ import annotations

from bench.town import build_town  # tests/ is on the path (rootdir-based packages)
from PySide6.QtCore import QTimer
from PySide6.QtPrintSupport import QPrintPreviewDialog
from test_open_and_progress import click_cancel_when_shown, what_is_open

from siegeboard.persist import SiegeFile, write_siege
from siegeboard.ui.dialogs import progress_dialog
from siegeboard.ui.dialogs.export_dialog import ExportDialog

CITY = 6000  # its table's layout reports (every 5,000 rows) before the first page is painted


def test_cancel_while_a_city_exports_or_prints_writes_prints_and_records_nothing(
        qtbot, window, answers, tmp_path, monkeypatch):
    path = tmp_path / "city.siege"
    write_siege(path, SiegeFile(siege=build_town(CITY)))
    assert window.files.open_path(path)
    export_is_cancelled(qtbot, window, answers, tmp_path, monkeypatch)
    print_preview_is_cancelled(qtbot, window, answers)


def export_is_cancelled(qtbot, window, answers, tmp_path, monkeypatch):
    before = what_is_open(window)
    target = tmp_path / "out" / "city.pdf"
    target.parent.mkdir()
    monkeypatch.setattr(progress_dialog, "SHOW_AFTER_MS", 0)
    labels: list[str] = []
    original = progress_dialog.DialogProgress.report

    def report(self, done, total, what=""):
        labels.append(what)
        return original(self, done, total, what)

    monkeypatch.setattr(progress_dialog.DialogProgress, "report", report)

    def run(dialog):
        assert isinstance(dialog, ExportDialog)
        dialog.path_edit.setText(str(target))
        dialog.accept()
        return dialog.result() == ExportDialog.DialogCode.Accepted

    window.prompts.run_dialog = run
    seen: list[str] = []
    click_cancel_when_shown(qtbot, seen)
    window.menus.export_action.trigger()
    assert seen == ["Exporting the snapshot"]
    assert labels and labels[-1] == "Laying out the table"  # cancelled before any page
    assert list(target.parent.iterdir()) == []  # not even a temporary file
    assert what_is_open(window) == before and window.document.siege.last_snapshot_turn is None
    assert answers.warnings == []
    assert window.statusBar().currentMessage() == "Snapshot export cancelled: nothing written."


def print_preview_is_cancelled(qtbot, window, answers):
    """SHOW_AFTER_MS is still 0: the dialog shows at the preview's first report."""
    before = what_is_open(window)
    shown: list[object] = []
    results: list[bool] = []

    def run(dialog):
        shown.append(dialog)
        if isinstance(dialog, ExportDialog):
            dialog.accept()
            return True
        assert isinstance(dialog, QPrintPreviewDialog)
        # The real preview: it asks for the pages when shown, under the progress dialog.
        click_cancel_when_shown(qtbot, [])
        QTimer.singleShot(60_000, dialog.reject)  # a preview left open fails, not hangs
        results.append(dialog.exec() == QPrintPreviewDialog.DialogCode.Accepted)
        return results[-1]

    window.prompts.run_dialog = run
    window.menus.print_action.trigger()
    assert [type(dialog) for dialog in shown] == [ExportDialog, QPrintPreviewDialog]
    assert results == [False] and not shown[1].isVisible()
    assert window.statusBar().currentMessage() == "Printing cancelled: nothing printed."
    assert what_is_open(window) == before and window.document.siege.last_snapshot_turn is None
    assert answers.warnings == []
