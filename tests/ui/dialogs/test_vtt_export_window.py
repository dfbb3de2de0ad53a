"""File > Export > Universal VTT from the window: the dialog's choices reach the file, are
remembered, and write what ``siegeboard export-vtt`` writes with the same choices."""

from __future__ import annotations

import json

from siegeboard.persist.samples import write_sample
from siegeboard.ui.dialogs.vtt_export_dialog import CELL_KEY, LOOK_KEY, VttExportDialog


def test_export_the_players_copy_from_the_file_menu(window, tmp_path):
    target = tmp_path / "castle"
    seen = []

    def run(dialog):
        seen.append(dialog)
        assert isinstance(dialog, VttExportDialog)
        dialog.path_edit.setText(str(target))
        dialog.copy_box.setCurrentIndex(dialog.copy_box.findData("players"))
        assert dialog.side_box.isEnabled()
        dialog.side_box.setCurrentIndex(dialog.side_box.findData("defender"))
        dialog.auto_pixels.setChecked(False)
        dialog.pixels_box.setValue(16)
        dialog.cell_box.setCurrentIndex(dialog.cell_box.findData("2m"))
        assert "2 m" in dialog.cell_words.text() and "16 px a cell" in dialog.cell_words.text()
        return True

    window.prompts.run_dialog = run
    assert "Export" in [a.text().replace("&", "") for a in window.menus.file_menu.actions()]
    window.menus.export_vtt_action.trigger()
    written = target.with_suffix(".dd2vtt")
    assert seen and written.is_file()
    document = json.loads(written.read_text())
    assert document["format"] == 0.3 and document["resolution"]["pixels_per_grid"] == 16
    assert document["cell"]["metres"] == 2.0
    assert document["image"] and document["line_of_sight"] == []  # a new siege: nothing stands
    offered = []  # next time the dialog offers the folder and name written to

    def look(dialog):
        offered.append(dialog.path())
        return False

    window.prompts.run_dialog = look
    window.menus.export_vtt_action.trigger()
    assert offered == [written]


def test_the_cell_and_look_are_remembered_and_the_cli_writes_the_same(window, tmp_path):
    from siegeboard.cli import main

    castle = write_sample(tmp_path / "castle.siege", "armory")
    assert window.files.open_path(castle, ask=False)
    first = tmp_path / "dialog.dd2vtt"

    def choose(dialog):
        assert dialog.cell_box.currentData() == "5ft" and dialog.look_box.currentData() == "map"
        assert dialog.auto_pixels.isChecked() and dialog.pixels_box.value() == 70
        dialog.path_edit.setText(str(first))
        dialog.look_box.setCurrentIndex(dialog.look_box.findData("board"))
        dialog.cell_box.setCurrentIndex(dialog.cell_box.findData("2m"))
        assert dialog.pixels_box.value() == 70  # the sample's plan is coarser: at least 70
        return True

    window.prompts.run_dialog = choose
    window.vtt_exporter.run()
    assert window.settings.value(LOOK_KEY) == "board" and window.settings.value(CELL_KEY) == "2m"
    reopened = []
    window.prompts.run_dialog = lambda dialog: reopened.append(
        (dialog.look_box.currentData(), dialog.cell_box.currentData())) or False
    window.vtt_exporter.run()
    assert reopened == [("board", "2m")]
    second = tmp_path / "cli.dd2vtt"
    assert main(["export-vtt", str(castle), "-o", str(second), "--look", "board",
                 "--cell", "2m"]) == 0
    assert json.loads(first.read_text()) == json.loads(second.read_text())
    window.document.undo_stack.setClean()


def test_a_folder_that_does_not_exist_is_one_message(window, tmp_path):
    warnings = []
    window.prompts.warn = warnings.append
    assert not window.vtt_exporter.export_to(tmp_path / "no" / "x.dd2vtt", pixels_per_grid=16,
                                             players=False, side=None)
    assert len(warnings) == 1 and "does not exist" in warnings[0]
