"""Dice as they land, in the real window (issue 14): "Ask me for each roll" asks for each
roll in a small dialog as the shot needs it, and gives the same outcome as the same dice
typed in order in the Dice box, a collapse's dice before the fire roll included; Cancel
cancels the whole action; a clock advance rolls its own dice; the setting is remembered."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication
from shapely.geometry import Polygon
from ui_helpers import click, show_area

from siegeboard.model.actions import GMOverride
from siegeboard.rules.dice import TotalOnly
from siegeboard.ui.dialogs.dice_dialog import DiceDialog
from siegeboard.ui.docks.log import entry_details

SAMPLE = Path(str(resources.files("siegeboard.resources")  # package data
                  .joinpath("samples", "castle.siege")))
# The Great Battery's HE round on the Stables (DP 112): 2D6 = 7 for the large calibre, 18D6
# for Groom Dickon inside, the collapse (2 hits of 1D6 on him), then the fire roll: a 6.
ASKED = ["3 4", " ".join(["1"] * 18), "2", "5 6", "6"]
TYPED = " ".join(ASKED)


class TableDice:
    """Answers each DiceDialog the shot opens, by typing into it and clicking its buttons:
    a text is typed and "Use these dice" clicked; None clicks "Roll these for me"; "cancel"
    clicks "Cancel the action"."""

    def __init__(self, qtbot, answers):
        self.qtbot, self.answers, self.asked = qtbot, list(answers), []
        self.timer = QTimer()
        self.timer.timeout.connect(self._answer)
        self.timer.start(10)

    def _answer(self):
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, DiceDialog) or not dialog.isVisible():
            return
        self.asked.append(dialog.question.text())
        answer = self.answers.pop(0)
        left = Qt.MouseButton.LeftButton
        if answer is None:
            self.qtbot.mouseClick(dialog.roll_button, left)
        elif answer == "cancel":
            self.qtbot.mouseClick(dialog.cancel_button, left)
        else:
            self.qtbot.keyClicks(dialog.edit, answer)
            assert dialog.use_button.isEnabled(), dialog.problem.text()
            self.qtbot.mouseClick(dialog.use_button, left)


def open_castle(window, tmp_path, name):
    shutil.copy(SAMPLE, tmp_path / name)
    assert window.files.open_path(tmp_path / name, ask=False)
    siege = window.document.siege
    stables = Polygon(siege.structures["stables"].footprint).representative_point()
    window.fire_dock.choose("great-battery")
    window.menus.tool_actions["fire"].trigger()
    # 2.5 m south of the representative point, which lies on the line between two rows of
    # squares (a click's rounding to the pixel could name either row).
    at = (stables.x, stables.y + 2.5)
    show_area(window, at[0] - 30, at[1] - 30, at[0] + 30, at[1] + 30)
    return at


def ask_menu_action(window):
    play_menu = next(action.menu() for action in window.menuBar().actions()
                     if action.text() == "&Play")
    return next(action for action in play_menu.actions() if "Each &Roll" in action.text())


def test_asked_one_by_one_gives_the_same_shot_as_typed_in_order(qtbot, window, answers, tmp_path):
    at = open_castle(window, tmp_path, "typed.siege")
    window.playing.dice_edit.setText(TYPED)
    click(qtbot, window, at)
    assert answers.warnings == []
    typed_siege = window.document.siege
    (typed,) = typed_siege.log
    assert any("Stables collapses" in line for line in typed.lines)
    assert any("catches fire" in line for line in typed.lines)

    at = open_castle(window, tmp_path, "asked.siege")
    ask_menu_action(window).trigger()
    assert window.playing.ask_action.isChecked()
    table = TableDice(qtbot, ASKED)
    click(qtbot, window, at)
    table.timer.stop()
    assert answers.warnings == []
    assert table.asked == [
        "2D6: large calibre, added to the Artillery HE shell's penetration",
        "18D6: damage to the people inside the Stables, shared among them",
        "1D6: hits on Groom Dickon, trapped by the collapse of the Stables",
        "2D6: damage of the 2 hits on Groom Dickon, one die a hit",
        "1D6: does the Stables catch fire? (6 or more sets it alight)",
    ]
    asked_siege = window.document.siege
    (asked,) = asked_siege.log
    assert asked.lines == typed.lines
    assert asked.rolls == typed.rolls
    assert all(roll.source == "typed" for roll in asked.rolls)
    assert asked_siege.structures == typed_siege.structures
    # The log says where each die came from.
    assert entry_details(asked)[-1] == (
        "Dice, does the Stables catch fire? (6 or more sets it alight): 6 (typed)")


def test_roll_these_for_me_and_cancel(qtbot, window, answers, tmp_path):
    at = open_castle(window, tmp_path, "castle.siege")
    window.playing.ask_action.trigger()
    before = window.document.siege.model_dump_json()
    table = TableDice(qtbot, ["3 4", "cancel"])
    click(qtbot, window, at)
    assert table.asked[-1].startswith("18D6: damage to the people inside the Stables")
    assert window.document.siege.model_dump_json() == before
    assert window.document.undo_stack.count() == 0
    assert "cancelled. Nothing has changed" in window.statusBar().currentMessage()

    table.answers = [None, None, None, None, None]
    click(qtbot, window, at)
    table.timer.stop()
    (entry,) = window.document.siege.log
    assert entry.rolls[0].source == "rolled" and len(entry.rolls) >= 2
    assert answers.warnings == []


def test_a_clock_advance_rolls_its_own_dice_and_the_setting_is_remembered(
        qtbot, window, answers, tmp_path):
    open_castle(window, tmp_path, "castle.siege")
    window.playing.ask_action.trigger()
    # The GM sets the Stables alight, out of control: the minute rolls its spread.
    window.document.play(GMOverride(structure_id="stables", reason="a torch", fire_level=30,
                                    out_of_control=True))
    window.menus.minute_action.trigger()
    assert QApplication.activeModalWidget() is None, "an advance never asks"
    entry = window.document.siege.log[-1]
    assert entry.action.type == "advance" and entry.rolls
    assert all(roll.source == "rolled" for roll in entry.rolls)
    assert f"the clock rolled its own {len(entry.dice_values())} dice" in (
        window.statusBar().currentMessage())
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert settings.value("play/ask_each_roll", type=bool) is True


def test_dice_typed_beyond_what_the_shot_needed_are_reported(qtbot, window, answers, tmp_path):
    at = open_castle(window, tmp_path, "castle.siege")
    window.playing.dice_edit.setText(TYPED + " 4 3")
    click(qtbot, window, at)
    assert len(window.document.siege.log) == 1
    (warning,) = answers.warnings
    assert "2 of the dice typed were not needed (4 3)" in warning
    assert "not needed: 4 3" in window.statusBar().currentMessage()


def test_fewer_dice_typed_than_the_shot_needs_are_used_first(qtbot, window, answers, tmp_path):
    at = open_castle(window, tmp_path, "castle.siege")
    window.playing.dice_edit.setText("3 4")
    click(qtbot, window, at)
    assert answers.warnings == []
    (entry,) = window.document.siege.log
    assert entry.rolls[0].values == [3, 4] and entry.rolls[0].source == "typed"
    assert entry.rolls[1].source == "rolled"
    assert "the program rolled the" in window.statusBar().currentMessage()


def test_the_dialog_takes_only_the_dice_asked_for(qtbot):
    dialog = DiceDialog(2, 6, "large calibre", None)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.edit, "3")
    assert not dialog.use_button.isEnabled()
    assert dialog.problem.text() == ("2 dice of D6 asked for, 1 given: type the 2 dice with "
                                     "spaces (3 5) or run together, each die one digit (35)")
    qtbot.keyClicks(dialog.edit, " 7")
    assert dialog.problem.text().startswith("7 cannot come from a D6 (1 to 6): type the 2 dice")
    dialog.edit.setText("3 x")
    assert "are not dice" in dialog.problem.text() and not dialog.use_button.isEnabled()
    dialog.edit.setText("3 5")
    assert dialog.use_button.isEnabled() and dialog.problem.text() == ""


def test_dice_run_together_are_read_one_digit_a_die(qtbot):
    dialog = DiceDialog(4, 6, "the pool", None)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.edit, "4444")
    assert dialog.use_button.isEnabled() and dialog.problem.text() == ""
    qtbot.mouseClick(dialog.use_button, Qt.MouseButton.LeftButton)
    assert dialog.values == [4, 4, 4, 4]
    wrong = DiceDialog(4, 6, "the pool", None)
    qtbot.addWidget(wrong)
    qtbot.keyClicks(wrong.edit, "4444444")
    assert not wrong.use_button.isEnabled()
    assert wrong.problem.text() == ("4 dice of D6 asked for, 1 given: type the 4 dice with "
                                    "spaces (3 5 1 6) or run together, each die one digit "
                                    "(3516)")
    assert wrong.tally.text() == "7 of 4 dice: 4 4 4 4 4 · 4 4"
    d20 = DiceDialog(2, 20, "two tasks", None)  # two-digit dice are never run together
    qtbot.addWidget(d20)
    qtbot.keyClicks(d20.edit, "1212")
    assert not d20.use_button.isEnabled() and "with spaces, e.g. 3 5" in d20.problem.text()


def test_a_big_pool_is_read_back_in_groups_as_it_is_typed(qtbot):
    dialog = DiceDialog(24, 6, "damage to the people inside", None)
    qtbot.addWidget(dialog)
    assert "run together" in dialog.form.text()
    qtbot.keyClicks(dialog.edit, "3516 2243 11")
    assert dialog.tally.text() == "10 of 24 dice: 3 5 1 6 2 · 2 4 3 1 1"
    assert not dialog.use_button.isEnabled()
    qtbot.keyClicks(dialog.edit, "66 4455 6612 3456")
    assert dialog.problem.text() == "" and dialog.use_button.isEnabled()
    assert dialog.tally.text().startswith("24 of 24 dice: 3 5 1 6 2 · 2 4 3 1 1 · 6 6 4 4 5")
    qtbot.mouseClick(dialog.use_button, Qt.MouseButton.LeftButton)
    assert len(dialog.values) == 24 and dialog.values[:4] == [3, 5, 1, 6]


def test_a_total_is_taken_where_only_the_total_counts(qtbot):
    dialog = DiceDialog(24, 6, TotalOnly("damage to the people inside the Keep, shared"), None)
    qtbot.addWidget(dialog)
    assert "Only the total counts here" in dialog.form.text()
    assert "or only their total, 24 to 144" in dialog.form.text()
    qtbot.keyClicks(dialog.edit, "83")
    assert dialog.problem.text() == "" and dialog.use_button.isEnabled()
    assert dialog.tally.text().startswith("Total 83 of 24D6")
    qtbot.mouseClick(dialog.use_button, Qt.MouseButton.LeftButton)
    assert len(dialog.values) == 24 and sum(dialog.values) == 83
    assert all(1 <= value <= 6 for value in dialog.values)

    beyond = DiceDialog(24, 6, TotalOnly("damage"), None)
    qtbot.addWidget(beyond)
    qtbot.keyClicks(beyond.edit, "150")
    assert not beyond.use_button.isEnabled()
    assert beyond.problem.text().startswith("a total of 24D6 is 24 to 144, not 150: type the")
    beyond.edit.setText("=20")
    assert "24 to 144, not 20" in beyond.problem.text()
    # Dice one by one are still taken, and a big pool run together is dice, not a total.
    beyond.edit.setText("3516 2243 1166 4455 6612 3456")
    assert beyond.problem.text() == "" and beyond.tally.text().startswith("24 of 24 dice")


def test_a_total_that_reads_as_dice_is_dice_unless_marked(qtbot):
    dialog = DiceDialog(2, 6, TotalOnly("a sum"), None)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.edit, "11")
    assert dialog.tally.text() == "2 of 2 dice: 1 1"  # a 1 and a 1, as the tally shows
    dialog.edit.setText("=11")
    assert dialog.problem.text() == "" and dialog.tally.text().startswith("Total 11 of 2D6")
    dialog.edit.setText("9")
    assert dialog.problem.text() == "" and dialog.tally.text().startswith("Total 9 of 2D6")


def test_where_each_die_counts_the_dialog_says_so_and_takes_no_total(qtbot):
    dialog = DiceDialog(4, 6, "the ram's pool (each 5-6 a Success)", None)
    qtbot.addWidget(dialog)
    assert "Each die is read on its own here" in dialog.form.text()
    assert "total" not in dialog.form.text().split(".")[0]
    qtbot.keyClicks(dialog.edit, "14")
    assert not dialog.use_button.isEnabled()
    assert dialog.problem.text().startswith("4 dice of D6 asked for, 1 given")
    single = DiceDialog(1, 6, "fire", None)
    qtbot.addWidget(single)
    assert "on its own" not in single.form.text()


def test_the_people_inside_take_a_typed_total_in_the_window(qtbot, window, answers, tmp_path):
    at = open_castle(window, tmp_path, "total.siege")
    window.playing.ask_action.trigger()
    table = TableDice(qtbot, ["3 4", "40", "2", "5 6", "6"])
    click(qtbot, window, at)
    table.timer.stop()
    assert answers.warnings == []
    (entry,) = window.document.siege.log
    assert sum(entry.rolls[1].values) == 40 and len(entry.rolls[1].values) == 18
    assert any("= 18D6 = 40" in line for line in entry.lines), entry.lines
