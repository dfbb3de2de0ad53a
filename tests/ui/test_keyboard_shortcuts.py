"""The keyboard as a GM uses it (issue 36): Redo on Ctrl+Shift+Z and on Ctrl+Y, and no key
given to two actions of the window (Qt then calls it an ambiguous overload and runs neither)."""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from ui_helpers import small_siege


def window_keys(window) -> dict[str, list[str]]:
    """Each key of the window's window-wide actions -> the actions given it."""
    given: dict[str, list[str]] = defaultdict(list)
    for action in window.findChildren(QAction):
        if action.shortcutContext() == Qt.ShortcutContext.WidgetShortcut:
            continue  # a key of one widget (a table's own Delete), not of the window
        for key in action.shortcuts():
            if not key.isEmpty():
                given[key.toString(QKeySequence.SequenceFormat.PortableText)].append(
                    action.text().replace("&", ""))
    return given


def test_no_key_is_given_to_two_actions(window):
    given = window_keys(window)
    assert given, "the walk found no keys at all"
    assert "Ctrl+Shift+Z" in given and "Ctrl+Y" in given
    twice = {key: names for key, names in given.items() if len(names) > 1}
    assert twice == {}


def test_no_key_is_given_twice_after_every_tool_showed_its_widgets(window):
    for name in window.tools:
        window.set_tool(name)
    window.set_tool("select")
    twice = {key: names for key, names in window_keys(window).items() if len(names) > 1}
    assert twice == {}


def edited_then_undone(window, tmp_path) -> str:
    assert window.files.open_path(small_siege(tmp_path / "s.siege"), ask=False)
    stack = window.document.undo_stack
    first = next(iter(window.document.siege.structures))
    window.document.select([first])
    window.menus.delete_action.trigger()
    assert first not in window.document.siege.structures
    stack.undo()
    assert first in window.document.siege.structures
    return first


def press(qtbot, window, key, modifiers) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # shortcuts go to the active window only
    window.view.setFocus()
    qtbot.keyClick(window.view, key, modifiers)


def test_ctrl_shift_z_redoes(qtbot, window, tmp_path):
    first = edited_then_undone(window, tmp_path)
    press(qtbot, window, Qt.Key.Key_Z,
          Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert first not in window.document.siege.structures


def test_ctrl_y_redoes(qtbot, window, tmp_path):
    first = edited_then_undone(window, tmp_path)
    press(qtbot, window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert first not in window.document.siege.structures
    press(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert first in window.document.siege.structures


def test_redo_keys_are_whole_and_single_on_every_platform(monkeypatch):
    """The platforms' standard Redo bindings (Linux desktops: Ctrl+Shift+Z; Windows: Ctrl+Y;
    macOS: Shift+Cmd+Z, which Qt spells Ctrl+Shift+Z): each gives both keys, each once."""
    from siegeboard.ui import actions_menus

    for platform in (["Ctrl+Shift+Z"], ["Ctrl+Y", "Ctrl+Shift+Z"], ["Ctrl+Y"],
                     ["Ctrl+Y", "Alt+Shift+Backspace", "Ctrl+Shift+Z"]):
        monkeypatch.setattr(actions_menus.QKeySequence, "keyBindings",
                            lambda _key, platform=platform: [QKeySequence(k) for k in platform])
        keys = [key.toString() for key in actions_menus.redo_keys()]
        assert "Ctrl+Shift+Z" in keys and "Ctrl+Y" in keys, platform
        assert len(keys) == len(set(keys)), platform


def test_the_window_redo_action_has_the_redo_keys(window):
    from siegeboard.ui.actions_menus import redo_keys

    assert window.menus.redo_action.shortcuts() == redo_keys()
