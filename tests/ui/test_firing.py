"""The issue's walk-through of a shot on the real window: place a battery with the mouse,
choose an HE round, click on the gatehouse with dice typed at the table, and check the log,
the DP of the gatehouse and of its neighbours by their 10 m squares, the colours, the undo."""

from __future__ import annotations

import pytest
from play_sieges import GATE_TOWN, gate_town
from PySide6.QtCore import Qt
from ui_helpers import click, move, show_area, view_point

from siegeboard.report import palette
from siegeboard.rules import harris
from siegeboard.ui.board.structure_item import StructureItem

LARGE_CALIBRE, FIRE_ROLL = (3, 4), 2  # 2D6 = 7: penetration 38 + 7 = 45; no fire


@pytest.fixture
def town(window, tmp_path):
    assert window.files.open_path(gate_town(tmp_path / "town.siege"))
    show_area(window, -5, -5, 75, 75)
    return window


def place_battery(qtbot, window, point):
    window.weapons_dock.select_weapon("he_shell")
    window.menus.tool_actions["battery"].trigger()
    click(qtbot, window, point)


def test_he_round_on_the_gatehouse(qtbot, town, answers):
    window, document = town, town.document
    before = {key: s.model_copy(deep=True) for key, s in document.siege.structures.items()}

    # A battery at the foot of the map, placed with a click; it becomes the one that fires.
    place_battery(qtbot, window, (24, 68))
    (battery,) = document.siege.batteries.values()
    assert battery.position == (24.0, 68.0) and battery.weapon_id == "he_shell"
    assert "he_shell" in document.siege.weapons  # the catalogue round joined the siege
    assert window.fire_dock.battery_id == battery.id
    assert set(window.scene.battery_items) == {battery.id}

    # Hover: the range, the band and the blast's reach in squares with their values.
    window.menus.tool_actions["fire"].trigger()
    move(window, view_point(window, (25, 25)), Qt.MouseButton.NoButton)
    tool = window.tools["fire"]
    assert "range 43.0 m" in tool.last_text and "band up to 3000 m, penetration 38" in \
        tool.last_text
    reach = harris.concussion_reach(40)
    cells = tool.blast.cells
    assert len(cells) == (2 * reach + 1) ** 2
    centre = [value for rect, value in cells if rect.contains(25, 25)]
    assert centre == [40]
    for rect, value in cells:
        away = max(abs(rect.center().x() - 25), abs(rect.center().y() - 25)) / 10
        assert value == harris.concussion_at(40, round(away))

    # Fire with the dice rolled at the table; count the items redrawn.
    window.playing.dice_edit.setText(" ".join(map(str, (*LARGE_CALIBRE, FIRE_ROLL))))
    shown = []
    original = StructureItem.show_state

    def counting(item, structure, ruleset):
        shown.append(item.structure_id)
        original(item, structure, ruleset)

    StructureItem.show_state = counting
    try:
        click(qtbot, window, (25, 25))
    finally:
        StructureItem.show_state = original
    assert answers.warnings == []
    assert window.playing.dice_edit.text() == ""  # typed dice are used once

    siege = document.siege
    (entry,) = siege.log
    assert entry.square == "C3"
    assert entry.dice_values() == [*LARGE_CALIBRE, FIRE_ROLL]
    assert entry.lines[0].startswith("Artillery HE shell at 43.0 m (from Battery 1), square C3")
    assert "Large calibre: + 2D6 (3 + 4) = 45" in entry.lines
    # The gatehouse: 45 above AV 40 penetrates, attack value 45, plus the full concussion 40.
    gate = siege.structures["gate"]
    assert gate.dp == before["gate"].dp - 45 - 40
    assert f"Gatehouse: DP {before['gate'].dp} -> {gate.dp} (attack value 45 + full " \
           "concussion 40)" in entry.lines
    # Neighbours lose concussion by their distance in 10 m squares (H6).
    for key, (_kind, _ring, _name, away) in GATE_TOWN.items():
        if key == "gate":
            continue
        loss = harris.concussion_at(40, away)
        assert siege.structures[key].dp == max(0, before[key].dp - loss), key
    assert siege.structures["tower"].dp == before["tower"].dp - 20
    assert siege.structures["wall"].dp == before["wall"].dp - 10
    assert siege.structures["hut"].dp == before["hut"].dp - 3

    # Only the structures the shot changed were redrawn, and each once.
    assert sorted(shown) == sorted(entry.touched) == sorted(set(shown))
    # ... and those are exactly the structures whose state the shot changed.
    assert set(shown) == {key for key, structure in siege.structures.items()
                          if structure != before[key]}
    # Their colours follow the state: the shed (9 DP, lost 5) collapsed and is hatched.
    items = window.scene.structure_items
    assert siege.structures["shed"].collapsed and items["shed"].style.pattern == "hatch"
    fraction = siege.structures["gate"].dp / siege.structures["gate"].dp_original
    assert items["gate"].style.brush.color().rgb() == palette.damage_colour(fraction).rgb()
    assert items["shed"].style.brush.color().rgb() != palette.damage_colour(1.0).rgb()

    # The log dock shows the entry; clicking it selects what it touched.
    model = window.log_dock.model
    assert model.rowCount() == 1
    heading = model.index(0, 0)
    assert "C3" in heading.data() and "Turn 0" in heading.data()
    window.log_dock.view.clicked.emit(heading)
    assert set(document.selection) == set(entry.touched)

    # Undo puts every DP back and empties the log; redo gives the identical siege, dice included.
    after = siege.model_dump()
    window.menus.undo_action.trigger()
    assert document.siege.log == []
    assert {k: s.dp for k, s in document.siege.structures.items()} == \
        {k: s.dp for k, s in before.items()}
    assert items["gate"].style.brush.color().rgb() == palette.damage_colour(1.0).rgb()
    assert model.rowCount() == 0
    window.menus.redo_action.trigger()
    assert document.siege.model_dump() == after
    assert model.rowCount() == 1


def test_refusals_change_nothing(qtbot, town, answers):
    window, document = town, town.document
    place_battery(qtbot, window, (24, 68))
    window.menus.tool_actions["fire"].trigger()
    depth = document.undo_stack.count()
    # A die that no D6 shows: one message naming the roll, nothing changes. (Too few dice
    # typed is no refusal: the program rolls the rest, tests/ui/dialogs/test_dice_window.py.)
    window.playing.dice_edit.setText("3 9 1")
    click(qtbot, window, (25, 25))
    assert len(answers.warnings) == 1
    assert "9 cannot come from a D6 (for " in answers.warnings[-1] and document.siege.log == []
    assert document.undo_stack.count() == depth
    # Out of range: the catapult reaches 300 m only.
    window.playing.dice_edit.clear()
    window.fire_dock.choose(None)
    window.weapons_dock.select_weapon("catapult")
    window.fire_dock.range.setValue(500)
    click(qtbot, window, (25, 25))
    assert "out of range" in answers.warnings[-1]
    assert document.undo_stack.count() == depth and document.siege.log == []
    # The program's own dice: a shot at a typed range works with no battery.
    window.fire_dock.range.setValue(200)
    click(qtbot, window, (25, 25))
    assert len(document.siege.log) == 1 and document.siege.log[0].action.battery_id is None


def test_battery_drag_moves_and_undoes(qtbot, town):
    from ui_helpers import drag
    window, document = town, town.document
    place_battery(qtbot, window, (24, 68))
    (key,) = document.siege.batteries
    assert window.tool.name == "select"  # placing is one click (issue 36): B again to drag
    window.menus.tool_actions["battery"].trigger()
    drag(qtbot, window, (24, 68), (40, 60))
    assert document.siege.batteries[key].position == (40.0, 60.0)
    assert window.scene.battery_items[key].pos().x() == pytest.approx(40)
    window.menus.undo_action.trigger()
    assert document.siege.batteries[key].position == (24.0, 68.0)
    window.menus.undo_action.trigger()
    assert document.siege.batteries == {} and window.scene.battery_items == {}
    assert "he_shell" not in document.siege.weapons


def test_random_dice_are_reproducible_and_saved_log_reopens(qtbot, town, tmp_path):
    window, document = town, town.document
    place_battery(qtbot, window, (24, 68))
    window.menus.tool_actions["fire"].trigger()
    click(qtbot, window, (25, 25))
    first = document.siege.log[-1].dice_values()
    window.menus.undo_action.trigger()
    window.menus.redo_action.trigger()
    assert document.siege.log[-1].dice_values() == first  # redo never rolls again
    target = tmp_path / "saved.siege"
    document.save(target)
    assert window.files.open_path(target)
    assert window.log_dock.model.rowCount() == 1
    assert document.siege.log[0].dice_values() == first
