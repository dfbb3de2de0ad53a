"""Long work under a progress dialog with Cancel: the window's side of ``model.progress``.

``run_with_progress(parent, title, work)`` calls ``work(progress)`` at once, in the GUI
thread; the work's reports move a modal ``QProgressDialog``, shown only once the work has
taken ``SHOW_AFTER_MS`` (quick work flashes nothing). Cancel makes the work's next report
raise ``Cancelled``, which ``run_with_progress`` passes on: work that commits last has then
changed nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QElapsedTimer, Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from siegeboard.model.progress import Cancelled, Progress
from siegeboard.ui.language import tr

T = TypeVar("T")
SHOW_AFTER_MS = 400
NEVER_BY_ITSELF_MS = 2**31 - 1  # Qt's own timed showing is off: ``DialogProgress`` decides


class DialogProgress:
    """A ``Progress`` shown in ``dialog`` once ``show_after_ms`` have passed."""

    def __init__(self, dialog: QProgressDialog, show_after_ms: int):
        self.dialog = dialog
        self.show_after_ms = show_after_ms
        self._clock = QElapsedTimer()
        self._clock.start()

    def report(self, done: int, total: int, what: str = "") -> None:
        dialog = self.dialog
        if what and dialog.labelText() != what:
            dialog.setLabelText(what)
        total = max(total, 0)
        if dialog.maximum() != total:
            dialog.setMaximum(total)  # 0: a busy bar, the length is not known
        dialog.setValue(min(max(done, 0), total))
        if not dialog.isVisible() and not dialog.wasCanceled() \
                and self._clock.elapsed() >= self.show_after_ms:
            dialog.show()
        if dialog.isVisible():
            QApplication.processEvents()  # paint, and let a click on Cancel through
        if dialog.wasCanceled():
            raise Cancelled(what)


def run_with_progress(parent: QWidget | None, title: str, work: Callable[[Progress], T],
                      show_after_ms: int | None = None) -> T:
    """``work(progress)``'s result; raises ``Cancelled`` if the GM pressed Cancel (and
    whatever else the work raises). The dialog shows after ``show_after_ms`` (default
    ``SHOW_AFTER_MS``) and is gone when this returns."""
    if show_after_ms is None:
        show_after_ms = SHOW_AFTER_MS
    dialog = QProgressDialog(title, tr("Cancel"), 0, 0, parent)
    dialog.setObjectName("progressDialog")
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(NEVER_BY_ITSELF_MS)
    dialog.setAutoReset(False)
    dialog.setAutoClose(False)
    try:
        return work(DialogProgress(dialog, show_after_ms))
    finally:
        dialog.hide()
        dialog.deleteLater()
