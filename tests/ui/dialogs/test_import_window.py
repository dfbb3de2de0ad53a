"""File > Import… on the real window: a Universal VTT map opens as a new unsaved siege with
the dialog's choices (remembered), the report shown; cancelling or a bad file changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from siegeboard.persist import read_siege
from siegeboard.ui.dialogs import import_dialog
from siegeboard.ui.dialogs.import_dialog import ImportDialog

REAL = Path(__file__).resolve().parents[2] / "data" / "uvtt"
CROPPED = REAL / "dungeondraft_sampleMap_f0.3_cropped.dd2vtt"
OGANM = REAL / "dungeondraft_oganm_test.dd2vtt"


class Importer:
    """Answers the import controller's questions: the file, the dialog, the report."""

    def __init__(self, window, path, choose=None, accept=True):
        self.reports: list[tuple[str, list[str]]] = []
        importer = window.map_importer
        importer.ask_path = lambda: path
        importer.show_report = lambda title, lines: self.reports.append((title, lines))

        def run_dialog(dialog):
            if choose is not None:
                choose(dialog)
            dialog.refresh_preview()
            return accept

        importer.run_dialog = run_dialog


def file_actions(window) -> list[str]:
    return [action.text() for action in window.menus.file_menu.actions()]


def test_import_opens_the_map_as_a_new_unsaved_siege(qtbot, window, answers, tmp_path):
    assert "&Import…" in file_actions(window)
    before = window.document.siege

    def choose(dialog):
        dialog.cell_box.setCurrentIndex(dialog.cell_box.findData(2.0))
        dialog.closed_as_box.setCurrentIndex(dialog.closed_as_box.findData("buildings"))
        dialog.objects_check.setChecked(True)
        dialog.stories_spin.setValue(2)

    seen = Importer(window, OGANM, choose)
    window.menus.import_map_action.trigger()
    assert answers.warnings == []
    document = window.document
    siege = document.siege
    assert siege is not before and document.path is None and document.modified
    assert siege.map.pixels_per_metre == pytest.approx(64 / 2.0)
    names = [s.name for s in siege.structures.values()]
    assert sum(name.startswith("Building") for name in names) == 2
    assert sum(name.startswith("Object") for name in names) == 2
    assert sum(name.startswith("Door") for name in names) == 3
    assert {s.stories for s in siege.structures.values()} == {2}
    assert window.scene.map_item is not None
    assert set(window.scene.structure_items) == set(siege.structures)
    title, lines = seen.reports[0]
    assert title == "Imported dungeondraft_oganm_test.dd2vtt"
    assert lines[0].startswith("Read from dungeondraft_oganm_test.dd2vtt: 9 wall lines")
    assert "2 buildings" in lines[1]
    assert "Save it to keep it" in window.statusBar().currentMessage()

    # Saving asks for a name, like any new siege.
    target = tmp_path / "cellar.siege"
    answers.save_paths.append(target)
    window.menus.save_action.trigger()
    assert read_siege(target).siege == document.siege
    assert not document.modified


def test_the_choices_are_remembered_for_the_next_import(qtbot, window, answers):
    def choose(dialog):
        dialog.cell_spin.setValue(2.5)  # typed: no preset matches
        dialog.thickness_spin.setValue(0.8)

    Importer(window, CROPPED, choose)
    window.menus.import_map_action.trigger()
    assert window.document.siege.map.pixels_per_metre == pytest.approx(256 / 2.5)
    shown = {}

    def look(dialog):
        shown.update(cell=dialog.cell_spin.value(), preset=dialog.cell_box.currentData(),
                     thickness=dialog.thickness_spin.value())

    Importer(window, CROPPED, look)
    answers.save_changes.append("discard")  # the first import is unsaved: offered to save
    window.menus.import_map_action.trigger()
    assert answers.save_changes == []
    assert shown["cell"] == pytest.approx(2.5)
    assert shown["preset"] is None  # "Other (type it)"
    assert shown["thickness"] == pytest.approx(0.8)
    answers.save_changes.append("discard")  # closing the window offers to save the import


def test_the_dialog_previews_what_the_import_makes(qtbot, window, tmp_path):
    dialog = ImportDialog(CROPPED, window.settings, "harris")
    qtbot.addWidget(dialog)
    assert dialog.summary.text() == "Made: 3 walls, 7 wall sections, 1 door, 1 plan."
    assert not dialog.preview.pixmap().isNull()
    dialog.closed_as_box.setCurrentIndex(dialog.closed_as_box.findData("buildings"))
    qtbot.waitUntil(lambda: "1 building" in dialog.summary.text())
    dialog.ruleset_box.setCurrentIndex(dialog.ruleset_box.findData("armory"))
    assert dialog.wall_kind_box.currentData() == "brick_house"
    assert dialog.door_kind_box.currentData() == "interior_door"
    qtbot.waitUntil(lambda: dialog.previewed.siege.ruleset == "armory")
    image = dialog.preview.pixmap().toImage()
    image.save(str(tmp_path / "preview.png"))
    colours = {image.pixelColor(x, y).name() for x in range(0, 300, 7) for y in range(0, 300, 7)}
    assert len(colours) > 20  # the plan and the structures, not a blank square


def test_cancelling_the_dialog_or_the_import_changes_nothing(qtbot, window, answers):
    before = window.document.siege
    Importer(window, CROPPED, accept=False)
    window.menus.import_map_action.trigger()
    assert window.document.siege is before

    Importer(window, CROPPED)
    window.map_importer.reader.cancelled = lambda: True  # the GM presses Cancel
    window.menus.import_map_action.trigger()
    assert window.document.siege is before
    assert "cancelled; nothing changed" in window.statusBar().currentMessage()


def test_a_bad_file_gets_one_message_and_changes_nothing(qtbot, window, answers, tmp_path):
    before = window.document.siege
    bad = tmp_path / "broken.dd2vtt"
    bad.write_text(json.dumps({"format": 0.3, "image": "not base64!", "resolution": {
        "map_origin": {"x": 0, "y": 0}, "map_size": {"x": 5, "y": 5}, "pixels_per_grid": 10}}))
    shown = {}

    def look(dialog):
        shown.update(error=dialog.error.text(), can_import=dialog.buttons.button(
            QDialogButtonBox.StandardButton.Ok).isEnabled())

    Importer(window, bad, look)
    window.menus.import_map_action.trigger()
    assert "the picture is not valid base64" in shown["error"]
    assert not shown["can_import"]
    assert answers.warnings == ["Cannot import broken.dd2vtt: broken.dd2vtt: the picture is "
                                "not valid base64 text."]
    assert window.document.siege is before

    Importer(window, tmp_path / "notes.txt")
    window.menus.import_map_action.trigger()
    assert "cannot import this kind of file" in answers.warnings[-1]
    assert window.document.siege is before


def test_the_import_reuses_the_preview_of_the_choices_made(qtbot, window, answers):
    reader = window.map_importer.reader
    reads = []
    real_read = reader.read
    reader.read = lambda path, options, label: reads.append(label) or real_read(
        path, options, label)

    def choose(dialog):
        dialog.objects_check.setChecked(True)

    Importer(window, CROPPED, choose)
    window.menus.import_map_action.trigger()
    assert [label.split()[0] for label in reads] == ["Previewing", "Previewing"]
    assert sum(s.name.startswith("Object") for s in window.document.siege.structures.values()) == 1
    answers.save_changes.append("discard")  # closing the window offers to save the import


def test_a_slow_preview_waits_to_be_asked(qtbot, window, monkeypatch):
    monkeypatch.setattr(import_dialog, "AUTO_PREVIEW_S", -1.0)  # every preview is "slow"
    dialog = ImportDialog(OGANM, window.settings, "harris")
    qtbot.addWidget(dialog)
    assert not dialog.auto_preview and "9 walls" in dialog.summary.text()
    dialog.objects_check.setChecked(True)
    assert "Update preview" in dialog.summary.text()
    assert dialog.previewed_options != dialog.options()
    qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    assert "2 objects" in dialog.summary.text()
    assert dialog.previewed_options == dialog.options()


def test_a_plan_image_imports_as_a_new_siege_to_calibrate(qtbot, window, answers, tmp_path):
    from PIL import Image

    plan = tmp_path / "Harrow plan.png"
    Image.new("RGB", (120, 80), (210, 200, 180)).save(plan)

    def choose(dialog):
        assert not dialog.is_map  # only the ruleset applies to a picture
        dialog.ruleset_box.setCurrentIndex(dialog.ruleset_box.findData("armory"))

    seen = Importer(window, plan, choose)
    window.menus.import_map_action.trigger()
    siege = window.document.siege
    assert (siege.name, siege.ruleset, siege.structures) == ("Harrow plan", "armory", {})
    assert window.scene.map_item is not None
    assert "Calibrate" in "\n".join(seen.reports[0][1])
    answers.save_changes.append("discard")
