"""Playing the siege from the window: actions through the document, the dice typed at the
table, the clock, the shot's settings and the chosen battery.

``PlayController`` is the ``ToolHost`` the tools are given: every method a tool calls is
declared on that protocol (``ui/tools/base.py``) and implemented here, so a tool needs no
window (tests give it a small fake host instead).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLineEdit

from siegeboard.model.actions import AdvanceClock
from siegeboard.rules.dice import DiceCancelled, DiceExhausted, parse_table_dice
from siegeboard.rules.engine import RuleError
from siegeboard.rules.titles import action_title
from siegeboard.ui.board.map_scene import MapScene
from siegeboard.ui.dialogs.dice_dialog import ask_roll
from siegeboard.ui.dialogs.prompts import Prompts
from siegeboard.ui.dialogs.siege_settings import SiegeSettingsDialog
from siegeboard.ui.docks.fire import FireDock
from siegeboard.ui.docks.weapons import WeaponsDock
from siegeboard.ui.document.autosave_keeper import AutosaveKeeper
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.plain_words import plain_error
from siegeboard.ui.tools.fire import FireSettings


class PlayController:
    """Plays actions on ``document``; asks and warns through ``prompts``; reports on the
    status bar through ``show_message``. Owns the Play toolbar's dice box (``dice_edit``) and
    the checkable "Ask me for each roll" (``ask_action``, remembered in ``settings``)."""

    ASK_KEY = "play/ask_each_roll"

    def __init__(self, document: Document, scene: MapScene, prompts: Prompts,
                 show_message: Callable[[str], None], autosave: AutosaveKeeper,
                 weapons_dock: WeaponsDock, fire_dock: FireDock,
                 settings: QSettings | None = None):
        self.document = document
        self.scene = scene
        self.prompts = prompts
        self._show_message = show_message
        self.autosave = autosave
        self.weapons_dock = weapons_dock
        self.fire_dock = fire_dock
        self.dice_edit = QLineEdit()
        self.dice_edit.setPlaceholderText(tr("blank: the program rolls"))
        self.dice_edit.setToolTip(tr("Type dice rolled at the table in advance (e.g. 3 5 6): the "
                                  "next action uses them first and the program rolls the rest. "
                                  "Cleared once used."))
        self.dice_edit.setMaximumWidth(200)
        self._settings = settings
        self.ask_action = QAction(tr("Ask Me for Each &Roll"), prompts.parent)
        self.ask_action.setCheckable(True)
        self.ask_action.setStatusTip(tr("For a shot, demolition, task, mine or scene, ask for each "
                                     "roll as it is needed (a clock advance rolls its own dice)"))
        self.ask_action.setChecked(bool(settings is not None and settings.value(
            self.ASK_KEY, False, type=bool)))
        self.ask_action.toggled.connect(self._remember_ask)

    def _remember_ask(self, checked: bool) -> None:
        if self._settings is not None:
            self._settings.setValue(self.ASK_KEY, checked)

    # -- the GM's attention (ToolHost) ------------------------------------------------------
    def warn(self, message: str) -> None:
        self.prompts.warn(message)

    def ask_number(self, title: str, label: str, value: float, decimals: int = 2) -> float | None:
        return self.prompts.ask_number(title, label, value, decimals)

    def show_status(self, message: str) -> None:
        self._show_message(message)

    def confirm(self, question: str, yes: str = QT_TR_NOOP("Yes")) -> bool:
        return self.prompts.confirm(question, tr(yes))

    def ask_choice(self, title: str, label: str, choices: list[str]) -> str | None:
        return self.prompts.ask_choice(title, label, choices)

    # -- what the next shot is (FireHost) ---------------------------------------------------
    def current_weapon_id(self) -> str | None:
        """The weapon chosen in the Weapons dock."""
        return self.weapons_dock.current_id

    def fire_settings(self) -> FireSettings:
        return self.fire_dock.settings()

    def choose_battery(self, battery_id: str | None) -> None:
        """Make ``battery_id`` the one the fire tool shoots from."""
        self.fire_dock.choose(battery_id)
        self.scene.choose_battery(battery_id)

    def table_dice(self) -> list[int] | None:
        """The dice typed in the toolbar's Dice box; None when it is blank."""
        return parse_table_dice(self.dice_edit.text())

    # -- playing (ToolHost) -----------------------------------------------------------------
    def play(self, action, dice_values=None):
        """Play a rules action through the document; the dice typed at the table are used
        (and then cleared) when there are any. A refusal is one message and changes nothing.
        Returns the outcome, or None when nothing happened."""
        title = action_title(action, self.document.siege)
        # A clock advance rolls its own dice (a minute of many fires rolls thousands): it
        # never asks; dice typed in the box in advance are still used first.
        clock = isinstance(action, AdvanceClock)
        from_box = dice_values is None
        ask = (ask_roll(self.prompts.run_dialog, self.prompts.parent)
               if self.ask_action.isChecked() and not clock else None)
        try:
            if from_box:
                dice_values = self.table_dice()
            outcome = self.document.play(action, dice_values, ask=ask)
        except DiceCancelled:
            self.show_status(tr("{title}: cancelled. Nothing has changed.").format(title=title))
            return None
        except DiceExhausted as error:  # only dice of a script run out; kept for scripts
            self.warn(tr("{title}: {error}. Nothing has changed.").format(title=title, error=error))
            return None
        except (RuleError, ValueError) as error:
            self.warn(tr("{title}: {rstrip}. Nothing has changed.").format(
                    title=title, rstrip=plain_error(error).rstrip('.')))
            return None
        if from_box and dice_values:
            self.dice_edit.clear()
        self.autosave.soon()  # every shot and clock step is kept at once
        message = outcome.headline or title  # a breach is the news of the shot
        document = self.document
        if clock and document.rolled_dice:
            dice = document.rolled_dice
            message += (tr(" (the clock rolled its own %n die)", "", dice) if dice == 1 else
                        tr(" (the clock rolled its own %n dice)", "", dice))
        elif dice_values and document.rolled_dice:
            message += tr(" (the program rolled the %n dice not typed)", "", document.rolled_dice)
        if document.unused_dice:
            unused = " ".join(map(str, document.unused_values))
            count = document.unused_dice
            message += (tr(" (%n typed die was not needed: {unused})", "", count) if count == 1
                        else tr(" (%n typed dice were not needed: {unused})", "", count)
                        ).format(unused=unused)
            self.warn((tr("{title}: %n of the dice typed was not needed ({unused}); the action "
                          "used the first ones.", "", count) if count == 1 else
                       tr("{title}: %n of the dice typed were not needed ({unused}); the action "
                          "used the first ones.", "", count)).format(title=title, unused=unused))
        self.show_status(message)
        return outcome

    def advance_clock(self, turns: int):
        return self.play(AdvanceClock(turns=turns))

    def edit_siege_settings(self) -> None:
        """Play > Siege Settings: one undoable edit of name, seed and ruleset options."""
        siege = self.document.siege
        dialog = SiegeSettingsDialog(siege.name, siege.ruleset, siege.options, siege.dice_seed,
                                     self.prompts.parent, players_side=siege.players_side)
        if self.prompts.run_dialog(dialog) and self.document.edit_settings(
                *dialog.values(), players_side=dialog.players_side()):
            self.show_status(tr("Siege settings changed."))
