"""How the board reads to a GM: translucent fills over the plan, alarm marks that show at any
zoom, a grid only over the plan with thinner labels zoomed out, docks fitted to the ruleset and
a default layout that can be reset and is restored from the settings."""

from __future__ import annotations

from play_sieges import evening_siege, gate_town
from PySide6.QtCore import QSettings
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QGraphicsItem
from ui_helpers import plan_image, small_siege

from siegeboard.persist.autosave import Autosaver
from siegeboard.report import renderer
from siegeboard.rules.build import new_structure
from siegeboard.rules.registry import ruleset
from siegeboard.ui.board.grid_item import label_stride
from siegeboard.ui.dock_layout import LOG_HEIGHT_PX
from siegeboard.ui.main_window import MainWindow


# -- 1. fills and marks ------------------------------------------------------------------------
def test_fills_let_the_plan_through_and_deepen_as_a_structure_fails():
    intact = new_structure("harris", "townhouse", "h", [(0, 0), (10, 0), (10, 8), (0, 8)])
    hit = intact.model_copy(update={"dp": intact.dp_original // 4})
    rules = ruleset("harris")

    def style(structure):
        return renderer.structure_style(rules.state(structure), renderer.SCREEN)

    assert style(intact).fill.alpha() <= 80  # ink shows through
    assert style(hit).fill.alpha() > style(intact).fill.alpha()
    # The outline carries the state's colour, opaque: a thin wall still reads.
    outline = style(intact).outline.color()
    assert outline.alpha() == 255 and outline.blue() > outline.red()
    failing = style(hit).outline.color()
    assert failing.red() > failing.blue()


def test_a_breached_section_carries_a_mark_of_fixed_size_at_the_fit_zoom(window, tmp_path):
    assert window.files.open_path(evening_siege(tmp_path / "evening.siege"))
    document = window.document
    document.writer.apply_structures({"s1": document.siege.structures["s1"].model_copy(
        update={"ladder": "breached", "hull_suffered": 20})})
    document.writer.apply_structures({"s2": document.siege.structures["s2"].model_copy(
        update={"ladder": "cracked", "hull_suffered": 10})})
    window.view.fit_to_map()
    items = window.scene.structure_items
    breached, cracked, gate = items["s1"].marker, items["s2"].marker, items["g"].marker
    assert breached.isVisible() and breached._text == "Breached"
    assert cracked.isVisible() and cracked._text == "Cracked"
    assert not gate.isVisible()
    # Drawn in screen pixels: as tall whatever the zoom, wider than the 4 m section itself.
    assert breached.flags() & QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations
    on_screen = window.view.mapFromScene(items["s1"].sceneBoundingRect()).boundingRect()
    assert breached.boundingRect().height() >= 15
    words = QFontMetrics(breached._font).horizontalAdvance("Breached")
    assert breached.boundingRect().width() > words
    assert on_screen.width() < 4 * window.view.current_scale() + 20
    # Over its neighbours: an intact structure never hides the alarm.
    assert items["s1"].zValue() > items["g"].zValue()
    document.writer.apply_structures({"s1": document.siege.structures["s1"].model_copy(
        update={"ladder": "intact", "hull_suffered": 0})})
    assert not breached.isVisible()


# -- 2. the grid ---------------------------------------------------------------------------------
def test_square_labels_thin_out_as_squares_shrink():
    assert label_stride(80) == 1 and label_stride(61) == 1
    assert label_stride(55) == 2 and label_stride(20) == 5 and label_stride(13) == 5
    # Small squares still get labels, every 10th, 20th... (issue 36: a town at 0.68 px/m).
    assert label_stride(6.8) == 10 and label_stride(2) == 50 and label_stride(0.1) == 1000


def test_the_grid_covers_the_map_image_only(window, tmp_path):
    assert window.files.open_path(small_siege(tmp_path / "s.siege"))
    image = plan_image(tmp_path / "plan.png", width=600, height=400)
    assert window.map_image.import_image(image)
    image_rect = window.scene.map_item.sceneBoundingRect()
    assert window.scene.grid.boundingRect() == image_rect


def test_without_an_image_the_grid_grows_with_the_drawing(window, tmp_path):
    assert window.files.open_path(small_siege(tmp_path / "s.siege"))
    grid = window.scene.grid.boundingRect()
    content = window.scene.content_rect()
    assert grid.contains(content) and grid.width() <= content.width() + 2 * 20 + 1
    window.document.draw_structure("townhouse", [(200, 0), (210, 0), (210, 8), (200, 8)])
    assert window.scene.grid.boundingRect().right() >= 210 + 20 - 0.5


def labels_drawn(window, scale: float) -> list[str]:
    from siegeboard.ui.board import grid_item

    drawn = []
    original = grid_item.square_label
    grid_item.square_label = lambda cell: drawn.append(original(cell)) or original(cell)
    try:
        window.view.resetTransform()
        window.view.scale(scale, scale)
        window.view.centerOn(30, 30)
        window.view.viewport().repaint()
    finally:
        grid_item.square_label = original
    return drawn


def test_labels_every_square_only_when_squares_are_large(window, tmp_path):
    assert window.files.open_path(gate_town(tmp_path / "town.siege"))
    close = labels_drawn(window, 7.0)   # 70 px squares
    far = labels_drawn(window, 4.0)     # 40 px squares: every other one
    assert "B2" in close and "A1" in close
    assert far and "B2" not in far and all(
        (ord(label[0]) - ord("A")) % 2 == 0 for label in far)
    assert not any("-" in label for label in close + far)  # never past the drawing's grid


# -- 3. docks ------------------------------------------------------------------------------------
def test_the_scene_dock_is_for_the_armory_ruleset_only(qtbot, window, tmp_path):
    assert window.files.open_path(gate_town(tmp_path / "town.siege"))
    assert not window.scene_dock.isVisible()
    assert not window.scene_dock.toggleViewAction().isVisible()
    assert window.files.open_path(evening_siege(tmp_path / "evening.siege"))
    assert window.scene_dock.toggleViewAction().isVisible()
    assert not window.scene_dock.isHidden()
    assert window.files.open_path(gate_town(tmp_path / "town.siege"))
    assert window.scene_dock.isHidden()


def test_default_layout_tabs_the_docks_and_leaves_the_log_room(qtbot, window, tmp_path):
    assert window.files.open_path(evening_siege(tmp_path / "evening.siege"))
    # The window is narrower than WIDE_PX: one column (issue 36), Fire among the tabs.
    assert set(window.tabifiedDockWidgets(window.inspector)) == {
        window.actions_dock, window.scene_dock, window.fire_dock, window.weapons_dock,
        window.clock_dock}
    assert window.fire_dock in window.tabifiedDockWidgets(window.weapons_dock)
    assert window.structures_dock in window.tabifiedDockWidgets(window.log_dock)
    assert window.log_dock.height() >= 6 * window.log_dock.fontMetrics().height()
    assert window.view.width() > max(window.inspector.width(), window.fire_dock.width())
    # Moved about and closed, then View > Reset Layout brings it all back.
    window.actions_dock.setFloating(True)
    window.log_dock.hide()
    window.menus.reset_layout_action.trigger()
    qtbot.wait(10)
    assert not window.actions_dock.isFloating() and window.log_dock.isVisible()
    assert window.actions_dock in window.tabifiedDockWidgets(window.inspector)
    assert window.log_dock.height() >= LOG_HEIGHT_PX - 40


def test_the_layout_is_restored_from_the_settings(qtbot, tmp_path, private_autosave):
    settings = QSettings(str(tmp_path / "layout.ini"), QSettings.Format.IniFormat)
    first = MainWindow(settings, Autosaver(private_autosave))
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    first.legend_dock.hide()
    first.close()
    second = MainWindow(settings, Autosaver(private_autosave))
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    assert second.legend_dock.isHidden() and not second.structures_dock.isHidden()
    # A state saved by an older layout is not restored: the default is used instead.
    settings.setValue("window/state", first.saveState(0))
    third = MainWindow(settings, Autosaver(private_autosave))
    qtbot.addWidget(third)
    assert not third.legend_dock.isHidden()
