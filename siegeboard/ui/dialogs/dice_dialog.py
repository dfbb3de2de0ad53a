"""The small dialog that asks the GM for one roll as it lands ("Ask me for each roll").

It names the roll ("2D6: large calibre, added to the Artillery HE shell's penetration"),
takes the dice typed (checked as they are typed: how many, and 1..sides each), offers
"Roll these for me", and "Cancel the action", which cancels the whole action with nothing
changed. ``ask_roll`` is the ``AskingDice`` callback built on it.

Dice are typed with spaces or commas ("3 5 6"), or, when every die is one digit (D6, D8),
run together in as many groups as the GM likes ("4444" for 4D6; "3516 2243 1166" for 12D6),
which is how a GM reads a handful of dice off the table. ``read_answer`` is that reading.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget)

from siegeboard.rules.dice import DiceCancelled, check_answer, parse_table_dice, roll_prompt


def expected_form(count: int, sides: int) -> str:
    """How ``count``D``sides`` is typed, in words, with an example."""
    example = [str(min(sides, value)) for value in (3, 5, 1, 6, 2, 4)[:min(count, 6)]]
    spaced = " ".join(example) + (" …" if count > 6 else "")
    if count == 1:
        return f"type the die rolled, e.g. {example[0]}"
    if sides <= 9:
        return (f"type the {count} dice with spaces ({spaced}) or run together, each die one "
                f"digit ({''.join(example)}{'…' if count > 6 else ''})")
    return f"type the {count} dice with spaces, e.g. {spaced}"


def _digits(text: str, sides: int) -> list[int] | None:
    """The dice of digits run together ("3516 22"), or None when that is not a reading:
    dice of more than nine sides, or anything but digits and separators."""
    parts = text.replace(",", " ").split()
    if sides > 9 or not parts or not all(part.isdigit() for part in parts):
        return None
    return [int(digit) for part in parts for digit in part]


def read_answer(text: str, count: int, sides: int) -> tuple[list[int] | None, str]:
    """The dice ``text`` gives for ``count``D``sides`` and what is wrong ("" when they answer
    the roll; (None, "") when blank: the program may roll). Numbers apart come first; digits
    run together are read as one die each when that reading, and only it, gives the dice
    asked for. A wrong entry says what is wrong and the form expected."""
    try:
        values = parse_table_dice(text)
    except ValueError:
        return None, f"{text.strip()!r} are not dice: {expected_form(count, sides)}"
    if values is None:
        return None, ""
    problem = check_answer(values, count, sides)
    if not problem:
        return values, ""
    digits = _digits(text, sides)
    if digits is not None and digits != values and not check_answer(digits, count, sides):
        return digits, ""
    return values, f"{problem}: {expected_form(count, sides)}"


def grouped(values: list[int], size: int = 5) -> str:
    """Dice in groups of ``size``, easy to check against the table: "3 5 1 6 2 · 4 4 1"."""
    groups = [values[start:start + size] for start in range(0, len(values), size)]
    return " · ".join(" ".join(str(value) for value in group) for group in groups)


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
        self.form = QLabel(expected_form(count, sides)[0].upper()
                           + expected_form(count, sides)[1:] + ".")
        self.form.setWordWrap(True)
        layout.addWidget(self.form)
        self.edit = QLineEdit()
        example = " ".join(str(min(sides, value)) for value in (3, 5, 1, 6, 2)[:min(count, 5)])
        self.edit.setPlaceholderText(f"the {count} {'die' if count == 1 else 'dice'} rolled, "
                                     f"e.g. {example}")
        self.edit.textChanged.connect(self._check)
        layout.addWidget(self.edit)
        # A big pool is read back in fives as it is typed, with the count so far: the GM
        # checks the dice against the table a group at a time.
        self.tally = QLabel("")
        self.tally.setWordWrap(True)
        layout.addWidget(self.tally)
        self.problem = QLabel("")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #8b0000;")
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
        return read_answer(self.edit.text(), self.count, self.sides)

    def _check(self) -> None:
        values, problem = self._typed()
        self.problem.setText(problem)
        self.use_button.setEnabled(values is not None and not problem)
        if self.count > 1 and values:
            shown = values if not problem else (_digits(self.edit.text(), self.sides) or values)
            self.tally.setText(f"{min(len(shown), 999)} of {self.count} dice: "
                               f"{grouped(shown[:self.count * 2])}")
        else:
            self.tally.setText("")

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
