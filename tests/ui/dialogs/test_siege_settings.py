"""Play > Siege Settings: the ruleset's options, name and seed as one undoable edit that the
rules then follow."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from siegeboard.model.actions import FireAt
from siegeboard.ui.dialogs.siege_settings import SiegeSettingsDialog

SAMPLES = Path(str(resources.files("siegeboard.resources").joinpath("samples")))  # package data


def open_sample(window, tmp_path, name):
    path = tmp_path / name
    shutil.copy(SAMPLES / name, path)
    assert window.files.open_path(path, ask=False)
    return window.document


def settle(window, fill):
    """Answer the settings dialog with ``fill(dialog)`` and accept it."""
    def run(dialog):
        assert isinstance(dialog, SiegeSettingsDialog)
        fill(dialog)
        dialog.accept()
        return True
    window.prompts.run_dialog = run


def test_harris_settings_change_the_blast_and_undo(window, tmp_path):
    document = open_sample(window, tmp_path, "castle.siege")
    before = document.siege.model_dump_json()

    def fill(dialog):
        dialog.name_edit.setText("Harrowmere, second week")
        falloff = dialog.option_widgets["concussion_falloff"]
        falloff.setCurrentIndex(falloff.findData("one_over_d_plus_1"))
        assert "ladder_mode" not in dialog.option_widgets
        dialog.seed_box.setValue(99)
    settle(window, fill)
    window.menus.settings_action.trigger()
    siege = document.siege
    assert siege.name == "Harrowmere, second week"
    assert siege.options.concussion_falloff == "one_over_d_plus_1"
    assert siege.dice_seed == 99

    outcome = document.play(FireAt(weapon_id="he_shell", range_m=100, at=(60, 75)), [3, 4])
    # 1/(d+1): a structure one square from the burst loses 40 / 2 = 20, two squares 40 / 3 -> 13
    assert any("40 / 3 = 13" in line for line in outcome.lines), outcome.lines

    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.siege.model_dump_json() == before


def test_armory_settings_show_the_ladder_mode(window, tmp_path):
    document = open_sample(window, tmp_path, "castle_armory.siege")

    def fill(dialog):
        assert "concussion_falloff" not in dialog.option_widgets
        ladder = dialog.option_widgets["ladder_mode"]
        ladder.setCurrentIndex(ladder.findData("as_written"))
        dialog.option_widgets["armory_section_m"].setValue(5.0)
    settle(window, fill)
    window.menus.settings_action.trigger()
    assert document.siege.options.ladder_mode == "as_written"
    assert document.siege.options.armory_section_m == 5.0
    assert document.section_length() == 5.0
    document.undo_stack.undo()
    assert document.siege.options.ladder_mode == "hull"


def test_unchanged_settings_push_nothing(window, tmp_path):
    document = open_sample(window, tmp_path, "castle.siege")
    settle(window, lambda dialog: None)
    window.menus.settings_action.trigger()
    assert document.undo_stack.count() == 0


def test_quit_has_a_shortcut(window):
    assert not window.menus.quit_action.shortcut().isEmpty()


def test_armory_house_rules_are_labelled_and_switch_repair_off(window, tmp_path):
    # R1: A13's repair and A12's pool are house rules, and their rows say so.
    from PySide6.QtWidgets import QLabel

    document = open_sample(window, tmp_path, "castle_armory.siege")
    seen = []

    def fill(dialog):
        seen.extend(label.text() for label in dialog.findChildren(QLabel))
        assert dialog.seed_box.minimum() == 0 and dialog.seed_box.maximum() == 2**31 - 1  # R3
        repair = dialog.option_widgets["armory_repair"]
        repair.setCurrentIndex(repair.findData("False"))
        face = dialog.option_widgets["scene_pool_success"]
        face.setCurrentIndex(face.findData("4"))
    settle(window, fill)
    window.menus.settings_action.trigger()
    assert "Repair (house rule, A13)" in seen and "Scene dice pool (house rule, A12)" in seen
    options = document.siege.options
    assert (options.armory_repair, options.scene_pool, options.scene_pool_success) == (
        False, True, 4)
