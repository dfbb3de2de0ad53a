"""File > Export > Universal VTT from the window: the dialog's choices reach the file."""

from __future__ import annotations

import json

from siegeboard.ui.vtt_export_dialog import VttExportDialog


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
        dialog.pixels_box.setValue(16)
        return True

    window.prompts.run_dialog = run
    assert "Export" in [a.text().replace("&", "") for a in window.menus.file_menu.actions()]
    window.menus.export_vtt_action.trigger()
    written = target.with_suffix(".dd2vtt")
    assert seen and written.is_file()
    document = json.loads(written.read_text())
    assert document["format"] == 0.3 and document["resolution"]["pixels_per_grid"] == 16
    assert document["image"] and document["line_of_sight"] == []  # a new siege: nothing stands
    offered = []  # next time the dialog offers the folder and name written to

    def look(dialog):
        offered.append(dialog.path())
        return False

    window.prompts.run_dialog = look
    window.menus.export_vtt_action.trigger()
    assert offered == [written]


def test_a_folder_that_does_not_exist_is_one_message(window, tmp_path):
    warnings = []
    window.prompts.warn = warnings.append
    assert not window.vtt_exporter.export_to(tmp_path / "no" / "x.dd2vtt", pixels_per_grid=16,
                                             players=False, side=None)
    assert len(warnings) == 1 and "does not exist" in warnings[0]
