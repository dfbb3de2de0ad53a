"""Keeps the GM's unsaved work in the autosave folder without ever making the window wait:
each change is one line appended to the autosave's journal as it is made, and the journal is
folded into a full autosave when the window is idle, written by a worker thread
(``persist.autosave.Autosaver`` writes; ``persist.journal`` says what a line holds).

What runs on the window's thread per change is the line: the document hands each change it
writes to ``record`` (a shot: its log entry; an edit, undo or redo: the states it put) before
it announces the change to the board, and the line is appended to the journal file (written
to the system at once: a crash of the program loses no change the board showed; the fold's
autosave is synced to the disk). The first change of a document has no autosave to follow
yet: ``record`` begins one at once, on the window's thread, before the board changes: the
GM's file itself, copied as it is on disk (when it is still the version the document read:
a copy, no encoding), with a journal holding the change; or, for a siege with no file (new,
imported, recovered), a full autosave of the siege with the change in it. A full autosave is
folded in ``IDLE_MS`` after the last change, at once when there is none yet to follow
(the first change after opening a file), and every minute of steady work: a snapshot of the
siege is taken on the window's thread in a few milliseconds (``mutations.snapshot``) and
written by the worker; changes made meanwhile go on into the journal, and into the journal
that follows the new autosave. Nothing is written while the document has no unsaved changes.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
import time
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from siegeboard.persist import SiegeFileError, journal
from siegeboard.persist.autosave import Autosaver
from siegeboard.persist.lock import hold_lock
from siegeboard.persist.mutations import snapshot
from siegeboard.persist.siege_file import SiegeFile, encode_siege
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr

INTERVAL_MS = 60_000  # a minute of steady work: fold even if the window is never idle
IDLE_MS = 2_000  # this long without a change: the window is idle, fold the journal in


class AutosaveKeeper(QObject):
    """Autosaves ``document`` through ``autosaver``. ``failed`` carries the error's text the
    first time an autosave cannot be written (then again only after one succeeds);
    ``folded`` the autosave's path each time a full autosave is on disk."""

    failed = Signal(str)
    folded = Signal(object)
    _written = Signal()  # the worker is done (emitted from it; received on the window's thread)

    def __init__(self, document: Document, autosaver: Autosaver, parent: QObject | None = None):
        super().__init__(parent)
        self.document = document
        self.autosaver = autosaver
        self.last_path: Path | None = None
        self._failing = False
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.fold)
        self.timer.start()
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(IDLE_MS)
        self._idle.timeout.connect(self.fold)
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(0)
        self._soon.timeout.connect(self.fold)
        # The journal being appended to, and the autosave it follows (None: none yet).
        self._follows: Path | None = None
        self._handle: int | None = None
        self._count = 0  # the number of the last change
        # (number, line) of each change no full autosave on disk holds yet.
        self._pending: list[tuple[int, bytes]] = []
        self._worker: threading.Thread | None = None
        self._result: tuple | None = None
        self._again = False
        self._generation = 0  # a new document: what a fold under way wrote is not its
        self._written.connect(self._finish_fold)
        document.writer.record_change = self.record
        document.changed.connect(self._on_change)
        document.path_changed.connect(lambda path: self._restart())

    @property
    def busy(self) -> bool:
        """Whether a full autosave is being written by the worker."""
        return self._worker is not None

    @property
    def journal_path(self) -> Path | None:
        """The journal being appended to (None: no autosave to follow yet)."""
        return None if self._follows is None else journal.journal_path(self._follows)

    # -- each change -------------------------------------------------------------------

    def record(self, line: bytes) -> None:
        """Append one change (a ``persist.journal`` line) to the journal; on return it is in
        a file (the journal, or an autosave holding it) unless the disk refused (``failed``
        says so)."""
        self._count += 1
        numbered = journal.numbered(self._count, line)
        self._pending.append((self._count, numbered))
        if self._follows is None and self._worker is None and not self._failing:
            self._begin(line.startswith(b'{"op":"map"'))
        elif self._handle is not None:
            try:
                _write_all(self._handle, numbered)
            except OSError as error:
                self._report(tr("could not write the autosave's journal: "
                             "{value}").format(value=error.strerror or error))
                self._close()  # the next fold begins a journal afresh
        if self._follows is None or line.startswith(b'{"op":"map"'):
            # Nothing to follow yet, or an image the journal cannot hold: fold at once.
            self._soon.start()
        else:
            self._idle.start()

    def _begin(self, new_images: bool) -> None:
        """The first autosave of this document, with its journal, at once (see the module)."""
        document = self.document
        data = None if new_images or document.recovered else self._file_as_read()
        if data is not None:
            first = self._pending[0][0] - 1  # the file holds no pending change
            self._commit(SiegeFile(siege=document.siege, stamp=document.siege_file.stamp),
                         document.path, document.log_on_disk, data, first)
        else:
            self._commit(snapshot(document.file_to_save()), document.path,
                         document.log_on_disk, None, self._count)

    def _file_as_read(self) -> bytes | None:
        """The bytes of the document's file when it is still the version the document read
        (its stamp), else None."""
        document = self.document
        path, stamp = document.path, document.siege_file.stamp
        if path is None or stamp is None or stamp.path != os.path.realpath(path):
            return None
        try:
            with open(path, "rb") as source:
                status = os.fstat(source.fileno())
                if (status.st_size, status.st_mtime_ns) != (stamp.size, stamp.mtime_ns):
                    return None
                data = source.read()
        except OSError:
            return None
        return data if hashlib.sha256(data).hexdigest() == stamp.sha256 else None

    def soon(self) -> None:
        """A shot or clock step was played: its change is in the journal; fold it in when
        the window is idle."""
        if self._follows is None:
            self._soon.start()
        elif self._pending:
            self._idle.start()

    # -- folding -------------------------------------------------------------------------

    def fold(self) -> None:
        """Fold the journal into a full autosave, written by the worker; does nothing while
        the document has no unsaved changes or the autosave holds every change."""
        if self._worker is not None:
            self._again = True
            return
        if not self._needs_fold():
            return
        document = self.document
        taken = snapshot(document.file_to_save())
        job = (self._generation, self._count, taken, document.path, document.log_on_disk)
        self._worker = threading.Thread(target=self._encode, args=(job,),
                                        name="siegeboard-autosave", daemon=True)
        self._worker.start()

    def _needs_fold(self) -> bool:
        return self.document.modified and (self._follows is None or bool(self._pending))

    def _encode(self, job: tuple) -> None:
        """In the worker: the snapshot's bytes (or why it cannot be saved)."""
        time.sleep(0.002)  # the window's thread goes back to its events first
        try:
            data = encode_siege(job[2], "the autosave")
            self._result = (job, data, None)
        except (SiegeFileError, OSError, ValueError) as error:
            self._result = (job, None, error)
        self._written.emit()

    def _finish_fold(self) -> None:
        """On the window's thread: write the worker's bytes and begin their journal."""
        if self._worker is None:
            return  # already finished by ``save_now`` or ``stop``
        self._worker.join()
        self._worker = None
        result, self._result = self._result, None
        assert result is not None  # the worker left its result before it signalled
        (generation, taken_at, taken, source, log_on_disk), data, error = result
        if error is None and generation == self._generation:
            self._commit(taken, source, log_on_disk, data, taken_at)
        elif error is not None:
            self._report(str(error))
        if self._again:
            self._again = False
            if self._needs_fold():
                self._idle.start()

    def _commit(self, siege_file, source, log_on_disk, data: bytes | None,
                taken_at: int) -> Path | None:
        later = [line for number, line in self._pending if number > taken_at]
        try:
            path = self.autosaver.save(siege_file, source, log_on_disk=log_on_disk,
                                       encoded=data, journal=later)
        except (SiegeFileError, OSError) as error:
            self._report(str(error))
            return None
        self._failing = False
        self._pending = [(n, line) for n, line in self._pending if n > taken_at]
        self._close()
        try:
            self._handle = os.open(journal.journal_path(path), os.O_WRONLY | os.O_APPEND)
        except OSError as error:
            self._report(tr("could not open the autosave's journal: {value}").format(
                    value=error.strerror or error))
        self._follows = path
        self.last_path = path
        self.folded.emit(path)
        return path

    def save_now(self) -> Path | None:
        """Autosave at once, on this thread, if there are unsaved changes; the autosave's
        path, or None if none was written (nothing to save, or it failed: ``failed`` says
        why). A fold under way is finished first."""
        self._soon.stop()
        self._idle.stop()
        if self._worker is not None:
            self._finish_fold()
        if not self.document.modified:
            return None
        document = self.document
        return self._commit(document.file_to_save(), document.path, document.log_on_disk,
                            None, self._count)

    def stop(self) -> None:
        """No more autosaves (a clean exit): a fold under way is waited for, not written."""
        self.timer.stop()
        self._soon.stop()
        self._idle.stop()
        if self._worker is not None:
            self._worker.join()
            self._worker = None
            self._result = None
        self._close()

    # -- a new document ---------------------------------------------------------------

    def _on_change(self, change) -> None:
        if change.reset:
            self._restart()

    def _restart(self) -> None:
        """Another document, or the same under another name: its autosave is another file,
        and the next change begins its journal."""
        self._generation += 1
        self._close()
        self._follows = None
        self._pending = []
        self._soon.stop()
        self._idle.stop()
        path = self.document.path
        if path is not None:
            # Taking the file's lock for a moment clears what a killed save of it left beside
            # it (``persist.lock``); a file another writer holds is left to that writer.
            try:
                with hold_lock(path, wait=0):
                    pass
            except SiegeFileError:
                pass

    def _close(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                os.close(self._handle)
            self._handle = None

    def _report(self, message: str) -> None:
        if not self._failing:
            self._failing = True
            self.failed.emit(message)


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(handle, view)
        if written <= 0:
            raise OSError(tr("the journal could not be written"))
        view = view[written:]
