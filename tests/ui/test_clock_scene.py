"""The clock on the real window (a wooden house's fire spreads to its neighbour, with dice
typed at the table), the GM's actions, and a Hull-ruleset evening scene with two engines."""

from __future__ import annotations

from play_sieges import evening_siege, wooden_row
from ui_helpers import show_area

from siegeboard.model.siege import TURNS_PER_MINUTE
from siegeboard.rules import armory


def test_fire_spreads_to_the_wooden_neighbour(qtbot, window, answers, tmp_path):
    assert window.files.open_path(wooden_row(tmp_path / "row.siege"))
    document = window.document
    show_area(window, -5, -5, 25, 15)

    # The GM sets the Cooper's house alight by hand (Actions dock, GM override).
    document.select(["w1"])
    actions = window.actions_dock
    assert actions.structure_id == "w1"
    actions.override_inputs["fire_level"].setValue(5)  # above 48 / 10: out of control (H9)
    actions.reason.setText("a torch")
    actions.override()
    assert answers.warnings == []
    cooper = document.siege.structures["w1"]
    assert cooper.fire_level == 5 and cooper.out_of_control
    assert window.scene.structure_items["w1"].style.fire == "F5!"
    assert window.scene.structure_items["w1"].style.wild_fire

    # First minute: the spread roll is a 4, no fire next door.
    window.playing.dice_edit.setText("4")
    window.clock_dock.minute_button.click()
    assert answers.warnings == []
    assert document.siege.clock.turn == TURNS_PER_MINUTE
    assert window.clock_dock.time_label.text() == "Turn 12, 1 min 0 s"
    assert document.siege.structures["w2"].fire_level == 0
    entry = document.siege.log[-1]
    assert entry.dice_values() == [4]
    assert any("fire spread from Cooper to Weaver" in line and "1D6 = 4, not 1" in line
               for line in entry.lines)

    # Second minute: a 1, and the Weaver's house catches fire at level 1.
    window.playing.dice_edit.setText("1")
    window.menus.minute_action.trigger()
    assert answers.warnings == []
    weaver = document.siege.structures["w2"]
    assert weaver.fire_level == 1
    entry = document.siege.log[-1]
    assert any("1D6 = 1: it catches fire at level 1" in line for line in entry.lines)
    assert "w2" in entry.touched
    assert window.scene.structure_items["w2"].style.fire == "F1"
    assert window.log_dock.model.rowCount() == 3

    # Undo both minutes: the fire is back to the torch alone; redo is exact.
    after = document.siege.model_dump()
    window.menus.undo_action.trigger()
    window.menus.undo_action.trigger()
    assert document.siege.clock.turn == 0
    assert document.siege.structures["w1"].fire_level == 5
    assert document.siege.structures["w2"].fire_level == 0
    assert window.scene.structure_items["w2"].style.fire == ""
    window.menus.redo_action.trigger()
    window.menus.redo_action.trigger()
    assert document.siege.model_dump() == after

    # One turn and N turns from the dock; N turns with the program's own dice.
    window.clock_dock.turn_button.click()
    assert document.siege.clock.turn == 2 * TURNS_PER_MINUTE + 1
    window.clock_dock.turns.setValue(5)
    window.clock_dock.n_button.click()
    assert document.siege.clock.turn == 2 * TURNS_PER_MINUTE + 6


def test_evening_scene_with_two_engines(qtbot, window, answers, tmp_path):
    assert window.files.open_path(evening_siege(tmp_path / "evening.siege"))
    document = window.document
    dock = window.scene_dock
    assert dock.rows == ["e1", "e2"]

    # Assign targets with the combo boxes (one undoable edit each).
    for row, target in ((0, "s1"), (1, "s2")):
        box = dock.table.cellWidget(row, 1)
        box.setCurrentIndex(box.findData(target))
        box.activated.emit(box.currentIndex())
    assert document.siege.batteries["e1"].target_id == "s1"
    assert document.siege.batteries["e2"].target_id == "s2"

    dock.set_row("e1", successes=8, boons=4)
    dock.set_row("e2", successes=2, boons=0)
    before = {key: s.model_copy(deep=True) for key, s in document.siege.structures.items()}
    dock.resolve_button.click()
    assert answers.warnings == []

    siege = document.siege
    assert siege.scene == 1
    (entry,) = siege.log
    for battery_id, target, successes, boons in (("e1", "s1", 8, 4), ("e2", "s2", 2, 0)):
        weapon = siege.weapons[siege.batteries[battery_id].weapon_id]
        wall = before[target]
        armor, _parts = armory.effective_armor(wall, weapon)
        damage = armory.hit_damage(weapon.hull_damage, successes, armor, pierce=weapon.pierce,
                                   boons=boons, crit=weapon.crit)
        assert siege.structures[target].hull_suffered == min(wall.hull, damage), target
    # The great bombard's 8 Successes Breach the first section; the board says so.
    assert siege.structures["s1"].ladder == "breached"
    assert siege.structures["s2"].ladder != "breached"
    assert window.scene.structure_items["s1"].style.plate == "Breached"
    assert window.scene.structure_items["s1"].style.pattern == "hatch"
    assert "North wall 1" in dock.breached.text() and dock.breached.isVisibleTo(dock)
    assert "Now play one scene of the characters' own" in dock.prompt.text()
    assert "play the assault" in dock.prompt.text()
    assert "Breached" in window.statusBar().currentMessage()

    # The next scene starts from the last scene's Successes and Boons.
    assert dock.table.cellWidget(0, 2).value() == 8 and dock.table.cellWidget(0, 3).value() == 4
    assert dock.table.cellWidget(1, 2).value() == 2

    # The escalade table of the selected section, from the rules core.
    document.select(["s2"])
    assert "Escalade, North wall 2: not breached" in dock.escalade.text()
    document.select(["s1"])
    assert "Breached" in dock.escalade.text()

    # Undo the scene: both sections as they were; redo: identical.
    after = siege.model_dump()
    window.menus.undo_action.trigger()
    assert document.siege.scene == 0
    assert all(document.siege.structures[k] == before[k] for k in before)
    assert not dock.breached.isVisibleTo(dock)
    window.menus.redo_action.trigger()
    assert document.siege.model_dump() == after

    # A pool the GM sets, rolled with dice typed at the table: 5 and 6 are Successes.
    dock.set_row("e2", pool=3)
    window.playing.dice_edit.setText("5 6 2")
    dock.resolve_button.click()
    assert answers.warnings == []
    last = document.siege.log[-1]
    assert last.dice_values() == [5, 6, 2]
    assert any("rolls 3D6: [5, 6, 2] -> 2 Successes, 1 Boons" in line for line in last.lines)
