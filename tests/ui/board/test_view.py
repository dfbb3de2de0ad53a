"""Viewing: wheel zoom about the pointer, pans, fit, scale bar, status bar, grid toggles,
settings (recent files, layout) in a private settings file."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox
from ui_helpers import drag, move, show_area, small_siege, view_point

from siegeboard.ui.board.scale_bar import nice_length


def wheel(window, pos: QPoint, steps: int):
    viewport = window.view.viewport()
    event = QWheelEvent(QPointF(pos), QPointF(viewport.mapToGlobal(pos)), QPoint(0, 0),
                        QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, event)


def test_wheel_zooms_about_the_pointer(window):
    show_area(window, -50, -50, 150, 150)
    pointer = view_point(window, (30, 20))
    before = window.view.current_scale()
    wheel(window, pointer, 2)
    assert window.view.current_scale() == pytest.approx(before * 1.25 ** 2)
    under = window.view.mapToScene(pointer)
    # Scroll bars move in whole pixels: the point stays under the pointer to within 2 pixels.
    slack = 2 / window.view.current_scale()
    assert under.x() == pytest.approx(30, abs=slack) and under.y() == pytest.approx(20, abs=slack)
    wheel(window, pointer, -2)
    assert window.view.current_scale() == pytest.approx(before)


def test_middle_button_and_space_drag_pan(qtbot, window):
    show_area(window, -50, -50, 150, 150)
    centre = window.view.viewport().rect().center()
    start = window.view.mapToScene(centre)
    drag(qtbot, window, (50, 50), (40, 50), button=Qt.MouseButton.MiddleButton)
    moved = window.view.mapToScene(centre)
    assert moved.x() == pytest.approx(start.x() + 10, abs=0.5)
    qtbot.keyPress(window.view, Qt.Key.Key_Space)
    drag(qtbot, window, (50, 50), (50, 40))
    qtbot.keyRelease(window.view, Qt.Key.Key_Space)
    assert window.view.mapToScene(centre).y() == pytest.approx(start.y() + 10, abs=0.5)
    assert window.document.siege.structures == {}  # panning drew nothing


def test_the_flat_scroll_bars_scroll_the_map(qtbot, window):
    """The map's scroll bars are drawn flat (a pan repaints them): a click beside the handle
    pages, a drag of the handle (at the top: it is 32 px long at least) scrolls."""
    show_area(window, -50, -50, 150, 150)
    window.view.zoom_by(4.0)
    bar = window.view.horizontalScrollBar()
    assert bar.height() == 12 and bar.maximum() > bar.minimum()
    bar.setValue(bar.minimum())
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=QPoint(bar.width() - 20,
                                                                bar.height() // 2))
    assert bar.value() == bar.minimum() + bar.pageStep()
    paged = bar.value()
    vertical = window.view.verticalScrollBar()
    vertical.setValue(vertical.minimum())
    top = window.view.mapToScene(window.view.viewport().rect().topLeft()).y()
    qtbot.mousePress(vertical, Qt.MouseButton.LeftButton, pos=QPoint(6, 10))
    qtbot.mouseMove(vertical, QPoint(6, 60))
    qtbot.mouseRelease(vertical, Qt.MouseButton.LeftButton, pos=QPoint(6, 60))
    assert vertical.value() > vertical.minimum()
    assert window.view.mapToScene(window.view.viewport().rect().topLeft()).y() > top
    assert bar.value() == paged


def test_fit_zoom_actions_and_scale_bar(window, tmp_path):
    window.files.open_path(small_siege(tmp_path / "s.siege"))
    window.menus.zoom_in_action.trigger()
    window.menus.fit_action.trigger()
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert visible.contains(window.scene.content_rect())
    bar = window.view.scale_bar
    assert bar.metres == nice_length(120 / window.view.current_scale())
    assert 48 <= bar.bar_px <= 120
    assert nice_length(7.3) == 5 and nice_length(19) == 10 and nice_length(0.26) == 0.2


def test_status_bar_shows_metres_and_square(window):
    show_area(window, 0, 0, 60, 40)
    move(window, view_point(window, (23, 14)), Qt.MouseButton.NoButton)
    x = float(window.position_label.text().split()[1])
    assert abs(x - 23) < 0.2  # one screen pixel, whatever the docks leave the map
    assert window.square_label.text() == "C2"
    window.document.move_grid_origin((5, 5))
    move(window, view_point(window, (23, 14)), Qt.MouseButton.NoButton)
    # R0b: the lines moved, the names did not: A1 still holds (0, 0), so (23, 14) is in
    # the third column and the second row of squares counted from it.
    assert window.square_label.text() == "C2"


def test_grid_origin_tool_and_toggles(qtbot, window):
    show_area(window, 0, 0, 60, 40)
    window.menus.tool_actions["grid_origin"].trigger()
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view_point(window, (3, 4)))
    ox, oy = window.document.siege.grid_origin
    assert ox == pytest.approx(3, abs=0.1) and oy == pytest.approx(4, abs=0.1)
    window.menus.grid_action.trigger()
    window.menus.squares_action.trigger()
    assert not window.scene.grid.show_fine and not window.scene.grid.show_squares
    window.menus.undo_action.trigger()
    assert window.document.siege.grid_origin == (0.0, 0.0)


def test_tool_shortcuts_switch_tools(qtbot, window):
    for key, name in ((Qt.Key.Key_R, "rectangle"), (Qt.Key.Key_W, "wall"),
                      (Qt.Key.Key_P, "polygon"), (Qt.Key.Key_M, "measure"),
                      (Qt.Key.Key_S, "select")):
        qtbot.keyClick(window.view, key)
        assert window.tool.name == name


def test_the_toolbar_shows_only_the_active_tools_own_widgets(qtbot, window):
    def shown():  # on the bar (or in its overflow when the window is narrow)
        bar = window.menus.options_bar  # the Tool Options bar (issue 36)
        widgets = [bar.widgetForAction(action) for action in bar.actions()
                   if action.isVisible()]
        return sorted(w.objectName() for w in widgets if w is not None
                      and w.objectName().endswith("Box"))

    assert shown() == []  # Select has no widgets of its own
    qtbot.keyClick(window.view, Qt.Key.Key_W)
    assert shown() == ["wallKindBox", "wallThicknessBox"]
    qtbot.keyClick(window.view, Qt.Key.Key_R)
    assert shown() == ["rectangleKindBox"]
    box = window.menus.options_bar.findChild(QComboBox, "rectangleKindBox")
    box.setCurrentIndex(box.findData("bunker"))
    box.activated.emit(box.currentIndex())
    assert window.tools["rectangle"].kind == "bunker"
    qtbot.keyClick(window.view, Qt.Key.Key_M)
    assert shown() == []


def test_measure_reports_distance(qtbot, window):
    show_area(window, 0, 0, 60, 40)
    window.menus.tool_actions["measure"].trigger()
    drag(qtbot, window, (2, 2), (32, 2))
    assert window.tools["measure"].last_text.startswith("Distance 30.0 m, 3 square")


def test_recent_files_and_layout_are_remembered(qtbot, window, tmp_path, answers):
    path = small_siege(tmp_path / "s.siege")
    window.files.open_path(path)
    assert window.files.recent_files() == [str(path.resolve())]
    assert window.menus.recent_menu.actions()[0].text().endswith("s.siege")
    window.history_dock.hide()
    window.close()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    from siegeboard.ui.main_window import MainWindow

    again = MainWindow(settings)
    qtbot.addWidget(again)
    assert again.files.recent_files() == [str(path.resolve())]
    assert not again.history_dock.isVisibleTo(again)
    again.menus.recent_menu.actions()[0].trigger()
    assert again.document.path == path.resolve()


def test_image_rotate_needs_unlock_and_unlocked_image_drags(qtbot, window, answers, tmp_path):
    from ui_helpers import plan_image

    answers.image_paths.append(plan_image(tmp_path / "plan.png"))
    window.menus.import_image_action.trigger()
    assert window.menus.lock_image_action.isChecked()
    answers.numbers.append(30.0)
    window.menus.rotate_image_action.trigger()
    assert "locked" in answers.warnings[-1] and window.document.siege.map.rotation_deg == 0
    window.menus.lock_image_action.trigger()
    assert window.document.siege.map.locked is False
    answers.numbers.append(30.0)
    window.menus.rotate_image_action.trigger()
    assert window.document.siege.map.rotation_deg == 30.0
    answers.numbers.append(0.0)
    window.menus.rotate_image_action.trigger()
    show_area(window, -10, -10, 70, 50)
    window.menus.tool_actions["select"].trigger()
    drag(qtbot, window, (20, 20), (25, 23))
    ox, oy = window.document.siege.map.offset
    assert ox == pytest.approx(5, abs=0.3) and oy == pytest.approx(3, abs=0.3)
    window.menus.undo_action.trigger()
    assert window.document.siege.map.offset == (0.0, 0.0)


def test_armory_inspector_shows_hull_and_ladder(qtbot, window, tmp_path):
    window.files.open_path(small_siege(tmp_path / "a.siege", ruleset="armory"))
    window.document.select(["w1"])
    text = window.inspector.derived.text()
    assert "Hull suffered 0 of 20, Intact" in text
    assert window.inspector.hull.isVisibleTo(window.inspector)
    assert not window.inspector.stories.isVisibleTo(window.inspector)
    assert window.structures_dock.model.headerData(3, Qt.Orientation.Horizontal) == "Hull suffered"
