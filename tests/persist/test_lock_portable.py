"""The lock on every system (issue 35, item 8; issue 37, item 4): a lock naming a live process
that started after the lock was written is stale on Windows and macOS too (psutil tells when a
process started there; Linux reads /proc), and where nothing can tell, the lock's age alone
decides. The Windows and macOS branches run here with the platform monkeypatched: psutil
reads this Linux's process table the way it reads theirs."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path

import psutil  # noqa: F401 -- loaded for this Linux before a test patches the platform
import pytest

from siegeboard.persist import SiegeFileLocked, hold_lock, lock
from siegeboard.persist.lock import lock_path

SAMPLE = Path(str(resources.files("siegeboard.resources").joinpath("samples", "castle.siege")))


@pytest.fixture
def castle(tmp_path) -> Path:
    copy = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE, copy)
    return copy


@pytest.fixture
def sleeper():
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    time.sleep(0.2)
    yield child
    child.kill()
    child.wait()


def _since(seconds_ago: float) -> str:
    return (datetime.now(UTC) - timedelta(seconds=seconds_ago)).isoformat(
        timespec="seconds")


def _write_lock(castle: Path, pid: int, seconds_ago: float) -> None:
    lock_path(castle).write_text(json.dumps({"pid": pid, "host": socket.gethostname(),
                                             "since": _since(seconds_ago)}))


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_off_linux_the_start_time_comes_from_psutil_and_agrees_with_proc(monkeypatch,
                                                                         sleeper, platform):
    on_linux = lock.process_started(sleeper.pid)
    monkeypatch.setattr(lock.sys, "platform", platform)
    elsewhere = lock.process_started(sleeper.pid)
    assert elsewhere is not None
    if on_linux is not None:  # /proc counts in clock ticks, psutil in its own way
        assert abs(elsewhere - on_linux) < 1.0
    assert abs(elsewhere - time.time()) < 30


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_off_linux_a_lock_naming_a_reused_pid_is_taken_over(monkeypatch, castle, sleeper,
                                                            caplog, platform):
    monkeypatch.setattr(lock.sys, "platform", platform)
    _write_lock(castle, sleeper.pid, seconds_ago=120)
    with caplog.at_level("WARNING", logger="siegeboard.persist.lock"), hold_lock(castle, wait=0.2):
        pass
    assert any("started after the lock was written" in record.getMessage()
               for record in caplog.records)


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_off_linux_a_young_lock_of_an_older_live_process_is_respected(monkeypatch, castle,
                                                                      platform):
    monkeypatch.setattr(lock.sys, "platform", platform)
    _write_lock(castle, os.getppid(), seconds_ago=5)
    with pytest.raises(SiegeFileLocked), hold_lock(castle, wait=0.05):
        pass


def test_where_no_system_tells_the_start_the_age_alone_decides(monkeypatch, castle, sleeper,
                                                               caplog):
    """psutil unable to say (a process of another user on a locked-down Mac): a young lock
    naming a live process is honoured, an old one taken over."""
    monkeypatch.setattr(lock.sys, "platform", "darwin")
    monkeypatch.setattr(lock, "_psutil_started", lambda pid: None)
    _write_lock(castle, sleeper.pid, seconds_ago=120)
    with pytest.raises(SiegeFileLocked), hold_lock(castle, wait=0.05):
        pass
    _write_lock(castle, sleeper.pid, seconds_ago=lock.STALE_AFTER + 30)
    with caplog.at_level("WARNING", logger="siegeboard.persist.lock"), hold_lock(castle, wait=0.2):
        pass
    assert any("more than the" in record.getMessage() for record in caplog.records)


def test_psutil_says_nothing_of_a_process_that_is_gone(monkeypatch):
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    monkeypatch.setattr(lock.sys, "platform", "win32")
    assert lock.process_started(child.pid) is None


# -- the Windows lock, run here: msvcrt.locking faked by POSIX record locks (byte ranges held
# by a process, as Windows' are held by a handle), in processes of their own ------------------

FAKE_WINDOWS = """
import fcntl as real_fcntl, os, sys, types
msvcrt = types.ModuleType("msvcrt")
msvcrt.LK_UNLCK, msvcrt.LK_NBLCK = 0, 2
def locking(fd, mode, nbytes):
    where = os.lseek(fd, 0, os.SEEK_CUR)
    if mode == msvcrt.LK_UNLCK:
        real_fcntl.lockf(fd, real_fcntl.LOCK_UN, nbytes, where, os.SEEK_SET)
    else:  # fails at once with an OSError when another process holds the byte, as Windows'
        real_fcntl.lockf(fd, real_fcntl.LOCK_EX | real_fcntl.LOCK_NB, nbytes, where,
                         os.SEEK_SET)
msvcrt.locking = locking
sys.modules["msvcrt"] = msvcrt
sys.modules["fcntl"] = None  # as on Windows: no fcntl, so the lock takes msvcrt's way
from siegeboard.persist import lock
sys.modules["fcntl"] = real_fcntl
assert hasattr(lock, "_LOCKED_BYTE"), "the msvcrt branch was not taken"
from pathlib import Path
path = Path(sys.argv[1])
"""

HOLDER = FAKE_WINDOWS + """
with lock.hold_lock(path):
    print("held", flush=True)
    sys.stdin.readline()
"""

TAKER = FAKE_WINDOWS + """
try:
    with lock.hold_lock(path, wait=float(sys.argv[2])):
        print("took")
except lock.SiegeFileLocked as error:
    print("locked:", error.holder)
"""


def _run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_the_windows_lock_keeps_a_second_writer_out_and_names_the_holder(castle):
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(castle)], text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              cwd=Path(__file__).resolve().parents[2])
    try:
        assert holder.stdout.readline().strip() == "held"
        # The record is readable while the lock is held (the locked byte is past it).
        assert _run(TAKER, str(castle), "0.3").startswith(
            f"locked: process {holder.pid} on {socket.gethostname()} since ")
    finally:
        holder.stdin.write("\n")
        holder.stdin.flush()
        holder.wait(timeout=30)
    assert _run(TAKER, str(castle), "0") == "took"
    assert not lock_path(castle).exists()


def test_a_lock_file_windows_would_not_remove_names_nobody_once_released(monkeypatch, castle):
    """On Windows an open file cannot be removed: the released lock file stays. It is emptied
    before, so the next writer (another process) takes it at once instead of waiting on a
    holder that has finished."""
    unlink = os.unlink

    def refuse_open_lock(path, *args, **kwargs):
        if str(path).endswith(".lock"):
            raise PermissionError(13, "The process cannot access the file because it is "
                                      "being used by another process")
        return unlink(path, *args, **kwargs)

    monkeypatch.setattr(lock.os, "unlink", refuse_open_lock)
    with hold_lock(castle):
        pass
    monkeypatch.undo()
    assert lock_path(castle).exists() and lock_path(castle).read_bytes() == b""
    taker = ("import sys; from pathlib import Path; from siegeboard.persist import hold_lock\n"
             "with hold_lock(Path(sys.argv[1]), wait=0):\n    print('took')\n")
    assert _run(taker, str(castle)) == "took"
