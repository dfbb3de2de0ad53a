"""Tools that disarm (issue 36): one-shot tools (battery, calibrate, grid origin) hand back to
Select after their click, drawing tools stay armed, Escape always returns to Select, and
choosing in a dock never changes the tool."""

from __future__ import annotations

from PySide6.QtCore import Qt
from ui_helpers import click, plan_image, show_area, small_siege


def opened(window, tmp_path):
    assert window.files.open_path(small_siege(tmp_path / "s.siege"), ask=False)
    show_area(window, -20, -20, 120, 120)


def test_placing_a_battery_returns_to_select_and_the_next_click_selects(qtbot, window,
                                                                         tmp_path):
    opened(window, tmp_path)
    window.weapons_dock.select_weapon(window.document.weapon_list()[0][0].id)
    window.menus.tool_actions["battery"].trigger()
    click(qtbot, window, (80, 80))
    assert len(window.document.siege.batteries) == 1
    assert window.tool.name == "select"
    assert window.menus.tool_actions["select"].isChecked()
    steps = window.document.undo_stack.count()
    click(qtbot, window, (90, 90))  # a second click places nothing
    assert len(window.document.siege.batteries) == 1
    assert window.document.undo_stack.count() == steps


def test_grid_origin_returns_to_select_and_says_the_squares_keep_their_names(qtbot, window,
                                                                            tmp_path):
    opened(window, tmp_path)
    window.menus.tool_actions["grid_origin"].trigger()
    assert "keep their names" in window.tool.status_tip
    assert "becomes A1" not in window.tool.status_tip
    click(qtbot, window, (3.25, 4.5))
    assert window.tool.name == "select"
    origin = window.document.siege.grid_origin
    assert abs(origin[0] - 3.25) < 0.3 and abs(origin[1] - 4.5) < 0.3


def test_calibrate_returns_to_select_after_its_second_click(qtbot, window, tmp_path, answers):
    opened(window, tmp_path)
    window.document.set_map("map.png", plan_image(tmp_path / "plan.png").read_bytes(), 10.0)
    show_area(window, 0, 0, 60, 40)
    window.menus.tool_actions["calibrate"].trigger()
    click(qtbot, window, (0, 0))
    assert window.tool.name == "calibrate"  # half-way: still armed
    answers.numbers.append(20.0)
    click(qtbot, window, (40, 0))
    assert window.tool.name == "select"
    assert abs(window.document.siege.map.pixels_per_metre - 20.0) < 1.0


def test_drawing_tools_stay_armed(qtbot, window, tmp_path):
    opened(window, tmp_path)
    window.menus.tool_actions["rectangle"].trigger()
    before = len(window.document.siege.structures)
    from ui_helpers import drag

    drag(qtbot, window, (60, 60), (70, 70))
    assert len(window.document.siege.structures) == before + 1
    assert window.tool.name == "rectangle"


def test_escape_returns_to_select_from_the_map_and_from_a_dock(qtbot, window, tmp_path):
    opened(window, tmp_path)
    for name in ("polygon", "fire", "measure", "wall"):
        window.menus.tool_actions[name].trigger()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)  # shortcuts go to the active window only
        window.view.setFocus()
        qtbot.keyClick(window.view, Qt.Key.Key_Escape)
        assert window.tool.name == "select", name
    window.menus.tool_actions["fire"].trigger()
    qtbot.waitUntil(window.isActiveWindow)
    window.fire_dock.range.setFocus()
    qtbot.keyClick(window.fire_dock.range, Qt.Key.Key_Escape)
    assert window.tool.name == "select"


def test_typing_in_the_fire_docks_battery_box_keeps_the_fire_tool(qtbot, window, tmp_path):
    """"B" typed in the battery box to reach "Battery 2" once switched to the Battery tool."""
    opened(window, tmp_path)
    weapon = window.document.weapon_list()[0][0].id
    window.document.place_battery((80.0, 80.0), weapon)
    window.document.place_battery((90.0, 90.0), weapon)
    window.menus.tool_actions["fire"].trigger()
    window.fire_dock.show()
    window.fire_dock.raise_()
    box = window.fire_dock.battery
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_B)
    assert window.tool.name == "fire"
    box.setCurrentIndex(box.count() - 1)
    box.activated.emit(box.count() - 1)
    assert window.tool.name == "fire"
    qtbot.keyClick(window.fire_dock.battery, Qt.Key.Key_S)
    assert window.tool.name == "fire"
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_B)  # on the map, the letters are the tools' keys
    assert window.tool.name == "battery"
