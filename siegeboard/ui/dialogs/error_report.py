"""An error nobody caught is shown, never swallowed: a dialog with a copyable report.

PySide6 prints an exception raised in a slot and carries on, so in the real application
``install_excepthook`` routes every uncaught exception to ``show_error``: the GM sees that
something went wrong, and can copy the report (what happened, where, which versions) for a
bug report. The hook is not installed under pytest, where pytest-qt fails the test instead.
Errors that arrive while the dialog is open are added to it rather than opening another.
"""

from __future__ import annotations

import os
import platform
import sys
import traceback
from types import TracebackType

from PySide6 import __version__ as PYSIDE_VERSION
from PySide6.QtCore import qVersion
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from siegeboard import __version__
from siegeboard.ui.language import tr

_open_dialog: ErrorDialog | None = None


def error_report(kind: type[BaseException], error: BaseException,
                 tb: TracebackType | None) -> str:
    """The text a bug report needs: the traceback, then the versions it happened with."""
    lines = "".join(traceback.format_exception(kind, error, tb)).rstrip()
    return (tr("{lines}\n\nsiegeboard {version}, Python {python_version}, "
            "PySide6 {PYSIDE_VERSION} (Qt {qVersion}), {platform}").format(
                    lines=lines, version=__version__, python_version=platform.python_version(),
                            PYSIDE_VERSION=PYSIDE_VERSION, qVersion=qVersion(),
                                    platform=platform.platform()))


class ErrorDialog(QDialog):
    """Says something went wrong; the report is read-only text with a Copy button."""

    def __init__(self, report: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("errorDialog")
        self.setWindowTitle(tr("siegeboard: something went wrong"))
        intro = QLabel(tr("siegeboard met an error it did not expect. What you were doing may not "
                       "have finished; save your work under a new name to be safe. The report "
                       "below says what happened: copy it into a bug report."))
        intro.setWordWrap(True)
        self.report = QPlainTextEdit(report)
        self.report.setObjectName("errorReport")
        self.report.setReadOnly(True)
        self.report.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.report.setMinimumSize(640, 260)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton(tr("&Copy Report"))
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy_report)
        buttons.rejected.connect(self.reject)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.report)
        layout.addWidget(buttons)

    def add_report(self, report: str) -> None:
        self.report.appendPlainText(f"\n{'-' * 60}\n{report}")

    def copy_report(self) -> None:
        QApplication.clipboard().setText(self.report.toPlainText())


def show_error(kind: type[BaseException], error: BaseException, tb: TracebackType | None,
               parent: QWidget | None = None) -> ErrorDialog:
    """Show the report of this error (non-blocking, modal to the application); while a
    report is open, later errors are added to it."""
    global _open_dialog
    report = error_report(kind, error, tb)
    if _open_dialog is not None and _open_dialog.isVisible():
        _open_dialog.add_report(report)
        return _open_dialog
    if parent is None:
        parent = QApplication.activeWindow()
    _open_dialog = ErrorDialog(report, parent)
    # Deleted with its parent window (a closed window is deleted): the next error opens a new one.
    _open_dialog.destroyed.connect(_forget_dialog)
    _open_dialog.setModal(True)
    _open_dialog.show()
    _open_dialog.raise_()
    return _open_dialog


def _forget_dialog() -> None:
    global _open_dialog
    _open_dialog = None


def under_pytest() -> bool:
    """True while a pytest test runs (pytest-qt then fails the test on an error in a slot)."""
    return "PYTEST_CURRENT_TEST" in os.environ


def excepthook(kind: type[BaseException], error: BaseException,
               tb: TracebackType | None) -> None:
    """Print the error as Python would, then show it; Ctrl+C still stops the program."""
    sys.__excepthook__(kind, error, tb)
    if issubclass(kind, KeyboardInterrupt) or QApplication.instance() is None:
        return
    try:
        show_error(kind, error, tb)
    except Exception:  # the report itself failed: what was printed above must do
        traceback.print_exc()


def install_excepthook() -> bool:
    """Route uncaught exceptions to ``show_error``; not under pytest. True if installed."""
    if under_pytest():
        return False
    sys.excepthook = excepthook
    return True
