"""Autosave and crash recovery, Qt-free: the GUI calls these; tests call them with a tmp folder.

Life of a window (each window has its own ``Autosaver``)::

    saver = Autosaver()                # folder: <user data dir>/siegeboard/autosave
    for candidate in saver.pending():  # what crashed windows left, now this window's to offer
        ...offer it: read_siege(candidate.path) to recover, saver.discard(candidate) to drop,
        or do nothing (declined: it is kept until this window's clean exit, and offered again
        if this window crashes too)
    saver.begin()                      # this window is running (pending() begins too)
    saver.save(siege_file, source)     # on a timer, whenever the document is dirty
    saver.save(..., journal=lines)     # the same, and the journal that follows it begun
    saver.clean_exit()                 # on a normal close: this window's autosaves removed

Autosaves are written atomically (``write_siege`` without a backup) to the autosave folder,
never to the GM's own file, one per source file and window:
``<stem>-<hash of the source path>-<window token>.siege``, or ``untitled-<window token>.siege``
for a siege never saved. A small ``.json`` beside each says which source it belongs to and
which window keeps it. Beside each autosave, its journal (``persist.journal``): the changes
made since it was written, which recovery plays on it.

Each running window holds a live marker, the lock (``lock.hold_lock``) of
``window-<token>`` in the folder: ``.window-<token>.lock``, holding its process id, host and
since when. A window that is not running (its process was killed, or crashed) holds no lock,
so its autosaves are what a crash left: ``pending`` offers them, whatever the source file's
time (a sync tool touches files; the GM sees both times and chooses), and a clean exit of one
window removes only that window's own autosaves, never another running window's.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
from collections.abc import Sequence
from contextlib import ExitStack, suppress
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from siegeboard.persist import journal as journals
from siegeboard.persist.atomic import (
    atomic_write,
    plain_reason,
    sweep_litter,
    sync_directory,
    write_all,
)
from siegeboard.persist.lock import SiegeFileLocked, hold_lock, lock_holder
from siegeboard.persist.siege_file import (
    SUFFIX,
    FileStamp,
    SiegeFile,
    SiegeFileError,
    encode_siege,
    read_siege,
    write_siege,
)

_SIDECAR = ".json"
_MARKER = "window-{token}"


def default_folder() -> Path:
    """``platformdirs.user_data_dir("siegeboard") / "autosave"``."""
    return Path(platformdirs.user_data_dir("siegeboard", appauthor=False)) / "autosave"


@dataclass(frozen=True)
class RecoveryCandidate:
    """An autosave left by a window that did not close cleanly: where it is and what it holds.

    ``saved_at`` is the autosave's modification time (UTC); ``source_path`` the GM's file it
    was autosaved from (None for a siege never saved), ``source_saved_at`` that file's
    modification time (None when it is gone or was never saved). The rest describes the siege
    inside so the GM can choose without opening it.
    """

    path: Path
    saved_at: datetime
    source_path: Path | None
    siege_name: str
    clock_label: str
    structures: int
    log_length: int
    source_saved_at: datetime | None = None
    # The version of the source the window had read, and how many log entries it held: a
    # recovered siege saved to its source is checked against that version (and, if the
    # source changed, only the entries after those are this window's to play again).
    source_stamp: FileStamp | None = None
    log_on_disk: int | None = None
    # The journal that follows the autosave (None: none) and its whole changes, which
    # recovery plays on it (``persist.journal.recover``).
    journal: Path | None = None
    journal_changes: int = 0

    def describe(self) -> str:
        """One line for a recovery dialog: name, source, clock, counts and both times."""
        source = self.source_path.name if self.source_path else "never saved"
        text = (f"{self.siege_name} ({source}): {self.clock_label}, {self.structures} "
                f"structure{'s' if self.structures != 1 else ''}, {self.log_length} log "
                f"entr{'ies' if self.log_length != 1 else 'y'}; autosaved "
                f"{_local(self.saved_at)}")
        if self.journal_changes:
            text += (f", and {self.journal_changes} later change"
                     f"{'s' if self.journal_changes != 1 else ''} from its journal")
        if self.source_saved_at is not None:
            newer = " (newer than the autosave)" if self.source_saved_at > self.saved_at else ""
            text += f"; the file was saved {_local(self.source_saved_at)}{newer}"
        elif self.source_path is not None:
            text += "; the file is gone"
        return text


def _local(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S")


class Autosaver:
    """The autosaves of one window in ``folder`` (created on first save)."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()
        # The window's token names its autosaves and its live marker.
        self.token = secrets.token_hex(4)
        self._live: ExitStack | None = None

    # -- during a session

    def begin(self) -> None:
        """Mark this window as running (its live marker) until ``clean_exit``; a second call
        does nothing. ``pending`` calls it first. Sweeps the folder of the temporary files
        a killed process left there (``atomic.sweep_litter``: ours by name, a minute old)."""
        if self._live is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        sweep_litter(self.folder)
        live = ExitStack()
        live.enter_context(hold_lock(self._marker(self.token), wait=0))
        self._live = live

    @property
    def running(self) -> bool:
        """Whether ``begin`` was called and ``clean_exit`` not yet."""
        return self._live is not None

    def autosave_path(self, source_path: str | Path | None) -> Path:
        """Where ``save`` puts the autosave of ``source_path`` (None: this window's untitled
        siege). Never the source itself: always inside ``folder``."""
        if source_path is None:
            return self.folder / f"untitled-{self.token}{SUFFIX}"
        source = Path(os.path.abspath(source_path))
        digest = hashlib.sha256(str(source).encode("utf-8", "surrogatepass")).hexdigest()[:12]
        stem = "".join(c if c.isalnum() or c in "-_" else "_" for c in source.stem)[:40] or "siege"
        return self.folder / f"{stem}-{digest}-{self.token}{SUFFIX}"

    def save(self, siege_file: SiegeFile, source_path: str | Path | None, *,
             log_on_disk: int | None = None, encoded: bytes | None = None,
             journal: Sequence[bytes] | None = None) -> Path:
        """Autosave ``siege_file``, the document opened from ``source_path`` (None if never
        saved); return the autosave's path. ``siege_file.stamp`` (when it is of the source)
        and ``log_on_disk`` (the log entries the source held) are kept with it for recovery.
        ``encoded``: the file's bytes as ``encode_siege`` made them (in a worker thread).

        ``journal``: begin the journal that follows this autosave with these lines (each a
        ``journal.numbered`` change made since ``siege_file`` was taken). It is written
        before the autosave replaces the old one, so at every moment one journal follows
        the autosave on disk; the old journal is then replaced. Without it, the old journal
        stays, following the old autosave only, and is not played on this one.

        Atomic like any save; raises ``SiegeFileError`` if it cannot be written, in which case
        the previous autosave and its journal are intact. The GM's own file is never touched.
        """
        target = self.autosave_path(source_path)
        self.folder.mkdir(parents=True, exist_ok=True)
        source = None if source_path is None else os.path.abspath(source_path)
        stamp = siege_file.stamp if source is not None and siege_file.stamp is not None and \
            siege_file.stamp.path == os.path.realpath(source) else None
        self._write_note(target, {"source": source, "log_on_disk": log_on_disk,
                                  "source_stamp": None if stamp is None else asdict(stamp)})
        to_write = SiegeFile(siege=siege_file.siege, images=siege_file.images)
        if journal is None:
            write_siege(target, to_write, backup=False, encoded=encoded)
            return target
        if encoded is None:
            encoded = encode_siege(to_write, target.name)
        following = journals.next_journal_path(target)
        lines = [journals.header(journals.file_sha256(encoded)) + b"\n", *journal]
        try:
            atomic_write(following, lambda stream: write_all(stream, b"".join(lines)))
            write_siege(target, to_write, backup=False, encoded=encoded)
            os.replace(following, journals.journal_path(target))
            sync_directory(self.folder)
        except OSError as error:
            raise SiegeFileError(f"could not autosave: {plain_reason(error)}") from error
        return target

    def clean_exit(self) -> None:
        """The window closes normally: remove its own autosaves (and those it was offered and
        the GM declined), then its live marker. Other windows' autosaves stay."""
        if self.folder.is_dir():
            for path in self._autosaves():
                if self._keeper_of(path) == self.token:
                    self._remove(path)
        if self._live is not None:
            self._live.close()
            self._live = None

    # -- at start-up

    def crashed(self) -> bool:
        """Whether a window that is no longer running left autosaves."""
        return self.folder.is_dir() and any(
            self._left_by_a_crash(path) for path in self._autosaves())

    def pending(self) -> list[RecoveryCandidate]:
        """Autosaves that windows no longer running left, newest first; each becomes this
        window's own (so no other window offers it too, and this window's clean exit removes
        it if the GM declines it).

        Offered: each autosave that opens as a valid siege, whatever its source file's time
        (both are in the candidate). The autosaves themselves are not changed; an unreadable
        one is skipped and left alone.
        """
        if not self.folder.is_dir():
            return []
        self.begin()
        candidates = []
        for path in self._autosaves():
            if not self._left_by_a_crash(path):
                continue
            candidate = self._candidate(path)
            if candidate is not None and self._claim(path):
                candidates.append(candidate)
        return sorted(candidates, key=lambda c: c.saved_at, reverse=True)

    def discard(self, candidate: RecoveryCandidate) -> None:
        """Delete an offered autosave (the GM chose not to recover it, or has recovered it)."""
        self._remove(candidate.path)

    # -- inside

    def _marker(self, token: str) -> Path:
        return self.folder / _MARKER.format(token=token)

    def _autosaves(self):
        return (path for path in self.folder.glob(f"*{SUFFIX}") if path.is_file())

    def _left_by_a_crash(self, path: Path) -> bool:
        keeper = self._keeper_of(path)
        return keeper != self.token and lock_holder(self._marker(keeper)) is None

    def _claim(self, path: Path) -> bool:
        """Make the autosave at ``path`` this window's, unless another window took it first."""
        try:
            with hold_lock(path, wait=1.0):
                if not self._left_by_a_crash(path):
                    return False
                self._write_note(path, self._note(path))
        except (SiegeFileLocked, SiegeFileError):
            return False
        return True

    def _write_note(self, target: Path, note: dict) -> None:
        data = json.dumps({**note, "window": self.token}).encode("utf-8")
        try:
            atomic_write(target.with_suffix(_SIDECAR), lambda stream: stream.write(data))
        except OSError as error:
            raise SiegeFileError(f"could not autosave: {error.strerror or error}") from error

    def _candidate(self, path: Path) -> RecoveryCandidate | None:
        try:
            saved = path.stat().st_mtime
            contents = read_siege(path)
        except (OSError, SiegeFileError):
            return None
        source = self._source_of(path)
        source_saved = None
        if source is not None:
            with suppress(OSError):  # the source is gone: the autosave is all there is
                source_saved = datetime.fromtimestamp(source.stat().st_mtime, UTC)
        siege = contents.siege
        note = self._note(path)
        try:
            stamp = FileStamp(**note["source_stamp"]) if note.get("source_stamp") else None
        except TypeError:
            stamp = None
        log_on_disk = note.get("log_on_disk")
        if not isinstance(log_on_disk, int) or not 0 <= log_on_disk <= len(siege.log):
            log_on_disk = None
        assert contents.stamp is not None  # read from disk: stamped
        found = journals.count_changes(path, contents.stamp.sha256)
        journal, changes = found if found is not None else (None, 0)
        return RecoveryCandidate(
            path=path, saved_at=datetime.fromtimestamp(saved, UTC), source_path=source,
            siege_name=siege.name, clock_label=siege.clock.label(),
            structures=len(siege.structures), log_length=len(siege.log),
            source_saved_at=source_saved, source_stamp=stamp, log_on_disk=log_on_disk,
            journal=journal, journal_changes=changes)

    @staticmethod
    def _note(path: Path) -> dict:
        try:
            note = json.loads(path.with_suffix(_SIDECAR).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return note if isinstance(note, dict) else {}

    def _keeper_of(self, path: Path) -> str:
        """The token of the window an autosave belongs to: its note's, or (older autosaves)
        the last part of its name."""
        keeper = self._note(path).get("window")
        if isinstance(keeper, str) and keeper.isalnum():
            return keeper
        return path.stem.rsplit("-", 1)[-1]

    def _source_of(self, path: Path) -> Path | None:
        source = self._note(path).get("source")
        return Path(source) if isinstance(source, str) else None

    @staticmethod
    def _remove(path: Path) -> None:
        for each in (path, path.with_suffix(_SIDECAR), journals.journal_path(path),
                     journals.next_journal_path(path)):
            with suppress(OSError):
                each.unlink(missing_ok=True)
