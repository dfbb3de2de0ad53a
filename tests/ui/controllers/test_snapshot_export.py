"""File > Export snapshot... and File > Print...: the options dialog driven programmatically,
a real file written, the snapshot's turn recorded as an undoable edit."""

from __future__ import annotations

import pytest
from play_sieges import gate_town
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

from siegeboard.model.actions import AdvanceClock
from siegeboard.ui.dialogs.export_dialog import SINCE_LAST, ExportDialog


@pytest.fixture
def town(window, tmp_path):
    assert window.files.open_path(gate_town(tmp_path / "town.siege"))
    return window


def drive(window, fill):
    """Replace the modal run of the dialog by ``fill(dialog)``; the answer is its result."""
    seen = []

    def run(dialog):
        seen.append(dialog)
        if isinstance(dialog, ExportDialog):
            fill(dialog)
            dialog.accept()
            return dialog.result() == ExportDialog.DialogCode.Accepted
        return fill(dialog)

    window.prompts.run_dialog = run
    return seen


def test_the_file_menu_has_print_and_export_before_quit(window):
    actions = window.menus.file_menu.actions()
    place = actions.index(window.menus.file_export_separator)
    assert actions[place - 2:place] == [window.menus.print_action, window.menus.export_action]
    assert actions[-1] is window.menus.quit_action


def test_export_a_players_greyscale_pdf(town, tmp_path):
    window = town
    window.playing.play(AdvanceClock(turns=4))
    target = tmp_path / "out" / "evening.pdf"
    target.parent.mkdir()

    def fill(dialog):
        dialog.path_edit.setText(str(target))
        dialog.copy_box.setCurrentIndex(dialog.copy_box.findData("players"))
        dialog.colour_box.setCurrentIndex(dialog.colour_box.findData(True))
        dialog.paper_box.setCurrentText("A3")
        dialog.orientation_box.setCurrentIndex(dialog.orientation_box.findData("portrait"))
        dialog.area_box.setCurrentIndex(dialog.area_box.findData(1000))

    seen = drive(window, fill)
    window.menus.export_action.trigger()
    (dialog,) = seen
    assert dialog.since_box.value() == 0  # the first snapshot: the log from turn 0
    assert dialog.since_box.text() == "turn 0"
    options = dialog.options()
    assert (options.copy, options.greyscale, options.paper, options.orientation,
            options.scale, options.view, options.since_turn) == (
        "players", True, "A3", "portrait", 1000, None, 0)
    assert target.read_bytes()[:5] == b"%PDF-"
    # The snapshot's turn is recorded, as one undoable edit.
    assert window.document.siege.last_snapshot_turn == 4
    assert window.document.undo_stack.undoText() == "Record snapshot at turn 4"
    window.document.undo_stack.undo()
    assert window.document.siege.last_snapshot_turn is None


def test_after_a_snapshot_the_next_one_starts_where_it_ended(town, tmp_path):
    window = town
    window.playing.play(AdvanceClock(turns=3))
    seen = drive(window, lambda dialog: dialog.path_edit.setText(str(tmp_path / "one.pdf")))
    window.menus.export_action.trigger()
    assert seen[0].since_box.value() == 0 and window.document.siege.last_snapshot_turn == 3
    window.playing.play(AdvanceClock(turns=2))
    seen = drive(window, lambda dialog: dialog.path_edit.setText(str(tmp_path / "two.pdf")))
    window.menus.export_action.trigger()
    (second,) = seen
    assert second.since_box.value() == SINCE_LAST
    assert second.since_box.text() == "the last snapshot (turn 3)"
    assert second.options().since_turn is None


def test_export_the_current_view_since_a_turn_as_png(town, tmp_path):
    window = town
    window.playing.play(AdvanceClock(turns=6))
    target = tmp_path / "view.png"

    def fill(dialog):
        dialog.path_edit.setText(str(target))
        dialog.area_box.setCurrentIndex(dialog.area_box.findData("view"))
        dialog.since_box.setValue(2)

    seen = drive(window, fill)
    window.menus.export_action.trigger()
    (dialog,) = seen
    options = dialog.options()
    assert options.view is not None and options.since_turn == 2 and options.scale is None
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_bad_extension_keeps_the_dialog_open_and_writes_nothing(town, tmp_path):
    dialog = town.snapshots.snapshot_dialog()
    dialog.path_edit.setText(str(tmp_path / "map.docx"))
    dialog.accept()
    assert dialog.result() != ExportDialog.DialogCode.Accepted
    assert ".pdf, .png or .svg" in dialog.error.text()
    assert list(tmp_path.glob("map*")) == []


def test_an_export_that_fails_is_one_message_and_records_nothing(town, answers, tmp_path):
    from siegeboard.report.options import SnapshotOptions

    assert not town.snapshots.export_snapshot_to(tmp_path / "missing" / "x.pdf", SnapshotOptions())
    assert len(answers.warnings) == 1 and "does not exist" in answers.warnings[0]
    assert town.document.siege.last_snapshot_turn is None


def test_print_preview_paints_the_snapshot(town, tmp_path):
    window = town
    window.playing.play(AdvanceClock(turns=2))
    painted = []

    def fill(dialog):
        if isinstance(dialog, QPrintPreviewDialog):
            # What the preview does: ask for the pages on its printer (here, a PDF file).
            printer = QPrinter()
            printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
            printer.setOutputFileName(str(tmp_path / "printed.pdf"))
            dialog.paintRequested.emit(printer)
            painted.append(printer)
            return True
        dialog.paper_box.setCurrentText("A5")

    seen = drive(window, fill)
    window.menus.print_action.trigger()
    assert isinstance(seen[0], ExportDialog) and isinstance(seen[1], QPrintPreviewDialog)
    assert painted and (tmp_path / "printed.pdf").read_bytes()[:5] == b"%PDF-"
    assert window.document.siege.last_snapshot_turn == 2


def test_the_export_dialog_remembers_folder_name_and_choices_across_runs(qtbot, town, tmp_path):
    from siegeboard.ui.main_window import MainWindow

    window = town
    target = tmp_path / "prints" / "evening-gm.pdf"
    target.parent.mkdir()

    def fill(dialog):
        dialog.path_edit.setText(str(target))
        dialog.copy_box.setCurrentIndex(dialog.copy_box.findData("players"))
        dialog.paper_box.setCurrentText("A3")
        dialog.area_box.setCurrentIndex(dialog.area_box.findData(500))

    drive(window, fill)
    window.menus.export_action.trigger()
    assert target.exists()
    # The next run of the program (same settings) starts where this one left off.
    again = MainWindow(window.settings, window.autosaver)
    qtbot.addWidget(again)
    dialog = again.snapshots.snapshot_dialog()
    assert dialog.path() == target
    options = dialog.options()
    assert (options.copy, options.paper, options.scale) == ("players", "A3", 500)


def test_the_dialog_writes_every_page_and_each_footer_is_true(town, tmp_path):
    """Every page, a numbered SVG each, from the dialog; a one-page SVG's footer says that
    the other pages are not in it (it used to say "page 1 of N")."""
    from xml.etree import ElementTree

    window = town
    window.playing.play(AdvanceClock(turns=4))
    target = tmp_path / "evening.svg"

    def words(path):
        return " ".join(" ".join(ElementTree.parse(path).getroot().itertext()).split())

    def fill(dialog):
        dialog.path_edit.setText(str(tmp_path / "evening.pdf"))
        assert not dialog.pages_box.isEnabled()  # a PDF holds every page
        dialog.path_edit.setText(str(target))
        assert dialog.pages_box.isEnabled()

    drive(window, fill)
    window.menus.export_action.trigger()
    assert not (tmp_path / "evening-2.svg").exists()
    alone = words(target)
    assert "not in this file" in alone and "page 1 of" not in alone

    def every(dialog):
        dialog.path_edit.setText(str(target))
        dialog.pages_box.setChecked(True)

    drive(window, every)
    window.menus.export_action.trigger()
    pages = sorted(tmp_path.glob("evening*.svg"))
    assert len(pages) >= 2
    total = len(pages)
    for number in range(1, total + 1):
        path = target if number == 1 else tmp_path / f"evening-{number}.svg"
        assert f"page {number} of {total}" in words(path)
    seen = drive(window, lambda dialog: None)
    window.menus.export_action.trigger()
    assert seen[-1].pages_box.isChecked()  # remembered
