"""File > Import of a real map: the kind mapping editor (tag -> kind, skip, save and load)
in the dialog, and the imported town opening with no plan."""

from __future__ import annotations

import json
from pathlib import Path

from test_import_window import Importer

from siegeboard.persist.formats.kinds import load_mapping
from siegeboard.ui.dialogs import import_dialog
from siegeboard.ui.dialogs.import_dialog import ImportDialog

VILLAGE = Path(__file__).parents[2] / "data" / "osm" / "kirchberg_an_der_iller_osmnx.osm"
SANBORN = Path(__file__).parents[2] / "data" / "osm" / "plainfield_1893_structures.geojson"


def _row(editor, key, value):
    table = editor.table
    return next(row for row in range(table.rowCount())
                if table.item(row, 1).text() == key and table.item(row, 2).text() == value)


def test_the_mapping_editor_skips_a_material_saves_and_loads(qtbot, window, tmp_path,
                                                            monkeypatch):
    # Every change previewed again, however slow a loaded machine makes the preview.
    monkeypatch.setattr(import_dialog, "AUTO_PREVIEW_S", float("inf"))
    dialog = ImportDialog(SANBORN, window.settings, "harris")
    qtbot.addWidget(dialog)
    assert dialog.summary.text() == "Made: 113 buildings."
    editor = dialog.kinds_editor
    row = _row(editor, "mat_type", "stone")
    editor.table.cellWidget(row, 3).setCurrentText("skip")
    qtbot.waitUntil(lambda: dialog.summary.text() == "Made: 111 buildings.")
    saved = tmp_path / "kinds.json"
    editor.ask_save_path = lambda: saved
    editor.save_button.click()
    assert load_mapping(saved).rule_for("building", {"mat_type": "stone"}).kind == "skip"
    editor.defaults_button.click()
    qtbot.waitUntil(lambda: dialog.summary.text() == "Made: 113 buildings.")
    editor.ask_open_path = lambda: saved
    editor.load_button.click()
    qtbot.waitUntil(lambda: dialog.summary.text() == "Made: 111 buildings.")
    assert dialog.options().kinds == load_mapping(saved)


def test_a_bad_mapping_file_is_refused_in_plain_words_and_changes_nothing(qtbot, window,
                                                                         tmp_path):
    dialog = ImportDialog(VILLAGE, window.settings, "harris")
    qtbot.addWidget(dialog)
    warnings = []
    editor = dialog.kinds_editor
    editor.warn = warnings.append
    before = editor.mapping()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"siegeboard_kinds": 1, "rules": [
        {"for": "building", "key": "*", "kind": "moat"}]}), encoding="utf-8")
    editor.ask_open_path = lambda: bad
    editor.load_button.click()
    assert warnings and "'moat'" in warnings[0] and "harris ruleset has not" in warnings[0]
    assert editor.mapping() == before


def test_file_import_of_the_village_opens_a_siege_with_no_plan(qtbot, window, answers):
    importer = Importer(window, VILLAGE)
    window.menus.import_map_action.trigger()
    qtbot.waitUntil(lambda: len(window.document.siege.structures) == 31)
    siege = window.document.siege
    assert siege.map is None and siege.projection and siege.attribution
    assert importer.reports and any("Relation 318560" in line
                                    for line in importer.reports[0][1])
    answers.save_changes.append("discard")
