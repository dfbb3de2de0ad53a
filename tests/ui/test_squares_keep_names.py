"""Squares that keep their names (issue 15, item 3; RULINGS R0b)."""

from __future__ import annotations

from ui_helpers import plan_image


def test_re_importing_a_smaller_plan_updates_the_grid_extent(window, answers, tmp_path):
    answers.image_paths.append(plan_image(tmp_path / "big.png", 800, 600))
    window.menus.import_image_action.trigger()
    assert window.scene.grid.boundingRect().width() == 80
    answers.image_paths.append(plan_image(tmp_path / "small.png", 300, 200))
    window.menus.import_image_action.trigger()
    extent = window.scene.grid.boundingRect()
    assert extent == window.scene.map_item.sceneBoundingRect()
    assert (extent.width(), extent.height()) == (30, 20)  # 10 px a metre until calibrated
