"""Keeps the GM's unsaved work in the autosave folder: every minute of work and after every
shot or clock step, never over the GM's own file (``persist.autosave.Autosaver`` does the
writing; this only decides when).

Saves are coalesced: ``soon()`` asks for one at the next turn of the event loop, so a burst
of shots writes once. Nothing is written while the document has no unsaved changes.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from siegeboard.persist import SiegeFileError
from siegeboard.persist.autosave import Autosaver
from siegeboard.ui.document import Document

INTERVAL_MS = 60_000  # a minute of work


class AutosaveKeeper(QObject):
    """Autosaves ``document`` through ``autosaver``. ``failed`` carries the error's text the
    first time an autosave cannot be written (then again only after one succeeds)."""

    failed = Signal(str)

    def __init__(self, document: Document, autosaver: Autosaver, parent=None):
        super().__init__(parent)
        self.document = document
        self.autosaver = autosaver
        self.last_path: Path | None = None
        self._failing = False
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.save_now)
        self.timer.start()
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(0)
        self._soon.timeout.connect(self.save_now)

    def soon(self) -> None:
        """Autosave at the next turn of the event loop (after a shot, a clock step)."""
        self._soon.start()

    def save_now(self) -> Path | None:
        """Autosave if there are unsaved changes; the autosave's path, or None if none was
        written (nothing to save, or it failed: ``failed`` says why)."""
        self._soon.stop()
        if not self.document.modified:
            return None
        try:
            self.last_path = self.autosaver.save(self.document.file_to_save(),
                                                 self.document.path,
                                                 log_on_disk=self.document.log_on_disk)
        except (SiegeFileError, OSError) as error:
            if not self._failing:
                self._failing = True
                self.failed.emit(str(error))
            return None
        self._failing = False
        return self.last_path

    def stop(self) -> None:
        self.timer.stop()
        self._soon.stop()
