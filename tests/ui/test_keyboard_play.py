"""Keyboard-only play (issue 37, item 6): "F, then D6, Enter" fires the chosen battery at the
structure a square names; Shift+F at the selection; Shift+B places a battery at a typed square
or position; N, Shift+N and Ctrl+F choose structures; Alt+digits and F6 reach every dock; the
map tells a screen reader which structure is selected and its state. Every key is a real key
press sent to the focused widget of the active window, as a GM's keyboard sends it."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from siegeboard.ui.keyboard_play import read_position, reading_order, selection_words
from siegeboard.ui.tools.fire_square import aim_point, structures_named_by

SAMPLE = Path(str(resources.files("siegeboard.resources").joinpath("samples", "castle.siege")))
NO = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def castle(window, tmp_path, qtbot):
    shutil.copy(SAMPLE, tmp_path / "castle.siege")
    assert window.files.open_path(tmp_path / "castle.siege", ask=False)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.view.setFocus()
    qtbot.waitUntil(lambda: window.view.hasFocus())


def keys(qtbot, text: str) -> None:
    """Type ``text`` into whatever has the keyboard."""
    for char in text:
        qtbot.keyClick(QApplication.focusWidget(), char)


def key(qtbot, code, modifiers=NO) -> None:
    qtbot.keyClick(QApplication.focusWidget(), code, modifiers)


def test_f_then_a_square_then_enter_fires_at_the_structure_it_names(qtbot, window, answers,
                                                                    tmp_path):
    castle(window, tmp_path, qtbot)
    window.playing.choose_battery("great-battery")
    key(qtbot, Qt.Key.Key_F)
    assert window.tool.name == "fire"
    entry = window.tools["fire"].square_box.entry
    qtbot.waitUntil(lambda: QApplication.focusWidget() is entry, timeout=2000)
    keys(qtbot, "f4")                              # the Keep: most of it is in F4 (R5)
    key(qtbot, Qt.Key.Key_Return)
    assert answers.warnings == []
    (entry,) = window.document.siege.log
    assert entry.action.target_id == "keep" and entry.action.battery_id == "great-battery"
    assert any(line.startswith("Hit on The Keep (F4)") for line in entry.lines)
    assert window.document.selection == ("keep",)
    assert window.tools["fire"].square_box.entry.text() == ""   # ready for the next square
    # Undone like a click.
    key(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.document.siege.log == []


def test_a_square_naming_several_asks_which_and_one_naming_none_asks_first(
        qtbot, window, answers, tmp_path):
    castle(window, tmp_path, qtbot)
    window.playing.choose_battery("great-battery")
    document = window.document
    # Two sheds in B2 (10..20 m east, 10..20 m south of A1's corner).
    for x in (11, 15):
        document.draw_structure("wooden_shed", [(x, 11), (x + 3, 11), (x + 3, 15), (x, 15)])
    named = structures_named_by(document, (1, 1))
    assert len(named) == 2
    label = "B2"
    answers.choices.append(document.siege.structures[named[-1]].name)
    key(qtbot, Qt.Key.Key_F)
    entry = window.tools["fire"].square_box.entry
    qtbot.waitUntil(lambda: QApplication.focusWidget() is entry, timeout=2000)
    keys(qtbot, label)
    key(qtbot, Qt.Key.Key_Return)
    assert document.siege.log[-1].action.target_id == named[-1]
    # A bad square says the form; an empty square asks before firing at open ground.
    keys(qtbot, "7x")
    key(qtbot, Qt.Key.Key_Return)
    assert "is not a square; type a column and a row, e.g. D6" in answers.warnings[-1]
    window.tools["fire"].square_box.entry.clear()
    answers.confirms.append(False)
    keys(qtbot, "A1")
    key(qtbot, Qt.Key.Key_Return)
    assert "No structure is named by A1. Fire at the middle of A1 anyway?" in answers.questions
    assert len(document.siege.log) == 1


def test_shift_f_fires_at_the_selection_and_n_steps_through_structures(qtbot, window, answers,
                                                                       tmp_path):
    castle(window, tmp_path, qtbot)
    window.playing.choose_battery("great-battery")
    order = reading_order(window.document)
    key(qtbot, Qt.Key.Key_N)
    assert window.document.selection == (order[0],)
    key(qtbot, Qt.Key.Key_N)
    key(qtbot, Qt.Key.Key_N)
    assert window.document.selection == (order[2],)
    key(qtbot, Qt.Key.Key_N, SHIFT)
    assert window.document.selection == (order[1],)
    assert window.statusBar().currentMessage().startswith(
        window.document.siege.structures[order[1]].name)
    key(qtbot, Qt.Key.Key_F, SHIFT)
    assert answers.warnings == []
    assert window.document.siege.log[-1].action.target_id == order[1]
    # The aim is inside the footprint, in the square that names it.
    x, y = aim_point(window.document, order[1])
    assert window.document.index.at((x, y))[0] == order[1]


def test_ctrl_f_finds_a_structure_by_name_or_square(qtbot, window, answers, tmp_path):
    castle(window, tmp_path, qtbot)
    asked = []
    typed = ["gatehouse", "F4", "Chapel (J5)"]

    def answer(parent, title, label, items):
        asked.append(items)
        return typed.pop(0), True

    window.keyboard.ask_item = answer
    key(qtbot, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.document.selection == ("gatehouse",)
    assert "The Keep (F4)" in asked[0]
    key(qtbot, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.document.selection == ("keep",)
    key(qtbot, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.document.selection == ("chapel",)


def test_shift_b_places_a_battery_at_a_typed_square_or_position_undoably(
        qtbot, window, answers, tmp_path):
    castle(window, tmp_path, qtbot)
    typed = ["D6", "45, 62", "here"]
    window.keyboard.ask_text = lambda *args: (typed.pop(0), True)
    weapon = window.playing.current_weapon_id()
    assert weapon is not None
    before = set(window.document.siege.batteries)
    key(qtbot, Qt.Key.Key_B, SHIFT)
    (new,) = set(window.document.siege.batteries) - before
    battery = window.document.siege.batteries[new]
    assert battery.position == (35.0, 55.0) and battery.weapon_id == weapon   # D6's middle
    assert window.fire_dock.settings().battery_id == new   # the one the Fire tool shoots from
    key(qtbot, Qt.Key.Key_B, SHIFT)
    assert len(window.document.siege.batteries) == len(before) + 2
    assert (45.0, 62.0) in [b.position for b in window.document.siege.batteries.values()]
    key(qtbot, Qt.Key.Key_B, SHIFT)
    assert "type a square (D6) or a position in metres (45, 62)" in answers.warnings[-1]
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert set(window.document.siege.batteries) == before
    settings = window.settings
    assert settings.value("keyboard/battery_position") == "45, 62"   # offered next time
    assert read_position("d6", (0.0, 0.0), None) == (35.0, 55.0)
    assert read_position("1e400 2", (0.0, 0.0), None) is None


def test_every_dock_is_reached_by_alt_digits_or_f6(qtbot, window, tmp_path):
    castle(window, tmp_path, qtbot)
    reached = set()
    docks = window.dock_layout.docks()
    for number in range(1, 10):
        key(qtbot, getattr(Qt.Key, f"Key_{number}"), Qt.KeyboardModifier.AltModifier)
        focus = QApplication.focusWidget()
        holder = next((dock for dock in docks if dock.isAncestorOf(focus) or dock is focus),
                      None)
        if holder is not None:
            reached.add(holder)
    key(qtbot, Qt.Key.Key_0, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is window.view
    panes = window.keyboard.panes()
    for _ in range(len(panes)):
        key(qtbot, Qt.Key.Key_F6)
        focus = QApplication.focusWidget()
        reached |= {dock for dock in docks if dock.isAncestorOf(focus) or dock is focus}
    assert QApplication.focusWidget() is window.view   # round to the map again
    visible = {dock for dock in docks if dock.isVisible()}
    assert visible and visible <= reached, [d.windowTitle() for d in visible - reached]


def test_the_map_tells_a_screen_reader_what_is_selected(qtbot, window, tmp_path):
    from PySide6.QtGui import QAccessible

    castle(window, tmp_path, qtbot)
    view = window.view
    assert view.accessibleName() == "Map"
    assert view.accessibleDescription() == "Nothing selected"
    window.document.select(["keep"])
    assert view.accessibleDescription() == (
        "The Keep, Keep (donjon), F4: DP 20700/20700, State intact, 4 inside")
    face = QAccessible.queryAccessibleInterface(view)
    assert face.text(QAccessible.Text.Description) == view.accessibleDescription()
    from siegeboard.model.actions import GMOverride
    window.document.play(GMOverride(structure_id="keep", reason="a torch", fire_level=3))
    assert "burning F3" in view.accessibleDescription()
    window.document.select(["keep", "chapel"])
    assert view.accessibleDescription() == "2 structures selected: The Keep, Chapel"
    assert selection_words(window.document) == view.accessibleDescription()
