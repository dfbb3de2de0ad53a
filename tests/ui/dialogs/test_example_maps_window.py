"""File > Open Example Map...: the real menu action, the real dialog, a new siege on the plan."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QListWidget, QPushButton

from siegeboard.persist import read_siege
from siegeboard.persist.example_maps import example_map
from siegeboard.ui.accessible_names import name_all, unnamed
from siegeboard.ui.dialogs.example_maps_dialog import ExampleMapDialog

SANBORN = "sanborn_plainfield_il_1893"
# Set to a folder to keep a picture of the dialog (the tests look at its widgets).
PICTURES = os.environ.get("SIEGEBOARD_TEST_PICTURES", "")


def _menu_action(window, text: str):
    for action in window.menus.file_menu.actions():
        if action.text() == text:
            return action
    raise AssertionError(f"no {text!r} in the File menu")


def _with_dialog(qtbot, act: Callable[[ExampleMapDialog], None]) -> list[ExampleMapDialog]:
    """Run ``act`` on the example map dialog once it is shown (it runs modally)."""
    seen: list[ExampleMapDialog] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, ExampleMapDialog):
            QTimer.singleShot(20, look)
            return
        seen.append(dialog)
        act(dialog)

    QTimer.singleShot(0, look)
    return seen


def _choose(qtbot, key: str, rule_text: str | None = None, picture: str = "",
            by_keys: bool = False):
    def act(dialog: ExampleMapDialog) -> None:
        maps = dialog.findChild(QListWidget, "exampleMapList")
        row = [example.key for example in dialog.maps].index(key)
        rect = maps.visualItemRect(maps.item(row))
        if by_keys:  # the list has the focus: arrows choose, Enter starts
            for _step in range(maps.count()):
                if maps.currentRow() == row:
                    break
                qtbot.keyClick(maps, Qt.Key.Key_Down if maps.currentRow() < row else Qt.Key.Key_Up)
        else:
            qtbot.mouseClick(maps.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        if rule_text is not None:
            combo = dialog.findChild(QComboBox, "exampleMapRuleText")
            combo.setCurrentIndex(combo.findText(rule_text))
        if picture:
            dialog.grab().save(picture)
        if by_keys:
            qtbot.keyClick(maps, Qt.Key.Key_Return)
        else:
            qtbot.mouseClick(dialog.findChild(QPushButton, "exampleMapStart"),
                             Qt.MouseButton.LeftButton)

    return act


def test_the_menu_lists_the_maps_with_thumbnail_source_and_licence(qtbot, window):
    def act(dialog: ExampleMapDialog) -> None:
        maps = dialog.findChild(QListWidget, "exampleMapList")
        names = [maps.item(row).text() for row in range(maps.count())]
        assert "Harrowmere castle" in names and any("Plainfield" in name for name in names)
        for row in range(maps.count()):
            thumb = maps.item(row).icon().pixmap(120, 120)
            assert not thumb.isNull() and max(thumb.width(), thumb.height()) >= 100
        maps.setCurrentRow([example.key for example in dialog.maps].index(SANBORN))
        details = dialog.findChild(QLabel, "exampleMapDetails").text()
        assert "Library of Congress" in details and "Public domain" in details
        assert "4.53 pixels a metre" in details
        name_all(dialog)
        assert unnamed(dialog) == []  # a screen reader reads every control by name
        dialog.reject()

    seen = _with_dialog(qtbot, act)
    _menu_action(window, "Open &Example Map…").trigger()
    assert len(seen) == 1


def test_a_new_siege_starts_on_the_chosen_plan_and_undo_takes_the_plan_away(
        qtbot, window, answers, tmp_path):
    picture = str(Path(PICTURES) / "example-maps-dialog.png") if PICTURES else ""
    _with_dialog(qtbot, _choose(qtbot, SANBORN, "The Heavy Armory", picture))
    _menu_action(window, "Open &Example Map…").trigger()
    document, sanborn = window.document, example_map(SANBORN)
    siege = document.siege
    assert (siege.name, siege.ruleset, siege.structures) == (sanborn.name, "armory", {})
    assert siege.map is not None and siege.map.member == sanborn.image
    assert siege.map.pixels_per_metre == pytest.approx(4.53)
    assert document.images[sanborn.image] == sanborn.image_bytes()
    assert window.scene.map_item is not None and window.isWindowModified()
    assert document.path is None and answers.save_changes == []  # nothing was unsaved

    window.menus.undo_action.trigger()
    assert document.siege.map is None and document.siege.name == sanborn.name
    window.menus.redo_action.trigger()
    assert document.siege.map is not None and window.scene.map_item is not None

    answers.save_paths.append(tmp_path / "plainfield.siege")
    assert window.files.save_as()
    again = read_siege(tmp_path / "plainfield.siege")
    assert again.images[sanborn.image] == sanborn.image_bytes()
    assert again.siege.map.pixels_per_metre == pytest.approx(4.53)


def test_unsaved_changes_are_asked_about_as_new_does(qtbot, window, answers):
    window.document.draw_structure("townhouse", [(0, 0), (4, 0), (4, 4), (0, 4)])
    answers.save_changes.append("cancel")
    _with_dialog(qtbot, _choose(qtbot, "castle_plan"))
    _menu_action(window, "Open &Example Map…").trigger()
    assert answers.save_changes == []  # it was asked
    assert len(window.document.siege.structures) == 1 and window.document.siege.map is None

    answers.save_changes.append("discard")
    _with_dialog(qtbot, _choose(qtbot, "castle_plan", by_keys=True))
    _menu_action(window, "Open &Example Map…").trigger()
    siege = window.document.siege
    assert siege.structures == {} and siege.map is not None
    assert siege.map.member == "castle_plan.png" and siege.map.pixels_per_metre == 16.0


def test_a_cancelled_dialog_changes_nothing_and_asks_nothing(qtbot, window, answers):
    window.document.draw_structure("townhouse", [(0, 0), (4, 0), (4, 4), (0, 4)])
    seen = _with_dialog(qtbot, lambda dialog: dialog.reject())
    _menu_action(window, "Open &Example Map…").trigger()
    assert len(seen) == 1
    assert len(window.document.siege.structures) == 1 and window.document.siege.map is None


def test_the_last_map_and_rule_text_are_offered_again(qtbot, window):
    _with_dialog(qtbot, _choose(qtbot, SANBORN, "The Heavy Armory", by_keys=True))
    _menu_action(window, "Open &Example Map…").trigger()
    window.document.undo_stack.setClean()
    offered: list[tuple[str | None, str]] = []

    def look(dialog: ExampleMapDialog) -> None:
        chosen = dialog.chosen()
        offered.append((chosen.key if chosen else None, dialog.ruleset()))
        dialog.reject()

    _with_dialog(qtbot, look)
    _menu_action(window, "Open &Example Map…").trigger()
    assert offered == [(SANBORN, "armory")]
