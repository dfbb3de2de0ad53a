"""Every action and dock reachable by keys, no key given twice, and every control named for a
screen reader (issue 37, item 6), walked over the real window under both rule texts with every
dock open and every tool's options shown."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLineEdit, QMenu, QWidgetAction
from test_keyboard_shortcuts import window_keys

from siegeboard.ui.accessible_names import accessible_name, is_qt_part, unnamed

SAMPLES = resources.files("siegeboard.resources").joinpath("samples")


def opened(window, tmp_path, sample: str) -> None:
    shutil.copy(Path(str(SAMPLES.joinpath(sample))), tmp_path / sample)
    assert window.files.open_path(tmp_path / sample, ask=False)


def every_part_shown(window, qtbot) -> None:
    for dock in window.dock_layout.docks():
        dock.show()
    for name in window.tools:
        window.set_tool(name)
    window.set_tool("select")
    window.document.select([next(iter(window.document.siege.structures))])
    QApplication.processEvents()


def menu_actions(window) -> set[QAction]:
    found = set(window.menuBar().actions())
    for menu in window.findChildren(QMenu):
        found.update(menu.actions())
    return found


@pytest.mark.parametrize("sample", ["castle.siege", "castle_armory.siege"])
def test_every_control_of_the_window_has_a_name(qtbot, window, tmp_path, sample):
    opened(window, tmp_path, sample)
    every_part_shown(window, qtbot)
    missing = [(type(widget).__name__, widget.objectName(), widget.toolTip()[:40])
               for widget in unnamed(window)]
    assert missing == []
    # Names say what a control is, not just that it is one.
    assert accessible_name(window.playing.dice_edit).startswith("Type dice rolled at the table")
    assert accessible_name(window.tools["fire"].square_box.entry) == "Fire at square"
    assert accessible_name(window.view) == "Map"


def test_every_action_is_reached_by_a_menu_or_a_key_and_no_key_twice(qtbot, window, tmp_path):
    opened(window, tmp_path, "castle.siege")
    every_part_shown(window, qtbot)
    in_menus = menu_actions(window)
    unreached = []
    for action in window.findChildren(QAction):
        if action.isSeparator() or isinstance(action, QWidgetAction) or not action.text():
            continue
        if isinstance(action.parent(), QLineEdit):  # Qt's own clear button
            continue
        if action not in in_menus and action.shortcut().isEmpty():
            unreached.append(action.text())
    assert unreached == []
    twice = {key: names for key, names in window_keys(window).items() if len(names) > 1}
    assert twice == {}
    # Every dock is in View (shown again from the keyboard), and each has a way to reach it.
    for dock in window.dock_layout.docks():
        assert dock.toggleViewAction() in in_menus
    go = {action.text() for action in window.keyboard.go_menu.actions()}
    assert {"&Map", "Next &Pane"} <= go


def test_the_shortcuts_list_shows_the_keyboards_new_keys(qtbot, window):
    from siegeboard.ui.dialogs.help_dialogs import shortcut_rows

    rows = dict(shortcut_rows(window.menus.all_actions()))
    for text in ("Fire at Selected", "Place Battery At", "Next Structure", "Find Structure",
                 "Next Pane"):
        assert text in rows and rows[text], text


def test_the_dialogs_controls_have_names_too(qtbot, window, tmp_path):
    """Siege Settings, Export Snapshot, Export Universal VTT, Keyboard Shortcuts and the
    rulings, each shown as the GM opens it: no control without a name."""
    opened(window, tmp_path, "castle.siege")
    seen: dict[str, list] = {}

    def run(dialog) -> bool:
        dialog.show()
        QApplication.processEvents()
        seen[type(dialog).__name__] = [(type(widget).__name__, widget.toolTip()[:30])
                                       for widget in unnamed(dialog)]
        named = {accessible_name(widget) for widget in dialog.findChildren(QLineEdit)
                 if not is_qt_part(widget)}
        seen[type(dialog).__name__ + " names"] = sorted(named)
        dialog.reject()
        return False

    window.prompts.run_dialog = run
    window.playing.edit_siege_settings()
    window.snapshots.export_snapshot_dialog()
    window.vtt_exporter.run()
    window.menus.show_shortcuts()
    window.menus.show_rulings()
    for name in ("SiegeSettingsDialog", "ExportDialog", "VttExportDialog", "ShortcutsDialog",
                 "RulingsDialog"):
        assert seen.get(name) == [], (name, seen.get(name))
    assert seen["ExportDialog names"] == ["File (.pdf, .png, .svg)"]
