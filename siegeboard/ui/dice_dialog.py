"""The small dialog that asks the GM for one roll as it lands ("Ask me for each roll").

It names the roll ("2D6: large calibre, added to the Artillery HE shell's penetration"),
takes the dice typed (checked as they are typed: how many, and 1..sides each), offers
"Roll these for me", and "Cancel the action", which cancels the whole action with nothing
changed. ``ask_roll`` is the ``AskingDice`` callback built on it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget)

from siegeboard.rules.dice import DiceCancelled, check_answer, parse_table_dice, roll_prompt


class DiceDialog(QDialog):
    """Asks for ``count``D``sides`` (``label`` says what for). After ``exec``: accepted with
    ``values`` the dice typed, or None when the GM asked the program to roll them; rejected
    when the GM cancelled the action."""

    def __init__(self, count: int, sides: int, label: str | None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Roll at the table")
        self.count, self.sides = count, sides
        self.values: list[int] | None = None
        layout = QVBoxLayout(self)
        self.question = QLabel(roll_prompt(count, sides, label))
        self.question.setWordWrap(True)
        font = self.question.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.question.setFont(font)
        layout.addWidget(self.question)
        self.edit = QLineEdit()
        example = " ".join(str(min(sides, value)) for value in (3, 5, 1, 6, 2)[:min(count, 5)])
        self.edit.setPlaceholderText(f"the {count} {'die' if count == 1 else 'dice'} rolled, "
                                     f"e.g. {example}")
        self.edit.textChanged.connect(self._check)
        layout.addWidget(self.edit)
        self.problem = QLabel("")
        self.problem.setWordWrap(True)
        layout.addWidget(self.problem)
        self.buttons = QDialogButtonBox()
        self.use_button = self.buttons.addButton("Use these dice",
                                                 QDialogButtonBox.ButtonRole.AcceptRole)
        self.roll_button: QPushButton = self.buttons.addButton(
            "Roll these for me", QDialogButtonBox.ButtonRole.ActionRole)
        self.cancel_button = self.buttons.addButton("Cancel the action",
                                                    QDialogButtonBox.ButtonRole.RejectRole)
        self.use_button.clicked.connect(self._use)
        self.roll_button.clicked.connect(self._roll_for_me)
        self.cancel_button.clicked.connect(self.reject)
        layout.addWidget(self.buttons)
        self.use_button.setDefault(True)
        self._check()

    def _typed(self) -> tuple[list[int] | None, str]:
        """The dice typed and what is wrong with them ("" when they answer the roll)."""
        try:
            values = parse_table_dice(self.edit.text())
        except ValueError as error:
            return None, str(error)
        if values is None:
            return None, ""
        return values, check_answer(values, self.count, self.sides) or ""

    def _check(self) -> None:
        values, problem = self._typed()
        self.problem.setText(problem)
        self.use_button.setEnabled(values is not None and not problem)

    def _use(self) -> None:
        values, problem = self._typed()
        if values is None or problem:
            return
        self.values = values
        self.accept()

    def _roll_for_me(self) -> None:
        self.values = None
        self.accept()


def ask_roll(run_dialog: Callable[[QDialog], bool], parent: QWidget | None):
    """An ``AskingDice`` callback: shows a ``DiceDialog`` through ``run_dialog`` for each roll;
    raises ``DiceCancelled`` when the GM cancels the action."""

    def ask(count: int, sides: int, label: str | None) -> list[int] | None:
        dialog = DiceDialog(count, sides, label, parent)
        if not run_dialog(dialog):
            raise DiceCancelled(f"cancelled at {roll_prompt(count, sides, label)}")
        return dialog.values

    return ask
