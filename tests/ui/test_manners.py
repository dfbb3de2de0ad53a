"""The window's manners (issue 15, item 1): nothing is edited by accident.

Each test drives the real window: real wheel and key events through the application (so the
application's event filter sees them as a GM's mouse would send them), real menu actions.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from ui_helpers import click, plan_image, show_area, small_siege

from siegeboard.model.actions import FireAt
from siegeboard.model.siege import Siege
from siegeboard.persist import SiegeFile, write_siege
from siegeboard.rules.build import new_structure
from siegeboard.ui.board.map_view import MAX_SCALE


def wheel(widget, steps: int = -3) -> None:
    """A mouse wheel turned ``steps`` notches over the middle of ``widget``."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(widget.rect().center())),
                        QPoint(0, 0), QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def opened(window, tmp_path, ruleset="harris"):
    assert window.files.open_path(small_siege(tmp_path / "small.siege", ruleset))
    return window


def test_wheel_over_an_unfocused_combo_or_spin_box_changes_nothing(qtbot, window, tmp_path):
    opened(window, tmp_path)
    window.document.select(["h1"])
    inspector = window.inspector
    window.view.setFocus()
    kind, armor = inspector.kind.currentText(), inspector.armor.value()
    before = window.document.structure("h1")
    for widget in (inspector.kind, inspector.armor, inspector.armor.lineEdit(),
                   inspector.stories, inspector.material):
        assert not widget.hasFocus()
        wheel(widget, -3)
        wheel(widget, 2)
    assert inspector.kind.currentText() == kind and inspector.armor.value() == armor
    assert window.document.structure("h1") == before
    assert window.document.undo_stack.count() == 0
    # A field the GM has clicked into takes the wheel as usual.
    inspector.armor.setFocus()
    qtbot.waitUntil(inspector.armor.hasFocus)
    wheel(inspector.armor, 1)
    assert inspector.armor.value() == armor + 1


def test_the_wheel_over_a_field_scrolls_the_panel_instead(qtbot, window, tmp_path):
    opened(window, tmp_path)
    window.document.select(["h1"])
    dock = window.actions_dock
    window.resizeDocks([dock], [120], Qt.Orientation.Vertical)
    dock.show()
    dock.raise_()
    scroll = dock.widget()
    scroll.resize(300, 150)
    bar = scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    bar.setValue(0)
    before = dock.team.value()
    wheel(dock.team, -2)
    assert dock.team.value() == before
    assert bar.value() > 0


def test_a_typed_value_out_of_range_is_refused_with_a_word(qtbot, window, answers, tmp_path):
    opened(window, tmp_path)
    window.document.select(["h1"])
    armor = window.inspector.armor
    old = armor.value()
    armor.setFocus()
    qtbot.waitUntil(armor.hasFocus)
    armor.lineEdit().selectAll()
    qtbot.keyClicks(armor, "-7")
    qtbot.keyClick(armor, Qt.Key.Key_Return)
    assert armor.value() == old
    assert window.document.structure("h1").armor == old
    assert len(answers.warnings) == 1
    assert "Armor" in answers.warnings[0] and "-7" in answers.warnings[0]
    assert f"stays {old}" in answers.warnings[0]
    assert window.document.undo_stack.count() == 0


def test_tabbing_through_the_inspector_edits_nothing(qtbot, window, tmp_path):
    opened(window, tmp_path)
    window.document.select(["w0", "w1"])
    inspector = window.inspector
    for box in (inspector.armor, inspector.stories):
        box.setFocus()
        qtbot.waitUntil(box.hasFocus)
        qtbot.keyClick(box, Qt.Key.Key_Tab)
    assert window.document.undo_stack.count() == 0


def test_the_inspector_is_empty_with_nothing_selected(window, tmp_path):
    opened(window, tmp_path)
    window.document.select([])
    assert window.inspector.fields.isHidden()
    assert "Nothing selected" in window.inspector.heading.text()
    window.document.select(["h1"])
    assert not window.inspector.fields.isHidden()


def test_stories_set_on_32_wall_sections_at_once_in_one_undo_step(qtbot, window, tmp_path):
    sections = [new_structure("harris", "curtain_wall", f"w{i}",
                              [(10 * i, 0), (10 * i + 10, 0), (10 * i + 10, 2), (10 * i, 2)])
                for i in range(32)]
    path = tmp_path / "wall.siege"
    write_siege(path, SiegeFile(siege=Siege(name="Long wall", ruleset="harris",
                                            structures={s.id: s for s in sections})))
    assert window.files.open_path(path)
    window.menus.select_all_action.trigger()
    inspector = window.inspector
    assert inspector.ids == tuple(f"w{i}" for i in range(32))
    assert not inspector.form.isRowVisible(inspector.name)  # a name is not shared
    stories = inspector.stories
    stories.setFocus()
    qtbot.waitUntil(stories.hasFocus)
    stories.lineEdit().selectAll()
    qtbot.keyClicks(stories, "5")
    qtbot.keyClick(stories, Qt.Key.Key_Return)
    siege = window.document.siege
    assert all(siege.structures[f"w{i}"].stories == 5 for i in range(32))
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert all(siege.structures[f"w{i}"].stories == sections[i].stories for i in range(32))


def test_a_fire_click_off_the_plan_asks_first(qtbot, window, answers, tmp_path):
    opened(window, tmp_path)
    window.menus.tool_actions["fire"].trigger()
    window.fire_dock.range.setValue(200)
    show_area(window, -20, -400, 500, 60)
    log_before = len(window.document.siege.log)
    answers.confirms.append(False)
    click(qtbot, window, (400, -300))  # far outside the structures and their 50 m of ground
    assert len(answers.questions) == 1 and "off the plan" in answers.questions[0]
    assert len(window.document.siege.log) == log_before
    answers.confirms.append(True)
    click(qtbot, window, (400, -300))
    assert len(window.document.siege.log) == log_before + 1
    click(qtbot, window, (5, 4))  # on the mill: fires without a question
    assert len(answers.questions) == 2


def test_a_locked_plan_cannot_be_removed_and_removing_asks(window, answers, tmp_path):
    answers.image_paths.append(plan_image(tmp_path / "plan.png"))
    window.menus.import_image_action.trigger()
    assert window.document.siege.map.locked  # an imported plan starts locked
    window.menus.remove_image_action.trigger()
    assert window.document.siege.map is not None
    assert "locked" in answers.warnings[-1] and answers.questions == []
    window.menus.lock_image_action.trigger()
    answers.confirms.append(False)
    window.menus.remove_image_action.trigger()
    assert window.document.siege.map is not None and len(answers.questions) == 1
    answers.confirms.append(True)
    window.menus.remove_image_action.trigger()
    assert window.document.siege.map is None


def test_a_locked_plan_asks_before_it_is_replaced_or_rescaled(window, answers, tmp_path):
    """Lock is a check mark in the Map menu; a locked plan is replaced or rescaled only
    when the GM says yes, and a new import says whether it is locked."""
    messages = []
    window.statusBar().messageChanged.connect(messages.append)
    answers.image_paths.append(plan_image(tmp_path / "plan.png"))
    window.menus.import_image_action.trigger()
    lock = window.menus.lock_image_action
    assert lock.isCheckable() and lock.isChecked() and not lock.isIconVisibleInMenu()
    assert any("locked in place" in message for message in messages)
    first = window.document.siege.map
    answers.image_paths.append(plan_image(tmp_path / "other.png"))
    answers.confirms.append(False)
    window.menus.import_image_action.trigger()
    assert window.document.siege.map == first and "locked" in answers.questions[-1]
    answers.numbers.append(40.0)
    answers.confirms.append(False)
    window.menus.scale_action.trigger()
    assert window.document.siege.map.pixels_per_metre == first.pixels_per_metre
    assert "Rescale" in answers.questions[-1] or "rescale" in answers.questions[-1].lower()
    answers.numbers.append(40.0)
    answers.confirms.append(True)
    window.menus.scale_action.trigger()
    assert window.document.siege.map.pixels_per_metre == 20.0
    lock.trigger()  # unlock: the mark goes, and nothing more is asked
    assert not lock.isChecked() and not window.document.siege.map.locked
    asked = len(answers.questions)
    answers.image_paths.append(plan_image(tmp_path / "third.png"))
    window.menus.import_image_action.trigger()
    assert len(answers.questions) == asked and window.document.siege.map.member
    assert lock.isChecked()  # the new plan starts locked, and the menu shows it


def test_zoom_stops_with_the_plan_in_sight_and_at_a_close_up(window, tmp_path):
    opened(window, tmp_path)
    view = window.view
    view.fit_to_map()
    for _ in range(60):
        view.zoom_out()
    content = view.map_scene.content_rect()
    shown = view.mapFromScene(content).boundingRect()
    viewport = view.viewport().rect()
    assert max(shown.width() / viewport.width(), shown.height() / viewport.height()) >= 0.24
    for _ in range(80):
        view.zoom_in()
    assert abs(view.current_scale() - MAX_SCALE) < 1e-6


def test_the_actions_panel_starts_afresh_per_structure_and_greys_what_does_not_apply(
        window, tmp_path):
    opened(window, tmp_path)
    dock = window.actions_dock
    window.document.select(["h1"])
    assert not dock.fight_group.isEnabled()  # the mill is not burning
    assert "not burning" in dock.fight_group.toolTip()
    assert not dock.repair_group.isEnabled()  # nor damaged
    dock.repair_task.setText("7")
    dock.team.setValue(1)
    window.document.select(["w0"])
    assert dock.repair_task.text() == "success" and dock.team.value() == 3
    window.document.select(["h1"])
    dock.override_inputs["fire_level"].setValue(3)
    dock.override()
    assert window.document.structure("h1").fire_level == 3
    assert dock.fight_group.isEnabled()


# -- item 2: plain words ---------------------------------------------------------------------
def test_a_collinear_polygon_is_refused_in_plain_words(qtbot, window, answers):
    show_area(window, -5, -5, 40, 30)
    window.menus.tool_actions["polygon"].trigger()
    for point in ((0, 0), (10, 0), (20, 0)):
        click(qtbot, window, point)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert len(answers.warnings) == 1
    message = answers.warnings[0]
    assert "one line" in message
    for technical in ("footprint", "type=", "value_error", "http", "input_value", "[", "_"):
        assert technical not in message, technical
    assert window.document.siege.structures == {}


# -- item 5: tables that fit -------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", ["harris", "armory"])
def test_no_header_or_cell_of_the_structures_dock_is_cut(qtbot, window, tmp_path, ruleset):
    from bench.town import build_town

    path = tmp_path / "town.siege"
    write_siege(path, SiegeFile(siege=build_town(40, ruleset)))
    assert window.files.open_path(path)
    dock = window.structures_dock
    table, model = dock.table, dock.model
    header = table.horizontalHeader()
    kinds = {entry.name for entry in window.document.rules.catalogue.structures}
    assert set(model.column_texts(1)) <= kinds  # kinds by their names, never their ids
    for column in range(model.columnCount()):
        title = model.headerData(column, Qt.Orientation.Horizontal)
        width = header.sectionSize(column)
        assert header.fontMetrics().horizontalAdvance(title) < width, title
        for text in model.column_texts(column):
            assert table.fontMetrics().horizontalAdvance(text) < width, text


def test_new_structures_are_named_per_kind_and_a_duplicate_gets_a_new_name(qtbot, window):
    document = window.document
    rules = document.rules
    kind = rules.default_kind(wall=True)
    base = rules.catalogue.entry(kind).name.split(",")[0]
    first = document.draw_structure(kind, [(0, 0), (10, 0), (10, 2), (0, 2)])
    second = document.draw_structure(kind, [(10, 0), (20, 0), (20, 2), (10, 2)])
    assert (first.name, second.name) == (f"{base} 1", f"{base} 2")
    document.select([first.id])
    window.menus.duplicate_action.trigger()
    (copy,) = document.selection
    assert document.structure(copy).name == f"{base} 3"
    assert len({s.name for s in document.siege.structures.values()}) == 3


# -- item 4: a map that reads at a glance (the parts outside the renderer) ------------------------
def test_measure_is_click_click_and_writes_the_distance_on_the_map(qtbot, window, tmp_path):
    opened(window, tmp_path)
    show_area(window, -10, -10, 60, 40)
    window.menus.tool_actions["measure"].trigger()
    tool = window.tools["measure"]
    click(qtbot, window, (0, 0))
    assert tool.measured is None
    click(qtbot, window, (30, 0))
    assert tool.measured == ((0, 0), (30, 0))
    assert tool.label_item is not None and tool.label_item.scene() is window.scene
    assert tool.label_item.text().startswith("30.0 m")
    assert tool.last_text.startswith("Distance 30.0 m, 3 square")
    assert window.document.undo_stack.count() == 0
    click(qtbot, window, (10, 10))  # a third click starts a new measurement
    assert tool.measured is None


def test_the_blast_preview_goes_when_the_pointer_leaves_the_map(qtbot, window, tmp_path):
    from PySide6.QtCore import QEvent
    from ui_helpers import move

    opened(window, tmp_path)
    show_area(window, -10, -10, 60, 40)
    window.weapons_dock.select_weapon("he_shell")  # a shell: its blast is previewed
    window.menus.tool_actions["fire"].trigger()
    tool = window.tools["fire"]
    move(window, window.view.mapFromScene(QPointF(5, 4)), Qt.MouseButton.NoButton)
    assert tool.blast.cells
    QApplication.sendEvent(window.view, QEvent(QEvent.Type.Leave))
    assert not tool.blast.cells


def test_a_reopened_siege_fires_from_its_last_battery(qtbot, window, tmp_path):
    from siegeboard.ui.main_window import MainWindow

    path = small_siege(tmp_path / "guns.siege")
    assert window.files.open_path(path)
    window.document.place_battery((60, 60), window.weapons_dock.current_id or "he_shell")
    (battery_id,) = window.document.siege.batteries
    window.fire_dock.choose(battery_id)
    assert window.files.save()
    again = MainWindow(window.settings, window.autosaver)
    qtbot.addWidget(again, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert again.files.open_path(path)
    assert again.fire_dock.battery_id == battery_id
    assert again.fire_dock.settings().battery_id == battery_id


def test_the_plan_opacity_is_kept_per_siege(qtbot, window, answers, tmp_path):
    answers.image_paths.append(plan_image(tmp_path / "plan.png"))
    window.menus.import_image_action.trigger()
    answers.save_paths.append(tmp_path / "planned.siege")
    assert window.files.save_as()
    window.map_image.set_plan_opacity(0.4)
    assert abs(window.scene.map_item.opacity() - 0.4) < 1e-9
    window.document.undo_stack.setClean()
    answers.choices.append("Sieges and Fortifications")
    window.menus.new_action.trigger()
    assert window.map_image.plan_opacity == 1.0
    assert window.files.open_path(tmp_path / "planned.siege")
    assert window.map_image.plan_opacity == 0.4
    assert abs(window.scene.map_item.opacity() - 0.4) < 1e-9


def test_escalade_is_offered_on_wall_sections_only(window, tmp_path):
    opened(window, tmp_path, "armory")
    dock = window.scene_dock
    window.document.select(["h1"])
    assert not dock.escalade.isEnabled()
    assert "Escalade is for a wall section" in dock.escalade.text()
    window.document.select(["w0"])
    assert dock.escalade.isEnabled() and "Escalade" in dock.escalade.text()


def test_the_blast_preview_writes_losses_not_square_labels():
    from siegeboard.ui.items.blast_item import blast_text

    assert blast_text(12) == "\u221212"
    assert not blast_text(12)[0].isalnum()  # never "12" beside a row of "A12", "B12"


def test_log_lines_and_titles_name_no_field(window, tmp_path):
    opened(window, tmp_path)
    dock = window.actions_dock
    window.document.select(["h1"])
    dock.override_inputs["fire_level"].setValue(12)
    dock.override()
    entry = window.document.siege.log[-1]
    text = " ".join(entry.lines)
    assert "fire level 0 -> 12" in text
    assert "fire_level" not in text and "out_of_control" not in text and "False" not in text


def test_hull_is_written_one_way_in_the_inspector_table_and_paper(window, tmp_path):
    from siegeboard.report.pages import table_cells

    opened(window, tmp_path, "armory")
    window.document.select(["w0"])
    structure = window.document.structure("w0")
    words = f"Hull suffered {structure.hull_suffered} of {structure.hull}"
    assert f"{words}, {structure.ladder.capitalize()}" in window.inspector.derived.text()
    model = window.structures_dock.model
    row = model.row_of("w0")
    assert model.data(model.index(row, 3)) == f"{structure.hull_suffered} of {structure.hull}"
    assert model.headerData(3, Qt.Orientation.Horizontal) == "Hull suffered"
    paper = next(row for row in table_cells(window.document.siege, False) if row["id"] == "w0")
    assert paper["hull"] == f"{structure.hull_suffered} of {structure.hull}"


def test_a_burning_structure_is_ringed_in_flame_colour(window, tmp_path):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from siegeboard.model.actions import GMOverride
    from siegeboard.report.renderer import FIRE_RING

    opened(window, tmp_path)
    window.view.fitInView(QRectF(-2, -2, 14, 12), Qt.AspectRatioMode.KeepAspectRatio)

    def ring_pixels() -> int:
        image = QImage(window.view.viewport().size(), QImage.Format.Format_RGB32)
        painter = QPainter(image)
        window.view.render(painter)
        painter.end()
        ring = QColor(FIRE_RING)
        return sum(1 for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)
                   if abs(QColor(image.pixel(x, y)).red() - ring.red()) < 12
                   and abs(QColor(image.pixel(x, y)).green() - ring.green()) < 12
                   and abs(QColor(image.pixel(x, y)).blue() - ring.blue()) < 12)

    before = ring_pixels()
    window.document.play(GMOverride(structure_id="h1", fire_level=2, reason="test"))
    assert ring_pixels() > before + 100  # the whole outline, not a badge's few pixels


def _open_town(window, tmp_path, n: int) -> str:
    """Open the bench's town of ``n`` in the window from a file; the bench weapon's id."""
    from bench.town import add_bench_weapon, build_town

    siege = build_town(n)
    weapon_id = add_bench_weapon(siege)
    path = tmp_path / "town.siege"
    write_siege(path, SiegeFile(siege=siege))
    assert window.files.open_path(path)
    return weapon_id


def test_a_shot_sizes_the_dock_from_the_rows_it_changed_and_still_cuts_no_text(
        qtbot, window, tmp_path, monkeypatch):
    from bench.town import town_centre

    weapon_id = _open_town(window, tmp_path, 2000)
    dock = window.structures_dock
    model, header, metrics = dock.model, dock.table.horizontalHeader(), dock.table.fontMetrics()
    asked: list[int] = []
    texts = model.column_texts
    monkeypatch.setattr(model, "column_texts", lambda column, rows=None: (
        asked.append(len(model.ids) if rows is None else len(rows)), texts(column, rows))[1])
    outcome = window.document.play(FireAt(weapon_id=weapon_id, at=town_centre(2000),
                                          range_m=100.0))
    assert 10 <= len(outcome.structures) < 200
    # A row measured for each column of each changed row, never the town's 2,000 again.
    assert asked and max(asked) < 20 and sum(asked) <= 6 * len(outcome.structures)
    for column in range(model.columnCount()):
        for text in texts(column):
            assert metrics.horizontalAdvance(text) < header.sectionSize(column), text


def test_the_dock_sorts_itself_keeps_the_selection_and_resorts_when_a_shot_changes_the_key(
        qtbot, window, tmp_path):
    from bench.town import town_centre

    weapon_id = _open_town(window, tmp_path, 300)
    dock = window.structures_dock
    names = lambda: dock.visible_names()  # noqa: E731
    dock.table.sortByColumn(0, Qt.SortOrder.DescendingOrder)
    assert names() == sorted(names(), key=str.lower, reverse=True)
    window.document.select(["house7"])
    dock.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert names() == sorted(names(), key=str.lower)
    chosen = [index.data(Qt.ItemDataRole.UserRole)
              for index in dock.table.selectionModel().selectedRows()]
    assert chosen == ["house7"]
    dock.table.sortByColumn(3, Qt.SortOrder.AscendingOrder)  # by DP left
    outcome = window.document.play(FireAt(weapon_id=weapon_id, at=town_centre(300),
                                          range_m=100.0))
    hurt = min(outcome.structures, key=lambda key: window.document.siege.structures[key].dp)
    first = dock.proxy.index(0, 0).data(Qt.ItemDataRole.UserRole)
    assert window.document.siege.structures[first].dp == \
        window.document.siege.structures[hurt].dp
    dps = [window.document.siege.structures[dock.proxy.index(row, 0).data(
        Qt.ItemDataRole.UserRole)].dp for row in range(dock.proxy.rowCount())]
    assert dps == sorted(dps)


def test_the_docks_keep_their_width_as_the_clock_grows(qtbot, window, tmp_path):
    """A day's clock ("1 day 0 h ... (turn 17,340)") wraps in the Clock dock; the dock
    keeps its width, and File > New leaves it so."""
    from siegeboard.model.actions import AdvanceClock
    from siegeboard.model.siege import TURNS_PER_DAY

    opened(window, tmp_path)
    window.show()
    qtbot.waitExposed(window)
    dock = window.clock_dock
    before = dock.width()
    window.document.play(AdvanceClock(turns=TURNS_PER_DAY))
    qtbot.wait(50)
    assert "day" in dock.time_label.text()
    assert abs(dock.width() - before) <= 2, (before, dock.width())


def test_the_timeline_is_never_covered_and_a_tool_switch_is_said_on_the_map(qtbot, window,
                                                                         tmp_path):
    opened(window, tmp_path)
    window.show()
    qtbot.waitExposed(window)
    timeline, bar, view = window.timeline, window.view.scale_bar, window.view
    for _ in range(12):  # the scale bar changes its width with the zoom
        view.zoom_out()
        assert not timeline.geometry().intersects(bar.geometry())
        assert timeline.width() >= timeline.minimumSizeHint().width()
    notice = window.tool_notice
    assert not notice.isVisible()
    window.menus.tool_actions["grid_origin"].trigger()
    assert notice.isVisible() and "Grid origin" in notice.text()
    assert view.viewport().rect().contains(notice.geometry())
    window.resize(900, window.height())  # narrower: the bar may go above the scale bar
    qtbot.wait(50)
    assert not timeline.geometry().intersects(bar.geometry())
    assert timeline.width() >= timeline.minimumSizeHint().width()
