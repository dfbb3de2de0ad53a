"""Replacing a file so that, whatever happens, it is either the old file whole or the new one whole.

``atomic_write`` writes into a temporary file beside the target, flushes and fsyncs it, keeps
the old file as ``<name>.bak`` when asked, renames the temporary file over the target and
fsyncs the folder (where the platform allows), so the rename itself survives a power cut.
At no moment is the target missing or partly written: a crash, a full disk or a refused
permission leaves the old file as it was and at most a stray hidden ``.tmp`` file beside it.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import re
import secrets
import shutil
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

BACKUP_SUFFIX = ".bak"


def backup_path(path: str | Path) -> Path:
    """Where the previous version of ``path`` is kept: ``castle.siege`` -> ``castle.siege.bak``."""
    path = Path(path)
    return path.with_name(path.name + BACKUP_SUFFIX)


def atomic_write(path: str | Path, write: Callable[[BinaryIO], object], *,
                 backup: bool = False, before_replace: Callable[[], None] | None = None) -> None:
    """Replace ``path`` with what ``write(stream)`` writes, atomically.

    ``write`` gets a binary stream opened on a temporary file in the same folder. When
    ``backup`` is true and ``path`` exists, the old file is kept as ``backup_path(path)``
    (replacing an older backup) before the new one takes its place. A symlink at ``path`` is
    followed, so the link stays and its target is replaced. The new file takes the old one's
    permission bits (and its owner and group where the system allows), or the umask's default
    for a new file. ``before_replace`` is called after the new bytes are on disk and before the
    old file is touched: an exception from it (a changed-on-disk check) cancels the save.

    Any exception from ``write`` or from the file system propagates unchanged after the
    temporary files are removed; ``path`` (and an existing backup, unless the backup step
    itself completed) are untouched.
    """
    path = Path(path)
    if path.is_symlink():
        path = path.resolve()
    folder = path.parent
    old_stat = _stat_of(path)
    old_mode = None if old_stat is None else stat.S_IMODE(old_stat.st_mode)
    temp = _create_beside(path, ".tmp")
    backup_temp: Path | None = None
    try:
        with os.fdopen(temp[0], "wb") as stream:
            write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        if old_stat is not None and old_mode is not None:
            _keep_owner(temp[1], old_stat)
            os.chmod(temp[1], old_mode)
        if before_replace is not None:
            before_replace()
        if backup and old_mode is not None:
            backup_temp = _copy_for_backup(path)
            os.replace(backup_temp, backup_path(path))
            backup_temp = None
        os.replace(temp[1], path)
    except BaseException:
        # Even a KeyboardInterrupt must not leave litter; the old file was never touched.
        _remove_quietly(temp[1])
        if backup_temp is not None:
            _remove_quietly(backup_temp)
        raise
    sync_directory(folder)


def sync_directory(folder: str | Path) -> None:
    """fsync a folder so that renames inside it are on disk; a no-op where that is impossible
    (Windows cannot open a folder; some file systems refuse fsync on one)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        handle = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def write_all(stream: BinaryIO, data: bytes) -> None:
    """Write every byte of ``data`` to ``stream``; a write that takes fewer bytes and no error
    is retried, one that takes none is an ``OSError`` (a short write is a failure, not a file)."""
    view = memoryview(data)
    while view:
        count = stream.write(view)
        if count is None or count <= 0:
            raise OSError(errno.EIO, "the file could not be written")
        view = view[count:]


def plain_reason(error: OSError) -> str:
    """What an ``OSError`` of saving means, in plain words ("the disk is full"); never a file
    name (a temporary one least of all)."""
    plain = {errno.ENOSPC: "the disk is full", errno.EACCES: "permission denied",
             errno.EPERM: "permission denied", errno.EROFS: "the disk is read-only",
             getattr(errno, "EDQUOT", -1): "the disk quota is exceeded"}
    return plain.get(error.errno) or error.strerror or type(error).__name__


def remove_litter(path: str | Path, *, older_than: float = 0.0) -> list[Path]:
    """Remove the temporary files a crashed save of ``path`` left beside it
    (``.NAME.*.tmp``, as ``atomic_write`` names them) whose last change is at least
    ``older_than`` seconds ago; return those removed. Call it only while no other save of
    ``path`` can be under way (holding its lock), or with an age no live save reaches."""
    path = Path(path)
    removed = []
    now = time.time()
    for candidate in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        try:
            if not candidate.is_file() or now - candidate.lstat().st_mtime < older_than:
                continue
            os.unlink(candidate)
        except OSError:
            continue
        removed.append(candidate)
    return removed


# What ``_create_beside`` names its temporary files: a hidden name, eight hex digits, then
# ``.tmp`` or ``.bak.tmp``. Nothing else is ever swept.
_LITTER_NAME = re.compile(r"\A\..+\.[0-9a-f]{8}(?:\.bak)?\.tmp\Z", re.DOTALL)
SWEEP_AGE = 60.0


def is_litter_name(name: str) -> bool:
    """Whether ``name`` is one ``atomic_write`` gives its temporary files."""
    return _LITTER_NAME.match(name) is not None


def sweep_litter(folder: str | Path, *, older_than: float = SWEEP_AGE,
                 of_suffix: str = "") -> list[Path]:
    """Remove from ``folder`` every temporary file ``atomic_write`` left there (any target's,
    named as it names them, see ``is_litter_name``) whose last change is at least
    ``older_than`` seconds ago; return those removed. For a folder of siegeboard's own (the
    autosaves), at start: a save under way touches its temporary file far more often than
    ``SWEEP_AGE``, so only what a killed process left is old enough. ``of_suffix``: only the
    temporary files of targets whose names end so (``".siege"``: the siege files' litter in a
    GM's folder, nobody else's). Links and folders are never removed; a file that cannot be
    removed is left (the next start tries again)."""
    removed = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        if not is_litter_name(entry.name) or \
                not entry.name.rsplit(".", 3 if entry.name.endswith(".bak.tmp") else 2)[0
                                      ].endswith(of_suffix):
            continue
        try:
            if not entry.is_file(follow_symlinks=False) or \
                    now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


def _stat_of(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except FileNotFoundError:
        return None


def _keep_owner(temp: Path, old: os.stat_result) -> None:
    # A file saved by someone allowed to (root, a group member) keeps its owner and group;
    # where the system refuses, the saver owns the new file, as with any editor.
    if not hasattr(os, "chown"):
        return
    if (old.st_uid, old.st_gid) == (os.geteuid(), os.getegid()):
        return
    try:
        os.chown(temp, old.st_uid, old.st_gid)
    except OSError:
        with contextlib.suppress(OSError):
            os.chown(temp, -1, old.st_gid)


def _create_beside(path: Path, suffix: str) -> tuple[int, Path]:
    # os.open with 0o666 lets the process umask decide a new file's permissions, as for any
    # file the user creates; O_EXCL guarantees the name is ours.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        candidate = path.with_name(f".{path.name}.{secrets.token_hex(4)}{suffix}")
        try:
            return os.open(candidate, flags, 0o666), candidate
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(path.parent))


def _copy_for_backup(path: Path) -> Path:
    """A new name beside ``path`` holding the old file's bytes: a hard link where the file
    system has them (instant, no space), otherwise a synced copy."""
    handle, temp = _create_beside(path, ".bak.tmp")
    os.close(handle)
    try:
        os.unlink(temp)
        os.link(path, temp)
        return temp
    except OSError:
        _remove_quietly(temp)
    handle, temp = _create_beside(path, ".bak.tmp")
    try:
        with os.fdopen(handle, "wb") as target, open(path, "rb") as source:
            shutil.copyfileobj(source, target)
            target.flush()
            os.fsync(target.fileno())
    except BaseException:
        _remove_quietly(temp)
        raise
    return temp


def _remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
