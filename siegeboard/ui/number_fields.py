"""Spin boxes that refuse a typed value outside their range with a word, instead of silently
changing it (a plain QSpinBox turns "-7" typed for Armor into 7, and 20000 into its maximum).

``StrictSpinBox`` and ``StrictDoubleSpinBox`` let the GM type anything that looks like a
number; when the GM presses Enter or leaves the box with a value that is not a number or is out
of range, the box emits ``refused`` with one plain sentence and keeps its old value. ``what``
is the field's name in that sentence ("Armor").
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

_NUMBER_LIKE = re.compile(r"^[+-]?\d*([.,]\d*)?$")


class _Strict:
    refused: Signal
    what: str

    def _typed_text(self) -> str:
        text = self.lineEdit().text()
        if self.prefix() and text.startswith(self.prefix()):
            text = text[len(self.prefix()):]
        if self.suffix() and text.endswith(self.suffix()):
            text = text[:-len(self.suffix())]
        return text.strip()

    def _range_words(self) -> str:
        low, high = self.minimum(), self.maximum()
        kind = "a whole number" if isinstance(self, QSpinBox) else "a number"
        return f"{kind} from {self.textFromValue(low)} to {self.textFromValue(high)}"

    def validate(self, text: str, pos: int):
        state = super().validate(text, pos)
        accepted = state[0] if isinstance(state, tuple) else state
        if accepted == QValidator.State.Acceptable:
            return state
        bare = text
        if self.prefix():
            bare = bare.removeprefix(self.prefix())
        if self.suffix():
            bare = bare.removesuffix(self.suffix())
        if _NUMBER_LIKE.match(bare.strip()):
            return QValidator.State.Intermediate, text, pos
        return QValidator.State.Invalid, text, pos

    def check_typed(self) -> bool:
        """Refuse the typed text if it is not a value in range; True when it was refused."""
        text = self._typed_text()
        if text == self.textFromValue(self.value()):
            return False
        try:
            number = float(text.replace(",", "."))
        except ValueError:
            number = None
        whole = isinstance(self, QSpinBox)
        if number is not None and (not whole or number == int(number)) and \
                self.minimum() <= number <= self.maximum():
            return False
        shown = text or "nothing"
        self.lineEdit().setText(self.textFromValue(self.value()))
        self.refused.emit(f"{self.what} is {self._range_words()}, so {shown} cannot be used; "
                          f"{self.what} stays {self.textFromValue(self.value())}.")
        return True

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.check_typed()
        super().keyPressEvent(event)

    def focusOutEvent(self, event) -> None:
        self.check_typed()
        super().focusOutEvent(event)


class StrictSpinBox(_Strict, QSpinBox):
    refused = Signal(str)

    def __init__(self, what: str, minimum: int = 0, maximum: int = 99, parent=None):
        super().__init__(parent)
        self.what = what
        self.setRange(minimum, maximum)


class StrictDoubleSpinBox(_Strict, QDoubleSpinBox):
    refused = Signal(str)

    def __init__(self, what: str, minimum: float = 0.0, maximum: float = 99.0, decimals: int = 1,
                 parent=None):
        super().__init__(parent)
        self.what = what
        self.setDecimals(decimals)
        self.setRange(minimum, maximum)
