"""The strict number boxes (``ui/number_fields.py``): both kinds share one refusing piece, so
each refuses a typed value out of range or not a number with one sentence on Enter and on
leaving the box, and keeps its value."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QValidator

from siegeboard.ui.number_fields import StrictDoubleSpinBox, StrictSpinBox


def made(qtbot, kind: str):
    if kind == "whole":
        box = StrictSpinBox("Armor", 0, 20)
        box.setValue(5)
    else:
        box = StrictDoubleSpinBox("Height", 0.0, 30.0, decimals=1)
        box.setValue(5.0)
    qtbot.addWidget(box)
    refusals: list[str] = []
    box.refused.connect(refusals.append)
    return box, refusals


@pytest.mark.parametrize("kind, words", [("whole", "a whole number from 0 to 20"),
                                         ("decimal", "a number from 0.0 to 30.0")])
def test_a_value_out_of_range_is_refused_on_enter_and_kept(qtbot, kind, words):
    box, refusals = made(qtbot, kind)
    before = box.value()
    box.show()
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "-7")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert box.value() == before
    (sentence,) = refusals
    assert sentence.startswith(f"{box.what} is {words}, so -7 cannot be used; ")
    assert sentence.endswith(f"{box.what} stays {box.value_words()[0]}.")


@pytest.mark.parametrize("kind", ["whole", "decimal"])
def test_leaving_the_box_refuses_too_and_a_good_value_is_taken_quietly(qtbot, kind):
    box, refusals = made(qtbot, kind)
    box.lineEdit().setText("99")
    assert box.check_typed() is True and len(refusals) == 1
    box.lineEdit().setText("7")
    assert box.check_typed() is False and len(refusals) == 1


@pytest.mark.parametrize("kind", ["whole", "decimal"])
def test_what_looks_like_a_number_may_be_typed_the_rest_may_not(qtbot, kind):
    box, _refusals = made(qtbot, kind)
    assert box.validate("-7", 2)[0] == QValidator.State.Intermediate
    assert box.validate("abc", 3)[0] == QValidator.State.Invalid
    assert box.validate("7", 1)[0] == QValidator.State.Acceptable


def test_a_whole_box_refuses_a_fraction_a_decimal_box_takes_it(qtbot):
    whole, whole_refusals = made(qtbot, "whole")
    decimal, decimal_refusals = made(qtbot, "decimal")
    for box in (whole, decimal):
        box.lineEdit().setText("2.5")
        box.check_typed()
    assert len(whole_refusals) == 1 and decimal_refusals == []
