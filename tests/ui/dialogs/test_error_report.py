"""An uncaught error is shown with a copyable report, and the hook never runs under pytest."""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from siegeboard import __version__
from siegeboard.ui.dialogs import error_report
from siegeboard.ui.dialogs.error_report import install_excepthook, show_error


def raised():
    try:
        raise RuntimeError("the trebuchet jammed")
    except RuntimeError:
        return sys.exc_info()


def test_the_dialog_shows_the_traceback_copies_it_and_closes(qtbot):
    dialog = show_error(*raised())
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    text = dialog.report.toPlainText()
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: the trebuchet jammed" in text
    assert "in raised" in text  # where it happened
    assert f"siegeboard {__version__}" in text and "PySide6" in text
    assert dialog.report.isReadOnly()
    QApplication.clipboard().clear()
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().text() == text
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_errors_while_the_dialog_is_open_join_its_report(qtbot):
    first = show_error(*raised())
    qtbot.addWidget(first)
    try:
        {}["missing battery"]
    except KeyError:
        second = show_error(*sys.exc_info())
    assert second is first
    text = first.report.toPlainText()
    assert "the trebuchet jammed" in text and "KeyError: 'missing battery'" in text
    first.close()


def test_the_hook_shows_the_dialog_and_still_prints(qtbot, capsys, monkeypatch):
    shown = []
    monkeypatch.setattr(error_report, "show_error", lambda *info: shown.append(info[1]))
    error_report.excepthook(*raised())
    assert [str(error) for error in shown] == ["the trebuchet jammed"]
    assert "RuntimeError: the trebuchet jammed" in capsys.readouterr().err


def test_the_hook_is_not_installed_under_pytest(monkeypatch):
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored whatever happens
    before = sys.excepthook
    assert install_excepthook() is False
    assert sys.excepthook is before
    monkeypatch.delenv("PYTEST_CURRENT_TEST")  # as in the real application
    assert install_excepthook() is True
    assert sys.excepthook is error_report.excepthook
