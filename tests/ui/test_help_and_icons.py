"""A window that explains itself (issue 15, item 6): icons for every tool and action,
tooltips that give the keys, the Help menu's three dialogs, and a first-run hint."""

from __future__ import annotations

import tomllib
from pathlib import Path

from PySide6.QtCore import QByteArray
from PySide6.QtSvg import QSvgRenderer

from siegeboard import __version__
from siegeboard.ui.dialogs.about import add_help_menu
from siegeboard.ui.dialogs.help_dialogs import RulingsDialog, ShortcutsDialog, rulings_text
from siegeboard.ui.icons import icon_names, icon_svg

ROOT = Path(__file__).resolve().parents[2]


def dialogs_of(window):
    seen = []
    window.prompts.run_dialog = lambda dialog: seen.append(dialog) or True
    return seen


def test_every_icon_is_a_valid_svg_shipped_as_package_data():
    names = icon_names()
    assert {"select", "rectangle", "polygon", "wall", "calibrate", "grid_origin", "measure",
            "battery", "fire", "trace", "open", "save", "undo", "redo", "print", "export",
            "zoom_in", "zoom_out"} <= set(names)
    for name in names:
        assert QSvgRenderer(QByteArray(icon_svg(name))).isValid(), name
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["siegeboard.resources"]
    assert "icons/*.svg" in package_data and "rulings.md" in package_data


def test_every_tool_and_main_action_has_an_icon_and_a_tooltip_with_its_keys(window):
    menus = window.menus
    for name, action in menus.tool_actions.items():
        assert not action.icon().isNull(), name
        tool = window.tools[name]
        keys = f"{tool.shortcut}, Esc" if name == "select" else tool.shortcut  # Esc: Select
        assert action.toolTip() == f"{tool.label} ({keys})"
    for action in (menus.new_action, menus.open_action, menus.save_action, menus.undo_action,
                   menus.redo_action, menus.print_action, menus.export_action,
                   menus.zoom_in_action, menus.zoom_out_action, menus.fit_action,
                   menus.turn_action, menus.minute_action):
        assert not action.icon().isNull(), action.text()
        keys = action.shortcut().toString()
        assert keys and f"({keys}" in action.toolTip(), action.toolTip()


def test_keyboard_shortcuts_lists_every_action_with_keys(window):
    seen = dialogs_of(window)
    window.menus.shortcuts_action.trigger()
    (dialog,) = seen
    assert isinstance(dialog, ShortcutsDialog)
    listed = {dialog.table.item(row, 0).text(): dialog.table.item(row, 1).text()
              for row in range(dialog.table.rowCount())}
    with_keys = [a for a in window.menus.all_actions() if not a.shortcut().isEmpty()]
    assert len(with_keys) > 20
    for action in with_keys:
        text = action.text().replace("&", "").rstrip("…").strip()
        assert text in listed, text
        assert action.shortcut().toString() in listed[text]
    assert listed["Fire"] == "F" and listed["Open"] == "Ctrl+O"


def test_how_siegeboard_reads_the_rules_shows_the_shipped_rulings(window):
    seen = dialogs_of(window)
    window.menus.rulings_action.trigger()
    (dialog,) = seen
    assert isinstance(dialog, RulingsDialog)
    shown = dialog.browser.toPlainText()
    assert "R0b" in shown and "H9" in shown and "A1" in shown
    assert "#" not in shown.splitlines()[0]  # rendered as a document, not Markdown source
    assert rulings_text().count("\n") > 50


def test_about_names_version_licence_and_libraries(window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    window.menus.about_action.trigger()
    (text,) = shown
    assert __version__ in text and "MIT" in text
    for library in ("PySide6", "Shapely", "pydantic", "LGPL"):
        assert library in text
    assert [a.text() for a in window.menus.help_menu.actions() if not a.isSeparator()] == [
        "&Keyboard Shortcuts", "How siegeboard &Reads the Rules", "&About siegeboard",
        "About &Qt"]
    add_help_menu(window)  # the program's start adds nothing more to a window that has it
    assert [a.text() for a in window.menuBar().actions()].count("&Help") == 1


def test_a_first_run_hint_on_an_empty_siege(qtbot, window):
    hint = window.first_run_hint
    assert not window.document.siege.structures and window.document.siege.map is None
    assert hint.isVisible()
    text = hint.text()
    assert text.index("Import a plan") < text.index("Calibrate") < text.index("Draw")
    kind = window.document.rules.default_kind(wall=False)
    window.document.draw_structure(kind, [(0, 0), (10, 0), (10, 8), (0, 8)])
    assert not hint.isVisible()
    window.document.undo_stack.undo()
    assert hint.isVisible()
