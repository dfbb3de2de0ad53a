"""Playing the siege from the window: actions through the document, the dice typed at the
table, the clock, the shot's settings and the chosen battery.

``PlayController`` is the ``ToolHost`` the tools are given: every method a tool calls is
declared on that protocol (``ui/tools/base.py``) and implemented here, so a tool needs no
window (tests give it a small fake host instead).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLineEdit

from siegeboard.model.actions import AdvanceClock
from siegeboard.rules.dice import DiceExhausted, parse_table_dice
from siegeboard.rules.engine import RuleError
from siegeboard.rules.titles import action_title
from siegeboard.ui.autosave_keeper import AutosaveKeeper
from siegeboard.ui.docks.fire import FireDock
from siegeboard.ui.docks.weapons import WeaponsDock
from siegeboard.ui.document import Document
from siegeboard.ui.map_scene import MapScene
from siegeboard.ui.plain_words import plain_error
from siegeboard.ui.prompts import Prompts
from siegeboard.ui.siege_settings import SiegeSettingsDialog
from siegeboard.ui.tools.fire import FireSettings


class PlayController:
    """Plays actions on ``document``; asks and warns through ``prompts``; reports on the
    status bar through ``show_message``. Owns the Play toolbar's dice box (``dice_edit``)."""

    def __init__(self, document: Document, scene: MapScene, prompts: Prompts,
                 show_message: Callable[[str], None], autosave: AutosaveKeeper,
                 weapons_dock: WeaponsDock, fire_dock: FireDock):
        self.document = document
        self.scene = scene
        self.prompts = prompts
        self._show_message = show_message
        self.autosave = autosave
        self.weapons_dock = weapons_dock
        self.fire_dock = fire_dock
        self.dice_edit = QLineEdit()
        self.dice_edit.setPlaceholderText("blank: the program rolls")
        self.dice_edit.setToolTip("Type the dice rolled at the table, in the order the log asks "
                                  "for them (e.g. 3 5 6). Used by the next action, then cleared.")
        self.dice_edit.setMaximumWidth(200)

    # -- the GM's attention (ToolHost) ------------------------------------------------------
    def warn(self, message: str) -> None:
        self.prompts.warn(message)

    def ask_number(self, title: str, label: str, value: float, decimals: int = 2) -> float | None:
        return self.prompts.ask_number(title, label, value, decimals)

    def show_status(self, message: str) -> None:
        self._show_message(message)

    def confirm(self, question: str, yes: str = "Yes") -> bool:
        return self.prompts.confirm(question, yes)

    # -- what the next shot is (ToolHost) ---------------------------------------------------
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
        try:
            if dice_values is None:
                dice_values = self.table_dice()
            outcome = self.document.play(action, dice_values)
        except DiceExhausted as error:
            self.warn(f"{title}: too few dice typed at the table ({error}). Type every die "
                      "the action needs, or clear the Dice box to let the program roll. "
                      "Nothing has changed.")
            return None
        except (RuleError, ValueError) as error:
            self.warn(f"{title}: {plain_error(error).rstrip('.')}. Nothing has changed.")
            return None
        if dice_values is not None:
            self.dice_edit.clear()
        self.autosave.soon()  # every shot and clock step is kept at once
        message = outcome.headline or title  # a breach is the news of the shot
        if self.document.unused_dice:
            message += f" ({self.document.unused_dice} typed dice were not needed)"
        self.show_status(message)
        return outcome

    def advance_clock(self, turns: int):
        return self.play(AdvanceClock(turns=turns))

    def edit_siege_settings(self) -> None:
        """Play > Siege Settings: one undoable edit of name, seed and ruleset options."""
        siege = self.document.siege
        dialog = SiegeSettingsDialog(siege.name, siege.ruleset, siege.options, siege.dice_seed,
                                     self.prompts.parent)
        if self.prompts.run_dialog(dialog) and self.document.edit_settings(*dialog.values()):
            self.show_status("Siege settings changed.")
