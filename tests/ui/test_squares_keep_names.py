"""Squares that keep their names (issue 15, item 3; RULINGS R0b)."""

from __future__ import annotations

from ui_helpers import plan_image


def test_re_importing_a_smaller_plan_updates_the_grid_extent(window, answers, tmp_path):
    answers.image_paths.append(plan_image(tmp_path / "big.png", 800, 600))
    window.menus.import_image_action.trigger()
    assert window.scene.grid.boundingRect().width() == 80
    answers.image_paths.append(plan_image(tmp_path / "small.png", 300, 200))
    answers.confirms.append(True)  # the first plan is locked: replacing it asks
    window.menus.import_image_action.trigger()
    extent = window.scene.grid.boundingRect()
    assert extent == window.scene.map_item.sceneBoundingRect()
    assert (extent.width(), extent.height()) == (30, 20)  # 10 px a metre until calibrated


def grid_labels(window, points):
    from siegeboard.geometry import label_at

    siege = window.document.siege
    return [label_at(point, siege.grid_origin, siege.label_anchor) for point in points]


def test_the_grid_origin_set_mid_plan_leaves_a1_where_it_was(qtbot, window, answers, tmp_path):
    from PySide6.QtCore import Qt
    from ui_helpers import click, move, show_area, view_point

    answers.image_paths.append(plan_image(tmp_path / "plan.png", 600, 400))
    window.menus.import_image_action.trigger()
    siege = window.document.siege
    assert siege.label_anchor == (0.0, 0.0)  # the plan's north-west corner
    show_area(window, -5, -5, 65, 45)
    points = [(1, 1), (23, 14), (59, 39)]
    before = grid_labels(window, points)
    assert before == ["A1", "C2", "F4"]
    # The GM aligns the grid with the plan's own lines, 3 m and 4 m in (mid-square).
    window.menus.tool_actions["grid_origin"].trigger()
    click(qtbot, window, (3, 4), Qt.KeyboardModifier.AltModifier)
    assert siege.grid_origin != (0.0, 0.0)
    ox, oy = siege.grid_origin
    assert 0 < ox < 10 and 0 < oy < 10
    # A1 still holds the plan's north-west corner; no square of the plan is negative.
    assert grid_labels(window, [(1, 1)]) == ["A1"]
    move(window, view_point(window, (1, 1)), Qt.MouseButton.NoButton)
    assert window.square_label.text() == "A1"
    for x in range(0, 60, 5):
        for y in range(0, 40, 5):
            (label,) = grid_labels(window, [(x + 0.5, y + 0.5)])
            assert not label.startswith("-") and "-" not in label, (x, y, label)
    # A shot's log line keeps the label its square had when it was fired.
    window.weapons_dock.select_weapon("he_shell")
    window.menus.tool_actions["fire"].trigger()
    window.fire_dock.range.setValue(100)
    click(qtbot, window, (27, 19))  # mid-square: a pixel either way is the same square
    at = len(window.document.siege.log) - 1
    entry = window.document.siege.log[at]
    square = grid_labels(window, [(27, 19)])[0]
    assert any(square in line for line in entry.lines), (square, siege.grid_origin, entry.lines)
    window.document.move_grid_origin((0, 0))
    assert window.document.siege.log[at].lines == entry.lines
