"""Selecting and editing on the map with the mouse, the inspector and the structures dock."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from ui_helpers import click, drag, show_area, small_siege

from siegeboard.geometry import footprint_squares
from siegeboard.rules import harris
from siegeboard.ui.board.structure_item import StructureItem


@pytest.fixture
def opened(window, tmp_path):
    assert window.files.open_path(small_siege(tmp_path / "small.siege"))
    show_area(window, -5, -5, 60, 20)
    window.menus.tool_actions["select"].trigger()
    return window


def test_click_selects_and_shift_adds(qtbot, opened):
    click(qtbot, opened, (5, 4))
    assert opened.document.selection == ("h1",)
    click(qtbot, opened, (25, 1), Qt.KeyboardModifier.ShiftModifier)
    assert opened.document.selection == ("h1", "w0")
    assert opened.scene.structure_items["w0"].selected_look
    click(qtbot, opened, (50, 15))
    assert opened.document.selection == ()


def test_rubber_band_selects_what_it_meets(qtbot, opened):
    drag(qtbot, opened, (18, -3), (42, 5))
    assert set(opened.document.selection) == {"w0", "w1", "w2"}
    assert opened.inspector.heading.text().startswith("3 structures selected")


def test_drag_moves_on_the_grid_in_one_undo_step(qtbot, opened):
    drag(qtbot, opened, (5, 4), (9.3, 7.8))
    assert opened.document.structure("h1").footprint[0] == (4.0, 4.0)
    assert opened.scene.structure_items["h1"].pos() == QPointF(0, 0)
    opened.menus.undo_action.trigger()
    assert opened.document.structure("h1").footprint[0] == (0.0, 0.0)


def test_corner_handle_drag_reshapes_and_dp_follows(qtbot, opened):
    click(qtbot, opened, (5, 4))
    drag(qtbot, opened, (10, 8), (14, 8))
    mill = opened.document.structure("h1")
    assert (14.0, 8.0) in mill.footprint
    assert mill.dp == harris.defensive_points(5, footprint_squares(mill.footprint), 2) == 240
    assert "240/240" in opened.inspector.derived.text()


def test_delete_duplicate_copy_paste(qtbot, opened):
    click(qtbot, opened, (5, 4))
    opened.menus.duplicate_action.trigger()
    (copy,) = opened.document.selection
    assert opened.document.structure(copy).footprint[0] == (2.0, 2.0)
    opened.menus.delete_action.trigger()
    assert copy not in opened.document.siege.structures
    click(qtbot, opened, (5, 4))
    opened.menus.copy_action.trigger()
    opened.menus.paste_action.trigger()
    assert len(opened.document.siege.structures) == 5
    qtbot.keyClick(opened.view, Qt.Key.Key_Delete)
    assert len(opened.document.siege.structures) == 4


def test_split_and_merge_sections(qtbot, opened):
    click(qtbot, opened, (25, 1))
    opened.menus.split_action.trigger()
    halves = opened.document.selection
    assert len(halves) == 2
    assert sum(opened.document.structure(k).dp for k in halves) == 675
    opened.menus.merge_action.trigger()
    (merged,) = opened.document.selection
    assert opened.document.structure(merged).dp == 675
    assert len(opened.document.structure(merged).footprint) == 4


def test_rotate_quarter_turn(qtbot, opened):
    click(qtbot, opened, (5, 4))
    opened.menus.rotate_cw_action.trigger()
    mill = opened.document.structure("h1")
    xs = sorted({x for x, _ in mill.footprint})
    assert xs[1] - xs[0] == 8 and mill.dp == 200


def test_inspector_edits_are_undoable_and_live(qtbot, opened):
    click(qtbot, opened, (5, 4))
    inspector = opened.inspector
    assert "DP 200/200" in inspector.derived.text()
    assert "Area 80.0 m²" in inspector.derived.text()
    inspector.stories.setValue(3)
    inspector.stories.editingFinished.emit()
    assert opened.document.structure("h1").dp == 300
    assert "DP 300/300" in inspector.derived.text()
    inspector.name.setText("Old mill")
    inspector.name.editingFinished.emit()
    inspector.kind.setCurrentIndex(inspector.kind.findData("bunker"))
    inspector.kind.activated.emit(inspector.kind.currentIndex())
    assert opened.document.structure("h1").dp == 50 * 20 * 1
    inspector.occupants.setPlainText("Anna\nBert")
    inspector._commit_occupants()
    assert [p.name for p in opened.document.structure("h1").occupants] == ["Anna", "Bert"]
    table = opened.structures_dock
    assert "Old mill" in table.visible_names()
    for _ in range(4):
        opened.menus.undo_action.trigger()
    assert opened.document.structure("h1").name == "Mill"
    assert opened.document.structure("h1").dp == 200


def test_structures_dock_follows_and_selects(qtbot, opened):
    dock = opened.structures_dock
    click(qtbot, opened, (35, 1))
    rows = dock.table.selectionModel().selectedRows()
    assert [index.data(Qt.ItemDataRole.UserRole) for index in rows] == ["w1"]
    dock.table.selectRow(0)
    assert opened.document.selection == (dock.proxy.index(0, 0).data(Qt.ItemDataRole.UserRole),)
    dock.filter.setText("north")
    assert sorted(dock.visible_names()) == ["North wall 0", "North wall 1", "North wall 2"]
    dock.filter.setText("")
    dock.table.sortByColumn(3, Qt.SortOrder.AscendingOrder)  # by DP
    assert dock.visible_names()[0] == "Mill"


def test_one_changed_structure_touches_one_item(qtbot, opened, monkeypatch):
    shown = []
    original = StructureItem.show_state

    def spy(item, structure, ruleset):
        shown.append(structure.id)
        original(item, structure, ruleset)

    monkeypatch.setattr(StructureItem, "show_state", spy)
    opened.document.edit_structure("w1", name="Breached bit")
    assert shown == ["w1"]
    before = {key: item for key, item in opened.scene.structure_items.items()}
    opened.menus.undo_action.trigger()
    assert shown == ["w1", "w1"]
    assert opened.scene.structure_items == before  # no item was rebuilt
