"""The small dialog that asks the GM for one roll as it lands ("Ask me for each roll").

It names the roll ("2D6: large calibre, added to the Artillery HE shell's penetration"),
takes the dice typed (checked as they are typed: how many, and 1..sides each), offers
"Roll these for me", and "Cancel the action", which cancels the whole action with nothing
changed. ``ask_roll`` is the ``AskingDice`` callback built on it.

Dice are typed with spaces or commas ("3 5 6"), or, when every die is one digit (D6, D8),
run together in as many groups as the GM likes ("4444" for 4D6; "3516 2243 1166" for 12D6),
which is how a GM reads a handful of dice off the table. Where only the total matters (the
rule's label is ``TotalOnly``: the people inside share their damage dice's total) the total
alone is taken too ("83" for 24D6, checked to be within 24..144; "=11" says "total" outright
where it could be read as dice, "11" for 2D6 being a 1 and a 1); where each die matters the
dialog says so. ``read_answer`` is that reading.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from siegeboard.rules.dice import (
    DiceCancelled,
    check_answer,
    dice_of_total,
    parse_table_dice,
    roll_prompt,
    total_only,
)
from siegeboard.ui.language import tr


def expected_form(count: int, sides: int, total: bool = False) -> str:
    """How ``count``D``sides`` is typed, in words, with an example; ``total``: only the
    total counts, and the total alone is taken too."""
    example = [str(min(sides, value)) for value in (3, 5, 1, 6, 2, 4)[:min(count, 6)]]
    spaced = " ".join(example) + (" …" if count > 6 else "")
    if count == 1:
        return tr("type the die rolled, e.g. {value}").format(value=example[0])
    if sides <= 9:
        dice = (tr("type the {count} dice with spaces ({spaced}) or run together, each die one "
                "digit ({example}{value})").format(
                        count=count, spaced=spaced, example=''.join(example),
                                value='…' if count > 6 else ''))
    else:
        dice = tr("type the {count} dice with spaces, e.g. {spaced}").format(
                count=count, spaced=spaced)
    if total:
        middle = (count + count * sides + 1) // 2
        return (tr("{dice}, or only their total, {count} to {value} (e.g. {middle}, "
                "or ={middle})").format(dice=dice, count=count, value=count * sides, middle=middle))
    return dice


def each_die_note(count: int, total: bool) -> str:
    """What the dialog says of the dice's total: "" for one die."""
    if count == 1:
        return ""
    if total:
        return tr("Only the total counts here: the total alone will do.")
    return tr("Each die is read on its own here: type every die, not their total.")


def _total(text: str) -> int | None:
    """The total ``text`` gives ("83", "=83", "total 83"), or None when it is not one number."""
    words = text.strip().lower()
    for prefix in ("=", "total"):
        if words.startswith(prefix):
            words = words[len(prefix):].strip()
    return int(words) if words.isdigit() and len(words) <= 6 else None


def _said_total(text: str) -> bool:
    return text.strip().lower().startswith(("=", "total"))


def _digits(text: str, sides: int) -> list[int] | None:
    """The dice of digits run together ("3516 22"), or None when that is not a reading:
    dice of more than nine sides, or anything but digits and separators."""
    parts = text.replace(",", " ").split()
    if sides > 9 or not parts or not all(part.isdigit() for part in parts):
        return None
    return [int(digit) for part in parts for digit in part]


class Reading(NamedTuple):
    """What an entry gives: the dice (None: blank, or no reading), what is wrong ("" when
    they answer the roll), and whether they were given as their total."""

    values: list[int] | None
    problem: str
    as_total: bool = False


def read_entry(text: str, count: int, sides: int, total: bool = False) -> Reading:
    """The dice ``text`` gives for ``count``D``sides`` and what is wrong ("" when they answer
    the roll; (None, "") when blank: the program may roll). Numbers apart come first; digits
    run together are read as one die each when that reading, and only it, gives the dice
    asked for. With ``total`` (only the total counts), one number that is not the dice is
    their total, kept as the dice ``dice_of_total`` makes of it; "=" or "total" before it
    says so outright. A wrong entry says what is wrong and the form expected."""
    form = expected_form(count, sides, total and count > 1)
    summed = _total(text) if total and count > 1 else None
    if summed is not None and not _said_total(text) and summed > 10 * count * sides:
        summed = None  # more digits than any total: dice run together, being typed
    if summed is not None and _said_total(text):
        return _total_reading(summed, count, sides, form)
    try:
        values = parse_table_dice(text)
    except ValueError:
        return Reading(None, tr("{strip!r} are not dice: {form}").format(
                strip=text.strip(), form=form))
    if values is None:
        return Reading(None, "")
    problem = check_answer(values, count, sides)
    if not problem:
        return Reading(values, "")
    digits = _digits(text, sides)
    if digits is not None and digits != values and not check_answer(digits, count, sides):
        return Reading(digits, "")
    if summed is not None:
        return _total_reading(summed, count, sides, form)
    return Reading(values, f"{problem}: {form}")


def read_answer(text: str, count: int, sides: int,
                total: bool = False) -> tuple[list[int] | None, str]:
    """``read_entry``'s dice and problem."""
    reading = read_entry(text, count, sides, total)
    return reading.values, reading.problem


def _total_reading(summed: int, count: int, sides: int, form: str) -> Reading:
    try:
        return Reading(dice_of_total(summed, count, sides), "", as_total=True)
    except ValueError as error:
        return Reading(None, f"{error}: {form}", as_total=True)


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
        self.setWindowTitle(tr("Roll at the table"))
        self.count, self.sides = count, sides
        self.total = total_only(label) and count > 1
        self.values: list[int] | None = None
        layout = QVBoxLayout(self)
        self.question = QLabel(roll_prompt(count, sides, label))
        self.question.setWordWrap(True)
        font = self.question.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.question.setFont(font)
        layout.addWidget(self.question)
        form = expected_form(count, sides, self.total)
        note = each_die_note(count, self.total)
        self.form = QLabel(form[0].upper() + form[1:] + "." + (f" {note}" if note else ""))
        self.form.setWordWrap(True)
        layout.addWidget(self.form)
        self.edit = QLineEdit()
        example = " ".join(str(min(sides, value)) for value in (3, 5, 1, 6, 2)[:min(count, 5)])
        self.edit.setPlaceholderText(
            (tr("the %n die rolled, e.g. {example}", "", count) if count == 1 else
             tr("the %n dice rolled, e.g. {example}", "", count)).format(example=example)
            + (tr(", or their total, {count} to {value}").format(
                    count=count, value=count * sides) if self.total else ""))
        self.edit.setAccessibleName(tr("Dice rolled"))
        self.edit.setAccessibleDescription(self.form.text())
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
        self.use_button = self.buttons.addButton(tr("Use these dice"),
                                                 QDialogButtonBox.ButtonRole.AcceptRole)
        self.roll_button: QPushButton = self.buttons.addButton(
            tr("Roll these for me"), QDialogButtonBox.ButtonRole.ActionRole)
        self.cancel_button = self.buttons.addButton(tr("Cancel the action"),
                                                    QDialogButtonBox.ButtonRole.RejectRole)
        self.use_button.clicked.connect(self._use)
        self.roll_button.clicked.connect(self._roll_for_me)
        self.cancel_button.clicked.connect(self.reject)
        layout.addWidget(self.buttons)
        self.use_button.setDefault(True)
        self._check()

    def _typed(self) -> tuple[list[int] | None, str]:
        """The dice typed and what is wrong with them ("" when they answer the roll)."""
        return read_answer(self.edit.text(), self.count, self.sides, self.total)

    def _check(self) -> None:
        values, problem, as_total = read_entry(self.edit.text(), self.count, self.sides,
                                               self.total)
        self.problem.setText(problem)
        self.use_button.setEnabled(values is not None and not problem)
        if as_total and values:
            self.tally.setText(tr("Total {values} of {count}D{sides} "
                               "(kept as the dice {values2})").format(
                                       values=sum(values), count=self.count, sides=self.sides,
                                               values2=grouped(values)))
        elif self.count > 1 and values:
            shown = values if not problem else (_digits(self.edit.text(), self.sides) or values)
            self.tally.setText(tr("{min} of {count} dice: "
                               "{grouped}").format(
                                       min=min(len(shown), 999), count=self.count,
                                               grouped=grouped(shown[:self.count * 2])))
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
            raise DiceCancelled(tr("cancelled at {count}").format(
                    count=roll_prompt(count, sides, label)))
        return dialog.values

    return ask
