"""Spin boxes that refuse a typed value outside their range with a word, instead of silently
changing it (a plain QSpinBox turns "-7" typed for Armor into 7, and 20000 into its maximum).

``StrictSpinBox`` and ``StrictDoubleSpinBox`` let the GM type anything that looks like a
number; when the GM presses Enter or leaves the box with a value that is not a number or is out
of range, the box emits ``refused`` with one plain sentence and keeps its old value. ``what``
is the field's name in that sentence ("Armor").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QValidator
from PySide6.QtWidgets import QAbstractSpinBox, QDoubleSpinBox, QSpinBox, QWidget

from siegeboard.ui.language import tr

_NUMBER_LIKE = re.compile(r"^[+-]?\d*([.,]\d*)?$")


def _typed_text(box: _Strict[Any]) -> str:
    text = box.lineEdit().text()
    if box.prefix() and text.startswith(box.prefix()):
        text = text[len(box.prefix()):]
    if box.suffix() and text.endswith(box.suffix()):
        text = text[:-len(box.suffix())]
    return text.strip()


def _range_words(box: _Strict[Any]) -> str:
    kind = tr("a whole number") if isinstance(box, QSpinBox) else tr("a number")
    _, low, high = box.value_words()
    return tr("{kind} from {low} to {high}").format(kind=kind, low=low, high=high)


_Verdict = tuple[QValidator.State, str, int]


def _validated(box: _Strict[Any], state: _Verdict, text: str,
               pos: int) -> _Verdict:
    """Qt's own verdict (``state``) when it accepts ``text``; else Intermediate for what looks
    like a number (refused in words on Enter or on leaving the box), Invalid for the rest."""
    accepted = state[0] if isinstance(state, tuple) else state
    if accepted == QValidator.State.Acceptable:
        return state
    bare = text
    if box.prefix():
        bare = bare.removeprefix(box.prefix())
    if box.suffix():
        bare = bare.removesuffix(box.suffix())
    if _NUMBER_LIKE.match(bare.strip()):
        return QValidator.State.Intermediate, text, pos
    return QValidator.State.Invalid, text, pos


def _check_typed(box: _Strict[Any]) -> bool:
    """Refuse the typed text if it is not a value in range; True when it was refused."""
    text = _typed_text(box)
    shown_value = box.value_words()[0]
    if text == shown_value:
        return False
    try:
        number: float | None = float(text.replace(",", "."))
    except ValueError:
        number = None
    whole = isinstance(box, QSpinBox)
    if number is not None and (not whole or number == int(number)) and \
            box.minimum() <= number <= box.maximum():
        return False
    shown = text or "nothing"
    box.lineEdit().setText(shown_value)
    box.refused.emit(f"{box.what} is {_range_words(box)}, so {shown} cannot be used; "
                     f"{box.what} stays {shown_value}.")
    return True


def _is_enter(event: QKeyEvent) -> bool:
    return event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)


Number = TypeVar("Number", int, float)

if TYPE_CHECKING:
    _SpinBase = QAbstractSpinBox
else:
    class _SpinBase:
        """Nothing at run time: there the mixin only lies before Qt's box in the order."""


class _Strict(_SpinBase, Generic[Number]):
    """What both boxes do, mixed in before Qt's ``QSpinBox`` (whole numbers) or
    ``QDoubleSpinBox``; ``refused`` and ``what`` are the box's own."""

    refused: ClassVar[Signal]
    what: str

    if TYPE_CHECKING:  # what the mixin reads of the Qt box it lies before
        def value(self, /) -> Number: ...
        def minimum(self, /) -> Number: ...
        def maximum(self, /) -> Number: ...
        def textFromValue(self, val: Number, /) -> str: ...  # noqa: N802 (Qt's name)
        def prefix(self, /) -> str: ...
        def suffix(self, /) -> str: ...

    def validate(self, text: str, pos: int, /) -> _Verdict:
        # PySide6 6.10's stubs give validate's verdict as object
        return _validated(self, super().validate(text, pos), text, pos)  # type: ignore[arg-type, unused-ignore]

    def check_typed(self) -> bool:
        """Refuse the typed text if it is not a value in range; True when it was refused."""
        return _check_typed(self)

    def value_words(self) -> tuple[str, str, str]:
        """The value, the minimum and the maximum as the box shows them."""
        return (self.textFromValue(self.value()), self.textFromValue(self.minimum()),
                self.textFromValue(self.maximum()))

    def keyPressEvent(self, event: QKeyEvent, /) -> None:  # noqa: N802 (Qt's name)
        if _is_enter(event):
            self.check_typed()
        super().keyPressEvent(event)

    def focusOutEvent(self, event: QFocusEvent, /) -> None:  # noqa: N802 (Qt's name)
        self.check_typed()
        super().focusOutEvent(event)


class StrictSpinBox(_Strict[int], QSpinBox):
    refused = Signal(str)

    def __init__(self, what: str, minimum: int = 0, maximum: int = 99,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.what = what
        self.setRange(minimum, maximum)


class StrictDoubleSpinBox(_Strict[float], QDoubleSpinBox):
    refused = Signal(str)

    def __init__(self, what: str, minimum: float = 0.0, maximum: float = 99.0, decimals: int = 1,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.what = what
        self.setDecimals(decimals)
        self.setRange(minimum, maximum)
