"""The issue's walk-through on the real window: import a plan, calibrate it with two clicks,
draw a rectangle and a wall with the mouse, check DP against the rules core, undo and redo,
save, reopen and compare."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import Qt
from ui_helpers import click, drag, plan_image, show_area

from siegeboard.geometry import footprint_squares, wall_sections
from siegeboard.persist import read_siege
from siegeboard.rules import harris


def test_import_calibrate_draw_undo_save_reopen(qtbot, window, answers, tmp_path):
    document = window.document

    # Import: 600 x 400 px plan, squares every 50 px.
    answers.image_paths.append(plan_image(tmp_path / "plan.png"))
    window.menus.import_image_action.trigger()
    assert answers.warnings == []
    assert document.siege.map is not None and document.siege.map.member == "map.png"
    assert window.scene.map_item is not None

    # Calibrate with two clicks: 100 px apart on the image (10 px per m -> 10 m in the scene),
    # and the GM says they are 20 m apart: 5 px per m.
    show_area(window, 0, 0, 60, 40)
    window.menus.tool_actions["calibrate"].trigger()
    answers.numbers.append(20.0)
    click(qtbot, window, (10, 10), Qt.KeyboardModifier.NoModifier)
    click(qtbot, window, (20, 10))
    assert document.siege.map.pixels_per_metre == pytest.approx(5.0, rel=0.02)
    # Make it exact for the arithmetic below, through the pixels-per-2-m path.
    answers.numbers.append(10.0)
    answers.confirms.append(True)  # the plan is locked: a new scale asks first
    window.menus.scale_action.trigger()
    assert document.siege.map.pixels_per_metre == 5.0
    assert window.scene.map_item.sceneBoundingRect().width() == pytest.approx(120.0)

    # Draw a 10 x 8 m townhouse with a real drag, snapped to the 2 m grid.
    show_area(window, -5, -5, 60, 45)
    window.menus.tool_actions["rectangle"].trigger()
    drag(qtbot, window, (2.3, 2.2), (11.8, 10.1))
    (house,) = [s for s in document.siege.structures.values() if s.kind == "townhouse"]
    assert house.footprint == [(2.0, 2.0), (12.0, 2.0), (12.0, 10.0), (2.0, 10.0)]
    squares = footprint_squares(house.footprint)
    assert squares == 20
    assert house.dp == harris.defensive_points(house.armor, squares, house.stories) == 200

    # Draw a 30 m wall with clicks and Enter: three 10 m sections (H12) of 675 DP each.
    window.menus.tool_actions["wall"].trigger()
    for point in ((2, 20), (32, 20)):
        click(qtbot, window, point)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    walls = [s for s in document.siege.structures.values() if s.kind == "curtain_wall"]
    assert len(walls) == len(wall_sections([(2, 20), (32, 20)], 2.0, 10.0)) == 3
    for wall in walls:
        assert footprint_squares(wall.footprint) == 5
        assert wall.dp == harris.defensive_points(45, 5, 3) == 675
    assert len(document.siege.structures) == 4
    assert window.isWindowModified()

    # Undo the wall and the house, redo them; each is one step.
    window.menus.undo_action.trigger()
    assert len(document.siege.structures) == 1
    window.menus.undo_action.trigger()
    assert len(document.siege.structures) == 0
    assert set(window.scene.structure_items) == set()
    window.menus.redo_action.trigger()
    window.menus.redo_action.trigger()
    assert len(document.siege.structures) == 4
    assert set(window.scene.structure_items) == set(document.siege.structures)

    # Save As, then reopen in a fresh document and compare.
    target = tmp_path / "drawn.siege"
    answers.save_paths.append(target)
    window.menus.save_as_action.trigger()
    assert target.is_file() and not window.isWindowModified()
    assert "drawn.siege" in window.windowTitle()
    saved = document.siege.model_dump()
    answers.choices.append("Sieges and Fortifications")
    window.menus.new_action.trigger()
    assert document.siege.structures == {}
    answers.open_paths.append(target)
    window.menus.open_action.trigger()
    assert document.siege.model_dump() == saved
    assert read_siege(target).images["map.png"] == (tmp_path / "plan.png").read_bytes()
    assert set(window.scene.structure_items) == set(saved["structures"])
    assert window.scene.map_item is not None
    assert str(target.resolve()) == window.files.recent_files()[0]
    assert answers.warnings == []


def test_polygon_drawn_with_clicks_and_double_click(qtbot, window):
    show_area(window, -5, -5, 40, 30)
    window.menus.tool_actions["polygon"].trigger()
    for point in ((0, 0), (10, 0), (10, 10)):
        click(qtbot, window, point)
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                      pos=window.view.mapFromScene(4, 10))
    (shape,) = window.document.siege.structures.values()
    assert shape.footprint[:3] == [(0, 0), (10, 0), (10, 10)]
    assert len(shape.footprint) == 4
    assert math.isclose(shape.dp, harris.defensive_points(
        shape.armor, footprint_squares(shape.footprint), shape.stories))


def test_ctrl_draws_off_the_grid(qtbot, window):
    show_area(window, -5, -5, 40, 30)
    window.menus.tool_actions["rectangle"].trigger()
    drag(qtbot, window, (1.3, 1.3), (7.7, 5.2), Qt.KeyboardModifier.ControlModifier)
    (shape,) = window.document.siege.structures.values()
    xs = sorted({x for x, _ in shape.footprint})
    assert xs[0] == pytest.approx(1.3, abs=0.1) and xs[1] == pytest.approx(7.7, abs=0.1)
