"""Autosave and crash recovery, Qt-free: the GUI calls these; tests call them with a tmp folder.

Life of a session::

    saver = Autosaver()                # folder: <user data dir>/siegeboard/autosave
    for candidate in saver.pending():  # before begin(): what a crashed session left
        ...offer it: read_siege(candidate.path) to recover, saver.discard(candidate) to drop,
        or do nothing (declined: it is kept, and offered again after another crash)
    saver.begin()                      # this session is running
    saver.save(siege_file, source)     # on a timer, whenever the document is dirty
    saver.clean_exit()                 # on a normal quit: autosaves removed, marker written

Autosaves are written atomically (``write_siege`` without a backup) to the autosave folder,
never to the GM's own file, one per source file and session:
``<stem>-<hash of the source path>-<session token>.siege``, or ``untitled-<session token>.siege``
for a siege never saved. A small ``.json`` beside each
says which source it belongs to.

A crash is known by the missing clean-exit marker: ``begin`` removes it, ``clean_exit``
writes it. After a crash ``pending`` offers each readable autosave that is newer than its
source file (or whose source is gone or was never saved). Assumes one siegeboard running per
user: a second instance started while the first runs would see the first's autosaves as
left by a crash.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import platformdirs

from siegeboard.persist.atomic import atomic_write
from siegeboard.persist.siege_file import SUFFIX, SiegeFile, SiegeFileError, read_siege, write_siege

CLEAN_EXIT_MARKER = "clean-exit"
_SIDECAR = ".json"


def default_folder() -> Path:
    """``platformdirs.user_data_dir("siegeboard") / "autosave"``."""
    return Path(platformdirs.user_data_dir("siegeboard", appauthor=False)) / "autosave"


@dataclass(frozen=True)
class RecoveryCandidate:
    """An autosave left by a session that did not exit cleanly: where it is and what it holds.

    ``saved_at`` is the autosave's modification time (UTC); ``source_path`` the GM's file it
    was autosaved from (None for a siege never saved). The rest describes the siege inside so
    the GM can choose without opening it.
    """

    path: Path
    saved_at: datetime
    source_path: Path | None
    siege_name: str
    clock_label: str
    structures: int
    log_length: int

    def describe(self) -> str:
        """One line for a recovery dialog: name, source, clock, counts and when saved."""
        source = self.source_path.name if self.source_path else "never saved"
        return (f"{self.siege_name} ({source}): {self.clock_label}, {self.structures} "
                f"structure{'s' if self.structures != 1 else ''}, {self.log_length} log "
                f"entr{'ies' if self.log_length != 1 else 'y'}; autosaved "
                f"{self.saved_at.astimezone().strftime('%Y-%m-%d %H:%M:%S')}")


class Autosaver:
    """Autosaves of one session in ``folder`` (created on first save)."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()
        # Names carry a session token so that a declined autosave of a file is not
        # overwritten by this session's autosaves of the same file.
        self._session = secrets.token_hex(4)

    # -- during a session

    def begin(self) -> None:
        """Mark this session as running: until ``clean_exit``, a crash is detectable.

        Call after ``pending`` (which looks at the previous session's marker).
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / CLEAN_EXIT_MARKER).unlink(missing_ok=True)

    def autosave_path(self, source_path: str | Path | None) -> Path:
        """Where ``save`` puts the autosave of ``source_path`` (None: this session's untitled
        siege). Never the source itself: always inside ``folder``."""
        if source_path is None:
            return self.folder / f"untitled-{self._session}{SUFFIX}"
        source = Path(os.path.abspath(source_path))
        digest = hashlib.sha256(str(source).encode("utf-8", "surrogatepass")).hexdigest()[:12]
        stem = "".join(c if c.isalnum() or c in "-_" else "_" for c in source.stem)[:40] or "siege"
        return self.folder / f"{stem}-{digest}-{self._session}{SUFFIX}"

    def save(self, siege_file: SiegeFile, source_path: str | Path | None) -> Path:
        """Autosave ``siege_file``, the document opened from ``source_path`` (None if never
        saved); return the autosave's path.

        Atomic like any save; raises ``SiegeFileError`` if it cannot be written, in which case
        the previous autosave is intact. The GM's own file is never touched.
        """
        target = self.autosave_path(source_path)
        self.folder.mkdir(parents=True, exist_ok=True)
        source = None if source_path is None else os.path.abspath(source_path)
        sidecar = json.dumps({"source": source}).encode("utf-8")
        try:
            atomic_write(target.with_suffix(_SIDECAR), lambda stream: stream.write(sidecar))
        except OSError as error:
            raise SiegeFileError(f"could not autosave: {error.strerror or error}") from error
        write_siege(target, siege_file, backup=False)
        return target

    def clean_exit(self) -> None:
        """The session ends normally: remove every autosave (declined ones too) and write the
        clean-exit marker."""
        if not self.folder.is_dir():
            return
        for path in self._autosaves():
            self._remove(path)
        (self.folder / CLEAN_EXIT_MARKER).write_text(
            datetime.now(timezone.utc).isoformat() + "\n", encoding="utf-8")

    # -- at start-up

    def crashed(self) -> bool:
        """Whether the previous session ended without ``clean_exit`` (and left autosaves)."""
        return (self.folder.is_dir() and not (self.folder / CLEAN_EXIT_MARKER).exists()
                and any(True for _ in self._autosaves()))

    def pending(self) -> list[RecoveryCandidate]:
        """Autosaves to offer after a crash, newest first; empty after a clean exit.

        Offered: each autosave that opens as a valid siege and is newer than its source file
        (or whose source is missing or was never saved). Nothing on disk is changed; an
        unreadable autosave is skipped (and removed at the next clean exit).
        """
        if not self.crashed():
            return []
        candidates = []
        for path in self._autosaves():
            candidate = self._candidate(path)
            if candidate is not None:
                candidates.append(candidate)
        return sorted(candidates, key=lambda c: c.saved_at, reverse=True)

    def discard(self, candidate: RecoveryCandidate) -> None:
        """Delete an offered autosave (the GM chose not to recover it, or has recovered it)."""
        self._remove(candidate.path)

    # -- inside

    def _autosaves(self):
        return (path for path in self.folder.glob(f"*{SUFFIX}") if path.is_file())

    def _candidate(self, path: Path) -> RecoveryCandidate | None:
        try:
            saved = path.stat().st_mtime
            contents = read_siege(path)
        except (OSError, SiegeFileError):
            return None
        source = self._source_of(path)
        if source is not None:
            try:
                if source.stat().st_mtime >= saved:
                    return None  # the GM saved after this autosave: nothing to recover
            except OSError:
                pass  # the source is gone: the autosave is all there is
        siege = contents.siege
        return RecoveryCandidate(
            path=path, saved_at=datetime.fromtimestamp(saved, timezone.utc), source_path=source,
            siege_name=siege.name, clock_label=siege.clock.label(),
            structures=len(siege.structures), log_length=len(siege.log))

    @staticmethod
    def _source_of(path: Path) -> Path | None:
        try:
            source = json.loads(path.with_suffix(_SIDECAR).read_text(encoding="utf-8"))["source"]
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return Path(source) if isinstance(source, str) else None

    @staticmethod
    def _remove(path: Path) -> None:
        for each in (path, path.with_suffix(_SIDECAR)):
            try:
                each.unlink(missing_ok=True)
            except OSError:
                pass
