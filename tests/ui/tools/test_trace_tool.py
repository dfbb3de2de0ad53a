"""The Trace tool on the real window: hover shows the outline, a click adds it (one undo
step), Ctrl+wheel and the slider change the tolerance, Shift-drag traces a box of buildings,
a rotated plan, the real 1893 sheet; Calibrate offers the grid found on the plan."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QSlider
from shapely.geometry import Polygon
from ui_helpers import click, drag, move, show_area, view_point

from siegeboard.plan import pixel_to_map

PLANS = Path(__file__).resolve().parents[2] / "data" / "plans"
PAPER, INK = (225, 236, 236), (90, 110, 120)
YELLOW, BLUE = (172, 223, 234), (230, 200, 150)
# buildings of the synthetic plan, in image pixels (at 10 px a metre: metres x 10)
HOUSES = [[(50, 50), (170, 50), (170, 130), (50, 130)],
          [(220, 60), (300, 60), (300, 200), (220, 200)],
          [(60, 200), (140, 200), (140, 280), (60, 280)]]
SHED = [(400, 60), (480, 60), (480, 140), (400, 140)]


def town_png(path: Path) -> Path:
    image = np.full((400, 600, 3), PAPER, np.uint8)
    for corners, colour in [(c, YELLOW) for c in HOUSES] + [(SHED, BLUE)]:
        ring = np.array(corners, np.int32)
        cv2.fillPoly(image, [ring], colour)
        cv2.polylines(image, [ring], True, INK, 2)
    cv2.putText(image, "2 D", (80, 100), cv2.FONT_HERSHEY_SIMPLEX, 0.8, INK, 2)
    assert cv2.imwrite(str(path), image)
    return path


def iou(a, b) -> float:
    first, second = Polygon(a), Polygon(b)
    return first.intersection(second).area / first.union(second).area


def in_metres(window, corners):
    return [pixel_to_map(window.document.siege.map, p) for p in corners]


@pytest.fixture
def traced(window, answers, tmp_path):
    """The window with the synthetic town plan imported (10 px a metre) and Trace chosen."""
    answers.image_paths.append(town_png(tmp_path / "town.png"))
    window.menus.import_image_action.trigger()
    assert window.document.siege.map is not None
    show_area(window, -2, -2, 62, 42)
    window.menus.tool_actions["trace"].trigger()
    return window


def hover(window, point):
    move(window, view_point(window, point), Qt.MouseButton.NoButton)


def wheel(window, point, notches, modifiers):
    viewport = window.view.viewport()
    pos = QPointF(view_point(window, point))
    event = QWheelEvent(pos, QPointF(viewport.mapToGlobal(pos.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton, modifiers,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, event)


def test_t_chooses_trace_and_hover_shows_the_outline_a_click_adds(qtbot, traced, answers):
    window, tool = traced, traced.tools["trace"]
    assert window.menus.tool_actions["trace"].shortcut().toString() == "T"
    assert window.tool is tool
    hover(window, (11.0, 11.5))           # inside the first house, beside its lettering
    qtbot.waitUntil(lambda: tool._hover is not None and tool._hover.scene() is window.scene)
    shown = tool._hover.path().toFillPolygon()
    assert iou([(p.x(), p.y()) for p in shown], in_metres(window, HOUSES[0])) >= 0.95
    status = window.statusBar().currentMessage()
    assert "click to add this outline as Townhouse, 4 corners" in status

    click(qtbot, window, (11.0, 11.5))
    (house,) = window.document.siege.structures.values()
    assert house.kind == tool.kind and iou(house.footprint, in_metres(window, HOUSES[0])) >= 0.95
    assert answers.warnings == []
    window.menus.undo_action.trigger()
    assert window.document.siege.structures == {}
    window.menus.redo_action.trigger()
    assert len(window.document.siege.structures) == 1


def test_a_click_on_open_ground_adds_nothing_and_says_why(qtbot, traced, answers):
    window = traced
    click(qtbot, window, (35.0, 30.0))   # the open page, which runs to the scan's edges
    assert window.document.siege.structures == {}
    assert "nothing to trace" in window.statusBar().currentMessage()
    assert answers.warnings == []


def test_ctrl_wheel_and_the_slider_change_the_tolerance(qtbot, traced):
    window, tool = traced, traced.tools["trace"]
    slider = window.findChild(QSlider, "traceToleranceSlider")
    assert slider is not None and slider.isEnabled() and slider.value() == tool.tolerance
    scale = window.view.current_scale()
    wheel(window, (11.0, 11.5), 2, Qt.KeyboardModifier.ControlModifier)
    assert tool.tolerance == 32 + 8 and slider.value() == 40
    assert window.view.current_scale() == scale          # the wheel did not zoom
    slider.setValue(10)
    assert tool.tolerance == 10
    wheel(window, (11.0, 11.5), 1, Qt.KeyboardModifier.NoModifier)
    assert window.view.current_scale() != scale          # a plain wheel still zooms
    # so wide that the paper joins the house: the hover says there is nothing to trace
    slider.setValue(120)
    hover(window, (11.0, 11.5))
    assert tool._hover is None and "nothing to trace" in window.statusBar().currentMessage()


def test_shift_drag_traces_every_building_of_the_colour_in_the_box(qtbot, traced, answers):
    window, tool = traced, traced.tools["trace"]
    # from the third house (yellow) up across half of the second and the blue shed: the one
    # the drag begins on, not the second house, which reaches out of the box
    drag(qtbot, window, (10.0, 26.0), (55.0, 12.0), Qt.KeyboardModifier.ShiftModifier)
    assert len(tool._batch) == 1
    assert max(iou(tool._batch[0], in_metres(window, HOUSES[2])), 0) >= 0.95
    assert window.document.siege.structures == {}
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert tool._batch == [] and tool._previews == []
    assert window.tool.name == "select"          # Escape always returns to Select (issue 36)
    window.menus.tool_actions["trace"].trigger()

    # the box now holds the second house wholly; the first still reaches out of it (x < 10)
    drag(qtbot, window, (10.0, 26.0), (55.0, 3.0), Qt.KeyboardModifier.ShiftModifier)
    assert len(tool._batch) == 2
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    window.menus.tool_actions["trace"].trigger()  # Escape returned to Select

    # from the first house's corner over all three, and the blue shed half in: the houses
    drag(qtbot, window, (5.5, 5.5), (43.0, 29.0), Qt.KeyboardModifier.ShiftModifier)
    assert len(tool._batch) == 3                 # the houses, not the blue shed
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    footprints = [s.footprint for s in window.document.siege.structures.values()]
    assert len(footprints) == 3
    for house in HOUSES:
        assert max(iou(f, in_metres(window, house)) for f in footprints) >= 0.95
    window.menus.undo_action.trigger()                 # one step for the three
    assert window.document.siege.structures == {}


def test_the_hover_outline_is_a_dark_line_on_a_light_halo(qtbot, traced):
    window, tool = traced, traced.tools["trace"]
    hover(window, (11.0, 11.5))
    qtbot.waitUntil(lambda: tool._hover is not None)
    halo = tool._hover
    (line,) = halo.childItems()
    assert halo.pen().widthF() >= 2 * line.pen().widthF() and halo.pen().isCosmetic()
    light, dark = halo.pen().color(), line.pen().color()
    assert light.lightness() > 230 and dark.lightness() < 60   # a contrasting pair
    assert halo.path() == line.path() and not halo.path().isEmpty()


def test_on_a_rotated_calibrated_plan_the_outline_lands_where_the_plan_shows_it(qtbot, traced):
    window = traced
    window.document.place_map(rotation_deg=30.0, offset=(5.0, -3.0))
    answers_scale = 4.0
    window.document.calibrate_map(answers_scale)
    house = in_metres(window, HOUSES[1])
    middle = tuple(np.mean(house, axis=0))
    show_area(window, -30, -30, 120, 120)
    click(qtbot, window, middle)
    (added,) = window.document.siege.structures.values()
    assert iou(added.footprint, house) >= 0.95


def test_snap_and_rectangle_boxes_shape_the_outline(qtbot, traced):
    window, tool = traced, traced.tools["trace"]
    tool._widgets[3].setChecked(True)            # Snap to grid
    click(qtbot, window, (26.0, 13.0))
    (added,) = window.document.siege.structures.values()
    ox, oy = window.document.siege.grid_origin
    for x, y in added.footprint:
        assert (x - ox) / 2 == pytest.approx(round((x - ox) / 2))
        assert (y - oy) / 2 == pytest.approx(round((y - oy) / 2))


def test_the_real_1893_sheet_traces_a_frame_house(qtbot, window, answers):
    answers.image_paths.append(PLANS / "sanborn_plainfield_il_1893_sheet1c.png")
    window.menus.import_image_action.trigger()
    window.menus.tool_actions["trace"].trigger()
    house = in_metres(window, [(407, 821), (432, 821), (432, 859), (407, 859)])
    show_area(window, 35, 75, 50, 90)
    click(qtbot, window, pixel_to_map(window.document.siege.map, (419, 840)))
    (added,) = window.document.siege.structures.values()
    assert iou(added.footprint, house) >= 0.85


# -- Calibrate: the grid found on the plan -------------------------------------------------------

def test_calibrate_offers_the_grid_found_on_a_battle_map(qtbot, window, answers):
    answers.image_paths.append(PLANS / "dungeondraft_oganm_test_grid64.png")
    window.menus.import_image_action.trigger()
    window.menus.tool_actions["calibrate"].trigger()
    tool = window.tools["calibrate"]
    assert "printed grid of 63.9 px a cell" in window.statusBar().currentMessage() or \
        "printed grid of 64.0 px a cell" in window.statusBar().currentMessage()
    assert tool._grid_overlay is not None and tool._grid_overlay.scene() is window.scene
    answers.numbers += [64.0, 2.0]               # the GM corrects to 64 and says 2 m a cell
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert window.document.siege.map.pixels_per_metre == pytest.approx(32.0)
    ox, oy = window.document.siege.grid_origin
    assert min(ox % 2, 2 - ox % 2) <= 0.1 and min(oy % 2, 2 - oy % 2) <= 0.1
    window.menus.undo_action.trigger()                 # one step for scale and origin
    assert window.document.siege.map.pixels_per_metre == 10.0
    assert window.document.siege.grid_origin == (0.0, 0.0)


def test_calibrate_says_when_the_plan_has_no_grid_and_still_takes_two_clicks(qtbot, window,
                                                                              answers, tmp_path):
    answers.image_paths.append(town_png(tmp_path / "town.png"))
    window.menus.import_image_action.trigger()
    show_area(window, -2, -2, 62, 42)
    window.menus.tool_actions["calibrate"].trigger()
    assert "no printed grid" in window.statusBar().currentMessage()
    answers.numbers.append(20.0)
    click(qtbot, window, (5, 5))
    click(qtbot, window, (15, 5))                # 100 px apart, said to be 20 m: 5 px a metre
    assert window.document.siege.map.pixels_per_metre == pytest.approx(5.0, rel=0.02)


def test_the_plans_legend_gives_a_traced_building_the_kind_of_its_colour(qtbot, traced):
    window, tool = traced, traced.tools["trace"]
    document = window.document
    catalogue = document.rules.catalogue
    kinds = [entry.kind for entry in catalogue.structures]
    frame, other = kinds[0], kinds[1]
    tool.kind = frame
    click(qtbot, window, (26.0, 13.0), Qt.KeyboardModifier.AltModifier)  # a yellow house
    assert document.siege.structures == {}                               # nothing traced
    (entry,) = document.siege.map.legend
    assert entry.colour == "#eadfac"   # the yellow of the plan, as #rrggbb
    assert entry.kind == frame
    assert document.undo_stack.undoText() == "Set the plan's legend"
    # the toolbar now says another kind; the yellow house still comes in as the legend's
    tool.kind = other
    click(qtbot, window, (10.0, 24.0))
    (added,) = document.siege.structures.values()
    assert added.kind == frame
    assert "the legend's" in window.statusBar().currentMessage()
    # a blue shed: not in the legend, the toolbar's kind
    click(qtbot, window, (44.0, 10.0))
    shed = [s for s in document.siege.structures.values() if s.id != added.id]
    assert [s.kind for s in shed] == [other]
    # the box takes the legend too
    drag(qtbot, window, (5.5, 5.5), (43.0, 29.0), Qt.KeyboardModifier.ShiftModifier)
    assert tool._batch_kinds and set(tool._batch_kinds) == {frame}
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)


def test_the_legend_dialog_edits_and_removes_colours_in_one_undo_step(qtbot, traced):
    window, tool = traced, traced.tools["trace"]
    document = window.document
    kinds = [entry.kind for entry in document.rules.catalogue.structures]
    tool.kind = kinds[0]
    click(qtbot, window, (26.0, 13.0), Qt.KeyboardModifier.AltModifier)   # yellow
    tool.kind = kinds[2]
    click(qtbot, window, (44.0, 10.0), Qt.KeyboardModifier.AltModifier)   # blue
    assert [e.kind for e in document.siege.map.legend] == [kinds[0], kinds[2]]

    def edit(dialog):
        assert dialog.table.rowCount() == 2
        dialog.table.cellWidget(0, 1).setCurrentIndex(
            dialog.table.cellWidget(0, 1).findData(kinds[1]))
        dialog.table.cellWidget(0, 2).setText("frame")
        dialog.table.cellWidget(1, 3).click()          # Remove the blue
        assert dialog.table.rowCount() == 1
        return True

    tool.run_legend_dialog = edit
    button = tool._widgets[4]
    assert button.text() == "Legend…"
    button.click()
    (entry,) = document.siege.map.legend
    assert (entry.kind, entry.label) == (kinds[1], "frame")
    window.menus.undo_action.trigger()
    assert len(document.siege.map.legend) == 2
