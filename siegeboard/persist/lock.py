"""Advisory locks on a siege file, for a read-modify-write (a shot from the command line, a
window's save).

The lock is a sidecar file beside the siege, ``.NAME.siege.lock``, holding who holds it (process
id, host, a token and since when) as JSON, and locked with the operating system's own lock
(``flock`` on POSIX, ``msvcrt.locking`` on Windows) while held. The OS lock vanishes with its
process, so a lock left by a killed process is taken over at once; the JSON also lets a
siegeboard that finds the OS lock free still respect a holder that is alive on this host (a
lock written by hand, or on a file system whose OS locks are local only), and lets a refusal
say who holds it. A lock naming a process of this host that no longer runs is stale and taken
over; one from another host is honoured until ``STALE_AFTER`` seconds old.

Usage::

    with hold_lock(path):            # waits up to ``wait`` seconds, else SiegeFileLocked
        siege_file = read_siege(path)
        ...apply...
        write_siege(path, siege_file)

Locks are re-entrant within a process (a save inside a held read-modify-write does not wait on
itself); ``holds_lock(path)`` says whether this process holds one.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

from siegeboard.persist.errors import SiegeFileError

LOCK_SUFFIX = ".lock"
DEFAULT_WAIT = 10.0
STALE_AFTER = 600.0
# Waiters poll often, each at its own pace: a writer that saves again at once must not keep
# the lock from one that waits.
_POLL = 0.002

_held: dict[Path, int] = {}  # resolved siege path -> nesting depth, this process
_held_guard = threading.Lock()


class SiegeFileLocked(SiegeFileError):
    """Another writer holds the siege's lock. ``holder`` describes it ("process 4711 on
    gm-laptop since 10:02:11"); the message says what to do."""

    def __init__(self, message: str, holder: str):
        super().__init__(message)
        self.holder = holder


def lock_path(path: str | Path) -> Path:
    """``castle.siege`` -> ``.castle.siege.lock`` beside it."""
    path = Path(path)
    return path.with_name(f".{path.name}{LOCK_SUFFIX}")


def holds_lock(path: str | Path) -> bool:
    """Whether this process holds the lock of ``path`` now."""
    with _held_guard:
        return _key(path) in _held


@contextmanager
def hold_lock(path: str | Path, *, wait: float | None = None) -> Iterator[None]:
    """Hold the lock of ``path`` for the ``with`` block; released (and its file removed) on
    leaving it, whatever happens.

    Waits up to ``wait`` seconds (default ``DEFAULT_WAIT``) for another holder to finish, then raises
    ``SiegeFileLocked`` naming the holder. Raises ``SiegeFileError`` when the lock file cannot
    be made (a read-only folder): the caller's save would fail there too.
    """
    key = _key(path)
    with _held_guard:
        if key in _held:
            _held[key] += 1
            reentered = True
        else:
            reentered = False
    if reentered:
        try:
            yield
        finally:
            with _held_guard:
                _held[key] -= 1
        return
    handle = _acquire(Path(path), DEFAULT_WAIT if wait is None else wait)
    with _held_guard:
        _held[key] = 1
    try:
        yield
    finally:
        with _held_guard:
            del _held[key]
        _release(Path(path), handle)


def lock_holder(path: str | Path) -> str | None:
    """Who holds the lock of ``path`` now ("process 4711 on gm-laptop since 10:02:11"), or
    None when nobody does (no lock, or a stale one). Takes nothing and leaves a held lock
    alone; unlike ``hold_lock`` it also sees a lock this very process holds."""
    sidecar = lock_path(Path(os.path.realpath(path)))
    try:
        handle = os.open(sidecar, os.O_RDWR | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        recorded = _read_holder(handle)
        if not _os_lock(handle):
            return _describe(recorded) if recorded else "another siegeboard"
        _os_unlock(handle)
        return _describe(recorded) if recorded and _alive_elsewhere(recorded) else None
    finally:
        os.close(handle)


# --------------------------------------------------------------------------- inside


def _key(path: str | Path) -> Path:
    return Path(os.path.realpath(path))


def _acquire(path: Path, wait: float) -> int:
    sidecar = lock_path(Path(os.path.realpath(path)))
    deadline = time.monotonic() + wait
    holder = "another siegeboard"
    while True:
        try:
            handle = os.open(sidecar, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        except OSError as error:
            raise SiegeFileError(
                f"{path.name} cannot be saved: its folder refuses the lock file beside it "
                f"({error.strerror or 'refused'}); nothing was changed") from None
        got = False
        try:
            if _os_lock(handle):
                if not _same_file(handle, sidecar):
                    pass  # the holder removed this lock file as we opened it: try the new one
                else:
                    recorded = _read_holder(handle)
                    if recorded is None or not _alive_elsewhere(recorded):
                        _write_holder(handle)
                        got = True
                        return handle
                    holder = _describe(recorded)
                _os_unlock(handle)
            else:
                recorded = _read_holder(handle)
                if recorded is not None:
                    holder = _describe(recorded)
        finally:
            if not got:
                os.close(handle)
        if time.monotonic() >= deadline:
            raise SiegeFileLocked(
                f"{path.name} is being changed by {holder}; try again in a moment (if that "
                f"process is gone, delete {sidecar.name} beside it)", holder)
        time.sleep(_POLL + secrets.randbelow(8) / 1000)


def _release(path: Path, handle: int) -> None:
    sidecar = lock_path(Path(os.path.realpath(path)))
    try:
        # Removed while still locked, so a waiter that opened it sees it is gone (_same_file).
        if _same_file(handle, sidecar):
            os.unlink(sidecar)
    except OSError:
        pass
    finally:
        _os_unlock(handle)
        os.close(handle)


def _same_file(handle: int, sidecar: Path) -> bool:
    try:
        named = os.stat(sidecar)
    except OSError:
        return False
    mine = os.fstat(handle)
    return (named.st_dev, named.st_ino) == (mine.st_dev, mine.st_ino)


def _read_holder(handle: int) -> dict | None:
    try:
        os.lseek(handle, 0, os.SEEK_SET)
        data = json.loads(os.read(handle, 4096).decode("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _write_holder(handle: int) -> None:
    record = {"pid": os.getpid(), "host": socket.gethostname(), "token": secrets.token_hex(4),
              "since": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    os.lseek(handle, 0, os.SEEK_SET)
    os.ftruncate(handle, 0)
    os.write(handle, json.dumps(record).encode("utf-8"))


def _alive_elsewhere(record: dict) -> bool:
    """Whether the recorded holder may still be at work: a live process of this host other
    than this one, or a recent lock of another host."""
    pid, host = record.get("pid"), record.get("host")
    if not isinstance(pid, int) or isinstance(pid, bool) or not isinstance(host, str):
        return False
    if host == socket.gethostname():
        return pid != os.getpid() and pid_alive(pid)
    try:
        since = datetime.fromisoformat(str(record.get("since")))
    except ValueError:
        return False
    return (datetime.now(timezone.utc) - since).total_seconds() < STALE_AFTER


def _describe(record: dict) -> str:
    since = str(record.get("since", ""))
    try:
        since = datetime.fromisoformat(since).astimezone().strftime("%H:%M:%S")
    except ValueError:
        pass
    return (f"process {record.get('pid', '?')} on {record.get('host', '?')}"
            + (f" since {since}" if since else ""))


def pid_alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this host (without signalling it)."""
    if pid <= 0:
        return False
    if os.name == "nt":
        return _windows_pid_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process: alive
    except OSError:
        return False
    return True


def _windows_pid_alive(pid: int) -> bool:  # pragma: no cover - Windows only
    import ctypes

    kernel32 = ctypes.windll.kernel32
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    code = ctypes.c_ulong()
    try:
        kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


try:
    import fcntl

    def _os_lock(handle: int) -> bool:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _os_unlock(handle: int) -> None:
        try:
            fcntl.flock(handle, fcntl.LOCK_UN)
        except OSError:
            pass
except ImportError:  # pragma: no cover - Windows
    import msvcrt

    def _os_lock(handle: int) -> bool:
        try:
            os.lseek(handle, 0, os.SEEK_SET)
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _os_unlock(handle: int) -> None:
        try:
            os.lseek(handle, 0, os.SEEK_SET)
            msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass
