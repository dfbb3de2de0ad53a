"""Cutting a courtyard in a drawn building with the Polygon tool and Alt, and filling it in
again from the Edit menu; a click in the courtyard is not on the building; a siege with no
plan (imported from OpenStreetMap) opens and shows its footprints."""

from __future__ import annotations

from PySide6.QtCore import Qt
from ui_helpers import click, drag, show_area

from siegeboard.geometry import footprint_area, footprint_squares, shape_of
from siegeboard.persist import write_siege
from siegeboard.persist.formats import import_map
from siegeboard.rules import harris

ALT = Qt.KeyboardModifier.AltModifier


def _building(window):
    (building,) = window.document.siege.structures.values()
    return building


def test_alt_with_the_polygon_tool_cuts_a_courtyard_in_one_undo_step(qtbot, window):
    show_area(window, -5, -5, 40, 30)
    window.menus.tool_actions["rectangle"].trigger()
    drag(qtbot, window, (0, 0), (20, 20))
    solid = _building(window)
    assert footprint_area(shape_of(solid)) == 400
    window.document.select([solid.id])
    window.menus.tool_actions["polygon"].trigger()
    click(qtbot, window, (6, 6), ALT)
    for point in ((14, 6), (14, 14)):
        click(qtbot, window, point)
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                      pos=window.view.mapFromScene(6, 14))
    qtbot.waitUntil(lambda: bool(_building(window).holes))
    building = _building(window)
    assert len(window.document.siege.structures) == 1
    assert building.holes == [[(6, 6), (14, 6), (14, 14), (6, 14)]]
    # H1: 400 - 64 = 336 m2, 84 squares; the DP follows.
    assert footprint_squares(shape_of(building)) == 84
    assert building.dp == harris.defensive_points(building.armor, 84, building.stories)
    # Hit-testing follows the real shape: the courtyard is not the building.
    item = window.view.scene().structure_items[building.id]
    assert not item.shape().contains(item.mapFromScene(10, 10))
    assert item.shape().contains(item.mapFromScene(2, 2))
    assert item not in window.view.items(window.view.mapFromScene(10, 10))
    assert item in window.view.items(window.view.mapFromScene(2, 2))
    window.document.select([building.id])
    assert "1 courtyard left out" in window.inspector.figures_text()
    assert "Area 336.0 m²" in window.inspector.figures_text()
    window.document.undo_stack.undo()
    assert _building(window).holes == []
    window.document.undo_stack.redo()
    assert len(_building(window).holes) == 1
    window.document.select([building.id])
    window.menus.remove_hole_action.trigger()
    assert _building(window).holes == []
    assert _building(window).dp == solid.dp


def test_a_courtyard_outside_the_building_is_refused_and_changes_nothing(qtbot, window,
                                                                        answers):
    show_area(window, -5, -5, 40, 30)
    window.menus.tool_actions["rectangle"].trigger()
    drag(qtbot, window, (0, 0), (10, 10))
    window.document.select([_building(window).id])
    window.menus.tool_actions["polygon"].trigger()
    click(qtbot, window, (8, 2), ALT)
    for point in ((16, 2), (16, 8)):
        click(qtbot, window, point)
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                      pos=window.view.mapFromScene(8, 8))
    assert _building(window).holes == []
    assert len(window.document.siege.structures) == 1
    assert any("not inside the footprint" in text for text in answers.warnings)


def test_an_imported_town_with_no_plan_opens_and_shows_its_footprints(qtbot, window,
                                                                     tmp_path):
    from pathlib import Path

    village = Path(__file__).parents[1] / "data" / "osm" / "kirchberg_an_der_iller_osmnx.osm"
    path = tmp_path / "village.siege"
    write_siege(path, import_map(village))
    window.document.open(path)
    qtbot.waitUntil(lambda: len(window.document.siege.structures) == 31)
    assert window.document.siege.map is None
    window.menus.fit_action.trigger()
    image = window.view.grab().toImage()
    assert image.width() > 0


def test_a_duplicate_takes_its_courtyard_along(qtbot, window):
    show_area(window, -5, -5, 40, 30)
    window.menus.tool_actions["rectangle"].trigger()
    drag(qtbot, window, (0, 0), (20, 20))
    building = _building(window)
    window.document.cut_hole(building.id, [(6, 6), (14, 6), (14, 14), (6, 14)])
    window.document.select([building.id])
    window.menus.duplicate_action.trigger()
    copy = next(s for s in window.document.siege.structures.values() if s.id != building.id)
    assert copy.holes == [[(8, 8), (16, 8), (16, 16), (8, 16)]]
    assert footprint_area(shape_of(copy)) == 336
