"""Advisory locks on a siege file, for a read-modify-write (a shot from the command line, a
window's save).

The lock is a sidecar file beside the siege, ``.NAME.siege.lock``, holding who holds it (process
id, host, a token and since when) as JSON, and locked with the operating system's own lock
(``flock`` on POSIX, ``msvcrt.locking`` on Windows) while held. The OS lock vanishes with its
process, so a lock left by a killed process is taken over at once; the JSON also lets a
siegeboard that finds the OS lock free still respect a holder that is alive on this host (a
lock written by hand, or on a file system whose OS locks are local only), and lets a refusal
say who holds it. A lock whose OS lock is free is stale, and taken over with a warning in the
log (``logging``, this module's logger), when the process it names no longer runs on this host,
when that process started after the lock was written (its number was reused), or when the lock
is older than ``STALE_AFTER`` seconds (every writer holds it for one save, well under that).

Taking the lock also removes what a killed save of the same file left beside it (its
temporary files, ``atomic.remove_litter``): no save of it can be under way then. A lock file
that cannot be written (a full disk, a read-only folder) is refused in one line and removed.

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
import logging
import os
import secrets
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path

from siegeboard.persist.atomic import plain_reason, remove_litter
from siegeboard.persist.errors import SiegeFileError

log = logging.getLogger(__name__)

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

    Waits up to ``wait`` seconds (default ``DEFAULT_WAIT``) for another holder to finish, then
    raises ``SiegeFileLocked`` naming the holder. Raises ``SiegeFileError`` when the lock file
    cannot be made (a read-only folder): the caller's save would fail there too.
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
                f"({plain_reason(error)}); nothing was changed") from None
        got = False
        try:
            if _os_lock(handle):
                if not _same_file(handle, sidecar):
                    pass  # the holder removed this lock file as we opened it: try the new one
                else:
                    recorded = _read_holder(handle)
                    if recorded is None or not _alive_elsewhere(recorded):
                        if recorded is not None and recorded.get("pid") != os.getpid():
                            log.warning("%s: took over the stale lock of %s (%s)", path.name,
                                        _describe(recorded), _why_stale(recorded))
                        _take(handle, sidecar, path)
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


def _take(handle: int, sidecar: Path, path: Path) -> None:
    """Write this process into the lock it has OS-locked and clear a killed save's litter;
    on a disk that refuses, remove the lock file (never leave an empty one) and say why."""
    try:
        _write_holder(handle)
    except OSError as error:
        try:
            if _same_file(handle, sidecar):
                os.unlink(sidecar)
        except OSError:
            pass
        _os_unlock(handle)
        raise SiegeFileError(f"{path.name} cannot be saved: the lock file beside it cannot be "
                             f"written ({plain_reason(error)}); nothing was changed") from None
    for removed in remove_litter(Path(os.path.realpath(path))):
        log.info("%s: removed %s, left by a save that did not finish", path.name, removed.name)


def _release(path: Path, handle: int) -> None:
    sidecar = lock_path(Path(os.path.realpath(path)))
    # Emptied first: where the file cannot be removed while open (Windows), what stays names
    # nobody, and the next writer takes it at once instead of waiting on a holder that has
    # finished.
    with suppress(OSError):
        os.ftruncate(handle, 0)
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
              "since": datetime.now(UTC).isoformat(timespec="seconds"),
              "since_epoch": round(time.time(), 3)}
    data = json.dumps(record).encode("utf-8")
    os.lseek(handle, 0, os.SEEK_SET)
    os.ftruncate(handle, 0)
    if os.write(handle, data) != len(data):
        raise OSError(28, "short write")  # ENOSPC: a record cut short is no record
    os.fsync(handle)


def _alive_elsewhere(record: dict) -> bool:
    """Whether the recorded holder may still be at work: a lock younger than ``STALE_AFTER``
    naming a live process of this host other than this one, started before the lock was
    written, or a recent lock of another host."""
    return _why_stale(record) is None


def _written_at(record: dict) -> float | None:
    """When the lock was written (seconds since the epoch), None when it does not say."""
    epoch = record.get("since_epoch")
    if isinstance(epoch, (int, float)) and not isinstance(epoch, bool):
        return float(epoch)
    try:
        since = datetime.fromisoformat(str(record.get("since")))
    except ValueError:
        return None
    if since.tzinfo is None:
        since = since.replace(tzinfo=UTC)
    return since.timestamp()


def _why_stale(record: dict) -> str | None:
    """Why the recorded holder cannot be at work, or None when it may be."""
    pid, host = record.get("pid"), record.get("host")
    if not isinstance(pid, int) or isinstance(pid, bool) or not isinstance(host, str):
        return "it names no process"
    written = _written_at(record)
    if written is None:
        return "it does not say when it was written"
    age = time.time() - written
    if age >= STALE_AFTER:
        return f"written {age:,.0f} s ago, more than the {STALE_AFTER:,.0f} s a save takes"
    if host != socket.gethostname():
        return None
    if pid == os.getpid():
        return "it is this process's own"
    if not pid_alive(pid):
        return f"process {pid} no longer runs"
    started = process_started(pid)
    if started is not None and started > written + 2.0:  # the systems' clocks: to the second
        return f"process {pid} started after the lock was written (its number was reused)"
    return None


def process_started(pid: int) -> float | None:
    """When process ``pid`` of this host started (seconds since the epoch); None where the
    system does not say (the process is gone, or is someone else's the system will not
    describe). Linux: its /proc (no library asked). Windows, macOS and the BSDs: psutil
    (``Process.create_time``, from the system's own process table). Where neither can tell,
    only the lock's age (``STALE_AFTER``) makes a lock naming a live process stale."""
    if sys.platform.startswith("linux"):
        return _proc_started(pid)
    return _psutil_started(pid)


def _proc_started(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat_file:
            fields = stat_file.read().rsplit(b")", 1)[1].split()
        with open("/proc/stat", "rb") as system:
            boot = next(int(line.split()[1]) for line in system if line.startswith(b"btime"))
        return boot + int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def _psutil_started(pid: int) -> float | None:
    try:
        import psutil
    except ImportError:  # pragma: no cover - a dependency: only a broken install lacks it
        return None
    try:
        return float(psutil.Process(pid).create_time())
    except (psutil.Error, OSError, ValueError):
        return None


def _describe(record: dict) -> str:
    since = str(record.get("since", ""))
    with suppress(ValueError):
        since = datetime.fromisoformat(since).astimezone().strftime("%H:%M:%S")
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

    # typeshed declares windll for Windows only, where this runs; mypy checks as on Linux
    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined, unused-ignore]
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
        with suppress(OSError):
            fcntl.flock(handle, fcntl.LOCK_UN)
except ImportError:  # Windows (tests/persist/test_lock_portable.py runs it with a fake msvcrt)
    import msvcrt

    # Windows' locks are mandatory: a locked byte cannot be read by anyone else. The byte
    # locked is far past the holder's record, so a waiter can still read who holds it.
    _LOCKED_BYTE = 1 << 30

    # typeshed declares msvcrt's functions for Windows only; mypy checks this as on Linux
    def _os_lock(handle: int) -> bool:
        try:
            os.lseek(handle, _LOCKED_BYTE, os.SEEK_SET)
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined, unused-ignore]
        except OSError:
            return False
        return True

    def _os_unlock(handle: int) -> None:
        try:
            os.lseek(handle, _LOCKED_BYTE, os.SEEK_SET)
            msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined, unused-ignore]
        except OSError:
            pass
